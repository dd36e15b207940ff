/* module-build.c — CUDA C -> PTX (NVRTC, else nvcc) -> cubins (ptxas), and CUDA
 * C -> emulator shared object (host C compiler); see module-build.h.
 *
 * Tools run through posix_spawn with argument vectors, their stdout and
 * stderr going to a log file inside a private mkdtemp directory, with
 * TMPDIR pointing there too so that nvcc's and gcc's own temporaries die
 * with it.  The directory is removed on every path out. */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "module-build.h"

extern char **environ;

#define DEFAULT_ARCH 90
#define MIN_ARCH 75
#define MAX_CC_WORDS 16

/* ---- Logs and files ---------------------------------------------------- */

/* Replaces *LOG (when LOG is not NULL) by a malloc'd formatted text.
   Returns STATUS, so error paths read `return set_log(log, S, ...)`. */
__attribute__((format(printf, 3, 4))) static int set_log(char **log, int status,
                                                         const char *fmt, ...) {
  if (!log)
    return status;
  free(*log);
  va_list ap;
  va_start(ap, fmt);
  if (vasprintf(log, fmt, ap) < 0)
    *log = NULL;
  va_end(ap);
  return status;
}

/* Reads all of PATH into a malloc'd buffer with a NUL after the data.
   Returns 0 (and *LEN when LEN is not NULL) or -1 with errno set. */
static int read_all(const char *path, char **out, size_t *len) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap + 1);
  ssize_t got = 0;
  while (buf && (got = read(fd, buf + n, cap - n)) > 0) {
    n += (size_t)got;
    if (n == cap) {
      char *bigger = realloc(buf, 2 * cap + 1);
      if (!bigger)
        free(buf);
      buf = bigger, cap *= 2;
    }
  }
  int saved = errno;
  close(fd);
  if (!buf || got < 0) {
    free(buf);
    errno = buf ? saved : ENOMEM;
    return -1;
  }
  buf[n] = '\0';
  *out = buf;
  if (len)
    *len = n;
  return 0;
}

/* Creates PATH (mode 0600, must not exist) holding LEN bytes of DATA.
   Returns 0 or -1 with errno set. */
static int write_new(const char *path, const void *data, size_t len) {
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  const char *p = data;
  while (len > 0) {
    ssize_t put = write(fd, p, len);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0) {
      int saved = errno;
      close(fd);
      errno = saved;
      return -1;
    }
    p += put, len -= (size_t)put;
  }
  return close(fd);
}

/* ---- The private directory --------------------------------------------- */

/* Makes $TMPDIR/accgpu-mb-XXXXXX (mode 0700) in DIR[PATH_MAX], else (no
   such or no writable $TMPDIR: gcc itself then falls back too)
   /tmp/accgpu-mb-XXXXXX.  Returns 0 or -1 with errno set. */
static int make_private_dir(char *dir) {
  const char *tmp = getenv("TMPDIR");
  if (tmp && *tmp && strlen(tmp) <= PATH_MAX - 64) {
    snprintf(dir, PATH_MAX, "%s/accgpu-mb-XXXXXX", tmp);
    if (mkdtemp(dir))
      return 0;
  }
  memcpy(dir, "/tmp/accgpu-mb-XXXXXX", sizeof "/tmp/accgpu-mb-XXXXXX");
  return mkdtemp(dir) ? 0 : -1;
}

#define NO_PRIVATE_DIR "cannot create a temporary directory (in $TMPDIR, then /tmp): %s"

/* Removes DIR and everything below it (tools may leave subdirectories). */
static void remove_tree(const char *dir) {
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    char path[PATH_MAX];
    while ((e = readdir(d)) != NULL) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
        continue;
      if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= PATH_MAX)
        continue;
      struct stat sb;
      if (lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
        remove_tree(path);
      else
        unlink(path);
    }
    closedir(d);
  }
  rmdir(dir);
}

/* DIR/NAME into OUT[PATH_MAX]; returns OUT.  make_private_dir leaves room
   for the short names used here, so this never truncates. */
static char *in_dir(char *out, const char *dir, const char *name) {
  if (snprintf(out, PATH_MAX, "%s/%s", dir, name) >= PATH_MAX)
    out[0] = '\0';
  return out;
}

/* ---- Running tools ----------------------------------------------------- */

/* 1 when environment entry E must not reach a tool: TMPDIR (replaced), and
   what the gcc driver running the plugin exports for its own children —
   a nested gcc would, e.g., write make dependencies of our temporary file
   into the user's DEPENDENCIES_OUTPUT. */
