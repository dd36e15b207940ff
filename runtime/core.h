/* core.h — internals shared by the files of libaccgpu's core.
 *
 * Lock rules (the whole API is thread safe):
 *   1. accgpu_device.lock guards that device's opening, present table,
 *      entries, queue table and module handles.  Data operations hold it
 *      from lookup to the last enqueued copy (and the queue_sync of a
 *      synchronous operation), so a map/unmap is atomic per device.
 *   2. Leaf locks, never held while taking another lock: each pool's lock
 *      (pool.h), the timing table lock, a worker's task-queue lock.  Queue
 *      callbacks (run on backend threads) take only leaf locks, so waiting
 *      on a queue while holding a device lock cannot deadlock.
 *   3. rt.lock (core.c) guards the device lists; no other lock is taken
 *      under it.  An opened device is found without it (release/acquire).
 *   4. No lock is held while waiting for a worker thread.
 * A thread never holds two device locks, except acc_update_peer, which
 * takes them in device-slot order.
 *   5. Work that uses a device outside its lock (a region from begin to
 *      end, a queue wait, a worker drain, a launch's sync) holds it: a
 *      shutdown waits until no holder is left (docs/runtime.md).         */
#ifndef ACCGPU_CORE_H
#define ACCGPU_CORE_H 1

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "accgpu_abi.h"
#include "device.h"
#include "hashmap/present.h"
#include "hashmap/ptrmap.h"
#include "openacc.h"
#include "pool.h"

/* Slots: type index (host 0, nvidia 1, emulator 2, multicore 3) * 32 +
   device number. */
#define ACCGPU_NTYPES 4
#define ACCGPU_MAX_PER_TYPE 32
#define ACCGPU_MAX_SLOTS (ACCGPU_NTYPES * ACCGPU_MAX_PER_TYPE)

struct accgpu_worker;

typedef struct accgpu_device {
  const accgpu_backend *be;
  acc_device_t type;
  int num;        /* number among devices of TYPE */
  int slot;       /* index into module caches */
  int shared_mem; /* host, multicore: data clauses are no-ops */
  pthread_mutex_t lock;
  /* Guarded by LOCK: */
  int opened;
  int users;   /* regions open on it, waits and drains in flight outside
                  LOCK: a shutdown waits for them (docs/runtime.md) */
  int closing; /* shutdowns waiting for USERS to reach 0 */
  pthread_cond_t idle; /* USERS reached 0, or a close ended */
  struct accgpu_dev *dev;
  accgpu_devprops props;
  accgpu_present present;
  accgpu_pool pool;      /* initialized when opened; own leaf lock */
  accgpu_pool staging;   /* pinned host buffers of async uploads (leaf) */
  int staging_ok;        /* STAGING is initialized (backend can stage) */
  int pending_d2h;       /* async downloads not yet done (atomic): an
                            upload must not snapshot what they will write */
  accgpu_ptrmap queues;  /* queue key -> struct accgpu_queue * */
  struct accgpu_worker *worker; /* created on first task */
} accgpu_device;

/* Queue key of the internal synchronous queue; async >= 0 is its own
   key + 1. */
#define ACCGPU_QKEY_SYNC ((uintptr_t)1 << 40)
#define ACCGPU_QKEY_RECLAIM (ACCGPU_QKEY_SYNC + 1)
/* Initial default async queue (acc_get_default_async, OpenACC 3.x): `async`
   without an argument, acc_async_noval and acc_async_default name queue 0
   until acc_set_default_async moves them. */
#define ACCGPU_DEFAULT_ASYNC 0

/* ---- core.c: devices, threads, queues ---- */

typedef struct accgpu_region accgpu_region;
/* Room for one region header without items (region.c checks the size). */
#define ACCGPU_INLINE_REGIONS 4
typedef struct accgpu_region_space {
  void *w[6];
} accgpu_region_space;

/* Per host thread state (thread-local; no lock). */
typedef struct accgpu_thread {
  int inited;
  acc_device_t type; /* current device type: host, nvidia or emulator */
  int num;           /* its number among devices of TYPE */
  acc_device_t domain; /* selected type: host, nvidia, emulator, not_host;
                          device numbers without a type count over it */
  int default_async; /* acc_set_default_async: a queue >= 0 (initially
                        ACCGPU_DEFAULT_ASYNC) or acc_async_sync */
  accgpu_region *top; /* region stack */
  /* The device TYPE and NUM name, as accgpu_device_arg last found it
     (NULL: look it up), with the device generation it was found in: every
     construct asks for it three times (docs/multicore.md, session 10). */
  struct accgpu_device *cur;
  unsigned cur_gen;
  /* Headers of the innermost shared-memory regions (region.c), which map
     nothing: no allocation per construct on the host and multicore. */
  unsigned nshared;
  accgpu_region_space shared[ACCGPU_INLINE_REGIONS];
} accgpu_thread;

