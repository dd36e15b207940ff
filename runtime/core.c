/* core.c — device lists, lazy initialization, per-thread state, queues.
 *
 * Devices are numbered per type (host 0; nvidia 0..n-1; emulator 0..n-1)
 * and over all non-host devices (acc_device_not_host: the nvidia devices
 * first, then the emulator's).  Each thread has a current device and a
 * domain, the device type it selected (ACC_DEVICE_TYPE, acc_set_device_*):
 * device numbers without a type (deviceid(e), ACC_DEVICE_NUM, update peer)
 * count over the domain.  Default domain: nvidia when a GPU is there, else
 * host.  A device is opened on first use.                                */
#include "core.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* The GPU backends live in runtime/cuda and runtime/emulator.  Both are
   plain (strong) references: with a static libaccgpu.a a weak reference
   would not pull the backend's archive member in, and ACC_DEVICE_TYPE=
   emulator would find no device (tests/unit/test_api.c, emu_static_link). */

static struct {
  pthread_mutex_t lock; /* guards everything here after init */
  const accgpu_backend *override[ACCGPU_NTYPES];
  int counted[ACCGPU_NTYPES];
  int count[ACCGPU_NTYPES];
  accgpu_device *dev[ACCGPU_NTYPES][ACCGPU_MAX_PER_TYPE];
  acc_device_t default_type; /* concrete */
  int default_num;
  const char *type_env, *num_env; /* ACC_DEVICE_TYPE, _NUM when set */
  int num_from_env; /* ACC_DEVICE_NUM was set */
  int local_rank;   /* an MPI launcher's, when ACC_DEVICE_NUM is not set */
  pid_t pid;
  int forked;                       /* this process is a fork()ed child */
  int exited;                       /* at_exit has run */
  int parent_init[ACCGPU_NTYPES];   /* separate-memory types an ancestor
                                       initialised before fork() */
} rt = {.lock = PTHREAD_MUTEX_INITIALIZER};

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
/* Bumped when device structs are freed (accgpu_core_set_backend): a
   thread's cached current device (accgpu_thread.cur) from before is gone. */
static unsigned devices_gen;
static _Thread_local accgpu_thread self;

static const char *const type_names[ACCGPU_NTYPES] = {
    "host", "nvidia", "emulator", "multicore"};
static const acc_device_t type_of_index[ACCGPU_NTYPES] = {
    acc_device_host, acc_device_nvidia, acc_device_emulator,
    acc_device_multicore};

int accgpu_type_index(acc_device_t t) {
  switch (t) {
  case acc_device_host: return 0;
  case acc_device_nvidia: return 1;
  case acc_device_emulator: return 2;
  case acc_device_multicore: return 3;
  default: return -1;
  }
}

_Noreturn void accgpu_fatal_bad_type(const __accgpu_loc *loc, const char *who,
                                     acc_device_t t) {
  if (t == acc_device_radeon)
    accgpu_fatal(loc, "%s: acc_device_radeon: accgpu runs on no AMD GPU "
                 "(its devices: host, nvidia, emulator, multicore)", who);
  accgpu_fatal(loc, "%s: invalid device type %d", who, (int)t);
}

/* Backend of type index I, or NULL when not linked (rt.lock not needed:
   overrides change only in single-threaded test setup). */
static const accgpu_backend *backend_of(int i) {
  if (rt.override[i])
    return rt.override[i];
  switch (i) {
  case 0: return &accgpu_backend_host;
  case 1: return &accgpu_backend_nvidia;
  case 2: return &accgpu_backend_emulator;
  default: return &accgpu_backend_multicore;
  }
}

/* Device count of type index I, asking the backend once (rt.lock held). */
static int count_locked(int i) {
  if (!rt.counted[i]) {
    const accgpu_backend *be = backend_of(i);
    int n = be && be->count ? be->count() : 0;
    rt.count[i] = n < 0 ? 0 : n > ACCGPU_MAX_PER_TYPE ? ACCGPU_MAX_PER_TYPE : n;
    rt.counted[i] = 1;
  }
  return rt.count[i];
}