static int env_dropped(const char *e) {
  static const char *const names[] = {
      "TMPDIR=",           "DEPENDENCIES_OUTPUT=", "SUNPRO_DEPENDENCIES=",
      "COLLECT_GCC=",      "COLLECT_GCC_OPTIONS=", "COLLECT_LTO_WRAPPER=",
      "GCC_COMPARE_DEBUG="};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strncmp(e, names[i], strlen(names[i])) == 0)
      return 1;
  return 0;
}

/* The caller's environment less env_dropped() entries, plus TMPDIR_VAR.
   Returns a malloc'd array whose strings are borrowed. */
static char **env_with_tmpdir(char *tmpdir_var) {
  size_t n = 0;
  while (environ[n])
    n++;
  char **env = malloc((n + 2) * sizeof *env);
  if (!env)
    return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (!env_dropped(environ[i]))
      env[k++] = environ[i];
  env[k++] = tmpdir_var;
  env[k] = NULL;
  return env;
}

/* Starts ARGV (ARGV[0] searched in $PATH when it has no '/') in directory
   DIR with stdin from /dev/null, stdout and stderr appended to LOG_PATH and
   TMPDIR=DIR.  Working in DIR lets file arguments be relative, so neither
   messages nor outputs (gcc's STT_FILE symbol) carry the random name.
   Returns 0 with *PID, or -1 with errno set when it cannot start. */
static int spawn_tool(char *const argv[], const char *dir, const char *log_path,
                      pid_t *pid) {
  char tmpdir_var[PATH_MAX + 8];
  snprintf(tmpdir_var, sizeof tmpdir_var, "TMPDIR=%s", dir);
  char **env = env_with_tmpdir(tmpdir_var);
  if (!env)
    return -1;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, log_path,
                                   O_WRONLY | O_CREAT | O_APPEND, 0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  posix_spawn_file_actions_addchdir_np(&fa, dir);
  int err = posix_spawnp(pid, argv[0], &fa, NULL, argv, env);
  posix_spawn_file_actions_destroy(&fa);
  free(env);
  if (err != 0) {
    errno = err;
    return -1;
  }
  return 0;
}

/* Waits for PID; its wait status in *WSTATUS.  Returns 0 or -1. */
static int wait_tool(pid_t pid, int *wstatus) {
  while (waitpid(pid, wstatus, 0) < 0)
    if (errno != EINTR)
      return -1;
  return 0;
}

/* The status of TOOL, which ended with wait status WS and wrote LOG_PATH;
   its output becomes the log.  Returns ACCGPU_MB_OK, _COMPILE_ERROR or
   _SYSTEM_ERROR. */
static int tool_outcome(const char *tool, int ws, const char *log_path,
                        char **log) {
  char *text = NULL;
  if (read_all(log_path, &text, NULL) != 0)
    text = NULL;
  int status = WIFEXITED(ws) && WEXITSTATUS(ws) == 0 ? ACCGPU_MB_OK
                                                     : ACCGPU_MB_COMPILE_ERROR;
  if (WIFSIGNALED(ws))
    status = set_log(log, ACCGPU_MB_SYSTEM_ERROR, "%s killed by signal %d\n%s",
                     tool, WTERMSIG(ws), text ? text : "");
  else if (log && text) {
    free(*log);
    *log = text;
    text = NULL;
  }
  free(text);
  return status;
}

/* Runs ARGV in DIR (spawn_tool) and turns the outcome into a status with
   the tool's output as the log. */
static int run_logged(char *const argv[], const char *dir, char **log) {
  char log_path[PATH_MAX];
  in_dir(log_path, dir, "tool.log");
  int ws = 0;
  pid_t pid;
  if (spawn_tool(argv, dir, log_path, &pid) != 0 || wait_tool(pid, &ws) != 0)
    return set_log(log, ACCGPU_MB_SYSTEM_ERROR, "cannot run '%s': %s", argv[0],
                   strerror(errno));
  return tool_outcome(argv[0], ws, log_path, log);
}

/* ---- Finding the toolkit ----------------------------------------------- */

/* Toolkit roots to search, NULL-terminated, in HOMES[4]. */
static void toolkit_homes(const char *cuda_home, const char *homes[4]) {
  int n = 0;
  if (cuda_home) {
    homes[n++] = cuda_home;
  } else {
    const char *env = getenv("CUDA_HOME");
    if (env && *env)
      homes[n++] = env;
    homes[n++] = "/usr/local/cuda";
  }
  homes[n] = NULL;
}

/* Full path of tool NAME in OUT[PATH_MAX]: HOME/bin/NAME for each searched
   home, then (CUDA_HOME NULL only) $PATH.  Returns 0 or -1. */
