/* backend.c — the multicore device as an accgpu backend (runtime/device.h).
 *
 * One device, sharing the host's memory (the core maps every data clause to
 * the host address, as on the host device).  Kernels come from the
 * module's mc_image: the same CUDA C compiled natively with one thread per
 * block (include/accgpu_mc.h), loaded from a memfd.  A launch runs its
 * blocks over ACC_NUM_CORES threads (team.c); synchronous launches run on
 * the calling thread, async ones on the queue's thread (the emulator's
 * queues, emulator/queue.h), so `async` overlaps host work as on a GPU. */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core.h"
#include "emulator/queue.h"
#include "image.h"
#include "multicore/mc.h"

#define MC_MAX_THREADS 1024
/* Default gangs per thread of a kernel whose blocks are dealt dynamically:
   enough to balance.  Statically, thread t runs a contiguous range of
   blocks whose gang-loop chunks make one contiguous range however many
   there are, so one block per thread does the same work with the least
   set-up (a block entry, the image's two thread-local look-ups, the
   kernel's prologue: 673 of a tiny construct's 2882 instructions with 4,
   session 20). */
#define MC_BLOCKS_PER_THREAD 4

struct accgpu_dev {
  int threads;
  int sched;
};
static struct accgpu_dev mc_dev;

/* A kernel's last synchronous launch (mc_launch_sync): the next one
   rewrites only what changed, so the team reads lines it has cached.
   BUSY, on a line of its own, is taken by the launch running from BUF (a
   concurrent launch of the kernel packs on its stack). */
typedef struct mc_last {
  int busy;
  accgpu_mc_launch_buf buf; /* 128-aligned: BUSY's line is not BUF's */
} mc_last;

typedef struct mc_module {
  const __accgpu_module *mod;
  void *dl;
  int fd;
  accgpu_image_deps deps; /* images of other units' routines it calls */
  accgpu_mc_enter_fn *enter;
  mc_last *last; /* per kernel */
  accgpu_mc_kernel kernel[];
} mc_module;

static int mc_count(void) { return 1; }

/* Threads: ACC_NUM_CORES (NVHPC's name), else the CPUs this process may
   run on.  Returns 0, or -1 with the error left. */
static int mc_threads(int *out) {
  const char *s = getenv("ACC_NUM_CORES");
  if (s && *s) {
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (*end || errno || n < 1 || n > MC_MAX_THREADS) {
      accgpu_set_error(ACCGPU_ERR_GENERIC, "ACC_NUM_CORES=%s is not a number "
                       "of threads from 1 to %d", s, MC_MAX_THREADS);
      return -1;
    }
    *out = (int)n;
    return 0;
  }
  cpu_set_t set;
  int n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
  *out = n > 0 ? n : 1;
  return 0;
}

/* ACCGPU_MC_SCHEDULE: auto (default), static or dynamic. */
static int mc_sched(int *out) {
  const char *s = getenv("ACCGPU_MC_SCHEDULE");
  *out = MC_SCHED_AUTO;
  if (!s || !*s || !strcasecmp(s, "auto"))
    return 0;
  if (!strcasecmp(s, "static") || !strcasecmp(s, "dynamic")) {
    *out = !strcasecmp(s, "static") ? MC_SCHED_STATIC : MC_SCHED_DYNAMIC;
    return 0;
  }
  accgpu_set_error(ACCGPU_ERR_GENERIC, "ACCGPU_MC_SCHEDULE=%s is not one of "
                   "auto, static, dynamic", s);
  return -1;
}

/* A child of fork() has none of libgomp's pool threads, which its pool
   still counts (its first parallel region waited for them forever): the
   child's launches run on its one thread. */
static void forked_child(void) { mc_dev.threads = 1; }
static void watch_forks(void) { pthread_atfork(NULL, NULL, forked_child); }
static pthread_once_t forks_once = PTHREAD_ONCE_INIT;

static int mc_open(int ordinal, struct accgpu_dev **out) {
  (void)ordinal;
  if (mc_threads(&mc_dev.threads) != 0 || mc_sched(&mc_dev.sched) != 0)
    return -1;
  pthread_once(&forks_once, watch_forks);
  *out = &mc_dev;
  return 0;
}