int accgpu_type_count(acc_device_t t) {
  int i = accgpu_type_index(t);
  if (i < 0)
    return 0;
  pthread_mutex_lock(&rt.lock);
  int n = count_locked(i);
  pthread_mutex_unlock(&rt.lock);
  return n;
}

static void at_exit(void);

/* fork(): CUDA cannot be used in a child once its parent initialised it
   (cuInit, which counting the devices does): the child's first call fails
   with "initialization error".  The child remembers which types with their
   own memory its parent had counted, and refuses them with a clear error;
   the emulator is refused the same way, so that the CPU shows what the GPU
   would do (ACCGPU_EMU_FORK=allow: not the emulator).  The host and
   multicore devices, and test backends (accgpu_core_set_backend), work in
   the child. */
static void forked_child(void) {
  const char *e = getenv("ACCGPU_EMU_FORK");
  int emu_ok = e && !strcmp(e, "allow"); /* a test harness's children */
  for (int i = 0; i < ACCGPU_NTYPES; i++) {
    acc_device_t t = type_of_index[i];
    if (rt.counted[i] && t != acc_device_host && t != acc_device_multicore &&
        !rt.override[i] && !(t == acc_device_emulator && emu_ok))
      rt.parent_init[i] = 1;
  }
  rt.forked = 1;
}

_Noreturn static void forked_error(const __accgpu_loc *loc, const char *who,
                                   int i) {
  accgpu_fatal(loc, "%s: the %s device cannot be used in this process: its "
               "parent process initialised it before fork() (CUDA is not "
               "fork-safe; the emulator checks the same). Fork before the "
               "first OpenACC call, exec() in the child, or use the host or "
               "multicore device there", who, type_names[i]);
}

/* Reads ACC_DEVICE_TYPE / ACC_DEVICE_NUM once. */
static void init_once_fn(void) {
  rt.pid = getpid();
  accgpu_profile_init(); /* first: its exit handler runs last (profile.c) */
  accgpu_time_init();
  const char *env = getenv("ACC_DEVICE_TYPE");
  if (env && *env) {
    rt.type_env = env;
    if (!strcasecmp(env, "host"))
      rt.default_type = acc_device_host;
    else if (!strcasecmp(env, "nvidia"))
      rt.default_type = acc_device_nvidia;
    else if (!strcasecmp(env, "emulator"))
      rt.default_type = acc_device_emulator;
    else if (!strcasecmp(env, "multicore"))
      rt.default_type = acc_device_multicore;
    else if (!strcasecmp(env, "not_host") || !strcasecmp(env, "not-host"))
      rt.default_type = acc_device_not_host;
    else
      accgpu_fatal(NULL, "ACC_DEVICE_TYPE=%s is not one of host, nvidia, "
                   "emulator, multicore, not_host", env);
  } else {
    rt.default_type = acc_device_default;
  }
  env = getenv("ACC_DEVICE_NUM");
  if (env && *env) {
    rt.num_env = env;
    char *end;
    long n = strtol(env, &end, 10);
    if (!isdigit((unsigned char)*env) || *end || n < 0 ||
        n >= ACCGPU_MAX_PER_TYPE)
      accgpu_fatal(NULL, "ACC_DEVICE_NUM=%s is not a device number (one "
                   "from 0 to %d, below the number of devices of the type)",
                   env, ACCGPU_MAX_PER_TYPE - 1);
    rt.default_num = (int)n;
    rt.num_from_env = 1;
  }
  rt.local_rank = rt.num_from_env ? -1 : accgpu_local_rank_env();
  atexit(at_exit);
  pthread_atfork(NULL, NULL, forked_child);
}

/* Whether S is unset or a string of digits (a number, or empty). */
static int unset_or_digits(const char *s) {
  for (const char *c = s; c && *c; c++)
    if (!isdigit((unsigned char)*c))
      return 0;
  return 1;
}