accgpu_thread *accgpu_thread_get(void);
/* Makes D (of DOMAIN) T's current device; a device other than the host
   turns the host fast path off for good (__accgpu_host_fast). */
void accgpu_thread_select(accgpu_thread *t, acc_device_t domain,
                          const accgpu_device *d);
/* A construct found T on the host: turns the host fast path on when every
   thread's device is the host (the default, none chose another). */
void accgpu_host_fast_note(const accgpu_thread *t);
/* Normalizes DEFAULT to ACC_DEVICE_TYPE or the built-in default (lazy init
   included); keeps
   NOT_HOST (a numbering over nvidia, then emulator devices). */
acc_device_t accgpu_resolve_domain(acc_device_t t);
/* An MPI launcher's local-rank variable, -1 when none is set (fatal when
   malformed); local-rank.c. */
int accgpu_local_rank_env(void);
/* The default device number in DOMAIN: ACC_DEVICE_NUM's when set (0 when
   DOMAIN has fewer devices), else an MPI rank's local rank % devices, else
   0. */
int accgpu_default_device_num(acc_device_t domain);
/* Devices numbered in DOMAIN (NOT_HOST: nvidia + emulator). */
int accgpu_domain_count(acc_device_t domain);
/* Number of device (TYPE, NUM) in DOMAIN's numbering, -1 when outside. */
int accgpu_domain_number(acc_device_t domain, acc_device_t type, int num);
/* Device count of a concrete type (0 when its backend is absent). */
int accgpu_type_count(acc_device_t t);
/* Device NUM of type T (NOT_HOST/DEFAULT: NUM counts over that domain),
   opened; fatal error naming WHO (at LOC, the construct, when not NULL)
   when impossible.  Returns with no lock held. */
accgpu_device *accgpu_device_get_at(acc_device_t t, int num,
                                    const __accgpu_loc *loc, const char *who);
accgpu_device *accgpu_device_get(acc_device_t t, int num, const char *who);
/* The calling thread's current device, opened. */
accgpu_device *accgpu_current(void);
/* DEVICE as the ABI passes it: ACCGPU_CURRENT_DEVICE or a number over the
   calling thread's domain (any number names the host on the host); errors
   at LOC. */
accgpu_device *accgpu_device_arg(int device, const __accgpu_loc *loc,
                                 const char *who);
/* Queue of ASYNC on D, created on first use (D's lock held).  Fatal error
   on failure.  acc_async_noval names the thread's default queue. */
struct accgpu_queue *accgpu_queue_get(accgpu_device *d, int async,
                                      const __accgpu_loc *loc);
/* 1 when ASYNC is a queue number >= 0, acc_async_sync, acc_async_noval or
   acc_async_default. */
int accgpu_async_valid(int async);
/* Fatal error naming WHO (at LOC when not NULL) when ASYNC is not valid. */
void accgpu_async_check(int async, const __accgpu_loc *loc, const char *who);
/* Existing queue of ASYNC on D or NULL (D's lock held). */
struct accgpu_queue *accgpu_queue_find(accgpu_device *d, int async);
/* D's internal queue that waits for the others before device blocks freed
   by an exit go back to the pool (data.c), created on first use (D's lock
   held).  No directive or routine queues work on it. */
struct accgpu_queue *accgpu_reclaim_queue(accgpu_device *d);
/* "device 0 (emulator)" into BUF. */
const char *accgpu_device_desc(const accgpu_device *d, char *buf, size_t n);
/* Locks D, first waiting while a shutdown closes it, unless the caller
   keeps D open itself (a region of its own on D, or D's worker). */
void accgpu_device_lock(accgpu_device *d);
/* accgpu_device_lock, then reopens D when a shutdown closed it (fatal
   naming WHO when it cannot). */
void accgpu_device_lock_open(accgpu_device *d, const char *who);
/* D's lock held: one more user, who keeps D open until
   accgpu_device_unhold (which takes D's lock). */
void accgpu_device_hold(accgpu_device *d);
void accgpu_device_unhold(accgpu_device *d);
/* Closes every device of type T (all types when T is acc_device_none),
   each once the regions and waits other threads have on it are over.
   Fatal, naming WHO, when the caller has a region open on one. */
