/* mc.h — internals of the multicore backend (runtime/multicore/).
 *
 *   backend.c  the device (ACC_NUM_CORES), modules (the mc_image), launches,
 *              queues (the emulator's queue threads, emulator/queue.h)
 *   launch-pack.c  a launch's argument values, packed beside it
 *   team.c     runs the blocks of one launch over libgomp's thread pool
 *              (built with -fopenmp into libaccgpu-mc.so, loaded on the
 *              first multicore launch: team-load.c)                     */
#ifndef ACCGPU_MC_INTERNAL_H
#define ACCGPU_MC_INTERNAL_H 1

#include <stddef.h>
#include <stdint.h>

#define ACCGPU_EMU_ABI_ONLY 1
#include "accgpu_abi.h"
#include "accgpu_cuda.h"

#define MC_SHARED_BYTES (48u << 10) /* dynamic shared memory per block */

/* How the blocks of a launch are dealt to the threads. */
enum { MC_SCHED_AUTO, MC_SCHED_STATIC, MC_SCHED_DYNAMIC };

typedef void accgpu_mc_entry_fn(void **args);
typedef void accgpu_mc_enter_fn(const __accgpu_mc_block *b);

/* Per kernel of a loaded module: its entry and what its launches showed.
   IMBALANCED counts the latest static launches whose threads finished far
   apart, one after the other (atomic); from MC_IMBALANCE_LIMIT on, auto
   scheduling deals its blocks dynamically. */
typedef struct accgpu_mc_kernel {
  accgpu_mc_entry_fn *entry;
  const __accgpu_kernel *desc; /* its name and construct, for faults */
  int imbalanced;
  int brief; /* its last timed launch took under MC_TIMED_FROM (atomic) */
  uint32_t pack; /* bytes of its argument pack (accgpu_mc_pack_size) */
} accgpu_mc_kernel;
#define MC_IMBALANCE_LIMIT 2

/* Timing a launch costs 4 clock reads on the launching thread and 2 on
   each other (80-100 ns each on a loaded 2-vCPU VM: a third of a tiny
   launch's cost above `omp parallel for`, docs/multicore.md, session 10).
   Only launches over 0.2 ms can be uneven, so a kernel is timed at every
   launch until one takes under MC_TIMED_FROM (brief), then at one launch
   in MC_TIMED_EVERY of the launching thread's, to notice it grow. */
#define MC_TIMED_FROM 1e-4
#define MC_TIMED_EVERY 16u

/* Whether the next static launch of K is timed; *LAUNCHES counts the
   launching thread's launches. */
static inline int accgpu_mc_timed(const accgpu_mc_kernel *k,
                                  unsigned *launches) {
  if (!__atomic_load_n(&k->brief, __ATOMIC_RELAXED))
    return 1;
  return ++*launches % MC_TIMED_EVERY == 0;
}

/* Notes that a timed launch of K took SECONDS; writes only a change (as
   accgpu_mc_note). */
static inline void accgpu_mc_note_time(accgpu_mc_kernel *k, double seconds) {
  int brief = seconds < MC_TIMED_FROM;
  if (__atomic_load_n(&k->brief, __ATOMIC_RELAXED) != brief)
    __atomic_store_n(&k->brief, brief, __ATOMIC_RELAXED);
}

/* Notes a static launch of K, UNEVEN or not.  Only consecutive uneven
   launches count: on a loaded machine a preempted thread makes a balanced
   launch look uneven now and then, an uneven nest (a triangle) is uneven
   every time.  Writes only a change: the count shares its cache line with
   ENTRY, which every thread of the next launch reads (a store per launch
   cost each of them a miss).  Concurrent launches may lose a note:
   harmless. */
static inline void accgpu_mc_note(accgpu_mc_kernel *k, int uneven) {
  int n = __atomic_load_n(&k->imbalanced, __ATOMIC_RELAXED);
  int next = uneven ? n + 1 : 0;
  if (n < MC_IMBALANCE_LIMIT && next != n)
    __atomic_store_n(&k->imbalanced, next, __ATOMIC_RELAXED);
}

/* Whether launches of K deal their blocks dynamically under SCHED
   (MC_SCHED_*): forced, or auto and found uneven. */