/* At start-up, for a device picked by ACC_DEVICE_TYPE, what its first
   construct would otherwise do inside the time a program measures
   (docs/host-speed.md, docs/multicore.md): host opens the host device
   (0.2-0.5 ms of first-touch costs on a small VM, where the serial build
   pays nothing); multicore loads the thread team (libgomp),
   opens the device (0.2-0.3 ms more on that VM, paid by himeno's timed
   loop) and starts its threads (0.2-0.9 ms); each object's constructor
   then loads its kernels (launch.c, __accgpu_module_preload).  Only when
   ACC_DEVICE_NUM (and ACC_NUM_CORES for multicore) is unset or a number:
   a bad value is reported by the construct that meets it (libgomp reads
   ACC_DEVICE_NUM too as it loads, and would complain first).  Other devices (a GPU probe, the emulator's threads) start on
   first use. */
static pthread_once_t picked_once = PTHREAD_ONCE_INIT;
static accgpu_device *picked_mc; /* the multicore device opened here */

/* The host device, and (ACC_DEVICE_NUM unset: no number to report as out
   of range here) the loading thread's state and the host fast path that its
   first construct would set up, cold, inside the time a program measures
   (docs/host-speed.md, session 12). */
static void start_host(void) {
  accgpu_device_get(acc_device_host, 0, "start-up (ACC_DEVICE_TYPE)");
  const char *num = getenv("ACC_DEVICE_NUM");
  if (!num || !*num)
    accgpu_host_fast_note(accgpu_thread_get());
}

static void start_picked_once(void) {
  const char *type = getenv("ACC_DEVICE_TYPE");
  if (!unset_or_digits(getenv("ACC_DEVICE_NUM")))
    return;
  if (type && !strcasecmp(type, "host"))
    start_host();
  else if (type && !strcasecmp(type, "multicore")) {
    accgpu_mc_preload();
    if (unset_or_digits(getenv("ACC_NUM_CORES"))) {
      picked_mc = accgpu_device_get(acc_device_multicore, 0,
                                     "start-up (ACC_DEVICE_TYPE)");
      accgpu_mc_start();
    }
  }
}

__attribute__((constructor)) static void start_picked_device(void) {
  pthread_once(&picked_once, start_picked_once);
}

/* A module's start-up hook may run before this library's constructor (a
   static link orders them as it likes): it starts the device itself. */
accgpu_device *accgpu_picked_multicore(void) {
  pthread_once(&picked_once, start_picked_once);
  return picked_mc;
}

acc_device_t accgpu_resolve_domain(acc_device_t t) {
  pthread_once(&init_once, init_once_fn);
  if (t == acc_device_default)
    t = rt.default_type;
  /* ACC_DEVICE_TYPE=emulator without a GPU: the emulator (which runs the
     same CUDA C) stands in for acc_device_nvidia, so a program that names
     nvidia devices (acc_set_device_num(1, acc_device_nvidia), then
     acc_memcpy_d2d over that numbering) runs on the emulator's.  The host
     and multicore devices stand in the same way when ACC_DEVICE_TYPE names
     them: programs written for GPUs call acc_init(acc_device_nvidia) or
     acc_set_device_num(rank % n, acc_device_nvidia) first. */
  if (t == acc_device_nvidia && rt.type_env &&
      (rt.default_type == acc_device_emulator ||
       rt.default_type == acc_device_host ||
       rt.default_type == acc_device_multicore) &&
      accgpu_type_count(acc_device_nvidia) == 0)
    return rt.default_type;
  if (t == acc_device_default)
    return accgpu_type_count(acc_device_nvidia) > 0 ? acc_device_nvidia
                                                     : acc_device_host;
  return t;
}

int accgpu_domain_count(acc_device_t domain) {
  domain = accgpu_resolve_domain(domain);
  if (domain == acc_device_not_host)
    return accgpu_type_count(acc_device_nvidia) +
           accgpu_type_count(acc_device_emulator);
  return accgpu_type_count(domain);
}

