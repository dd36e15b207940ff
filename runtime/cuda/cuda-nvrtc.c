/* cuda-nvrtc.c — CUDA source -> PTX at run time with NVRTC (cuda-nvrtc.h).
 *
 * A module built where the CUDA toolkit was missing carries its kernels as
 * CUDA C only.  On an nvidia device the backend then compiles that source
 * here for the device's compute capability (clamped to the newest
 * architecture this NVRTC knows; PTX for an older one still JITs on a newer
 * GPU).  libnvrtc is looked for as libnvrtc.so.13, .so.12, .so in
 * $CUDA_HOME/lib64, then through the dynamic loader's path, then in
 * /usr/local/cuda/lib64; it stays loaded (never dlclosed).  The PTX is cached per process
 * per (module, architecture), so several devices and re-opened devices
 * compile once.
 *
 * Locks: nv_lock guards everything here and is held across a compile
 * (compiles are rare and serialize); it is a leaf lock.                 */
#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda-nvrtc.h"
#include "device.h"

#define NVRTC_SUCCESS 0

typedef struct nv_program *nv_program;

/* X(field, symbol, parameters): the entry points used; the last two are
   optional (NVRTC 11.2+). */
#define NV_ENTRY_POINTS(X)                                                    \
  X(create, nvrtcCreateProgram,                                               \
    (nv_program * p, const char *src, const char *name, int nh,               \
     const char *const *headers, const char *const *names))                   \
  X(compile, nvrtcCompileProgram,                                             \
    (nv_program p, int nopt, const char *const *opts))                        \
  X(ptx_size, nvrtcGetPTXSize, (nv_program p, size_t *n))                     \
  X(ptx, nvrtcGetPTX, (nv_program p, char *out))                              \
  X(log_size, nvrtcGetProgramLogSize, (nv_program p, size_t *n))              \
  X(log, nvrtcGetProgramLog, (nv_program p, char *out))                       \
  X(destroy, nvrtcDestroyProgram, (nv_program * p))

typedef struct nv_api {
#define NV_FIELD(field, sym, params) int(*field) params;
  NV_ENTRY_POINTS(NV_FIELD)
#undef NV_FIELD
  const char *(*error_string)(int r);
  int (*num_archs)(int *n);  /* optional */
  int (*archs)(int *list);   /* optional */
} nv_api;

typedef struct nv_cached {
  const __accgpu_module *mod;
  int arch;
  char *ptx;
  struct nv_cached *next;
} nv_cached;

/* Guarded by nv_lock. */
static pthread_mutex_t nv_lock = PTHREAD_MUTEX_INITIALIZER;
static int nv_state; /* 0 not tried, 1 loaded, -1 absent */
static void *nv_handle;
static nv_api nv;
static char nv_path[4096]; /* test override; empty: search */
static nv_cached *nv_cache;

/* Binds nv to HANDLE.  Returns 0, or -1 when a required symbol is
   missing. */