static inline int accgpu_mc_dynamic(int sched, const accgpu_mc_kernel *k) {
  return sched == MC_SCHED_DYNAMIC ||
         (sched == MC_SCHED_AUTO &&
          __atomic_load_n(&k->imbalanced, __ATOMIC_RELAXED) >=
              MC_IMBALANCE_LIMIT);
}

/* Per-thread time of a static launch, one cache line each, so a thread's
   write does not take the line its neighbour writes. */
typedef struct accgpu_mc_slot {
  _Alignas(64) double seconds;
} accgpu_mc_slot;

/* Whether the NT threads' times in S are uneven: the slowest over 0.2 ms
   (noise on tiny launches does not count) and over 1.5x the mean. */
static inline int accgpu_mc_uneven(const accgpu_mc_slot *s, int nt) {
  double max = 0, sum = 0;
  for (int t = 0; t < nt; t++) {
    max = s[t].seconds > max ? s[t].seconds : max;
    sum += s[t].seconds;
  }
  return max > 2e-4 && max > 1.5 * sum / nt;
}

/* One launch: everything the threads of its team read, in as few cache
   lines as possible.  The worker threads read it right after the launching
   thread wrote it, so each line is a miss for them, and each pointer they
   follow to another line the launching thread wrote (the caller's argument
   array, then each value) is one more, one after the other: the argument
   values therefore travel in PACK (accgpu_mc_pack). */
typedef struct accgpu_mc_launch {
  accgpu_mc_enter_fn *enter; /* the image's __accgpu_mc_enter */
  accgpu_mc_entry_fn *entry; /* kernel->entry */
  void **args;               /* into PACK, or the caller's */
  __accgpu_dim3 grid;
  unsigned shared_bytes;
  int threads; /* the device's */
  int sched;   /* MC_SCHED_* (ACCGPU_MC_SCHEDULE) */
  accgpu_mc_kernel *kernel;
  _Alignas(16) unsigned char pack[]; /* args[] then the values */
} accgpu_mc_launch;

/* A synchronous launch with its pack on the stack: 8 lines, 128-aligned
   (adjacent-line prefetch fetches pairs). */
#define MC_LAUNCH_BYTES 512
typedef union accgpu_mc_launch_buf {
  accgpu_mc_launch l;
  _Alignas(128) unsigned char bytes[MC_LAUNCH_BYTES];
} accgpu_mc_launch_buf;

/* launch-pack.c: bytes of the pack of a kernel with NPARAMS parameters of
   SIZES bytes; accgpu_mc_pack copies the values ARGS point at into L's pack
   (as large) and points L->args at them, each value 16-aligned when over 8
   bytes, else 8-aligned. */
size_t accgpu_mc_pack_size(unsigned nparams, const uint32_t *sizes);
void accgpu_mc_pack(accgpu_mc_launch *l, unsigned nparams,
                    const uint32_t *sizes, void **args);
/* The same into L, a launch of the same kernel packed before, with HEAD's
   fields (args aside): writes only what differs from L's (an iterative
   program launches a kernel with the same values each time, and then the
   team's threads find L's lines in their caches, session 10). */
void accgpu_mc_repack(accgpu_mc_launch *l, const accgpu_mc_launch *head,
                      unsigned nparams, const uint32_t *sizes, void **args);

/* team.c (libaccgpu-mc.so): runs every block of L on up to L->threads
   threads (the calling thread and libgomp's pool) and returns when all are
   done.  Returns 0, or -1 when out of memory. */
int accgpu_mc_team_run(const accgpu_mc_launch *l);
/* team-trap.c: the calling thread runs blocks of L, the one B holds, until
   accgpu_mc_trap_end(the state returned): a fault meanwhile names them. */
void *accgpu_mc_trap_begin(const accgpu_mc_launch *l,
                           const __accgpu_mc_block *b);
void accgpu_mc_trap_end(void *t);

/* team.c: starts the calling thread's team of THREADS threads (libgomp
   creates its workers in the first parallel region it runs). */
void accgpu_mc_team_start(int threads);

/* team-load.c: accgpu_mc_team_run through the library, loaded on first
   use.  Returns 0, or -1 with the error set. */
int accgpu_mc_run(const accgpu_mc_launch *l);
/* team-load.c: accgpu_mc_team_start when the library is loaded. */
void accgpu_mc_start_team(int threads);

#endif /* ACCGPU_MC_INTERNAL_H */