/* Concrete type and number of device K of DOMAIN (not_host: nvidia devices
   first).  Returns 0, or -1 when K is out of range (then *TYPE is the
   domain's first type and *NUM is K, for the error message). */
static int domain_map(acc_device_t domain, int k, acc_device_t *type,
                      int *num) {
  domain = accgpu_resolve_domain(domain);
  *num = k;
  if (domain != acc_device_not_host) {
    *type = domain;
    return k >= 0 && k < accgpu_type_count(domain) ? 0 : -1;
  }
  int nv = accgpu_type_count(acc_device_nvidia);
  *type = nv > 0 ? acc_device_nvidia : acc_device_emulator;
  if (k < nv || k < 0)
    return k < 0 ? -1 : 0;
  *type = acc_device_emulator;
  *num = k - nv;
  return *num < accgpu_type_count(acc_device_emulator) ? 0 : -1;
}

int accgpu_domain_number(acc_device_t domain, acc_device_t type, int num) {
  domain = accgpu_resolve_domain(domain);
  if (domain == acc_device_not_host && type == acc_device_emulator)
    return accgpu_type_count(acc_device_nvidia) + num;
  if (domain == acc_device_not_host && type == acc_device_nvidia)
    return num;
  return domain == type ? num : -1;
}

static const char *domain_name(acc_device_t domain) {
  int i = accgpu_type_index(domain);
  return i >= 0 ? type_names[i] : "not_host";
}

int accgpu_default_device_num(acc_device_t domain) {
  if (rt.num_from_env) /* acc_set_device_type back to a type keeps it */
    return rt.default_num < accgpu_domain_count(domain) ? rt.default_num : 0;
  int n = rt.local_rank < 0 ? 0 : accgpu_domain_count(domain);
  return n > 0 ? rt.local_rank % n : 0;
}

accgpu_thread *accgpu_thread_get(void) {
  if (!self.inited) {
    self.domain = accgpu_resolve_domain(acc_device_default);
    int num = rt.num_from_env ? rt.default_num
                              : accgpu_default_device_num(self.domain);
    if (domain_map(self.domain, num, &self.type, &self.num) &&
        rt.num_env && accgpu_domain_count(self.domain) > 0)
      accgpu_fatal(NULL, "ACC_DEVICE_NUM=%s: %s has %d device(s)",
                   rt.num_env, domain_name(self.domain),
                   accgpu_domain_count(self.domain));
    self.default_async = ACCGPU_DEFAULT_ASYNC;
    self.inited = 1;
  }
  return &self;
}

/* The host fast path of compute constructs (include/accgpu_abi.h): 1 while
   the process default device is the host and no thread has chosen another
   one, so every thread's current device is the host and a construct's
   __accgpu_offload_p would return 0 doing nothing else.  0 until a
   construct finds it so; -1 from the moment a thread chooses a device that
   is not the host, for good.  Another thread that still reads 1 has not
   chosen: its device is the host.  The chooser's store is unconditional
   and after its choice, so no compare-and-swap from 0 can leave a 1 behind
   it. */
int __accgpu_host_fast;