static int bind(void *handle) {
#define NV_RESOLVE(field, sym, params)                                        \
  if (!(*(void **)&nv.field = dlsym(handle, #sym)))                           \
    return -1;
  NV_ENTRY_POINTS(NV_RESOLVE)
#undef NV_RESOLVE
  if (!(*(void **)&nv.error_string = dlsym(handle, "nvrtcGetErrorString")))
    return -1;
  *(void **)&nv.num_archs = dlsym(handle, "nvrtcGetNumSupportedArchs");
  *(void **)&nv.archs = dlsym(handle, "nvrtcGetSupportedArchs");
  return 0;
}

/* dlopens PATH and binds it.  Returns 0 or -1 (nothing kept). */
static int try_open(const char *path) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (h && bind(h) == 0) {
    nv_handle = h;
    return 0;
  }
  if (h)
    dlclose(h);
  memset(&nv, 0, sizeof nv);
  return -1;
}

/* Loads NVRTC once (nv_lock held).  Returns 0 or -1 when absent. */
static int load_locked(void) {
  static const char *const names[] = {"libnvrtc.so.13", "libnvrtc.so.12",
                                      "libnvrtc.so"};
  char path[4200];
  if (nv_state)
    return nv_state > 0 ? 0 : -1;
  int ok = -1;
  const char *home = getenv("CUDA_HOME");
  if (nv_path[0]) {
    ok = try_open(nv_path);
  } else {
    for (int i = 0; ok != 0 && home && *home && i < 3; i++) {
      snprintf(path, sizeof path, "%s/lib64/%s", home, names[i]);
      ok = try_open(path);
    }
    for (int i = 0; ok != 0 && i < 3; i++)
      ok = try_open(names[i]);
    for (int i = 0; ok != 0 && i < 3; i++) {
      snprintf(path, sizeof path, "/usr/local/cuda/lib64/%s", names[i]);
      ok = try_open(path);
    }
  }
  dlerror(); /* a missing NVRTC is not an error by itself */
  nv_state = ok == 0 ? 1 : -1;
  return ok;
}

/* WANT (major*10+minor) clamped to the newest architecture NVRTC lists
   that is not above it; WANT when NVRTC cannot list them (nv_lock held). */
static int pick_arch(int want) {
  int n = 0, best = 0, list[128];
  if (!nv.num_archs || !nv.archs || nv.num_archs(&n) != NVRTC_SUCCESS ||
      n <= 0 || n > 128 || nv.archs(list) != NVRTC_SUCCESS)
    return want;
  for (int i = 0; i < n; i++)
    if (list[i] <= want && list[i] > best)
      best = list[i];
  return best ? best : list[0];
}

/* Joins LOG's lines with "; " in place (errors are one line). */
static void one_line(char *log) {
  char *w = log;
  for (const char *r = log; *r;) {
    if (*r != '\n') {
      *w++ = *r++;
      continue;
    }
    while (*r == '\n' || *r == '\r')
      r++;
    if (*r && w != log && w + 2 <= r) {
      *w++ = ';';
      *w++ = ' ';
    } else if (*r && w != log) {
      *w++ = ' ';
    }
  }
  *w = '\0';
}

/* PROG's log on one line, malloc'd, trailing blanks removed; NULL when
   empty. */
static char *program_log(nv_program prog) {
  size_t n = 0;
  if (nv.log_size(prog, &n) != NVRTC_SUCCESS || n <= 1)
    return NULL;
  char *log = malloc(n + 1);
  if (!log)
    return NULL;
  log[0] = log[n] = '\0';
  if (nv.log(prog, log) != NVRTC_SUCCESS)
    log[0] = '\0';
  while (n > 0 && (log[n - 1] == '\0' || isspace((unsigned char)log[n - 1])))
    log[--n] = '\0';
  if (!n) {
    free(log);
    return NULL;
  }
  one_line(log);
  return log;
}

/* PROG's PTX, malloc'd, or NULL with the error left. */
static char *program_ptx(nv_program prog, const char *file) {
  size_t n = 0;
  char *ptx = NULL;
  if (nv.ptx_size(prog, &n) == NVRTC_SUCCESS && n > 0 &&
      (ptx = malloc(n + 1)) != NULL) {
    ptx[n] = '\0';
    if (nv.ptx(prog, ptx) == NVRTC_SUCCESS)
      return ptx;
  }
  free(ptx);
  accgpu_set_error(ACCGPU_ERR_GENERIC, "nvrtcGetPTX(%s): no PTX", file);
  return NULL;
}

/* Compiles MOD's source for compute_ARCH (nv_lock held).  Returns the PTX
   (malloc'd) or NULL with the error left, NVRTC's log last. */
static char *compile(const __accgpu_module *mod, int arch) {
  const char *file = mod->source_file ? mod->source_file : "module";
  char opt[64];
  snprintf(opt, sizeof opt, "--gpu-architecture=compute_%d", arch);
  const char *opts[] = {opt};
  /* The plugin inlines the dialect header; older modules include it. */
  int hdr = strstr(mod->cuda_source, "accgpu_cuda.h") != NULL;
  const char *headers[] = {accgpu_cuda_header_text};
  const char *names[] = {"accgpu_cuda.h"};
  nv_program prog = NULL;
  int r = nv.create(&prog, mod->cuda_source, file, hdr, hdr ? headers : NULL,
                    hdr ? names : NULL);
  if (r != NVRTC_SUCCESS) {
    accgpu_set_error(ACCGPU_ERR_GENERIC, "nvrtcCreateProgram(%s): %s", file,
                     nv.error_string(r));
    return NULL;
  }
  r = nv.compile(prog, 1, opts);
  char *ptx = NULL;
  if (r == NVRTC_SUCCESS) {
    ptx = program_ptx(prog, file);
  } else {
    char *log = program_log(prog);
    accgpu_set_error(ACCGPU_ERR_GENERIC, "nvrtcCompileProgram(%s, %s): %s%s%s",
                     file, opt + strlen("--gpu-architecture="),
                     nv.error_string(r), log ? ": " : "", log ? log : "");
    free(log);
  }
  nv.destroy(&prog);
  return ptx;
}

/* Leaves the error for a module that has no PTX and no way to get it. */
static int no_ptx(const __accgpu_module *mod, const char *why) {
  accgpu_set_error(ACCGPU_ERR_UNSUPPORTED,
                   "nvidia: %s has no PTX (compiled without the CUDA toolkit) "
                   "and %s; rebuild it with the CUDA toolkit installed, or "
                   "install NVRTC (libnvrtc.so.12 or .13, e.g. in "
                   "$CUDA_HOME/lib64) to compile it at run time, or run it "
                   "on the emulator (ACC_DEVICE_TYPE=emulator)",
                   mod->source_file ? mod->source_file : "module", why);
  return -1;
}

int accgpu_nvrtc_ptx(const __accgpu_module *mod, int cc_major, int cc_minor,
                     const char **ptx) {
  if (!mod->cuda_source || !mod->cuda_source[0])
    return no_ptx(mod, "no CUDA source");
  pthread_mutex_lock(&nv_lock);
  if (load_locked() != 0) {
    pthread_mutex_unlock(&nv_lock);
    return no_ptx(mod, getenv("CUDA_HOME")
                           ? "NVRTC was not found to compile its CUDA source "
                             "(looked in CUDA_HOME/lib64, the library path "
                             "and /usr/local/cuda/lib64)"
                           : "NVRTC was not found to compile its CUDA source");
  }
  int arch = pick_arch(cc_major * 10 + cc_minor);
  nv_cached *c = nv_cache;
  while (c && (c->mod != mod || c->arch != arch))
    c = c->next;
  if (!c) {
    char *text = compile(mod, arch);
    if (text && !(c = malloc(sizeof *c))) {
      free(text);
      text = NULL;
      accgpu_set_error(ACCGPU_ERR_NOMEM, "nvrtc: out of memory");
    }
    if (c) {
      *c = (nv_cached){mod, arch, text, nv_cache};
      nv_cache = c;
    }
  }
  if (c)
    *ptx = c->ptx;
  pthread_mutex_unlock(&nv_lock);
  return c ? 0 : -1;
}

void accgpu_nvrtc_reset(const char *path) {
  pthread_mutex_lock(&nv_lock);
  while (nv_cache) {
    nv_cached *next = nv_cache->next;
    free(nv_cache->ptx);
    free(nv_cache);
    nv_cache = next;
  }
  /* NVRTC is never unloaded: its own static allocations would then look
     leaked (and it is not built to be dlclosed). */
  nv_handle = NULL;
  memset(&nv, 0, sizeof nv);
  nv_state = 0;
  snprintf(nv_path, sizeof nv_path, "%s", path ? path : "");
  pthread_mutex_unlock(&nv_lock);
}