static void mc_close(struct accgpu_dev *dev) { (void)dev; }

/* The device opened at start-up (core.c): the calling thread's team is
   started now, as libgomp creates its workers in the first parallel region
   (0.2-0.9 ms on the 2-core VM, most of himeno small's 2-thread time). */
void accgpu_mc_start(void) { accgpu_mc_start_team(mc_dev.threads); }

static int mc_props(struct accgpu_dev *dev, accgpu_devprops *p) {
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "multicore (%d threads)", dev->threads);
  strcpy(p->vendor, "accgpu");
  strcpy(p->driver, "libaccgpu multicore (libgomp)");
  p->total_mem = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
  /* The compiler's default gangs: sm_count * max_blocks_per_sm. */
  p->sm_count = (uint32_t)dev->threads;
  p->max_blocks_per_sm = MC_BLOCKS_PER_THREAD;
  p->max_threads_per_block = 1024;
  p->warp_size = 32;
  p->shared_mem_per_block = MC_SHARED_BYTES;
  return 0;
}

static int mc_mem_info(struct accgpu_dev *dev, size_t *free_b,
                       size_t *total_b) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  (void)dev;
  *free_b = (size_t)sysconf(_SC_AVPHYS_PAGES) * page;
  *total_b = (size_t)sysconf(_SC_PHYS_PAGES) * page;
  return 0;
}

static int mc_queue_create(struct accgpu_dev *dev, struct accgpu_queue **q) {
  (void)dev;
  return accgpu_emu_queue_create(NULL, q);
}

/* ---- Copies: memory is the host's; queued to keep the queue's order. */

typedef struct mc_copy {
  void *dst;
  const void *src; /* NULL: memset to BYTE */
  int byte;
  size_t bytes;
} mc_copy;

static void copy_fn(void *arg) {
  mc_copy *c = arg;
  if (c->src)
    memmove(c->dst, c->src, c->bytes);
  else
    memset(c->dst, c->byte, c->bytes);
  free(c);
}

static int queue_copy(struct accgpu_queue *q, void *dst, const void *src,
                      int byte, size_t bytes) {
  mc_copy *c = malloc(sizeof *c);
  if (!c) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "multicore: out of host memory");
    return -1;
  }
  *c = (mc_copy){dst, src, byte, bytes};
  if (accgpu_emu_queue_callback(q, copy_fn, c) == 0)
    return 0;
  free(c);
  return -1;
}

static int mc_copy_fn(struct accgpu_queue *q, void *dst, const void *src,
                      size_t bytes) {
  return bytes ? queue_copy(q, dst, src, 0, bytes) : 0;
}

static int mc_memset(struct accgpu_queue *q, void *dst, int byte,
                     size_t bytes) {
  return bytes ? queue_copy(q, dst, NULL, byte, bytes) : 0;
}

/* ---- Modules ---------------------------------------------------------- */

static int mc_module_unload(struct accgpu_dev *dev, void *handle) {
  mc_module *m = handle;
  (void)dev;
  if (!m)
    return 0;
  accgpu_image_deps_close(&m->deps);
  accgpu_image_close(m->dl, m->fd);
  free(m->last);
  free(m);
  return 0;
}

/* Looks up the entries of M's kernels (NAME__emu) and __accgpu_mc_enter. */
static int find_entries(mc_module *m) {
  const char *file = m->mod->source_file ? m->mod->source_file : "?";
  char sym[512];
  *(void **)&m->enter = dlsym(m->dl, "__accgpu_mc_enter");
  for (unsigned k = 0; k < m->mod->nkernels; k++) {
    const __accgpu_kernel *kn = &m->mod->kernels[k];
    const char *name = kn->name;
    m->kernel[k].desc = kn;
    m->kernel[k].pack =
        (uint32_t)accgpu_mc_pack_size(kn->nparams, kn->param_sizes);
    if (snprintf(sym, sizeof sym, "%s__emu", name) < (int)sizeof sym)
      *(void **)&m->kernel[k].entry = dlsym(m->dl, sym);
    if (!m->enter || !m->kernel[k].entry) {
      accgpu_set_error(ACCGPU_ERR_GENERIC, "module '%s': kernel '%s' has no "
                       "multicore code in its image", file, name);
      return -1;
    }
  }
  return 0;
}