void accgpu_shutdown_type(acc_device_t t, const char *who);
/* Calls FN(D, ARG) on every device made so far, opened or not, for a
   library's unload (dlclose); nothing before the runtime starts, once the
   program exits (at_exit released the devices) or in a fork()ed child. */
void accgpu_each_device(void (*fn)(accgpu_device *, void *), void *arg);
/* Closes D alone, likewise (it reopens on next use). */
void accgpu_shutdown_device(accgpu_device *d, const char *who);
/* Test hook: replaces the backend of concrete type T (after shutting its
   devices down); NULL restores the built-in one.  Returns nothing. */
void accgpu_core_set_backend(acc_device_t t, const accgpu_backend *be);
int accgpu_type_index(acc_device_t t);
/* Stops the program: T is no device type accgpu runs on (WHO: the API
   call or construct). */
_Noreturn void accgpu_fatal_bad_type(const __accgpu_loc *loc, const char *who,
                                     acc_device_t t);

/* ---- error.c: fatal errors ---- */

/* Prints "accgpu: error: FILE:LINE (CONSTRUCT in FUNC): MSG" (just
   "accgpu: error: MSG" when LOC is NULL) on one line and exits with
   status 1 (_exit after flushing stdio: atexit handlers could need the
   locks this thread holds). */