static int find_tool(const char *cuda_home, const char *name, char *out) {
  const char *homes[4];
  toolkit_homes(cuda_home, homes);
  for (int i = 0; homes[i]; i++) {
    snprintf(out, PATH_MAX, "%s/bin/%s", homes[i], name);
    if (access(out, X_OK) == 0)
      return 0;
  }
  const char *path = cuda_home ? NULL : getenv("PATH");
  while (path && *path) {
    size_t len = strcspn(path, ":");
    if (len > 0 && len < PATH_MAX - 64) {
      snprintf(out, PATH_MAX, "%.*s/%s", (int)len, path, name);
      if (access(out, X_OK) == 0)
        return 0;
    }
    path += len + (path[len] == ':');
  }
  return -1;
}

/* The PTX's virtual architecture into OUT[32]: $ACCGPU_PTX_ARCH
   (compute_NN, sm_NN or NN, optionally with an 'a'/'f' suffix), else
   compute_LOWEST when cubins are wanted (ptxas assembles PTX only for its
   own architecture or newer), else compute_90.  Returns 0, or -1 when the
   setting is malformed, below compute_75 or above LOWEST. */
static int ptx_arch(int lowest, char *out) {
  const char *s = getenv("ACCGPU_PTX_ARCH");
  if (!s || !*s) {
    snprintf(out, 32, "compute_%d", lowest ? lowest : DEFAULT_ARCH);
    return 0;
  }
  if (!strncmp(s, "compute_", 8))
    s += 8;
  else if (!strncmp(s, "sm_", 3))
    s += 3;
  char *end;
  errno = 0;
  long nn = strtol(s, &end, 10);
  if (end == s || errno || nn < MIN_ARCH || nn > 999 ||
      (*end && strcmp(end, "a") && strcmp(end, "f")) || (lowest && nn > lowest))
    return -1;
  return snprintf(out, 32, "compute_%ld%s", nn, end) < 32 ? 0 : -1;
}

/* ---- NVRTC -------------------------------------------------------------- */

typedef struct nvrtc_program *nvrtc_program;
typedef struct nvrtc_api {
  int (*create)(nvrtc_program *p, const char *src, const char *name, int nh,
                const char *const *headers, const char *const *names);
  int (*compile)(nvrtc_program p, int nopt, const char *const *opts);
  int (*ptx_size)(nvrtc_program p, size_t *n);
  int (*ptx)(nvrtc_program p, char *out);
  int (*log_size)(nvrtc_program p, size_t *n);
  int (*log)(nvrtc_program p, char *out);
  int (*destroy)(nvrtc_program *p);
  const char *(*error_string)(int r);
} nvrtc_api;

#define NVRTC_SUCCESS 0

/* Binds API to HANDLE.  Returns 0, or -1 when a symbol is missing. */
static int nvrtc_bind(void *handle, nvrtc_api *api) {
  static const char *const names[] = {
      "nvrtcCreateProgram",  "nvrtcCompileProgram",    "nvrtcGetPTXSize",
      "nvrtcGetPTX",         "nvrtcGetProgramLogSize", "nvrtcGetProgramLog",
      "nvrtcDestroyProgram", "nvrtcGetErrorString"};
  void **slots[] = {(void **)&api->create,   (void **)&api->compile,
                    (void **)&api->ptx_size, (void **)&api->ptx,
                    (void **)&api->log_size, (void **)&api->log,
                    (void **)&api->destroy,  (void **)&api->error_string};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!(*slots[i] = dlsym(handle, names[i])))
      return -1;
  return 0;
}

/* Opens libnvrtc (.so.13, .so.12, .so) under each searched home's lib64/
   and lib/, then (CUDA_HOME NULL only) through the loader path.  The
   library stays loaded.  Returns 0 with API bound, or -1. */
static int nvrtc_open(const char *cuda_home, nvrtc_api *api) {
  static const char *const sonames[] = {"libnvrtc.so.13", "libnvrtc.so.12",
                                        "libnvrtc.so"};
  static const char *const libdirs[] = {"lib64", "lib"};
  const char *homes[4];
  toolkit_homes(cuda_home, homes);
  char path[PATH_MAX];
  for (int h = 0; homes[h]; h++)
    for (int d = 0; d < 2; d++)
      for (int s = 0; s < 3; s++) {
        snprintf(path, sizeof path, "%s/%s/%s", homes[h], libdirs[d],
                 sonames[s]);
        void *lib = access(path, R_OK) == 0 ? dlopen(path, RTLD_NOW) : NULL;
        if (lib && nvrtc_bind(lib, api) == 0)
          return 0;
      }
  for (int s = 0; !cuda_home && s < 3; s++) {
    void *lib = dlopen(sonames[s], RTLD_NOW);
    if (lib && nvrtc_bind(lib, api) == 0)
      return 0;
  }
  dlerror(); /* a missing NVRTC is not an error */
  return -1;
}