static void no_kernel(void **args) { (void)args; }

/* Each thread of the calling thread's team runs M's block set-up once: a
   thread's first access to an image's thread-local block allocates its
   copy (0.4 ms of himeno small's 2-thread time on the 2-core VM), which
   a module loaded at start-up would otherwise leave to the first launch. */
static int warm_threads(mc_module *m) {
  accgpu_mc_launch l = {m->enter, no_kernel, NULL, {(unsigned)mc_dev.threads,
                        1, 1}, 0, mc_dev.threads, MC_SCHED_STATIC, NULL};
  return mc_dev.threads > 1 ? accgpu_mc_run(&l) : 0;
}

static int mc_module_load(struct accgpu_dev *dev, const __accgpu_module *mod,
                          void **handle) {
  const char *file = mod->source_file ? mod->source_file : "?";
  if (!mod->mc_image) {
    accgpu_set_error(ACCGPU_ERR_GENERIC, "module '%s' has no multicore image "
                     "(built by hand, or by an older plugin: rebuild it)",
                     file);
    return -1;
  }
  mc_module *m = calloc(1, sizeof *m + mod->nkernels * sizeof m->kernel[0]);
  size_t last = sizeof *m->last * (mod->nkernels ? mod->nkernels : 1);
  if (!m || !(m->last = aligned_alloc(128, last))) {
    free(m);
    accgpu_set_error(ACCGPU_ERR_NOMEM, "multicore: out of host memory");
    return -1;
  }
  memset(m->last, 0, last);
  m->mod = mod;
  m->dl = accgpu_image_open(mod->mc_image, mod->mc_image_size, file,
                            "multicore image", &m->fd);
  if (!m->dl || find_entries(m) != 0 ||
      accgpu_image_link(m->dl, mod, 1, &m->deps) != 0 || warm_threads(m) != 0) {
    if (!m->dl)
      m->fd = -1;
    mc_module_unload(dev, m);
    return -1;
  }
  *handle = m;
  return 0;
}

/* ---- Launches ---------------------------------------------------------- */

/* The launch of kernel K of module H with ARGS, checked.  Returns 0, or -1
   with the error left. */
static int launch_of(void *h, unsigned k, const accgpu_launch_cfg *c,
                     void **args, accgpu_mc_launch *l) {
  mc_module *m = h;
  if (k >= m->mod->nkernels) {
    accgpu_set_error(ACCGPU_ERR_LAUNCH, "launch: module '%s' has no kernel "
                     "%u", m->mod->source_file ? m->mod->source_file : "?", k);
    return -1;
  }
  if (!c->grid.x || !c->grid.y || !c->grid.z ||
      c->shared_bytes > MC_SHARED_BYTES) {
    accgpu_set_error(ACCGPU_ERR_LAUNCH, "launch of kernel '%s': grid %ux%ux%u, "
                     "%u B shared: %s", m->mod->kernels[k].name, c->grid.x,
                     c->grid.y, c->grid.z, c->shared_bytes,
                     c->shared_bytes > MC_SHARED_BYTES
                         ? "more than 48 KiB of dynamic shared memory"
                         : "empty grid");
    return -1;
  }
  *l = (accgpu_mc_launch){m->enter, m->kernel[k].entry, args, c->grid,
                          c->shared_bytes, mc_dev.threads, mc_dev.sched,
                          &m->kernel[k]};
  return 0;
}

/* Default gangs per thread of kernel K (__accgpu_kernel_limits): one
   while its launches are dealt statically, MC_BLOCKS_PER_THREAD once
   dynamically (forced, or found uneven: team.c). */
static unsigned mc_kernel_blocks(void *h, unsigned k) {
  mc_module *m = h;
  return accgpu_mc_dynamic(mc_dev.sched, &m->kernel[k]) ? MC_BLOCKS_PER_THREAD
                                                         : 1;
}

