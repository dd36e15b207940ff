/* launch.c — kernel launch, module loading, offload decisions.
 *
 * A module (one per translation unit) is loaded on a device by the first
 * launch that needs it there.  *mod->cache points at a table of backend
 * handles, one per device slot, that this file allocates once per module
 * (mods_lock) and keeps on a list so device shutdown can unload them.
 * Handles are read and written under the device's lock; mods_lock is taken
 * after a device lock, never before one.                                */
#include "core.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

typedef struct modcache {
  const __accgpu_module *mod;
  void *handle[ACCGPU_MAX_SLOTS];
  struct modcache *next;
} modcache;

static pthread_mutex_t mods_lock = PTHREAD_MUTEX_INITIALIZER;
static modcache *mods;

/* The handle table of MOD, allocated on first use.  Freed when the library
   MOD is in is unloaded (__accgpu_module_unload). */
static modcache *cache_of(const __accgpu_module *mod) {
  modcache *c = __atomic_load_n((modcache **)mod->cache, __ATOMIC_ACQUIRE);
  if (c)
    return c;
  pthread_mutex_lock(&mods_lock);
  c = *(modcache **)mod->cache;
  if (!c) {
    c = calloc(1, sizeof *c);
    if (!c)
      accgpu_fatal(NULL, "out of host memory");
    c->mod = mod;
    c->next = mods;
    mods = c;
    __atomic_store_n((modcache **)mod->cache, c, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&mods_lock);
  return c;
}

void accgpu_modules_unload(accgpu_device *d) {
  pthread_mutex_lock(&mods_lock);
  for (modcache *c = mods; c; c = c->next)
    if (c->handle[d->slot]) {
      if (d->be->module_unload)
        d->be->module_unload(d->dev, c->handle[d->slot]);
      c->handle[d->slot] = NULL;
    }
  pthread_mutex_unlock(&mods_lock);
}

static void unload_on(accgpu_device *d, void *arg) {
  modcache *c = arg;
  accgpu_device_lock(d);
  void *h = c->handle[d->slot];
  if (h && d->be->module_unload)
    d->be->module_unload(d->dev, h);
  __atomic_store_n(&c->handle[d->slot], NULL, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&d->lock);
}

/* A library with kernels is being unloaded: its images go (a dlopen'd
   emulator image and its descriptor each), and MOD's table with them, so
   that the list holds no module that is gone. */
void __accgpu_module_unload(const __accgpu_module *mod) {
  modcache *c = mod ? __atomic_load_n((modcache **)mod->cache,
                                      __ATOMIC_ACQUIRE) : NULL;
  if (!c)
    return;
  accgpu_each_device(unload_on, c);
  pthread_mutex_lock(&mods_lock);
  for (modcache **p = &mods; *p; p = &(*p)->next)
    if (*p == c) {
      *p = c->next;
      __atomic_store_n((modcache **)mod->cache, NULL, __ATOMIC_RELEASE);
      free(c);
      break;
    }
  pthread_mutex_unlock(&mods_lock);
}

/* MOD's cubin table looks as the plugin makes it: ELF images for sm_75 or
   later.  Only a GPU loads them; checking here, on every device, lets
   emulator runs catch a table this runtime would misread. */
static void check_cubins(const __accgpu_loc *loc, const __accgpu_module *mod) {
  for (uint32_t i = 0; i < mod->ncubins; i++) {
    const __accgpu_cubin *c = &mod->cubins[i];
    if (!c->name || !c->image || c->size < 64 || c->arch < 75 ||
        memcmp(c->image, "\177ELF", 4) != 0)
      accgpu_fatal(loc, "the kernels of %s carry a malformed cubin table "
                   "(entry %u of %u): rebuild them with this accgpu",
                   mod->source_file ? mod->source_file : "?", i,
                   mod->ncubins);
  }
}

/* Loads MOD on D into its cache C (D's lock held).  Returns the handle, or
   NULL with the backend's error left. */
static void *load_module(accgpu_device *d, const __accgpu_loc *loc,
                         const __accgpu_module *mod, modcache *c) {
  void *h = NULL;
  double t0 = accgpu_timing ? accgpu_now() : 0;
  if (d->be->module_load(d->dev, mod, &h) != 0)
    return NULL;
  /* ACCGPU_TIME says which image a GPU loaded (a cubin, or PTX JIT). */
  if (accgpu_timing && d->be->module_desc)
    accgpu_time_record(ACCGPU_T_LOAD, d->be->module_desc(h), loc, 0,
                       accgpu_now() - t0);
  pthread_mutex_lock(&mods_lock);
  __atomic_store_n(&c->handle[d->slot], h, __ATOMIC_RELEASE); /* direct */
  pthread_mutex_unlock(&mods_lock);
  return h;
}

/* Backend handle of MOD on D, loading it (D's lock held). */
static void *module_handle(accgpu_device *d, const __accgpu_loc *loc,
                           const __accgpu_module *mod) {
  char desc[64];
  modcache *c = cache_of(mod);
  void *h = c->handle[d->slot];
  if (h)
    return h;
  check_cubins(loc, mod);
  if (!(h = load_module(d, loc, mod, c)))
    accgpu_fatal(loc, "cannot load the kernels of %s on %s: %s",
                 mod->source_file ? mod->source_file : "?",
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  return h;
}

/* A constructor in each object with kernels: on the multicore device
   picked at start-up, the module's image is loaded now (0.3-0.6 ms of
   dlopen on a small VM), not by the first launch a program times, as the
   code of an OpenMP build is in the program from the start.  Elsewhere
   nothing happens; a failure is left for that launch to report. */
void __accgpu_module_preload(const __accgpu_module *mod) {
  accgpu_device *d = accgpu_picked_multicore();
  if (!d || !mod || mod->abi_version != ACCGPU_ABI_VERSION)
    return;
  accgpu_device_lock(d);
  modcache *c = cache_of(mod);
  if (d->opened && !c->handle[d->slot])
    load_module(d, NULL, mod, c);
  pthread_mutex_unlock(&d->lock);
}

/* MOD's backend handle on D when it is loaded there, else NULL. */
static void *cached_handle(const accgpu_device *d, const __accgpu_module *mod) {
  modcache *c = __atomic_load_n((modcache **)mod->cache, __ATOMIC_ACQUIRE);
  return c ? __atomic_load_n(&c->handle[d->slot], __ATOMIC_ACQUIRE) : NULL;
}

typedef struct launch_args {
  const __accgpu_loc *loc;
  const __accgpu_module *mod;
  unsigned kernel;
  accgpu_launch_cfg cfg;
  int async;
  const int64_t *vals; /* trips and params for the profile, or NULL */
  int held; /* the calling thread's region keeps D open */
} launch_args;

/* A synchronous, untimed, unprofiled launch from inside a region on D
   whose backend runs it on the calling thread (multicore), its module
   loaded: the region keeps D open and the handle (no close can unload it),
   a synchronous launch on the calling thread needs no queue, and the run
   returns when it is done, so no lock, hold, queue look-up or sync (300
   instructions of a 2-thread launch's serial path on multicore, docs/
   multicore.md, session 10).  Returns 0 when it launched, 1 when the
   general path must. */
static int launch_direct(accgpu_device *d, const launch_args *a, void **args,
                         int prof) {
  char desc[64];
  if (!a->held || a->async != acc_async_sync || accgpu_timing || prof ||
      !d->be->launch_sync)
    return 1;
  void *h = cached_handle(d, a->mod);
  if (!h)
    return 1;
  if (d->be->launch_sync(NULL, h, a->kernel, &a->cfg, args) != 0)
    accgpu_fatal(a->loc, "kernel %s failed to launch on %s: %s",
                 a->mod->kernels[a->kernel].name,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  return 0;
}

/* Launches on D from the calling thread. */
static void launch_now(accgpu_device *d, const launch_args *a, void **args) {
  char desc[64];
  const __accgpu_kernel *k = &a->mod->kernels[a->kernel];
  int prof = __atomic_load_n(&accgpu_profiling, __ATOMIC_RELAXED);
  if (!launch_direct(d, a, args, prof))
    return;
  int sync = a->async == acc_async_sync || accgpu_timing || prof;
  accgpu_device_lock_open(d, a->loc && a->loc->construct ? a->loc->construct
                                                         : "launch");
  accgpu_device_hold(d); /* Q stays until the sync below */
  void *h = module_handle(d, a->loc, a->mod);
  struct accgpu_queue *q = accgpu_queue_get(d, a->async, a->loc);
  if (prof && a->async != acc_async_sync &&
      d->be->queue_sync(q) != 0) /* time the kernel alone */
    accgpu_fatal(a->loc, "kernel %s: %s failed: %s", k->name,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  double t0 = accgpu_timing || prof ? accgpu_now() : 0;
  /* A backend that can run a synchronous launch on the calling thread
     (multicore) saves the trip through its queue thread; it runs without
     the device lock, as a queued kernel does. */
  accgpu_launch_fn *run = sync ? d->be->launch_sync : NULL;
  int rc = run ? 0 : d->be->launch(q, h, a->kernel, &a->cfg, args);
  pthread_mutex_unlock(&d->lock);
  if (rc == 0 && run)
    rc = run(q, h, a->kernel, &a->cfg, args);
  if (rc != 0)
    accgpu_fatal(a->loc, "kernel %s failed to launch on %s: %s", k->name,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  if (sync && d->be->queue_sync(q) != 0)
    accgpu_fatal(a->loc, "kernel %s failed on %s: %s", k->name,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  accgpu_device_unhold(d);
  double t1 = accgpu_timing || prof ? accgpu_now() : 0;
  if (accgpu_timing)
    accgpu_time_record(ACCGPU_T_KERNEL, k->name, a->loc, 0, t1 - t0);
  if (prof)
    accgpu_profile_record(a->mod, a->kernel, &a->cfg, d, t1 - t0, a->vals);
}

/* A launch queued on a worker: the argument values (and the profile's
   values, at VALS_OFF) travel with it. */
typedef struct launch_task {
  accgpu_device *d;
  launch_args a;
  unsigned nparams;
  size_t off[64], vals_off;
  alignas(max_align_t) unsigned char vals[];
} launch_task;

#define ARG_ALIGN 16

static void launch_task_fn(void *arg) {
  launch_task *t = arg;
  void *args[64];
  for (unsigned i = 0; i < t->nparams; i++)
    args[i] = t->vals + t->off[i];
  if (t->a.vals)
    t->a.vals = (const int64_t *)(void *)(t->vals + t->vals_off);
  launch_now(t->d, &t->a, args);
}

/* Queues the launch on D's worker, copying each argument value. */
static void launch_queued(accgpu_device *d, const launch_args *a,
                          void **args) {
  const __accgpu_kernel *k = &a->mod->kernels[a->kernel];
  if (k->nparams > 64)
    accgpu_fatal(a->loc, "kernel %s has more than 64 parameters", k->name);
  size_t total = 0, off[64];
  for (unsigned i = 0; i < k->nparams; i++) {
    off[i] = total;
    total += (k->param_sizes[i] + ARG_ALIGN - 1) / ARG_ALIGN * ARG_ALIGN;
  }
  size_t vals_off = total, nvals = a->vals ? k->ntrips + k->nsyms : 0;
  total += nvals * sizeof *a->vals;
  launch_task *t = malloc(sizeof *t + total);
  if (!t)
    accgpu_fatal(a->loc, "out of host memory");
  t->d = d;
  t->a = *a;
  t->nparams = k->nparams;
  memcpy(t->off, off, sizeof off);
  t->vals_off = vals_off;
  for (unsigned i = 0; i < k->nparams; i++)
    memcpy(t->vals + off[i], args[i], k->param_sizes[i]);
  if (nvals)
    memcpy(t->vals + vals_off, a->vals, nvals * sizeof *a->vals);
  accgpu_worker_submit(d, launch_task_fn, t, sizeof *t + total);
  free(t);
}

void __accgpu_launch_trips(const __accgpu_loc *loc, const __accgpu_module *mod,
                           unsigned kernel, __accgpu_dim3 grid,
                           __accgpu_dim3 block, unsigned shared_bytes,
                           int async, void **args, const int64_t *vals) {
  int queued = 0;
  accgpu_region *r = accgpu_region_top();
  accgpu_device *d = r ? accgpu_region_device(r, &queued)
                      : accgpu_device_arg(ACCGPU_CURRENT_DEVICE, loc, "launch");
  if (mod->abi_version != ACCGPU_ABI_VERSION)
    accgpu_fatal(loc, "the kernels of %s were built for ABI version %u; this "
                 "libaccgpu has version %d: rebuild", mod->source_file,
                 mod->abi_version, ACCGPU_ABI_VERSION);
  if (kernel >= mod->nkernels)
    accgpu_fatal(loc, "kernel %u does not exist in %s", kernel,
                 mod->source_file);
  if (d->type == acc_device_host)
    accgpu_fatal(loc, "kernel %s: cannot launch on the host device",
                 mod->kernels[kernel].name);
  launch_args a = {loc, mod, kernel, {grid, block, shared_bytes}, async,
                   vals, r && !queued};
  if (queued)
    launch_queued(d, &a, args);
  else
    launch_now(d, &a, args);
}

void __accgpu_launch(const __accgpu_loc *loc, const __accgpu_module *mod,
                     unsigned kernel, __accgpu_dim3 grid, __accgpu_dim3 block,
                     unsigned shared_bytes, int async, void **args) {
  __accgpu_launch_trips(loc, mod, kernel, grid, block, shared_bytes, async,
                        args, NULL);
}

int __accgpu_offload_p(const __accgpu_loc *loc, int device, int cond) {
  if (!cond)
    return 0;
  accgpu_device *d = accgpu_device_arg(device, loc, "compute construct");
  if (d->type != acc_device_host)
    return 1;
  accgpu_host_fast_note(accgpu_thread_get());
  return 0;
}

static accgpu_device *device_limits(int device, __accgpu_devlimits *out) {
  accgpu_device *d = accgpu_device_arg(device, NULL, "device limits");
  memset(out, 0, sizeof *out);
  if (d->type == acc_device_host)
    return d;
  out->sm_count = d->props.sm_count;
  out->max_threads_per_block = d->props.max_threads_per_block;
  out->warp_size = d->props.warp_size;
  out->max_blocks_per_sm = d->props.max_blocks_per_sm;
  return d;
}

void __accgpu_device_limits(int device, __accgpu_devlimits *out) {
  device_limits(device, out);
}

/* The module's handle on D when it is loaded there (else the device's
   answer: the first launch loads it). */
void __accgpu_kernel_limits(int device, const __accgpu_module *mod,
                            unsigned kernel, __accgpu_devlimits *out) {
  accgpu_device *d = device_limits(device, out);
  if (!d->be->kernel_blocks || kernel >= mod->nkernels)
    return;
  void *h = cached_handle(d, mod);
  unsigned b = h ? d->be->kernel_blocks(h, kernel) : 0;
  if (b)
    out->max_blocks_per_sm = b;
}