/* Copies PROG's log into *LOG.  Returns 0 or -1 (out of memory). */
static int nvrtc_take_log(const nvrtc_api *api, nvrtc_program prog,
                          char **log) {
  size_t n = 0;
  if (!log || api->log_size(prog, &n) != NVRTC_SUCCESS)
    return 0;
  char *text = malloc(n + 1);
  if (!text)
    return -1;
  text[0] = text[n] = '\0';
  if (n && api->log(prog, text) != NVRTC_SUCCESS)
    text[0] = '\0';
  free(*log);
  *log = text;
  return 0;
}

/* Copies PROG's PTX into *PTX_OUT.  Returns a status. */
static int nvrtc_take_ptx(const nvrtc_api *api, nvrtc_program prog,
                          char **ptx_out, char **log) {
  size_t n = 0;
  if (api->ptx_size(prog, &n) != NVRTC_SUCCESS || n == 0)
    return set_log(log, ACCGPU_MB_SYSTEM_ERROR, "nvrtcGetPTXSize failed");
  char *ptx = malloc(n + 1);
  if (!ptx)
    return set_log(log, ACCGPU_MB_SYSTEM_ERROR, "out of memory (%zu B PTX)", n);
  ptx[n] = '\0';
  if (api->ptx(prog, ptx) != NVRTC_SUCCESS) {
    free(ptx);
    return set_log(log, ACCGPU_MB_SYSTEM_ERROR, "nvrtcGetPTX failed");
  }
  *ptx_out = ptx;
  return ACCGPU_MB_OK;
}

/* Compiles SRC with API for ARCH (NO_FMAD: --fmad=false).  Returns a
   status; the program log (the compiler's warnings or errors) goes to
   *LOG. */
static int ptx_by_nvrtc(const nvrtc_api *api, const char *src,
                        const char *include_dir, const char *arch,
                        const accgpu_mb_gpu *g, char **ptx_out, char **log) {
  char arch_opt[64], inc_opt[PATH_MAX + 16];
  snprintf(arch_opt, sizeof arch_opt, "--gpu-architecture=%s", arch);
  snprintf(inc_opt, sizeof inc_opt, "--include-path=%s", include_dir);
  const char *opts[] = {arch_opt, inc_opt,
                        g->no_fmad ? "--fmad=false" : "--fmad=true",
                        "--relocatable-device-code=true"};
  nvrtc_program prog = NULL;
  int r = api->create(&prog, src, "accgpu_module.cu", 0, NULL, NULL);
  if (r != NVRTC_SUCCESS)
    return set_log(log, ACCGPU_MB_SYSTEM_ERROR, "nvrtcCreateProgram: %s",
                   api->error_string(r));
  r = api->compile(prog, g->rdc ? 4 : 3, opts);
  int status = nvrtc_take_log(api, prog, log) != 0
                   ? set_log(log, ACCGPU_MB_SYSTEM_ERROR, "out of memory")
               : r == NVRTC_SUCCESS ? nvrtc_take_ptx(api, prog, ptx_out, log)
                                    : ACCGPU_MB_COMPILE_ERROR;
  if (status == ACCGPU_MB_COMPILE_ERROR && log && *log && !**log)
    set_log(log, status, "nvrtcCompileProgram: %s", api->error_string(r));
  api->destroy(&prog);
  return status;
}

/* ---- nvcc and ptxas ----------------------------------------------------- */

/* `NVCC -ptx -arch=ARCH -I INCLUDE_DIR -x cu` (G: -fmad=false, -rdc=true)
   in a private directory.  Returns a status. */
static int ptx_by_nvcc(const char *nvcc, const char *src,
                       const char *include_dir, const char *arch,
                       const accgpu_mb_gpu *g, char **ptx_out, char **log) {
  char dir[PATH_MAX], in[PATH_MAX], out[PATH_MAX], arch_opt[64];
  if (make_private_dir(dir) != 0)
    return set_log(log, ACCGPU_MB_SYSTEM_ERROR, NO_PRIVATE_DIR,
                   strerror(errno));
  snprintf(arch_opt, sizeof arch_opt, "-arch=%s", arch);
  /* clang-format off */
  char *argv[] = {(char *)nvcc, "-ptx", arch_opt,
                  g->no_fmad ? "-fmad=false" : "-fmad=true",
                  g->rdc ? "-rdc=true" : "-rdc=false", "-I",
                  (char *)include_dir, "-x", "cu", "-o", "module.ptx",
                  "module.cu", NULL};
  /* clang-format on */
  in_dir(in, dir, "module.cu");
  in_dir(out, dir, "module.ptx");
  int status = ACCGPU_MB_SYSTEM_ERROR;
  if (write_new(in, src, strlen(src)) != 0)
    set_log(log, status, "%s: %s", in, strerror(errno));
  else if ((status = run_logged(argv, dir, log)) == ACCGPU_MB_OK &&
           read_all(out, ptx_out, NULL) != 0)
    status =
        set_log(log, ACCGPU_MB_SYSTEM_ERROR, "%s: %s", out, strerror(errno));
  remove_tree(dir);
  return status;
}

