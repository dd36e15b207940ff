/* profile.c — ACCGPU_PROFILE=FILE: at exit, a YAML profile of every kernel
 * launched, for acc-tune (autotune/profile.c reads it; the entry id is
 * "file:line:function" of the kernel's compute construct, the key of the
 * kernel models).  Per kernel: its name, construct, launch count, grid,
 * block and dynamic shared memory of the last launch, the device, and the
 * total and shortest time.  Profiled launches are synchronous (as under
 * ACCGPU_TIME), so a time is the kernel's, not the time to enqueue it.
 *
 * Kernels launched with __accgpu_launch_trips also get the last launch's
 * `trips:` (trip count per loop of the parallel nest, named as in the
 * kernel model) and `params:` (the integer scalars the kernel reads): the
 * host code evaluates them, the runtime alone cannot know them.
 *
 * Locks: prof.lock, a leaf lock, guards the table.                      */
#include "core.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int accgpu_profiling;

/* acc-tune's limits (autotune/tune.h): a profile beyond them is refused. */
#define MAX_TRIPS 8
#define MAX_PARAMS 32

typedef struct prof_entry {
  const __accgpu_module *mod;
  unsigned kernel;
  unsigned long launches;
  accgpu_launch_cfg last;
  char device[48];
  double total, shortest;
  int64_t *vals; /* the last launch's trips, then params, or NULL */
  struct prof_entry *next;
} prof_entry;

static struct {
  pthread_mutex_t lock;
  prof_entry *head, *tail; /* in order of first launch */
  char path[PATH_MAX];
  pid_t pid;
} prof = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void write_at_exit(void);

void accgpu_profile_init(void) {
  const char *env = getenv("ACCGPU_PROFILE");
  if (!env || !*env)
    return;
  if (accgpu_profile_start(env))
    accgpu_fatal(NULL, "ACCGPU_PROFILE=%.60s...: the path is %zu bytes, "
                 "longer than PATH_MAX (%d)", env, strlen(env), PATH_MAX);
  atexit(write_at_exit);
}

int accgpu_profile_start(const char *path) {
  if (strlen(path) >= sizeof prof.path)
    return -1; /* cut short it would name another file */
  pthread_mutex_lock(&prof.lock);
  snprintf(prof.path, sizeof prof.path, "%s", path);
  prof.pid = getpid();
  pthread_mutex_unlock(&prof.lock);
  __atomic_store_n(&accgpu_profiling, 1, __ATOMIC_RELAXED);
  return 0;
}

void accgpu_profile_stop(void) {
  __atomic_store_n(&accgpu_profiling, 0, __ATOMIC_RELAXED);
  pthread_mutex_lock(&prof.lock);
  while (prof.head) {
    prof_entry *e = prof.head;
    prof.head = e->next;
    free(e->vals);
    free(e);
  }
  prof.tail = NULL;
  prof.path[0] = 0;
  pthread_mutex_unlock(&prof.lock);
}

/* Entry of (MOD, KERNEL), appended on first use (prof.lock held).  NULL
   when out of memory: that launch is not profiled. */
static prof_entry *entry_of(const __accgpu_module *mod, unsigned kernel) {
  for (prof_entry *e = prof.head; e; e = e->next)
    if (e->mod == mod && e->kernel == kernel)
      return e;
  prof_entry *e = calloc(1, sizeof *e);
  if (!e)
    return NULL;
  e->mod = mod;
  e->kernel = kernel;
  if (prof.tail)
    prof.tail->next = e;
  else
    prof.head = e;
  prof.tail = e;
  return e;
}

/* Keeps VALS (or their absence) as E's last values (prof.lock held). */
static void keep_vals(prof_entry *e, const int64_t *vals) {
  const __accgpu_kernel *k = &e->mod->kernels[e->kernel];
  size_t n = (size_t)k->ntrips + k->nsyms;
  if (!vals || !n) {
    free(e->vals);
    e->vals = NULL;
    return;
  }
  if (!e->vals)
    e->vals = malloc(n * sizeof *vals);
  if (e->vals)
    memcpy(e->vals, vals, n * sizeof *vals);
}

void accgpu_profile_record(const __accgpu_module *mod, unsigned kernel,
                           const accgpu_launch_cfg *cfg,
                           const accgpu_device *d, double seconds,
                           const int64_t *vals) {
  pthread_mutex_lock(&prof.lock);
  prof_entry *e = entry_of(mod, kernel);
  if (e) {
    keep_vals(e, vals);
    if (!e->launches || seconds < e->shortest)
      e->shortest = seconds;
    e->launches++;
    e->total += seconds;
    e->last = *cfg;
    snprintf(e->device, sizeof e->device, "%s %d", d->be->name, d->num);
  }
  pthread_mutex_unlock(&prof.lock);
}

/* S as a double-quoted YAML scalar. */
static void put_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    if ((unsigned char)*s < 0x20)
      fprintf(f, "\\x%02x", (unsigned char)*s);
    else
      fputc(*s, f);
  }
  fputc('"', f);
}

/* NAME as a YAML key: plain when it is a C identifier. */
static void put_key(FILE *f, const char *name) {
  int plain = name && (isalpha((unsigned char)*name) || *name == '_');
  for (const char *p = name; plain && *p; p++)
    plain = isalnum((unsigned char)*p) || *p == '_';
  if (plain)
    fputs(name, f);
  else
    put_str(f, name);
}

/* "    KEY: {name: value, ...}" of the N values VALS named NAMES, at most
   MAX of them; negative (unknown) values are left out, and so is the line
   when none is left. */