_Noreturn void accgpu_fatal(const __accgpu_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- data.c: mapping with OpenACC 2.6 reference counts ---- */

/* One operation on one device: the queue it uses and device blocks to free
   once the queue has done (D's lock held from begin to end). */
typedef struct accgpu_op {
  accgpu_device *d;
  const __accgpu_loc *loc; /* or NULL for the API */
  const char *routine;     /* acc_* name for API errors, or NULL */
  int async;
  struct accgpu_queue *q;
  void **frees; /* FREES_INLINE until more are needed */
  unsigned nfree, capfree;
  void *frees_inline[8];
  struct accgpu_op *outer; /* the thread's op this one is inside, or NULL */
} accgpu_op;

/* Locks D and resolves the queue. */
void accgpu_op_begin(accgpu_op *op, accgpu_device *d, const __accgpu_loc *loc,
                     const char *routine, int async);
/* Syncs a synchronous op, schedules or does the frees, unlocks D. */
void accgpu_op_end(accgpu_op *op);
/* The same for the device's own set-up while it opens: D's lock is held
   by the caller before and after. */
void accgpu_op_begin_held(accgpu_op *op, accgpu_device *d,
                          const __accgpu_loc *loc, const char *routine,
                          int async);
void accgpu_op_end_held(accgpu_op *op);
/* "file.c:12 (parallel in main)" or "acc_copyin" prefix for messages. */
_Noreturn void accgpu_op_fatal(accgpu_op *op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Finds or creates the entry for [H, H+BYTES) (BYTES > 0).  STRUCTURED
   picks the counter to increment.  MUST_EXIST: fatal when absent.  Sets
   *CREATED when it allocated.  Fatal on partial presence or no memory. */
accgpu_entry *accgpu_data_acquire(accgpu_op *op, void *h, size_t bytes,
                                  const char *name, int structured,
                                  int must_exist, int *created);
/* Drops one reference (or, with FINALIZE, the whole dynamic count) of E;
   when both counts reach zero copies [H, H+BYTES) back if COPYOUT, removes
   and frees E.  Returns 1 when E was freed. */
int accgpu_data_release(accgpu_op *op, accgpu_entry *e, void *h, size_t bytes,
                        int structured, int finalize, int copyout);
/* Entry holding all of [H, H+BYTES), NULL when absent; fatal on partial
   overlap. */
accgpu_entry *accgpu_data_lookup(accgpu_op *op, void *h, size_t bytes,
                                 const char *name);
/* Device address of host address H inside E. */
static inline void *accgpu_entry_dev(const accgpu_entry *e, const void *h) {
  return (void *)(e->dev + ((uintptr_t)h - e->host));
}
/* Host code is handed a device address inside E (host_data use_device,
   acc_deviceptr): the backend's checks count E's bytes as written, since
   MPI or a library may fill them with no kernel or copy of ours. */
static inline void accgpu_entry_exposed(accgpu_device *d,
                                        const accgpu_entry *e) {
  if (d->be->mem_mark)
    d->be->mem_mark(d->dev, (void *)e->dev, e->bytes, ACCGPU_MEM_EXPOSED);
}
void accgpu_data_h2d(accgpu_op *op, void *dst, const void *src, size_t bytes,
                     const char *name);
void accgpu_data_d2h(accgpu_op *op, void *dst, const void *src, size_t bytes,
                     const char *name);
/* Device memory from D's pool; fatal naming NAME when out of memory. */
void *accgpu_data_alloc(accgpu_op *op, size_t bytes, const char *name);
/* Frees DPTR after the op's queue is done with it. */
void accgpu_op_defer_free(accgpu_op *op, void *dptr);
/* Attach/detach the pointer at host address PTR_ADDR; FINALIZE zeroes the
   attach count.  Fatal when the pointer itself is not present.  BIAS: the
   byte offset of the data the clause maps from where the pointer points
   (a[2:n] or a row section a[0:n][2:m]: 16), where the target is looked
   up; the pointer still gets the device address of what it points to. */
void accgpu_data_attach(accgpu_op *op, void **ptr_addr, size_t bias,
                        const char *name);
void accgpu_data_detach(accgpu_op *op, void **ptr_addr, const char *name,
                        int finalize);
/* Frees every entry of D (D's lock held; device shutdown). */
void accgpu_data_clear(accgpu_device *d);

/* ---- worker.c: per-device worker threads (Xu §6.3.2) ---- */

/* Queues FN(copy of ARG) on D's worker, FIFO.  Returns at once. */
void accgpu_worker_submit(accgpu_device *d, void (*fn)(void *),
                          const void *arg, size_t bytes);
/* Waits until D's worker has run everything submitted before. */
void accgpu_worker_drain(accgpu_device *d);
/* Drains and joins D's worker (no D lock held). */
void accgpu_worker_stop(accgpu_device *d);
/* 1 when the calling thread is D's worker (its tasks then run operations
   on D directly instead of queueing them behind themselves). */
int accgpu_on_worker_of(const accgpu_device *d);
/* 1 when the calling thread is any device's worker. */
int accgpu_on_a_worker(void);
/* 1 when an operation given device number DEVICE goes to that device's
   worker: a deviceid was given and the caller is not a worker (a worker
   waiting for another worker could close a wait cycle). */
static inline int accgpu_to_worker(int device) {
  return device >= 0 && !accgpu_on_a_worker();
}

/* A one-shot signal a caller waits on while a worker fills its data. */
typedef struct accgpu_signal {
  pthread_mutex_t m;
  pthread_cond_t c;
  int done;
} accgpu_signal;
void accgpu_signal_init(accgpu_signal *s);
void accgpu_signal_post(accgpu_signal *s);
void accgpu_signal_wait(accgpu_signal *s); /* also destroys S */

/* ---- region.c ---- */

/* Innermost region of the calling thread, or NULL. */
accgpu_region *accgpu_region_top(void);
/* jagged.c: expands the ACCGPU_MAPF_JAGGED pairs of MAPS (N items) for a
   region (indices kept, rows and attaches appended), enter data, exit data
   or update; a malloc'd array of *OUT_N items, or NULL when there is no
   pair (or no memory: the pairs then fail as unknown items).  LOC: the
   directive, for errors. */
enum { ACCGPU_JAG_REGION, ACCGPU_JAG_ENTER, ACCGPU_JAG_EXIT,
       ACCGPU_JAG_UPDATE };
__accgpu_map *accgpu_jagged_expand(const __accgpu_loc *loc,
                                   const __accgpu_map *maps, unsigned n,
                                   unsigned *out_n, int ctx);
/* jagged.c: the contiguous runs a strided update item MAPS[I] (of N; with
   its ROWS and ACCGPU_MAPF_LEVEL items) moves, at most this many levels. */
#define ACCGPU_STRIDED_MAX_LEVELS 8
size_t accgpu_strided_runs(const __accgpu_map *maps, unsigned n, unsigned i);
/* map-order.c: the order in which to take the N items of MAPS when some
   lie inside others (ENTRY: mapping them, the larger first; else
   releasing them, the smaller first); NULL for their own order, else a
   malloc'd array of indices. */
unsigned *accgpu_map_order(const __accgpu_map *maps, unsigned n, int entry);
/* Number of regions on the calling thread's stack. */
int accgpu_region_depth(void);
/* Location of the calling thread's innermost region on D, NULL when it
   has none (it then does not keep D open). */
const __accgpu_loc *accgpu_region_on(const accgpu_device *d);
/* Device of R; *QUEUED is set when R's operations go to that device's
   worker (the caller is not the worker itself). */
accgpu_device *accgpu_region_device(accgpu_region *r, int *queued);
/* One item of `enter data` (or of a declare list) under OP. */
void accgpu_enter_item(accgpu_op *op, const __accgpu_map *m);
/* A declared global (declare.c): present on OP's device; a copy this
   creates starts as INIT's bytes, or zero when INIT is NULL. */
void accgpu_enter_declared(accgpu_op *op, const __accgpu_map *m,
                           const void *init);

/* ---- host-blocks.c: acc_malloc on devices that share host memory ---- */

void accgpu_host_block_add(void *p, size_t bytes);
/* 0 when P was a block (now forgotten), -1 otherwise. */
int accgpu_host_block_take(void *p);
/* Fatal naming WHO when BYTES from P, the start of a block, pass its end
   (pointers that start no block are not checked). */
void accgpu_host_block_check(const char *who, const void *p, size_t bytes);
/* acc_free freed P (any device); acc_malloc returned P again. */
void accgpu_acc_freed_note(const void *p);
void accgpu_acc_freed_forget(const void *p);
/* The error of acc_free(P) on device DEV (its description) when P is no
   live acc_malloc block: a double free, or never allocated. */
_Noreturn void accgpu_acc_free_bad(const void *p, const char *dev);

/* ---- declare.c: globals with a `declare` directive ---- */

/* Maps every registered declare list on D as it opens (D's lock held;
   D not yet marked open). */
void accgpu_declare_on_open(accgpu_device *d);

/* ---- launch.c ---- */

/* Unloads D's module handles (D's lock held). */
void accgpu_modules_unload(accgpu_device *d);

/* ---- timing.c: ACCGPU_TIME ---- */

enum accgpu_time_kind { ACCGPU_T_KERNEL, ACCGPU_T_H2D, ACCGPU_T_D2H,
                        ACCGPU_T_D2D, ACCGPU_T_LOAD, ACCGPU_T_NKIND };
/* Nonzero when ACCGPU_TIME=1 (operations are then made synchronous). */
extern int accgpu_timing;
double accgpu_now(void); /* seconds, monotonic */
void accgpu_time_record(int kind, const char *name, const __accgpu_loc *loc,
                        size_t bytes, double seconds);
/* Adds a launch's counts (the emulator's counters) to kernel NAME's
   record: N counters named NAMES, totals TOT, the most of one block MAX,
   over BLOCKS blocks. */
void accgpu_time_counts(const char *name, const __accgpu_loc *loc, unsigned n,
                        const char *const *names, const uint64_t *tot,
                        const uint64_t *max, uint64_t blocks);
void accgpu_time_init(void); /* reads ACCGPU_TIME, registers the report */
/* Prints the table on stderr (at exit when ACCGPU_TIME=1). */
void accgpu_time_report(void);

/* ---- multicore/team-load.c ---- */

/* Loads the multicore device's thread team now (at start-up). */
void accgpu_mc_preload(void);
/* (multicore/backend.c) Starts the opened multicore device's threads. */
void accgpu_mc_start(void);
/* (core.c) The multicore device ACC_DEVICE_TYPE picked and the start-up
   opened, else NULL. */
accgpu_device *accgpu_picked_multicore(void);

/* ---- profile.c: ACCGPU_PROFILE ---- */

/* Nonzero when a profile is being recorded (launches are then made
   synchronous). */
extern int accgpu_profiling;
/* Reads ACCGPU_PROFILE; when set, starts recording and writes the file at
   exit. */
void accgpu_profile_init(void);
/* Starts recording; accgpu_profile_write will write PATH.  Returns 0, or
   -1 (nothing started) when PATH is PATH_MAX bytes or longer. */
int accgpu_profile_start(const char *path);
/* Stops recording and forgets what was recorded (the unit tests). */
void accgpu_profile_stop(void);
/* Adds one launch of kernel KERNEL of MOD with CFG on D that took SECONDS
   (takes the profile's leaf lock).  VALS (or NULL) are the launch's trip
   counts and parameter values (__accgpu_launch_trips); the last launch's
   are kept. */
void accgpu_profile_record(const __accgpu_module *mod, unsigned kernel,
                           const accgpu_launch_cfg *cfg,
                           const accgpu_device *d, double seconds,
                           const int64_t *vals);
/* Writes the YAML profile: a new file renamed over PATH, so a failed
   write keeps the old one.  Returns 0, or -1 after a one-line error on
   stderr naming ACCGPU_PROFILE and PATH. */
int accgpu_profile_write(void);

/* ---- host.c ---- */
extern const accgpu_backend accgpu_backend_host;

#endif