/* CUDA C -> PTX for the virtual architecture ptx_arch(LOWEST) gives.
   Returns a status. */
static int build_ptx(const char *cuda_src, const char *include_dir,
                     const char *cuda_home, int lowest,
                     const accgpu_mb_gpu *g, char **ptx_out, char **log_out) {
  if (!cuda_src || !include_dir)
    return set_log(log_out, ACCGPU_MB_SYSTEM_ERROR,
                   "no source or no include directory");
  char arch[32], nvcc[PATH_MAX], inc[PATH_MAX];
  if (!realpath(include_dir, inc))
    return set_log(log_out, ACCGPU_MB_SYSTEM_ERROR, "%s: %s", include_dir,
                   strerror(errno));
  if (ptx_arch(lowest, arch) != 0)
    return set_log(log_out, ACCGPU_MB_SYSTEM_ERROR,
                   "ACCGPU_PTX_ARCH=%s: expected compute_NN or sm_NN with "
                   "%d <= NN%s",
                   getenv("ACCGPU_PTX_ARCH"), MIN_ARCH,
                   lowest ? " <= the lowest cubin architecture" : "");
  nvrtc_api api;
  if (nvrtc_open(cuda_home, &api) == 0)
    return ptx_by_nvrtc(&api, cuda_src, inc, arch, g, ptx_out, log_out);
  if (find_tool(cuda_home, "nvcc", nvcc) == 0)
    return ptx_by_nvcc(nvcc, cuda_src, inc, arch, g, ptx_out, log_out);
  return set_log(log_out, ACCGPU_MB_NO_TOOLKIT,
                 "no CUDA toolkit (neither libnvrtc nor nvcc) under %s",
                 cuda_home ? cuda_home
                           : "$CUDA_HOME, /usr/local/cuda, "
                             "the loader path or $PATH");
}

int accgpu_mb_build_ptx(const char *cuda_src, const char *include_dir,
                        const char *cuda_home, char **ptx_out, char **log_out) {
  if (log_out)
    *log_out = strdup("");
  *ptx_out = NULL;
  static const accgpu_mb_gpu plain;
  return build_ptx(cuda_src, include_dir, cuda_home, 0, &plain, ptx_out,
                   log_out);
}

/* ---- Cubins ------------------------------------------------------------- */

/* Starts `PTXAS -arch=sm_NN [--fmad=false] [-c] -o sm_NN.cubin module.ptx`
   in DIR, its output in sm_NN.log.  Returns 0 with *PID or -1. */
static int start_ptxas(const char *ptxas, int arch, const accgpu_mb_gpu *g,
                       const char *dir, pid_t *pid) {
  char opt[32], out[32], logname[32], log_path[PATH_MAX];
  snprintf(opt, sizeof opt, "-arch=sm_%d", arch);
  snprintf(out, sizeof out, "sm_%d.cubin", arch);
  snprintf(logname, sizeof logname, "sm_%d.log", arch);
  char *argv[] = {(char *)ptxas, opt,
                  g->no_fmad ? "--fmad=false" : "--fmad=true",
                  "-o", out, "module.ptx", g->rdc ? "-c" : NULL, NULL};
  return spawn_tool(argv, dir, in_dir(log_path, dir, logname), pid);
}

/* Waits for the ptxas of ARCH (PID; -1: it did not start) and reads its
   cubin into *OUT.  Returns a status, the tool's output in *LOG. */
static int finish_ptxas(pid_t pid, int arch, const char *dir,
                        accgpu_mb_cubin *out, char **log) {
  char name[32], path[PATH_MAX];
  int ws = 0;
  if (pid < 0 || wait_tool(pid, &ws) != 0)
    return set_log(log, ACCGPU_MB_SYSTEM_ERROR, "cannot run ptxas");
  snprintf(name, sizeof name, "sm_%d.log", arch);
  int st = tool_outcome("ptxas", ws, in_dir(path, dir, name), log);
  snprintf(name, sizeof name, "sm_%d.cubin", arch);
  if (st == ACCGPU_MB_OK &&
      read_all(in_dir(path, dir, name), (char **)&out->image, &out->size))
    st = set_log(log, ACCGPU_MB_SYSTEM_ERROR, "%s: %s", path, strerror(errno));
  out->arch = arch;
  return st;
}