static const __accgpu_kernel *kernel_of(void *h, unsigned k) {
  return &((mc_module *)h)->mod->kernels[k];
}

/* Runs on the calling thread, the values packed with the launch when they
   fit (mc.h), else read where the caller has them: from the kernel's last
   launch, rewritten where it differs, unless another thread runs that one
   (then on this thread's stack). */
static int mc_launch_sync(struct accgpu_queue *q, void *h, unsigned k,
                          const accgpu_launch_cfg *c, void **args) {
  accgpu_mc_launch_buf buf;
  mc_module *m = h;
  (void)q;
  if (launch_of(h, k, c, args, &buf.l) != 0)
    return -1;
  const __accgpu_kernel *kn = kernel_of(h, k);
  if (sizeof buf.l + m->kernel[k].pack > sizeof buf)
    return accgpu_mc_run(&buf.l);
  mc_last *last = &m->last[k];
  if (__atomic_exchange_n(&last->busy, 1, __ATOMIC_ACQUIRE)) {
    accgpu_mc_pack(&buf.l, kn->nparams, kn->param_sizes, args);
    return accgpu_mc_run(&buf.l);
  }
  accgpu_mc_repack(&last->buf.l, &buf.l, kn->nparams, kn->param_sizes, args);
  int rc = accgpu_mc_run(&last->buf.l);
  __atomic_store_n(&last->busy, 0, __ATOMIC_RELEASE);
  return rc;
}

/* A queued launch owns its packed values (the caller's may be gone when
   the queue runs it). */
static void task_fn(void *arg) {
  accgpu_mc_launch *l = arg;
  /* A queue callback has no way to fail: out of memory ends the program,
     as the core's own errors do. */
  if (accgpu_mc_run(l) != 0)
    accgpu_fatal(NULL, "multicore: %s", accgpu_last_error(NULL));
  free(l);
}

static int mc_launch(struct accgpu_queue *q, void *h, unsigned k,
                     const accgpu_launch_cfg *c, void **args) {
  accgpu_mc_launch head;
  if (launch_of(h, k, c, args, &head) != 0)
    return -1;
  const __accgpu_kernel *kn = kernel_of(h, k);
  size_t bytes = sizeof head + accgpu_mc_pack_size(kn->nparams,
                                                   kn->param_sizes);
  accgpu_mc_launch *l = aligned_alloc(128, (bytes + 127) & ~(size_t)127);
  if (!l) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "launch of kernel '%s': out of host "
                     "memory", kn->name);
    return -1;
  }
  *l = head;
  accgpu_mc_pack(l, kn->nparams, kn->param_sizes, args);
  if (accgpu_emu_queue_callback(q, task_fn, l) == 0)
    return 0;
  free(l);
  return -1;
}

const accgpu_backend accgpu_backend_multicore = {
    .name = "multicore",
    .type = acc_device_multicore,
    .count = mc_count,
    .open = mc_open,
    .close = mc_close,
    .props = mc_props,
    .mem_info = mc_mem_info,
    .mem_alloc = accgpu_host_mem_alloc,
    .mem_free = accgpu_host_mem_free,
    .host_alloc = accgpu_host_mem_alloc,
    .host_free = accgpu_host_mem_free,
    .queue_create = mc_queue_create,
    .queue_destroy = accgpu_emu_queue_destroy,
    .queue_sync = accgpu_emu_queue_sync,
    .queue_query = accgpu_emu_queue_query,
    .queue_wait_queue = accgpu_emu_queue_wait_queue,
    .queue_callback = accgpu_emu_queue_callback,
    .copy_h2d = mc_copy_fn,
    .copy_d2h = mc_copy_fn,
    .copy_d2d = mc_copy_fn,
    .memset = mc_memset,
    .copy_peer = NULL,
    .module_load = mc_module_load,
    .module_unload = mc_module_unload,
    .launch = mc_launch,
    .launch_sync = mc_launch_sync,
    .kernel_blocks = mc_kernel_blocks,
};
