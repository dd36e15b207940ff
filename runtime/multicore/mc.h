/* mc.h — internals of the multicore backend (runtime/multicore/).
 *
 *   backend.c  the device (ACC_NUM_CORES), modules (the mc_image), launches,
 *              queues (the emulator's queue threads, emulator/queue.h)
 *   team.c     runs the blocks of one launch over libgomp's thread pool
 *              (built with -fopenmp into libaccgpu-mc.so, loaded on the
 *              first multicore launch: team-load.c)                     */
#ifndef ACCGPU_MC_INTERNAL_H
#define ACCGPU_MC_INTERNAL_H 1

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
  int imbalanced;
} accgpu_mc_kernel;
#define MC_IMBALANCE_LIMIT 2

/* Notes a static launch of K, UNEVEN or not.  Only consecutive uneven
   launches count: on a loaded machine a preempted thread makes a balanced
   launch look uneven now and then, an uneven nest (a triangle) is uneven
   every time.  Concurrent launches may lose a note: harmless. */
static inline void accgpu_mc_note(accgpu_mc_kernel *k, int uneven) {
  int n = __atomic_load_n(&k->imbalanced, __ATOMIC_RELAXED);
  if (n < MC_IMBALANCE_LIMIT)
    __atomic_store_n(&k->imbalanced, uneven ? n + 1 : 0, __ATOMIC_RELAXED);
}

typedef struct accgpu_mc_launch {
  accgpu_mc_enter_fn *enter; /* the image's __accgpu_mc_enter */
  accgpu_mc_kernel *kernel;
  void **args;
  __accgpu_dim3 grid;
  unsigned shared_bytes;
  int threads; /* the device's */
  int sched;   /* MC_SCHED_* (ACCGPU_MC_SCHEDULE) */
} accgpu_mc_launch;

/* team.c (libaccgpu-mc.so): runs every block of L on up to L->threads
   threads (the calling thread and libgomp's pool) and returns when all are
   done.  Returns 0, or -1 when out of memory. */
int accgpu_mc_team_run(const accgpu_mc_launch *l);

/* team-load.c: accgpu_mc_team_run through the library, loaded on first
   use.  Returns 0, or -1 with the error set. */
int accgpu_mc_run(const accgpu_mc_launch *l);

#endif /* ACCGPU_MC_INTERNAL_H */
