/* api.c — the OpenACC API of include/openacc.h (every C routine of chapter 3
 * of OpenACC 3.3, docs/runtime.md), plus the compiler's
 * wait and update-peer entry points.  Routines act on the calling thread's
 * current device; misuse (data not present for an update, a pointer
 * acc_malloc did not return) is a fatal error naming the routine.       */
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static accgpu_device *cur(const char *who) {
  accgpu_thread *t = accgpu_thread_get();
  return accgpu_device_get(t->type, t->num, who);
}

/* ---- Devices ---- */

int acc_get_num_devices(acc_device_t t) {
  if (t == acc_device_none)
    return 0;
  return accgpu_domain_count(t);
}

/* Makes DOMAIN (host, nvidia, emulator, not_host) the calling thread's,
   keeping its current device when that is in the domain, else the default
   one: ACC_DEVICE_NUM's, the MPI rank's (local-rank.c) or device 0 of the
   domain (before session 23 ACC_DEVICE_NUM was forgotten here).  Opens the device
   (fatal naming WHO when impossible). */
static void select_domain(accgpu_thread *th, acc_device_t domain,
                          const char *who) {
  domain = accgpu_resolve_domain(domain);
  int k = accgpu_domain_number(domain, th->type, th->num);
  accgpu_device *d =
      accgpu_device_get(domain, k < 0 ? accgpu_default_device_num(domain) : k,
                        who);
  accgpu_thread_select(th, domain, d);
}

void acc_set_device_type(acc_device_t t) {
  select_domain(accgpu_thread_get(), t, "acc_set_device_type");
}

acc_device_t acc_get_device_type(void) { return accgpu_thread_get()->type; }

/* NUM counts over T's devices (not_host: nvidia first, then emulator);
   with acc_device_none/default over the thread's domain. */
static void set_device_num(int num, acc_device_t t, const char *who) {
  accgpu_thread *th = accgpu_thread_get();
  acc_device_t domain = t == acc_device_none || t == acc_device_default
                            ? th->domain : accgpu_resolve_domain(t);
  accgpu_device *d = accgpu_device_get(domain, num, who);
  accgpu_thread_select(th, domain, d);
}

/* A negative NUM reverts to the default device, 0 (OpenACC: "revert to its
   default behavior"), as the set directive does. */
void acc_set_device_num(int num, acc_device_t t) {
  set_device_num(num < 0 ? 0 : num, t, "acc_set_device_num");
}

/* The current device's number among T's devices (the domain's for
   none/default); 0 when it is not one of them. */
int acc_get_device_num(acc_device_t t) {
  accgpu_thread *th = accgpu_thread_get();
  acc_device_t domain = t == acc_device_none || t == acc_device_default
                            ? th->domain : accgpu_resolve_domain(t);
  int k = accgpu_domain_number(domain, th->type, th->num);
  return k < 0 ? 0 : k;
}

size_t acc_get_property(int num, acc_device_t t, acc_device_property_t p) {
  accgpu_device *d = accgpu_device_get(t, num, "acc_get_property");
  size_t free_b = 0, total_b = 0;
  switch (p) {
  case acc_property_memory:
    return d->props.total_mem;
  case acc_property_free_memory:
    accgpu_device_lock_open(d, "acc_get_property");
    /* What acc_free and unmapping gave back stays in the pool, which the
       backend counts as used: it is free all the same. */
    if (!d->be->mem_info || d->be->mem_info(d->dev, &free_b, &total_b) != 0)
      free_b = 0;
    else if (!d->shared_mem)
      free_b += accgpu_pool_idle_bytes(&d->pool);
    pthread_mutex_unlock(&d->lock);
    return free_b;
  case acc_property_shared_memory_support:
    return (size_t)d->shared_mem;
  default:
    return 0;
  }
}

const char *acc_get_property_string(int num, acc_device_t t,
                                    acc_device_property_t p) {
  accgpu_device *d = accgpu_device_get(t, num, "acc_get_property_string");
  switch (p) {
  case acc_property_name: return d->props.name;
  case acc_property_vendor: return d->props.vendor;
  case acc_property_driver: return d->props.driver;
  default: return NULL;
  }
}

void acc_init(acc_device_t t) {
  select_domain(accgpu_thread_get(), t, "acc_init");
}

static void shutdown_type(acc_device_t t, const char *who) {
  t = accgpu_resolve_domain(t);
  if (t != acc_device_none && t != acc_device_not_host &&
      accgpu_type_index(t) < 0)
    accgpu_fatal_bad_type(NULL, who, t);
  if (t == acc_device_not_host) {
    accgpu_shutdown_type(acc_device_nvidia, who);
    accgpu_shutdown_type(acc_device_emulator, who);
    return;
  }
  accgpu_shutdown_type(t, who);
}

void acc_shutdown(acc_device_t t) { shutdown_type(t, "acc_shutdown"); }