/* PTX -> one cubin per architecture of G, the ptxas runs in parallel.
   Returns a status; the first failure's output is the log. */
static int cubins_by_ptxas(const char *ptxas, const char *ptx,
                           const accgpu_mb_gpu *g, accgpu_mb_cubin *out,
                           char **log) {
  char dir[PATH_MAX], in[PATH_MAX];
  if (make_private_dir(dir) != 0)
    return set_log(log, ACCGPU_MB_SYSTEM_ERROR, NO_PRIVATE_DIR,
                   strerror(errno));
  int status = ACCGPU_MB_OK;
  pid_t pids[ACCGPU_MB_MAX_ARCHS];
  if (write_new(in_dir(in, dir, "module.ptx"), ptx, strlen(ptx)) != 0)
    status = set_log(log, ACCGPU_MB_SYSTEM_ERROR, "%s: %s", in,
                     strerror(errno));
  for (int i = 0; i < g->narchs && status == ACCGPU_MB_OK; i++)
    if (start_ptxas(ptxas, g->archs[i], g, dir, &pids[i]) != 0)
      pids[i] = -1;
  for (int i = 0; i < g->narchs && status == ACCGPU_MB_OK; i++) {
    char *one = NULL;
    int st = finish_ptxas(pids[i], g->archs[i], dir, &out[i], &one);
    if (st != ACCGPU_MB_OK && status == ACCGPU_MB_OK) {
      status = set_log(log, st, "ptxas -arch=sm_%d: %s", g->archs[i],
                       one ? one : "");
      for (int k = i + 1; k < g->narchs; k++) /* reap the others */
        finish_ptxas(pids[k], g->archs[k], dir, &out[k], NULL);
    }
    free(one);
  }
  remove_tree(dir);
  return status;
}

void accgpu_mb_free_cubins(accgpu_mb_cubin *c, int n) {
  for (int i = 0; i < n; i++) {
    free(c[i].image);
    c[i].image = NULL;
    c[i].size = 0;
  }
}

int accgpu_mb_build_gpu(const char *cuda_src, const char *include_dir,
                        const char *cuda_home, const accgpu_mb_gpu *g,
                        char **ptx_out, accgpu_mb_cubin *cubins_out,
                        char **log_out) {
  if (log_out)
    *log_out = strdup("");
  *ptx_out = NULL;
  if (g->narchs)
    memset(cubins_out, 0, (size_t)g->narchs * sizeof *cubins_out);
  int lowest = g->narchs ? g->archs[0] : 0;
  int st = build_ptx(cuda_src, include_dir, cuda_home, lowest, g, ptx_out,
                     log_out);
  char ptxas[PATH_MAX];
  if (st != ACCGPU_MB_OK || !g->narchs)
    return st;
  if (find_tool(cuda_home, "ptxas", ptxas) != 0)
    return set_log(log_out, ACCGPU_MB_NO_PTXAS, "no ptxas found");
  st = cubins_by_ptxas(ptxas, *ptx_out, g, cubins_out, log_out);
  if (st != ACCGPU_MB_OK)
    accgpu_mb_free_cubins(cubins_out, g->narchs);
  return st;
}

int accgpu_mb_ptxas_check(const char *ptx, const char *cuda_home,
                          char **log_out) {
  if (log_out)
    *log_out = strdup("");
  char ptxas[PATH_MAX], dir[PATH_MAX], in[PATH_MAX];
  if (find_tool(cuda_home, "ptxas", ptxas) != 0)
    return set_log(log_out, ACCGPU_MB_NO_TOOLKIT, "no ptxas found");
  if (make_private_dir(dir) != 0)
    return set_log(log_out, ACCGPU_MB_SYSTEM_ERROR, NO_PRIVATE_DIR,
                   strerror(errno));
  char *argv[] = {ptxas,          "-arch=sm_90", "-o",
                  "module.cubin", "module.ptx",  NULL};
  in_dir(in, dir, "module.ptx");
  int status = ACCGPU_MB_SYSTEM_ERROR;
  if (write_new(in, ptx, strlen(ptx)) != 0)
    set_log(log_out, status, "%s: %s", in, strerror(errno));
  else
    status = run_logged(argv, dir, log_out);
  remove_tree(dir);
  return status;
}

/* ---- Architecture lists ------------------------------------------------ */

/* Inserts ARCH into G's sorted list unless it is there.  Returns 0, or -1
   when the list is full. */