void accgpu_host_fast_note(const accgpu_thread *t) {
  int zero = 0;
  /* Already decided (on, or off for good): nothing to ask on this path,
     which every host construct takes once a thread chose another device. */
  if (__atomic_load_n(&__accgpu_host_fast, __ATOMIC_RELAXED) != 0)
    return;
  if (t->type == acc_device_host &&
      accgpu_resolve_domain(acc_device_default) == acc_device_host)
    __atomic_compare_exchange_n(&__accgpu_host_fast, &zero, 1, 0,
                                __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

void accgpu_thread_select(accgpu_thread *t, acc_device_t domain,
                          const accgpu_device *d) {
  t->domain = domain;
  t->type = d->type;
  t->num = d->num;
  t->cur = NULL;
  if (d->type != acc_device_host)
    __atomic_store_n(&__accgpu_host_fast, -1, __ATOMIC_RELAXED);
}

const char *accgpu_device_desc(const accgpu_device *d, char *buf, size_t n) {
  snprintf(buf, n, "device %d (%s)", d->num, d->be->name);
  return buf;
}

/* Device NUM of type index I is not one of its N: the error, naming the
   variable that chose the type when it did. */
_Noreturn static void no_device(const __accgpu_loc *loc, const char *who,
                                int i, int num, int n) {
  char why[96] = "";
  if (rt.type_env && rt.default_type == type_of_index[i])
    snprintf(why, sizeof why, " (ACC_DEVICE_TYPE=%.40s)", rt.type_env);
  if (n == 0)
    accgpu_fatal(loc, "%s: no %s device is available%s", who, type_names[i],
                 why);
  accgpu_fatal(loc, "%s: %s device %d does not exist (%d available)", who,
               type_names[i], num, n);
}

/* Device struct for (I, NUM), created unopened (rt.lock held). */
static accgpu_device *device_struct(int i, int num) {
  accgpu_device *d = rt.dev[i][num];
  if (d)
    return d;
  d = calloc(1, sizeof *d);
  if (!d)
    accgpu_fatal(NULL, "out of host memory");
  d->be = backend_of(i);
  d->type = type_of_index[i];
  d->num = num;
  d->slot = i * ACCGPU_MAX_PER_TYPE + num;
  d->shared_mem = i == 0 || i == 3; /* host, multicore */
  pthread_mutex_init(&d->lock, NULL);
  pthread_cond_init(&d->idle, NULL);
  accgpu_present_init(&d->present);
  accgpu_ptrmap_init(&d->queues);
  __atomic_store_n(&rt.dev[i][num], d, __ATOMIC_RELEASE);
  return d;
}

/* Opens D (D's lock held); fatal error naming WHO on failure. */
static void device_open(accgpu_device *d, const char *who) {
  char desc[64];
  if (d->be->open(d->num, &d->dev) != 0)
    accgpu_fatal(NULL, "%s: cannot open %s: %s", who,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  memset(&d->props, 0, sizeof d->props);
  if (d->be->props && d->be->props(d->dev, &d->props) != 0)
    accgpu_fatal(NULL, "%s: cannot query %s: %s", who,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  accgpu_pool_init(&d->pool, d->be, d->dev);
  d->staging_ok = !d->shared_mem && d->be->host_alloc && d->be->host_free &&
                  d->be->queue_callback;
  if (d->staging_ok)
    accgpu_pool_init_host(&d->staging, d->be, d->dev);
  accgpu_declare_on_open(d);
  __atomic_store_n(&d->opened, 1, __ATOMIC_RELEASE);
}

accgpu_device *accgpu_device_get_at(acc_device_t t, int num,
                                    const __accgpu_loc *loc, const char *who) {
  pthread_once(&init_once, init_once_fn);
  t = accgpu_resolve_domain(t);
  if (t == acc_device_not_host) {
    int k = num;
    if (domain_map(t, k, &t, &num) != 0)
      accgpu_fatal(loc, "%s: not_host device %d does not exist (%d "
                   "available: nvidia first, then emulator)", who, k,
                   accgpu_domain_count(acc_device_not_host));
  }
  int i = accgpu_type_index(t);
  if (__builtin_expect(rt.forked, 0) && i >= 0 && rt.parent_init[i])
    forked_error(loc, who, i);
  /* Fast path, no lock: a published, opened device (both flags are
     written with release order under the locks). */
  if (i >= 0 && num >= 0 && num < ACCGPU_MAX_PER_TYPE) {
    accgpu_device *d = __atomic_load_n(&rt.dev[i][num], __ATOMIC_ACQUIRE);
    if (d && __atomic_load_n(&d->opened, __ATOMIC_ACQUIRE))
      return d;
  }
  if (i < 0)
    accgpu_fatal_bad_type(loc, who, t);
  pthread_mutex_lock(&rt.lock);
  int n = count_locked(i);
  if (num < 0 || num >= n) {
    pthread_mutex_unlock(&rt.lock);
    no_device(loc, who, i, num, n);
  }
  accgpu_device *d = device_struct(i, num);
  pthread_mutex_unlock(&rt.lock);
  accgpu_device_lock_open(d, who);
  pthread_mutex_unlock(&d->lock);
  return d;
}

accgpu_device *accgpu_device_get(acc_device_t t, int num, const char *who) {
  return accgpu_device_get_at(t, num, NULL, who);
}

/* A caller keeps D open itself (and must not wait for a close): it has a
   region on D, whose hold the close waits for, or it is D's worker, which
   the close drains. */
static int keeps_open(const accgpu_device *d) {
  return accgpu_on_worker_of(d) || accgpu_region_on(d) != NULL;
}

void accgpu_device_lock(accgpu_device *d) {
  pthread_mutex_lock(&d->lock);
  if (d->closing && !keeps_open(d))
    while (d->closing)
      pthread_cond_wait(&d->idle, &d->lock);
}

void accgpu_device_lock_open(accgpu_device *d, const char *who) {
  accgpu_device_lock(d);
  if (!d->opened)
    device_open(d, who);
}

void accgpu_device_hold(accgpu_device *d) { d->users++; }

void accgpu_device_unhold(accgpu_device *d) {
  pthread_mutex_lock(&d->lock);
  if (--d->users == 0)
    pthread_cond_broadcast(&d->idle);
  pthread_mutex_unlock(&d->lock);
}

/* T's current device, opened: the one T found last while it is still
   open (no lock, no look-up: each construct asks three times), else
   accgpu_device_get_at's.  A forked child always asks (its parent's
   devices may be refused there). */
static accgpu_device *current_of(accgpu_thread *t, const __accgpu_loc *loc,
                                 const char *who) {
  unsigned gen = __atomic_load_n(&devices_gen, __ATOMIC_ACQUIRE);
  accgpu_device *d = t->cur;
  if (d && t->cur_gen == gen && !__builtin_expect(rt.forked, 0) &&
      __atomic_load_n(&d->opened, __ATOMIC_ACQUIRE))
    return d;
  d = accgpu_device_get_at(t->type, t->num, loc, who);
  t->cur = d;
  t->cur_gen = gen;
  return d;
}

accgpu_device *accgpu_current(void) {
  return current_of(accgpu_thread_get(), NULL, "accgpu");
}

accgpu_device *accgpu_device_arg(int device, const __accgpu_loc *loc,
                                 const char *who) {
  accgpu_thread *t = accgpu_thread_get();
  if (device == ACCGPU_CURRENT_DEVICE)
    return current_of(t, loc, who);
  /* On the host fallback every deviceid is the one host. */
  if (t->type == acc_device_host)
    return accgpu_device_get_at(acc_device_host, 0, loc, who);
  return accgpu_device_get_at(t->domain, device, loc, who);
}

int accgpu_async_valid(int async) {
  return async >= 0 || async == acc_async_sync || async == acc_async_noval ||
         async == acc_async_default;
}

void accgpu_async_check(int async, const __accgpu_loc *loc, const char *who) {
  if (!accgpu_async_valid(async))
    accgpu_fatal(loc, "%s: invalid async argument %d (a queue number >= 0, "
                 "acc_async_noval, acc_async_sync or acc_async_default)",
                 who, async);
}

void __accgpu_async_host(const __accgpu_loc *loc, int async) {
  accgpu_async_check(async, loc, "async");
}

/* Key of ASYNC in D's queue table; 0 when ASYNC is not valid. */
static uintptr_t queue_key(int async) {
  if (async == acc_async_noval || async == acc_async_default)
    async = accgpu_thread_get()->default_async;
  if (async == acc_async_sync)
    return ACCGPU_QKEY_SYNC;
  return async >= 0 ? (uintptr_t)async + 1 : 0;
}

struct accgpu_queue *accgpu_queue_find(accgpu_device *d, int async) {
  uintptr_t q, key = queue_key(async);
  return key && accgpu_ptrmap_get(&d->queues, key, &q)
             ? (struct accgpu_queue *)q : NULL;
}

struct accgpu_queue *accgpu_reclaim_queue(accgpu_device *d) {
  uintptr_t q;
  if (accgpu_ptrmap_get(&d->queues, ACCGPU_QKEY_RECLAIM, &q))
    return (struct accgpu_queue *)q;
  struct accgpu_queue *nq;
  if (d->be->queue_create(d->dev, &nq) != 0)
    return NULL;
  if (accgpu_ptrmap_put(&d->queues, ACCGPU_QKEY_RECLAIM, (uintptr_t)nq) != 0) {
    d->be->queue_destroy(nq);
    return NULL;
  }
  return nq;
}

struct accgpu_queue *accgpu_queue_get(accgpu_device *d, int async,
                                      const __accgpu_loc *loc) {
  char desc[64];
  uintptr_t key = queue_key(async);
  if (!key)
    accgpu_async_check(async, loc, "async");
  struct accgpu_queue *q = accgpu_queue_find(d, async);
  if (q)
    return q;
  if (d->be->queue_create(d->dev, &q) != 0)
    accgpu_fatal(loc, "cannot create async queue %d on %s: %s", async,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  if (accgpu_ptrmap_put(&d->queues, key, (uintptr_t)q) != 0)
    accgpu_fatal(loc, "out of host memory");
  if (d->be->queue_label)
    d->be->queue_label(q, key == ACCGPU_QKEY_SYNC ? acc_async_sync
                                                 : (int)(key - 1));
  return q;
}

static void queue_drain(uintptr_t key, uintptr_t q, void *ctx) {
  accgpu_device *d = ctx;
  (void)key;
  d->be->queue_sync((struct accgpu_queue *)q);
}

static void queue_destroy(uintptr_t key, uintptr_t q, void *ctx) {
  accgpu_device *d = ctx;
  (void)key;
  d->be->queue_destroy((struct accgpu_queue *)q);
}

/* Frees everything D holds (D's lock held, no users).  Every queue is
   drained before any is destroyed: a queue's pending wait on another
   (`wait(2) async(1)`) reads that one until it has run. */
static void device_release(accgpu_device *d) {
  accgpu_ptrmap_each(&d->queues, queue_drain, d);
  accgpu_ptrmap_each(&d->queues, queue_destroy, d);
  accgpu_ptrmap_fini(&d->queues);
  accgpu_data_clear(d);
  accgpu_modules_unload(d);
  accgpu_pool_fini(&d->pool);
  if (d->staging_ok)
    accgpu_pool_fini(&d->staging);
  d->staging_ok = 0;
  if (d->be->close)
    d->be->close(d->dev);
  d->dev = NULL;
  __atomic_store_n(&d->opened, 0, __ATOMIC_RELEASE);
}

/* Waits until D has no users (D's lock held; CLOSING set). */
static void wait_users(accgpu_device *d) {
  while (d->users > 0)
    pthread_cond_wait(&d->idle, &d->lock);
}

/* Closes D once the regions, waits and drains other threads have on it
   are over; threads that would start new ones wait for the close (and then
   reopen D).  Its worker is stopped when no user is left, so no drain
   holds it.  Fatal, naming WHO, when the caller has a region on D: closing
   would free the data under it, and waiting would never end. */
static void device_close(accgpu_device *d, const char *who) {
  char desc[64];
  const __accgpu_loc *in = accgpu_region_on(d);
  if (in && d->shared_mem)
    return; /* the host: no device data under the region, nothing to do */
  if (in)
    accgpu_fatal(NULL, "%s: called inside the %s region at %s:%d (in %s), "
                 "whose data on %s it would free; shut down after the "
                 "region ends", who, in->construct ? in->construct : "data",
                 in->file ? in->file : "?", in->line,
                 in->func ? in->func : "?",
                 accgpu_device_desc(d, desc, sizeof desc));
  pthread_mutex_lock(&d->lock);
  d->closing++;
  wait_users(d);
  pthread_mutex_unlock(&d->lock);
  accgpu_worker_stop(d);
  pthread_mutex_lock(&d->lock);
  wait_users(d); /* tasks of a worker started meanwhile */
  if (d->opened)
    device_release(d);
  d->closing--;
  pthread_cond_broadcast(&d->idle);
  pthread_mutex_unlock(&d->lock);
}

void accgpu_shutdown_device(accgpu_device *d, const char *who) {
  device_close(d, who);
}

/* The devices of type T (all when acc_device_none) into LIST. */
static int devices_of(acc_device_t t, accgpu_device **list) {
  int n = 0;
  pthread_mutex_lock(&rt.lock);
  for (int i = 0; i < ACCGPU_NTYPES; i++) {
    if (t != acc_device_none && type_of_index[i] != t)
      continue;
    for (int k = 0; k < ACCGPU_MAX_PER_TYPE; k++)
      if (rt.dev[i][k])
        list[n++] = rt.dev[i][k];
  }
  pthread_mutex_unlock(&rt.lock);
  return n;
}

void accgpu_each_device(void (*fn)(accgpu_device *, void *), void *arg) {
  accgpu_device *list[ACCGPU_MAX_SLOTS];
  if (getpid() != rt.pid || __atomic_load_n(&rt.exited, __ATOMIC_ACQUIRE))
    return;
  int n = devices_of(acc_device_none, list);
  for (int k = 0; k < n; k++)
    fn(list[k], arg);
}

/* Closes the devices of type T (all when acc_device_none).  rt.lock is
   released before closing: a worker being drained may still look devices
   up.  Device structs are never freed here, so the pointers stay valid. */
void accgpu_shutdown_type(acc_device_t t, const char *who) {
  accgpu_device *list[ACCGPU_MAX_SLOTS];
  int n = devices_of(t, list);
  for (int k = 0; k < n; k++)
    device_close(list[k], who);
}

void accgpu_core_set_backend(acc_device_t t, const accgpu_backend *be) {
  pthread_once(&init_once, init_once_fn);
  int i = accgpu_type_index(t);
  if (i < 0)
    return;
  accgpu_shutdown_type(t, "accgpu");
  pthread_mutex_lock(&rt.lock);
  for (int n = 0; n < ACCGPU_MAX_PER_TYPE; n++) {
    accgpu_device *d = rt.dev[i][n];
    if (!d)
      continue;
    accgpu_present_fini(&d->present);
    pthread_cond_destroy(&d->idle);
    pthread_mutex_destroy(&d->lock);
    free(d);
    __atomic_store_n(&rt.dev[i][n], NULL, __ATOMIC_RELEASE);
  }
  rt.override[i] = be;
  rt.counted[i] = 0;
  __atomic_fetch_add(&devices_gen, 1, __ATOMIC_RELEASE);
  /* The default device may change with the device count: ask again. */
  int one = 1;
  __atomic_compare_exchange_n(&__accgpu_host_fast, &one, 0, 0,
                              __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&rt.lock);
}

/* Normal exit: finish queued worker tasks and release the devices nobody
   uses.  A device some thread still has a region on (exit() called inside
   one, or threads still running) is left to the operating system: waiting
   could last forever.  Skipped in a forked child (the workers are the
   parent's threads). */
static void at_exit(void) {
  accgpu_device *list[ACCGPU_MAX_SLOTS];
  if (getpid() != rt.pid)
    return;
  __atomic_store_n(&rt.exited, 1, __ATOMIC_RELEASE);
  int n = devices_of(acc_device_none, list);
  for (int k = 0; k < n; k++) {
    accgpu_device *d = list[k];
    accgpu_worker_stop(d);
    pthread_mutex_lock(&d->lock);
    if (d->users == 0 && d->opened)
      device_release(d);
    pthread_mutex_unlock(&d->lock);
  }
}