/* OpenACC 3.0: open (close) device DEVNUM of type T without making it
   current.  A type without devices has nothing to shut down. */
void acc_init_device(int devnum, acc_device_t t) {
  accgpu_device_get(accgpu_resolve_domain(t), devnum, "acc_init_device");
}

void acc_shutdown_device(int devnum, acc_device_t t) {
  t = accgpu_resolve_domain(t);
  if (accgpu_domain_count(t) == 0)
    return;
  accgpu_shutdown_device(accgpu_device_get(t, devnum, "acc_shutdown_device"),
                         "acc_shutdown_device");
}

/* Host code runs on the host: only the host (and "none of the others")
   questions are true here. */
int acc_on_device(acc_device_t t) { return t == acc_device_host; }

/* ---- Async queues ---- */

typedef struct qlist {
  struct accgpu_queue **q;
  size_t n, cap;
  int user_only; /* leave out the reclaim queue */
  uintptr_t *key; /* each one's key: the list runs from the highest down */
} qlist;

/* Queues are listed from the highest async number down, so a wait for all
   of them syncs a later pipeline stage first: on the emulator's deferred
   queues (emulator/queue.c) a stage on queue 2 that reads queue 1's output
   without a wait then runs before it, every run. */
static void qlist_add(uintptr_t key, uintptr_t q, void *ctx) {
  qlist *l = ctx;
  if ((l->user_only && key == ACCGPU_QKEY_RECLAIM) || l->n == l->cap)
    return;
  size_t i = l->n++;
  for (; i > 0 && l->key[i - 1] < key; i--) {
    l->q[i] = l->q[i - 1];
    l->key[i] = l->key[i - 1];
  }
  l->q[i] = (struct accgpu_queue *)q;
  l->key[i] = key;
}

/* Every queue of D (D's lock taken and released), held for the caller:
   it frees L->q and unholds D. */
static void all_queues(accgpu_device *d, qlist *l) {
  accgpu_device_lock(d);
  accgpu_device_hold(d);
  l->cap = d->queues.count;
  l->n = 0;
  l->q = malloc((l->cap ? l->cap : 1) * sizeof *l->q);
  l->key = malloc((l->cap ? l->cap : 1) * sizeof *l->key);
  if (!l->q || !l->key)
    accgpu_fatal(NULL, "out of host memory");
  accgpu_ptrmap_each(&d->queues, qlist_add, l);
  pthread_mutex_unlock(&d->lock);
  free(l->key);
  l->key = NULL;
}