static void put_map(FILE *f, const char *key, unsigned n,
                    const char *const *names, const int64_t *vals,
                    unsigned max) {
  unsigned put = 0;
  for (unsigned i = 0; i < n && put < max; i++) {
    if (vals[i] < 0 || !names || !names[i])
      continue;
    if (put++)
      fputs(", ", f);
    else
      fprintf(f, "    %s: {", key);
    put_key(f, names[i]);
    fprintf(f, ": %lld", (long long)vals[i]);
  }
  if (put)
    fputs("}\n", f);
}

static void put_entry(FILE *f, const prof_entry *e) {
  const __accgpu_kernel *k = &e->mod->kernels[e->kernel];
  const __accgpu_loc *l = k->loc;
  const char *file = l && l->file ? l->file : "?";
  const char *func = l && l->func ? l->func : "?";
  char id[1024];
  snprintf(id, sizeof id, "%s:%d:%s", file, l ? l->line : 0, func);
  fputs("  - id: ", f);
  put_str(f, id);
  fputs("\n    kernel: ", f);
  put_str(f, k->name);
  fputs("\n    file: ", f);
  put_str(f, file);
  fprintf(f, "\n    line: %d\n    function: ", l ? l->line : 0);
  put_str(f, func);
  fputs("\n    construct: ", f);
  put_str(f, l && l->construct ? l->construct : "?");
  fputs("\n    device: ", f);
  put_str(f, e->device);
  const accgpu_launch_cfg *c = &e->last;
  fprintf(f, "\n    launches: %lu\n"
          "    grid: [%u, %u, %u]\n    block: [%u, %u, %u]\n"
          "    shared_bytes: %u\n"
          "    time_total_s: %.9f\n    time_min_s: %.9f\n",
          e->launches, c->grid.x, c->grid.y, c->grid.z, c->block.x,
          c->block.y, c->block.z, c->shared_bytes, e->total, e->shortest);
  if (e->vals) {
    put_map(f, "trips", k->ntrips, k->trip_vars, e->vals, MAX_TRIPS);
    put_map(f, "params", k->nsyms, k->sym_names, e->vals + k->ntrips,
            MAX_PARAMS);
  }
}

/* Writes the whole profile to F.  Returns 0, or -1 with errno. */
static int put_all(FILE *f) {
  errno = 0; /* the first failed write leaves its reason */
  fputs("# accgpu kernel profile (ACCGPU_PROFILE); read by acc-tune -p\n"
        "kernels:\n", f);
  for (prof_entry *e = prof.head; e; e = e->next)
    put_entry(f, e);
  if (!prof.head)
    fputs("  []\n", f);
  if (fflush(f) || ferror(f) || (fsync(fileno(f)) && errno != EINVAL)) {
    errno = errno ? errno : EIO;
    return -1;
  }
  return 0;
}

/* Opens a new file beside TARGET (same directory, so rename is atomic) in
   TMP, created as fopen would (mode 0666 less the umask).  NULL with errno
   when it cannot. */
static FILE *open_beside(const char *target, char tmp[PATH_MAX]) {
  const char *slash = strrchr(target, '/');
  int dirlen = slash ? (int)(slash - target) + 1 : 0;
  for (int n = 0; n < 100; n++) {
    if (snprintf(tmp, PATH_MAX, "%.*s.accgpu-profile.%d.%d", dirlen, target,
                 (int)getpid(), n) >= PATH_MAX) {
      errno = ENAMETOOLONG;
      return NULL;
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f)
      return f;
    if (fd >= 0) { /* out of memory for the stream */
      int err = errno;
      close(fd);
      unlink(tmp);
      errno = err;
      return NULL;
    }
    if (errno != EEXIST)
      return NULL;
  }
  return NULL;
}

/* Writes the profile to PATH: through a new file renamed over it, so a
   failed write (full disk) leaves the old profile whole; a device or pipe
   (/dev/stdout) is written directly.  A symbolic link stays a link: its
   target is replaced.  Returns 0, or -1 with errno. */
static int write_to(const char *path) {
  char target[PATH_MAX], tmp[PATH_MAX];
  struct stat st;
  if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
    FILE *f = fopen(path, "w");
    int rc = f ? put_all(f) : -1;
    return f && fclose(f) ? -1 : rc;
  }
  if (!realpath(path, target))
    snprintf(target, sizeof target, "%s", path); /* new file: as named */
  FILE *f = open_beside(target, tmp);
  if (!f)
    return -1;
  int rc = put_all(f);
  if (fclose(f))
    rc = -1;
  if (!rc && rename(tmp, target))
    rc = -1;
  if (rc) {
    int err = errno;
    unlink(tmp);
    errno = err;
  }
  return rc;
}

int accgpu_profile_write(void) {
  pthread_mutex_lock(&prof.lock);
  int rc = prof.path[0] ? write_to(prof.path) : (errno = ENOENT, -1);
  int err = errno;
  pthread_mutex_unlock(&prof.lock);
  if (rc)
    fprintf(stderr, "accgpu: error: ACCGPU_PROFILE=%s: cannot write the "
            "profile: %s\n", prof.path, strerror(err));
  return rc;
}

/* Normal exit of the process that asked for the profile (not a forked
   child).  A profile that cannot be written makes the exit status 1: the
   run did not produce what was asked.  (Registered before the runtime's
   other exit handlers, so it runs last and _exit skips none of them.) */
static void write_at_exit(void) {
  if (getpid() == prof.pid && accgpu_profile_write()) {
    fflush(NULL);
    _exit(1);
  }
}