static int add_arch(accgpu_mb_gpu *g, int arch) {
  int i = 0;
  while (i < g->narchs && g->archs[i] < arch)
    i++;
  if (i < g->narchs && g->archs[i] == arch)
    return 0;
  if (g->narchs == ACCGPU_MB_MAX_ARCHS)
    return -1;
  memmove(g->archs + i + 1, g->archs + i,
          (size_t)(g->narchs - i) * sizeof g->archs[0]);
  g->archs[i] = arch;
  g->narchs++;
  return 0;
}

int accgpu_mb_parse_archs(const char *s, accgpu_mb_gpu *g) {
  g->narchs = 0;
  if (!s || !*s)
    return -1;
  if (!strcmp(s, "none"))
    return 0;
  for (;;) {
    if (!strncmp(s, "sm_", 3))
      s += 3;
    char *end;
    errno = 0;
    long nn = strtol(s, &end, 10);
    if (end == s || *s == '-' || *s == '+' || errno || nn < MIN_ARCH ||
        nn > 255 || (*end && *end != ',') || add_arch(g, (int)nn) != 0)
      return -1;
    if (!*end)
      return 0;
    s = end + 1;
  }
}

/* Little-endian field of N bytes at P. */
static unsigned long le(const unsigned char *p, int n) {
  unsigned long v = 0;
  while (n-- > 0)
    v = v << 8 | p[n];
  return v;
}

int accgpu_mb_cubin_arch(const unsigned char *img, size_t size) {
  enum { EM_CUDA = 190, ET_EXEC = 2 };
  if (!img || size < 64 || memcmp(img, "\177ELF", 4) != 0 || img[4] != 2 ||
      img[5] != 1 || le(img + 16, 2) != ET_EXEC || le(img + 18, 2) != EM_CUDA)
    return -1;
  unsigned long flags = le(img + 48, 4);
  /* ABI version 8 (CUDA 13) moved the SM number up one byte. */
  return (int)(img[8] >= 8 ? flags >> 8 & 0xff : flags & 0xff);
}

/* ---- The emulator image ------------------------------------------------- */

/* Splits CC (or $CC, or "gcc") on blanks into WORDS[MAX_CC_WORDS] using
   BUF[PATH_MAX] as storage.  Returns the number of words, 0 if none. */
static int split_cc(const char *cc, char *buf, char **words) {
  if (!cc || !*cc)
    cc = getenv("CC");
  if (!cc || !*cc)
    cc = "gcc";
  snprintf(buf, PATH_MAX, "%s", cc);
  int n = 0;
  for (char *save = NULL, *w = strtok_r(buf, " \t", &save);
       w && n < MAX_CC_WORDS - 1; w = strtok_r(NULL, " \t", &save))
    words[n++] = w;
  return n;
}

/* Runs CC WORDS[0..N) followed by FLAGS (NULL-terminated) in DIR. */
static int run_cc(char **words, int n, char *const *flags, const char *dir,
                  char **log_out) {
  char *argv[MAX_CC_WORDS + 32];
  int k = 0;
  memcpy(argv, words, (size_t)n * sizeof *argv);
  while (flags[k] && n + k < (int)(sizeof argv / sizeof argv[0]) - 1) {
    argv[n + k] = flags[k];
    k++;
  }
  argv[n + k] = NULL;
  return run_logged(argv, dir, log_out);
}

/* The emulator's locals (a kernel's private variables, a routine's
   locals) start as 0xfe bytes (-16843010 as an int, -5.3e303 as a double),
   as a GPU's registers and local memory hold whatever the last kernel left:
   a private read before it is written is a wrong answer here too, not a
   lucky zero from a fresh fiber stack.  Not the multicore image (speed). */
#define EMU_LOCAL_INIT "-ftrivial-auto-var-init=pattern"

/* Compiles module.c into module.so in DIR (-Bsymbolic: a kernel or routine
   named like a libc function, stat or index, calls itself, not libc's).
   A checked image is compiled
   with ThreadSanitizer's instrumentation (accgpu_emu_check.h defines the
   hooks in the image itself), then linked without libtsan. */