static void sync_queue(accgpu_device *d, struct accgpu_queue *q,
                       const __accgpu_loc *loc, const char *who) {
  char desc[64];
  if (d->be->queue_sync(q) != 0)
    accgpu_fatal(loc, "%s: %s failed: %s", who,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
}

static int test_queue(accgpu_device *d, struct accgpu_queue *q,
                      const char *who) {
  char desc[64];
  int r = d->be->queue_query(q);
  if (r < 0)
    accgpu_fatal(NULL, "%s: %s failed: %s", who,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  return r;
}

/* Queue ASYNC of D or NULL; D is then held for the caller (a shutdown
   waits before destroying the queue), who unholds it. */
static struct accgpu_queue *find_queue(accgpu_device *d, int async) {
  accgpu_device_lock(d);
  struct accgpu_queue *q = accgpu_queue_find(d, async);
  if (q)
    accgpu_device_hold(d);
  pthread_mutex_unlock(&d->lock);
  return q;
}

static int test_on(accgpu_device *d, int async, const char *who) {
  accgpu_async_check(async, NULL, who);
  struct accgpu_queue *q = find_queue(d, async);
  int r = q ? test_queue(d, q, who) : 1;
  if (q)
    accgpu_device_unhold(d);
  return r;
}

/* The user's queues only: the reclaim queue's deferred frees are no
   operation the program started (they ran late after a wait(7), and
   acc_async_test_all said 0 with every queue of the program idle). */
static int test_all_on(accgpu_device *d) {
  qlist l = {.user_only = 1};
  int idle = 1;
  all_queues(d, &l);
  for (size_t i = 0; i < l.n && idle; i++)
    idle = test_queue(d, l.q[i], "acc_async_test_all");
  free(l.q);
  accgpu_device_unhold(d);
  return idle;
}

/* Blocks until ASYNC's queue on D is done. */
static void wait_on(accgpu_device *d, int async, const __accgpu_loc *loc,
                    const char *who) {
  accgpu_async_check(async, loc, who);
  struct accgpu_queue *q = find_queue(d, async);
  if (q) {
    sync_queue(d, q, loc, who);
    accgpu_device_unhold(d);
  }
}

/* Blocks until D's worker and every queue of D are done. */
static void wait_all_on(accgpu_device *d, const __accgpu_loc *loc) {
  qlist l = {0};
  accgpu_worker_drain(d);
  all_queues(d, &l);
  for (size_t i = 0; i < l.n; i++)
    sync_queue(d, l.q[i], loc, "wait");
  free(l.q);
  accgpu_device_unhold(d);
}

/* Makes queue ASYNC2 wait for queue ASYNC (all queues when ALL). */
static void wait_async_on(accgpu_device *d, int async, int async2, int all,
                          const __accgpu_loc *loc, const char *who) {
  char desc[64];
  qlist l = {0};
  if (!all)
    accgpu_async_check(async, loc, who);
  accgpu_async_check(async2, loc, who);
  accgpu_device_lock_open(d, "wait");
  accgpu_device_hold(d); /* Q2 and Q stay until the waits are queued */
  struct accgpu_queue *q2 = accgpu_queue_get(d, async2, loc);
  struct accgpu_queue *q = all ? NULL : accgpu_queue_find(d, async);
  pthread_mutex_unlock(&d->lock);
  if (all)
    all_queues(d, &l);
  else if (q)
    l = (qlist){&q, 1, 1, 0, NULL};
  for (size_t i = 0; i < l.n; i++)
    if (l.q[i] != q2 && d->be->queue_wait_queue(q2, l.q[i]) != 0)
      accgpu_fatal(loc, "wait async(%d): %s failed: %s", async2,
                   accgpu_device_desc(d, desc, sizeof desc),
                   accgpu_last_error(NULL));
  if (all) {
    free(l.q);
    accgpu_device_unhold(d);
  }
  accgpu_device_unhold(d);
}

/* Device NUM of the calling thread's domain. */
static accgpu_device *dev_num(int num, const char *who) {
  return accgpu_device_get(accgpu_thread_get()->domain, num, who);
}

int acc_async_test(int a) {
  return test_on(cur("acc_async_test"), a, "acc_async_test");
}
int acc_async_test_device(int a, int n) {
  return test_on(dev_num(n, "acc_async_test_device"), a,
                 "acc_async_test_device");
}
int acc_async_test_all(void) {
  return test_all_on(cur("acc_async_test_all"));
}
int acc_async_test_all_device(int n) {
  return test_all_on(dev_num(n, "acc_async_test_all_device"));
}
void acc_wait(int a) { wait_on(cur("acc_wait"), a, NULL, "acc_wait"); }
void acc_wait_device(int a, int n) {
  wait_on(dev_num(n, "acc_wait_device"), a, NULL, "acc_wait_device");
}
void acc_wait_async(int a, int a2) {
  wait_async_on(cur("acc_wait_async"), a, a2, 0, NULL, "acc_wait_async");
}
void acc_wait_device_async(int a, int a2, int n) {
  wait_async_on(dev_num(n, "acc_wait_device_async"), a, a2, 0, NULL,
                "acc_wait_device_async");
}
void acc_wait_all(void) { wait_all_on(cur("acc_wait_all"), NULL); }
void acc_wait_all_device(int n) {
  wait_all_on(dev_num(n, "acc_wait_all_device"), NULL);
}
void acc_wait_all_async(int a) {
  wait_async_on(cur("acc_wait_all_async"), 0, a, 1, NULL,
                "acc_wait_all_async");
}
void acc_wait_all_device_async(int a, int n) {
  wait_async_on(dev_num(n, "acc_wait_all_device_async"), 0, a, 1, NULL,
                "acc_wait_all_device_async");
}
/* ---- acc_wait_any (OpenACC 3.2) ---- */

/* Index of the first queue of ARGS[0..COUNT) on D that has finished its
   work (a queue never used has), -1 when none has; acc_async_sync entries
   are skipped.  *LIVE gets the number of the others. */
static int first_idle(accgpu_device *d, int count, const int *args,
                      int *live, const char *who) {
  *live = 0;
  for (int i = 0; i < count; i++) {
    if (args[i] == acc_async_sync)
      continue;
    ++*live;
    struct accgpu_queue *q = find_queue(d, args[i]);
    int idle = !q || test_queue(d, q, who);
    if (q)
      accgpu_device_unhold(d);
    if (idle)
      return i;
  }
  return -1;
}

/* Blocks until one of the queues ARGS[0..COUNT) of D is done; returns its
   index, or -1 when every entry is acc_async_sync (or COUNT is 0).  The
   backends have no "wait for any queue", so this polls, backing off from
   1 us to 1 ms between rounds. */
static int wait_any_on(accgpu_device *d, int count, const int *args,
                       const char *who) {
  if (count < 0 || (count > 0 && !args))
    accgpu_fatal(NULL, "%s: invalid count %d or NULL wait_arg", who, count);
  for (int i = 0; i < count; i++)
    if (args[i] < 0 && args[i] != acc_async_sync &&
        args[i] != acc_async_noval && args[i] != acc_async_default)
      accgpu_fatal(NULL, "%s: wait_arg[%d] = %d is not a valid async "
                   "argument", who, i, args[i]);
  long ns = 1000;
  for (;;) {
    int live, i = first_idle(d, count, args, &live, who);
    if (i >= 0 || !live)
      return i;
    nanosleep(&(struct timespec){0, ns}, NULL);
    ns = ns < 1000000 ? 2 * ns : ns;
  }
}

int acc_wait_any(int count, int wait_arg[]) {
  return wait_any_on(cur("acc_wait_any"), count, wait_arg, "acc_wait_any");
}
int acc_wait_any_device(int count, int wait_arg[], int n) {
  return wait_any_on(dev_num(n, "acc_wait_any_device"), count, wait_arg,
                     "acc_wait_any_device");
}

void acc_async_wait(int a) { acc_wait(a); }
void acc_async_wait_all(void) { acc_wait_all(); }

int acc_get_default_async(void) {
  return accgpu_thread_get()->default_async;
}

/* acc_async_default (and acc_async_noval, which names the default queue
   itself) restore the initial queue; an invalid value is a fatal error
   naming WHO (at LOC for the set directive). */
static void set_default_async(int a, const __accgpu_loc *loc,
                              const char *who) {
  if (a == acc_async_default || a == acc_async_noval)
    a = ACCGPU_DEFAULT_ASYNC;
  if (a < 0 && a != acc_async_sync)
    accgpu_fatal(loc, "%s: invalid async argument %d", who, a);
  accgpu_thread_get()->default_async = a;
}

void acc_set_default_async(int a) {
  set_default_async(a, NULL, "acc_set_default_async");
}

/* ---- #pragma acc set, init, shutdown ---- */

/* "FILE:LINE (CONSTRUCT in FUNC)": device lookups name the directive
   through their WHO argument, as accgpu_fatal would with LOC. */
static const char *loc_who(const __accgpu_loc *loc, char *buf, size_t n) {
  snprintf(buf, n, "%s:%d (%s in %s)", loc->file ? loc->file : "?", loc->line,
           loc->construct ? loc->construct : "directive",
           loc->func ? loc->func : "?");
  return buf;
}

/* The device type clause, else the calling thread's selected type. */
static acc_device_t dir_type(unsigned have, int type) {
  return have & ACCGPU_DIR_TYPE ? (acc_device_t)type
                                : accgpu_thread_get()->domain;
}

/* A negative device_num means the default device (OpenACC: "revert to the
   default behavior"): device 0 of the type. */
void __accgpu_set(const __accgpu_loc *loc, unsigned have, int type, int num,
                  int async) {
  char who[512];
  loc_who(loc, who, sizeof who);
  if (have & ACCGPU_DIR_NUM)
    set_device_num(num < 0 ? 0 : num,
                   have & ACCGPU_DIR_TYPE ? (acc_device_t)type
                                          : acc_device_none, who);
  else if (have & ACCGPU_DIR_TYPE)
    select_domain(accgpu_thread_get(), (acc_device_t)type, who);
  if (have & ACCGPU_DIR_ASYNC)
    set_default_async(async, loc, "default_async");
}

/* acc_init of the type; device_num(n) opens device n of it first. */
void __accgpu_init(const __accgpu_loc *loc, unsigned have, int type,
                   int num) {
  char who[512];
  loc_who(loc, who, sizeof who);
  acc_device_t t = dir_type(have, type);
  if (have & ACCGPU_DIR_NUM)
    accgpu_device_get(t, num < 0 ? 0 : num, who);
  select_domain(accgpu_thread_get(), t, who);
}

/* acc_shutdown of the type; with device_num(n), device n alone.  A type
   without devices has nothing to shut down (as acc_shutdown); a number
   out of range for a type that has devices is an error. */
void __accgpu_shutdown(const __accgpu_loc *loc, unsigned have, int type,
                       int num) {
  char who[512];
  loc_who(loc, who, sizeof who);
  acc_device_t t = dir_type(have, type);
  if ((have & ACCGPU_DIR_NUM) && accgpu_domain_count(t) == 0)
    return;
  if (have & ACCGPU_DIR_NUM)
    accgpu_shutdown_device(accgpu_device_get(t, num < 0 ? 0 : num, who), who);
  else
    shutdown_type(t, who);
}

void __accgpu_wait(const __accgpu_loc *loc, int device, unsigned nqueues,
                   const int *queues, int async) {
  if (async == ACCGPU_WAIT_SKIP)
    return;
  accgpu_device *d = accgpu_device_arg(device, loc, "wait");
  accgpu_worker_drain(d);
  if (async != acc_async_sync) {
    if (nqueues == 0)
      wait_async_on(d, 0, async, 1, loc, "wait");
    for (unsigned i = 0; i < nqueues; i++)
      wait_async_on(d, queues[i], async, 0, loc, "wait");
    return;
  }
  if (nqueues == 0)
    wait_all_on(d, loc);
  for (unsigned i = 0; i < nqueues; i++)
    wait_on(d, queues[i], loc, "wait");
}

int __accgpu_wait_if(int cond) {
  return cond ? acc_async_sync : ACCGPU_WAIT_SKIP;
}

char __accgpu_dwait[1]; /* the empty section the rewrite names */

size_t __accgpu_data_wait(const int *queues, size_t nqueues) {
  __accgpu_wait(NULL, -1, queues ? (unsigned)nqueues : 0, queues,
                acc_async_sync);
  return 0;
}

/* Also the wait an `update peer` starts with: its errors name it. */
void __accgpu_wait_device(const __accgpu_loc *loc, int device) {
  const char *who = loc && loc->construct && strcmp(loc->construct, "wait")
                        ? loc->construct : "wait device";
  wait_all_on(accgpu_device_arg(device, loc, who), loc);
}

/* ---- Device memory ---- */

const char accgpu_acc_malloc_label[] = "acc_malloc";

void *acc_malloc(size_t bytes) {
  char desc[64];
  accgpu_device *d = cur("acc_malloc");
  if (bytes == 0)
    return NULL;
  if (d->shared_mem) {
    void *p = malloc(bytes);
    if (!p)
      accgpu_fatal(NULL, "acc_malloc: out of memory allocating %zu bytes on "
                   "%s", bytes, accgpu_device_desc(d, desc, sizeof desc));
    accgpu_host_block_add(p, bytes);
    accgpu_acc_freed_forget(p);
    return p;
  }
  accgpu_device_lock_open(d, "acc_malloc"); /* a shutdown ends the pool */
  void *p = accgpu_pool_alloc(&d->pool, bytes);
  /* Memcheck's reports call it an acc_malloc block, not a neighbour. */
  if (p && d->be->mem_label)
    d->be->mem_label(d->dev, p, bytes, NULL, accgpu_acc_malloc_label);
  pthread_mutex_unlock(&d->lock);
  if (!p)
    accgpu_fatal(NULL, "acc_malloc: out of memory allocating %zu bytes on "
                 "%s: %s", bytes, accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  accgpu_acc_freed_forget(p);
  return p;
}

void acc_free(void *p) {
  char desc[64];
  accgpu_device *d = cur("acc_free");
  if (!p)
    return;
  if (d->shared_mem) {
    if (accgpu_host_block_take(p) != 0)
      accgpu_acc_free_bad(p, accgpu_device_desc(d, desc, sizeof desc));
    accgpu_acc_freed_note(p); /* before malloc may hand P out again */
    free(p);
    return;
  }
  accgpu_device_lock_open(d, "acc_free");
  /* Freeing what data clauses or acc_map_data still map would leave the
     present table pointing at freed (later reused) device memory. */
  accgpu_entry *e = accgpu_present_find_dev(&d->present, (uintptr_t)p);
  if (e) {
    uintptr_t h = e->host, n = e->bytes;
    pthread_mutex_unlock(&d->lock);
    accgpu_fatal(NULL, "acc_free: device memory %p is still mapped to host "
                 "data [%p, +%zu) on %s; acc_free may only free what "
                 "acc_malloc returned and nothing maps", p, (void *)h,
                 (size_t)n, accgpu_device_desc(d, desc, sizeof desc));
  }
  int bad = accgpu_pool_free(&d->pool, p) != 0;
  if (!bad)
    accgpu_acc_freed_note(p);
  pthread_mutex_unlock(&d->lock);
  if (bad)
    accgpu_acc_free_bad(p, accgpu_device_desc(d, desc, sizeof desc));
}

/* ---- Data ---- */

/* acc_copyin/acc_create: present_or_* with the dynamic count. */
static void *enter(const char *who, void *h, size_t bytes, int copyin,
                   int async) {
  accgpu_device *d = cur(who);
  accgpu_op op;
  int created;
  if (d->shared_mem)
    return h;
  if (!h || !bytes)
    return NULL;
  accgpu_op_begin(&op, d, NULL, who, async);
  accgpu_entry *e = accgpu_data_acquire(&op, h, bytes, NULL, 0, 0, &created);
  void *dev = accgpu_entry_dev(e, h);
  if (created && copyin)
    accgpu_data_h2d(&op, dev, h, bytes, NULL);
  accgpu_op_end(&op);
  return dev;
}

/* Entry holding [H, H+BYTES) or a fatal error naming the routine. */
static accgpu_entry *must_find(accgpu_op *op, void *h, size_t bytes) {
  char desc[64];
  accgpu_entry *e = accgpu_data_lookup(op, h, bytes, NULL);
  if (!e)
    accgpu_op_fatal(op, "%p (%zu bytes) is not present on %s", h, bytes,
                    accgpu_device_desc(op->d, desc, sizeof desc));
  return e;
}

/* acc_copyout/acc_delete (+ _finalize).  Data that is not present: no
   action, as `exit data` (OpenACC 3.3 §2.7.8, §2.7.11: with its reference
   counter zero "no action is taken", and the routines are the directive's
   equivalents; §2.7.3 lists only partly present data among their errors,
   and accgpu_data_lookup reports that). */
static void leave(const char *who, void *h, size_t bytes, int copyout,
                  int finalize, int async) {
  accgpu_device *d = cur(who);
  accgpu_op op;
  if (d->shared_mem || !h || !bytes)
    return;
  accgpu_op_begin(&op, d, NULL, who, async);
  accgpu_entry *e = accgpu_data_lookup(&op, h, bytes, NULL);
  if (e)
    accgpu_data_release(&op, e, h, bytes, 0, finalize, copyout);
  accgpu_op_end(&op);
}

static void update(const char *who, void *h, size_t bytes, int to_dev,
                   int async) {
  accgpu_device *d = cur(who);
  accgpu_op op;
  if (d->shared_mem || !h || !bytes)
    return;
  accgpu_op_begin(&op, d, NULL, who, async);
  accgpu_entry *e = must_find(&op, h, bytes);
  if (to_dev)
    accgpu_data_h2d(&op, accgpu_entry_dev(e, h), h, bytes, NULL);
  else
    accgpu_data_d2h(&op, h, accgpu_entry_dev(e, h), bytes, NULL);
  accgpu_op_end(&op);
}

void *acc_copyin(void *h, size_t n) {
  return enter("acc_copyin", h, n, 1, acc_async_sync);
}
void acc_copyin_async(void *h, size_t n, int a) {
  enter("acc_copyin_async", h, n, 1, a);
}
void *acc_present_or_copyin(void *h, size_t n) {
  return enter("acc_present_or_copyin", h, n, 1, acc_async_sync);
}
void *acc_pcopyin(void *h, size_t n) {
  return enter("acc_pcopyin", h, n, 1, acc_async_sync);
}
void *acc_create(void *h, size_t n) {
  return enter("acc_create", h, n, 0, acc_async_sync);
}
void acc_create_async(void *h, size_t n, int a) {
  enter("acc_create_async", h, n, 0, a);
}
void *acc_present_or_create(void *h, size_t n) {
  return enter("acc_present_or_create", h, n, 0, acc_async_sync);
}
void *acc_pcreate(void *h, size_t n) {
  return enter("acc_pcreate", h, n, 0, acc_async_sync);
}
void acc_copyout(void *h, size_t n) {
  leave("acc_copyout", h, n, 1, 0, acc_async_sync);
}
void acc_copyout_async(void *h, size_t n, int a) {
  leave("acc_copyout_async", h, n, 1, 0, a);
}
void acc_copyout_finalize(void *h, size_t n) {
  leave("acc_copyout_finalize", h, n, 1, 1, acc_async_sync);
}
void acc_copyout_finalize_async(void *h, size_t n, int a) {
  leave("acc_copyout_finalize_async", h, n, 1, 1, a);
}
void acc_delete(void *h, size_t n) {
  leave("acc_delete", h, n, 0, 0, acc_async_sync);
}
void acc_delete_async(void *h, size_t n, int a) {
  leave("acc_delete_async", h, n, 0, 0, a);
}
void acc_delete_finalize(void *h, size_t n) {
  leave("acc_delete_finalize", h, n, 0, 1, acc_async_sync);
}
void acc_delete_finalize_async(void *h, size_t n, int a) {
  leave("acc_delete_finalize_async", h, n, 0, 1, a);
}
void acc_update_device(void *h, size_t n) {
  update("acc_update_device", h, n, 1, acc_async_sync);
}
void acc_update_device_async(void *h, size_t n, int a) {
  update("acc_update_device_async", h, n, 1, a);
}
void acc_update_self(void *h, size_t n) {
  update("acc_update_self", h, n, 0, acc_async_sync);
}
void acc_update_self_async(void *h, size_t n, int a) {
  update("acc_update_self_async", h, n, 0, a);
}

int acc_is_present(void *h, size_t bytes) {
  accgpu_device *d = cur("acc_is_present");
  if (d->shared_mem)
    return 1;
  accgpu_device_lock(d);
  accgpu_entry *e = accgpu_present_find(&d->present, (uintptr_t)h);
  int r = e && (bytes == 0 || bytes <= e->bytes - ((uintptr_t)h - e->host));
  pthread_mutex_unlock(&d->lock);
  return r;
}

void *acc_deviceptr(void *h) {
  accgpu_device *d = cur("acc_deviceptr");
  if (d->shared_mem || !h)
    return h;
  accgpu_device_lock(d);
  accgpu_entry *e = accgpu_present_find(&d->present, (uintptr_t)h);
  void *r = e ? accgpu_entry_dev(e, h) : NULL;
  if (e)
    accgpu_entry_exposed(d, e);
  pthread_mutex_unlock(&d->lock);
  return r;
}

void *acc_hostptr(void *p) {
  accgpu_device *d = cur("acc_hostptr");
  if (d->shared_mem || !p)
    return p;
  accgpu_device_lock(d);
  accgpu_entry *e = accgpu_present_find_dev(&d->present, (uintptr_t)p);
  void *r = e ? (void *)(e->host + ((uintptr_t)p - e->dev)) : NULL;
  pthread_mutex_unlock(&d->lock);
  return r;
}

/* acc_map_data's device address P must be device memory of D, where the
   backend knows D's range: a host buffer given there (the arguments
   swapped, or a second host array meant as a "device copy") was only
   found when a kernel read it, as "host memory" with a hint about data
   clauses that did not apply. */
static void check_map_data_dev(accgpu_op *op, void *h, void *p,
                               size_t bytes) {
  char desc[64];
  accgpu_device *d = op->d;
  if (!d->be->mem_owns || d->be->mem_owns(d->dev, p, bytes))
    return;
  accgpu_op_fatal(op, "the device address %p (%zu bytes, for host data "
                  "%p) is not device memory of %s (host memory, or another "
                  "device's): acc_map_data maps host data to device memory "
                  "the program allocated there, such as acc_malloc's", p,
                  bytes, h, accgpu_device_desc(d, desc, sizeof desc));
}

void acc_map_data(void *h, void *p, size_t bytes) {
  char desc[64];
  accgpu_device *d = cur("acc_map_data");
  accgpu_op op;
  if (d->shared_mem)
    return;
  if (!h || !p || !bytes || bytes > UINTPTR_MAX - (uintptr_t)h ||
      bytes > UINTPTR_MAX - (uintptr_t)p)
    accgpu_fatal(NULL, "acc_map_data: invalid arguments (%p, %p, %zu)", h, p,
                 bytes);
  accgpu_op_begin(&op, d, NULL, "acc_map_data", acc_async_sync);
  check_map_data_dev(&op, h, p, bytes);
  if (accgpu_present_overlap(&d->present, (uintptr_t)h, bytes))
    accgpu_op_fatal(&op, "%p (%zu bytes) is already present on %s", h, bytes,
                    accgpu_device_desc(d, desc, sizeof desc));
  if (accgpu_present_overlap_dev(&d->present, (uintptr_t)p, bytes))
    accgpu_op_fatal(&op, "device memory %p (%zu bytes) is already mapped", p,
                    bytes);
  accgpu_entry *e = calloc(1, sizeof *e);
  if (!e)
    accgpu_op_fatal(&op, "out of host memory");
  *e = (accgpu_entry){.host = (uintptr_t)h, .dev = (uintptr_t)p,
                      .bytes = bytes, .user_mapped = 1};
  if (accgpu_present_insert(&d->present, e) != 0)
    accgpu_op_fatal(&op, "out of host memory");
  accgpu_op_end(&op);
}

void acc_unmap_data(void *h) {
  accgpu_device *d = cur("acc_unmap_data");
  accgpu_op op;
  if (d->shared_mem)
    return;
  accgpu_op_begin(&op, d, NULL, "acc_unmap_data", acc_async_sync);
  accgpu_entry *e = accgpu_present_find(&d->present, (uintptr_t)h);
  if (!e || !e->user_mapped || e->host != (uintptr_t)h)
    accgpu_op_fatal(&op, "%p was not mapped by acc_map_data", h);
  if (e->structured)
    accgpu_op_fatal(&op, "%p is still in use by a data region", h);
  accgpu_present_remove(&d->present, e);
  free(e->att);
  free(e);
  accgpu_op_end(&op);
}

/* ---- Raw copies ---- */

typedef int copy_fn(struct accgpu_queue *, void *, const void *, size_t);

static void raw_copy(const char *who, int kind, void *dst, const void *src,
                     size_t bytes, int async) {
  char desc[64];
  accgpu_device *d = cur(who);
  accgpu_op op;
  if (bytes && (!dst || !src))
    accgpu_fatal(NULL, "%s: NULL %s pointer (%zu bytes)", who,
                 dst ? "source" : "destination", bytes);
  if (!bytes)
    return;
  if (d->shared_mem) { /* the device side: an acc_malloc block, maybe */
    if (kind != ACCGPU_T_D2H)
      accgpu_host_block_check(who, dst, bytes);
    if (kind != ACCGPU_T_H2D)
      accgpu_host_block_check(who, src, bytes);
  }
  accgpu_op_begin(&op, d, NULL, who, async);
  /* Where memory is shared a copy is one memmove, still queued: the
     multicore device runs the queue's earlier kernels on another thread. */
  if (kind == ACCGPU_T_H2D && !d->shared_mem)
    accgpu_data_h2d(&op, dst, src, bytes, NULL);
  else if (kind == ACCGPU_T_D2H && !d->shared_mem)
    accgpu_data_d2h(&op, dst, src, bytes, NULL);
  else if (d->be->copy_d2d(op.q, dst, src, bytes) != 0)
    accgpu_op_fatal(&op, "cannot copy %zu bytes on %s: %s", bytes,
                    accgpu_device_desc(d, desc, sizeof desc),
                    accgpu_last_error(NULL));
  accgpu_op_end(&op);
}

void acc_memcpy_to_device(void *dd, void *hs, size_t n) {
  raw_copy("acc_memcpy_to_device", ACCGPU_T_H2D, dd, hs, n, acc_async_sync);
}
void acc_memcpy_to_device_async(void *dd, void *hs, size_t n, int a) {
  raw_copy("acc_memcpy_to_device_async", ACCGPU_T_H2D, dd, hs, n, a);
}
void acc_memcpy_from_device(void *hd, void *ds, size_t n) {
  raw_copy("acc_memcpy_from_device", ACCGPU_T_D2H, hd, ds, n,
           acc_async_sync);
}
void acc_memcpy_from_device_async(void *hd, void *ds, size_t n, int a) {
  raw_copy("acc_memcpy_from_device_async", ACCGPU_T_D2H, hd, ds, n, a);
}
void acc_memcpy_device(void *dd, void *ds, size_t n) {
  raw_copy("acc_memcpy_device", ACCGPU_T_D2D, dd, ds, n, acc_async_sync);
}
void acc_memcpy_device_async(void *dd, void *ds, size_t n, int a) {
  raw_copy("acc_memcpy_device_async", ACCGPU_T_D2D, dd, ds, n, a);
}

/* ---- Attach ---- */

static void attach(const char *who, void **p, int detach, int fin, int a) {
  accgpu_device *d = cur(who);
  accgpu_op op;
  if (d->shared_mem)
    return;
  accgpu_op_begin(&op, d, NULL, who, a);
  if (detach)
    accgpu_data_detach(&op, p, NULL, fin);
  else
    accgpu_data_attach(&op, p, 0, NULL);
  accgpu_op_end(&op);
}

void acc_attach(void **p) { attach("acc_attach", p, 0, 0, acc_async_sync); }
void acc_attach_async(void **p, int a) { attach("acc_attach_async", p, 0, 0, a); }
void acc_detach(void **p) { attach("acc_detach", p, 1, 0, acc_async_sync); }
void acc_detach_async(void **p, int a) { attach("acc_detach_async", p, 1, 0, a); }
void acc_detach_finalize(void **p) {
  attach("acc_detach_finalize", p, 1, 1, acc_async_sync);
}
void acc_detach_finalize_async(void **p, int a) {
  attach("acc_detach_finalize_async", p, 1, 1, a);
}

/* ---- CUDA interoperability: the backend's native handles (nvidia);
   NULL/0 on devices without them (host, emulator). ---- */

/* Native handle KIND of the current device (of queue ASYNC for streams,
   created on first use), or NULL. */
static void *native(const char *who, int kind, int async) {
  accgpu_device *d = cur(who);
  if (kind == ACCGPU_NATIVE_STREAM)
    accgpu_async_check(async, NULL, who);
  if (!d->be->native)
    return NULL;
  accgpu_device_lock_open(d, who);
  struct accgpu_queue *q =
      kind == ACCGPU_NATIVE_STREAM ? accgpu_queue_get(d, async, NULL) : NULL;
  void *h = d->be->native(d->dev, q, kind);
  pthread_mutex_unlock(&d->lock);
  return h;
}

/* A pointer to the current device's CUdevice (as libgomp answers). */
void *acc_get_current_cuda_device(void) {
  return native("acc_get_current_cuda_device", ACCGPU_NATIVE_DEVICE, 0);
}
void *acc_get_current_cuda_context(void) {
  return native("acc_get_current_cuda_context", ACCGPU_NATIVE_CONTEXT, 0);
}
void *acc_get_cuda_stream(int async) {
  return native("acc_get_cuda_stream", ACCGPU_NATIVE_STREAM, async);
}

/* Queue ASYNC of the current device issues its later work on STREAM (the
   caller's; NULL gives the queue a stream of its own again).  Returns 1,
   or 0 when the device has no CUDA streams or the backend refused. */
int acc_set_cuda_stream(int async, void *stream) {
  accgpu_device *d = cur("acc_set_cuda_stream");
  accgpu_async_check(async, NULL, "acc_set_cuda_stream");
  if (!d->be->queue_bind)
    return 0;
  accgpu_device_lock_open(d, "acc_set_cuda_stream");
  struct accgpu_queue *q = accgpu_queue_get(d, async, NULL);
  int r = d->be->queue_bind(q, stream);
  pthread_mutex_unlock(&d->lock);
  return r == 0;
}
