/* emu.h — internals of the emulated GPU backend (runtime/emulator/).
 *
 *   fiber.c    fibers (one per CUDA thread) and the per-block scheduler:
 *              block barriers, warp barriers, shuffles, votes
 *   grid.c     the host worker pool that spreads a launch's blocks
 *   memory.c   device memory: one reserved region per device
 *   queue.c    queues: a FIFO of operations run by one host thread each
 *   backend.c  devices, modules, launch checks, the backend table
 *   switch.S   the x86-64 context switch                                 */
#ifndef ACCGPU_EMU_H
#define ACCGPU_EMU_H 1

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define ACCGPU_EMU_ABI_ONLY 1
#include "accgpu_cuda.h"
#include "device.h"

#define EMU_MAX_THREADS 1024u       /* per block */
#define EMU_SHARED_BYTES (48u << 10) /* dynamic shared memory per block */

/* ---- One launch: what every block of it needs (grid.c, fiber.c). ---- */
typedef struct accgpu_emu_grid {
  void (*entry)(void **args);
  void **args;
  const char *kernel; /* name, for messages */
  __accgpu_uint3 grid, block;
  unsigned shared_bytes;
  uint64_t nblocks;
  uint64_t next_block;   /* atomic: next block to hand out */
  /* Guarded by the pool lock (grid.c). */
  unsigned active;       /* runners working on this grid */
  int failed;            /* first failure, with its text */
  char error[384];
  struct accgpu_emu_grid *next;
} accgpu_emu_grid;

/* fiber.c: runs block number B of G on the calling host thread.  Returns 0,
   or -1 with a message in BUF (deadlock at divergent barriers). */
int accgpu_emu_run_block(const accgpu_emu_grid *g, uint64_t b, char *buf,
                         size_t len);
/* fiber.c: releases the calling thread's fibers (at thread exit). */
void accgpu_emu_fibers_release(void);

/* grid.c: runs every block of G, spread over the worker pool and the
   calling thread.  Returns 0, or -1 with accgpu_set_error() left. */
int accgpu_emu_run_grid(accgpu_emu_grid *g);
/* grid.c: how many host threads run blocks at once. */
unsigned accgpu_emu_runners(void);

/* ---- Devices and their memory (memory.c, backend.c). ---- */
typedef struct accgpu_emu_chunk {
  uintptr_t addr;
  size_t size;
  int used;
  struct accgpu_emu_chunk *prev, *next;
} accgpu_emu_chunk;

struct accgpu_dev {
  int ordinal;
  char *base;  /* reserved region, never host memory */
  size_t size;
  pthread_mutex_t lock; /* guards the fields below */
  size_t used;
  accgpu_emu_chunk *chunks; /* address order, covering [base, base+size) */
};

int accgpu_emu_mem_init(struct accgpu_dev *dev, size_t bytes);
void accgpu_emu_mem_fini(struct accgpu_dev *dev);
int accgpu_emu_mem_alloc(struct accgpu_dev *dev, size_t bytes, void **dptr);
int accgpu_emu_mem_free(struct accgpu_dev *dev, void *dptr);
int accgpu_emu_mem_info(struct accgpu_dev *dev, size_t *free_b,
                        size_t *total_b);
/* 1 when [P, P+BYTES) lies inside DEV's region. */
int accgpu_emu_mem_owns(const struct accgpu_dev *dev, const void *p,
                        size_t bytes);

/* ---- Queues (queue.c). ---- */
int accgpu_emu_queue_create(struct accgpu_dev *dev, struct accgpu_queue **out);
int accgpu_emu_queue_destroy(struct accgpu_queue *q);
int accgpu_emu_queue_sync(struct accgpu_queue *q);
int accgpu_emu_queue_query(struct accgpu_queue *q);
int accgpu_emu_queue_wait_queue(struct accgpu_queue *q,
                                struct accgpu_queue *other);
int accgpu_emu_queue_callback(struct accgpu_queue *q, void (*fn)(void *),
                              void *arg);
int accgpu_emu_copy_h2d(struct accgpu_queue *q, void *dst, const void *src,
                        size_t bytes);
int accgpu_emu_copy_d2h(struct accgpu_queue *q, void *dst, const void *src,
                        size_t bytes);
int accgpu_emu_copy_d2d(struct accgpu_queue *q, void *dst, const void *src,
                        size_t bytes);
int accgpu_emu_memset(struct accgpu_queue *q, void *dst, int byte,
                      size_t bytes);
int accgpu_emu_copy_peer(struct accgpu_queue *q, struct accgpu_dev *dst_dev,
                         void *dst, struct accgpu_dev *src_dev,
                         const void *src, size_t bytes);
/* Queues GRID (owned by the queue from now on, freed with free()). */
int accgpu_emu_queue_launch(struct accgpu_queue *q, accgpu_emu_grid *grid);
struct accgpu_dev *accgpu_emu_queue_dev(struct accgpu_queue *q);

#endif /* ACCGPU_EMU_H */