static int compile_image(char **words, int n, const char *inc, int checked,
                         const char *dir, char **log_out) {
  /* clang-format off */
  char *plain[] = {"-O2", "-fPIC", "-shared", "-Wl,-Bsymbolic", "-std=gnu11",
                   "-D__ACCGPU_EMU__", EMU_LOCAL_INIT, "-I", (char *)inc, "-include",
                   "accgpu_cuda.h", "-o", "module.so", "-x", "c", "module.c",
                   NULL};
  char *compile[] = {"-O2", "-fPIC", "-c", "-std=gnu11", "-D__ACCGPU_EMU__",
                     "-D__ACCGPU_EMU_CHECKED__", EMU_LOCAL_INIT, "-fsanitize=thread",
                     "--param", "tsan-instrument-func-entry-exit=0",
                     "-I", (char *)inc, "-include", "accgpu_cuda.h",
                     "-o", "module.o", "-x", "c", "module.c", NULL};
  char *link[] = {"-shared", "-Wl,-z,defs", "-Wl,-Bsymbolic", "-o", "module.so", "module.o",
                  "-lm", NULL};
  /* The multicore image: one thread per block, so -O3 for the vectorizer
     (worker and vector loops become stride-1 loops); no -march, so the
     object runs on any x86-64: accgpu_mc.h gives its kernels an AVX2
     version picked at load, unless ACCGPU_MC_AVX2=0 (to time the
     baseline).  -fopenmp-simd for the omp simd sums of kernel-gen-loops.cc
     (no libgomp).  Not TLS descriptors (runtime/rules.mk).  ISA is a
     define either way (the AVX2 one is read by nothing) so that MC keeps
     one shape. */
  const char *avx2 = getenv("ACCGPU_MC_AVX2");
  char *isa = avx2 && !strcmp(avx2, "0") ? "-D__ACCGPU_MC_BASELINE"
                                         : "-D__ACCGPU_MC_CLONES";
  char *mc[] = {"-O3", "-fPIC", "-shared", "-Wl,-z,defs", "-Wl,-Bsymbolic",
                "-std=gnu11", "-fopenmp-simd", "-D__ACCGPU_EMU__",
                "-D__ACCGPU_MC__", isa, "-I", (char *)inc, "-include",
                "accgpu_cuda.h", "-o", "module.so", "-x", "c", "module.c",
                "-x", "none", "-lm", NULL};
  /* clang-format on */
  if (checked == ACCGPU_MB_IMAGE_MC)
    return run_cc(words, n, mc, dir, log_out);
  if (!checked)
    return run_cc(words, n, plain, dir, log_out);
  int status = run_cc(words, n, compile, dir, log_out);
  return status == ACCGPU_MB_OK ? run_cc(words, n, link, dir, log_out)
                                : status;
}

int accgpu_mb_build_emu_image(const char *cuda_src, const char *include_dir,
                              const char *cc, int checked,
                              unsigned char **image_out, size_t *size_out,
                              char **log_out) {
  if (log_out)
    *log_out = strdup("");
  *image_out = NULL;
  *size_out = 0;
  if (!cuda_src || !include_dir)
    return set_log(log_out, ACCGPU_MB_SYSTEM_ERROR,
                   "no source or no include directory");
  char ccbuf[PATH_MAX], *words[MAX_CC_WORDS], inc[PATH_MAX];
  int n = split_cc(cc, ccbuf, words);
  if (n == 0)
    return set_log(log_out, ACCGPU_MB_SYSTEM_ERROR, "empty C compiler name");
  if (!realpath(include_dir, inc))
    return set_log(log_out, ACCGPU_MB_SYSTEM_ERROR, "%s: %s", include_dir,
                   strerror(errno));
  char dir[PATH_MAX], in[PATH_MAX], out[PATH_MAX];
  if (make_private_dir(dir) != 0)
    return set_log(log_out, ACCGPU_MB_SYSTEM_ERROR, NO_PRIVATE_DIR,
                   strerror(errno));
  in_dir(in, dir, "module.c");
  in_dir(out, dir, "module.so");
  int status = ACCGPU_MB_SYSTEM_ERROR;
  if (write_new(in, cuda_src, strlen(cuda_src)) != 0)
    set_log(log_out, status, "%s: %s", in, strerror(errno));
  else if ((status = compile_image(words, n, inc, checked, dir, log_out)) ==
               ACCGPU_MB_OK &&
           read_all(out, (char **)image_out, size_out) != 0)
    status = set_log(log_out, ACCGPU_MB_SYSTEM_ERROR, "%s: %s", out,
                     strerror(errno));
  remove_tree(dir);
  return status;
}

const char *accgpu_mb_status_text(int status) {
  switch (status) {
  case ACCGPU_MB_OK:
    return "ok";
  case ACCGPU_MB_NO_TOOLKIT:
    return "no CUDA toolkit";
  case ACCGPU_MB_COMPILE_ERROR:
    return "compile error";
  case ACCGPU_MB_SYSTEM_ERROR:
    return "system error";
  case ACCGPU_MB_NO_PTXAS:
    return "no ptxas";
  default:
    return "unknown status";
  }
}
