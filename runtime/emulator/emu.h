/* emu.h — internals of the emulated GPU backend (runtime/emulator/).
 *
 *   fiber.c    fibers (one per CUDA thread) and the per-block scheduler:
 *              block barriers, warp barriers, shuffles, votes
 *   grid.c     the host worker pool that spreads a launch's blocks
 *   memory.c   device memory: one reserved region per device
 *   heap.c     the device heap of kernels' malloc/free (ACCGPU_DEVICE_HEAP)
 *   memcheck.c shadow of device memory, the access check, fault reports
 *   racecheck.c data races between the threads of a launch
 *   queue-race.c data races between operations of different queues
 *   counters.c per-launch counts of barriers, warp operations, atomics,
 *              shared and global loads and stores (ACCGPU_TIME)
 *   config.c   ACCGPU_EMU_MEMCHECK, _RACECHECK, _SCHEDULE (checked once)
 *   queue.c    queues: a FIFO of operations run by one host thread each
 *   backend.c  devices, modules, launch checks, the backend table
 *   switch.S   the x86-64 context switch                                 */
#ifndef ACCGPU_EMU_H
#define ACCGPU_EMU_H 1

#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <stdint.h>

#define ACCGPU_EMU_ABI_ONLY 1
#include "accgpu_cuda.h"
#include "device.h"
#include "hashmap/ptrmap.h"
#include "emulator/queue.h"
#include "emulator/queue-race.h"

#define EMU_MAX_THREADS 1024u       /* per block */
#define EMU_SHARED_BYTES (48u << 10) /* dynamic shared memory per block */

/* ---- Settings (config.c): read once, a bad value is a fatal error. ---- */
enum { EMU_ORDER_INORDER, EMU_ORDER_REVERSE, EMU_ORDER_RANDOM,
       EMU_ORDER_LOCKSTEP };
typedef struct accgpu_emu_config {
  int memcheck;   /* ACCGPU_EMU_MEMCHECK: 1 (default) or 0 */
  int initcheck;  /* ACCGPU_EMU_INITCHECK: 0 (default) or 1 */
  int racecheck;  /* ACCGPU_EMU_RACECHECK: 0 (default) or 1 */
  int order;      /* ACCGPU_EMU_SCHEDULE: EMU_ORDER_* */
  int deferred;   /* ACCGPU_EMU_ASYNC: 1 deferred (default), 0 eager */
  uint64_t seed;  /* random[:SEED] */
} accgpu_emu_config;
const accgpu_emu_config *accgpu_emu_config_get(void);
/* Variable NAME as a number in [MIN, MAX], DEF when unset; anything else
   is a fatal error naming it (sizes: accgpu_env_size, device.h). */
long accgpu_emu_env_long(const char *name, long def, long min, long max);

/* What a module's image holds that checks need (backend.c). */
typedef struct accgpu_emu_image {
  uintptr_t lo, hi;        /* its loaded segments */
  unsigned long tls_modid; /* its TLS module id (0: no __shared__ data) */
  size_t tls_size;         /* bytes of its __shared__ (TLS) block */
  const unsigned char *elf; /* the image file, for shared-memory names */
  size_t elf_size;
  const struct accgpu_emu_image *deps; /* images it calls routines of */
  unsigned ndeps;                      /* (their constants are its own) */
} accgpu_emu_image;
/* The calling runner's __shared__ (TLS) block of IMG, or 0 (fiber.c). */
uintptr_t accgpu_emu_tls_block(const accgpu_emu_image *img);

/* ---- Counters (counters.c): what a launch's blocks did. ---- */
enum {
  EMU_CNT_BAR,    /* block barriers completed (__syncthreads*) */
  EMU_CNT_ROWBAR, /* named barriers completed (a worker's row) */
  EMU_CNT_WSYNC,  /* warp syncs (__syncwarp), per warp */
  EMU_CNT_SHFL,   /* shuffles, per warp */
  EMU_CNT_VOTE,   /* ballots and votes, per warp */
  EMU_CNT_ATOM,   /* atomic read-modify-writes, per thread */
  EMU_CNT_SH_LD, EMU_CNT_SH_ST, /* shared memory, per thread */
  EMU_CNT_GL_LD, EMU_CNT_GL_ST, /* global (everything else but the stack) */
  EMU_CNT_N
};
typedef struct accgpu_emu_counts {
  uint64_t v[EMU_CNT_N];
} accgpu_emu_counts;
extern const char *const accgpu_emu_count_names[EMU_CNT_N];
/* Nonzero when launches are counted: ACCGPU_TIME=1, or as set by
   accgpu_emu_count_set (1 on, 0 off, -1 back to ACCGPU_TIME's say). */
int accgpu_emu_counting(void);
void accgpu_emu_count_set(int on);
/* A checked image's access of KIND (accgpu_emu_check.h) at A by a thread
   of block B, which is not on the thread's own stack. */
void accgpu_emu_count_access(accgpu_emu_counts *c,
                             const __accgpu_emu_block *b, uintptr_t a,
                             unsigned kind);
/* The counts of a launch's last completed grid: totals, the largest
   count any one block had, and the blocks.  0, or -1 when none. */
int accgpu_emu_counts_last(accgpu_emu_counts *tot, accgpu_emu_counts *max,
                           uint64_t *blocks);

/* ---- One launch: what every block of it needs (grid.c, fiber.c). ---- */
struct accgpu_dev;
typedef struct accgpu_emu_grid {
  void (*entry)(void **args);
  void **args;
  const char *kernel; /* name, for messages */
  const __accgpu_loc *loc; /* its construct, or NULL */
  struct accgpu_dev *dev;  /* the device it runs on */
  const accgpu_emu_image *img; /* NULL: hand-written kernel */
  uint64_t launch;         /* launch number on DEV (racecheck) */
  const emu_hb *hb;        /* its place among queues' operations, or NULL */
  __accgpu_uint3 grid, block;
  unsigned shared_bytes;
  uint64_t nblocks;
  uint64_t next_block;   /* atomic: next block to hand out */
  accgpu_emu_counts cnt_tot, cnt_max; /* atomic: merged at block ends */
  /* Guarded by the pool lock (grid.c). */
  unsigned active;       /* runners working on this grid */
  int failed;            /* first failure, with its text */
  char error[1024];
  struct accgpu_emu_grid *next;
} accgpu_emu_grid;

/* fiber.c: runs block number B of G on the calling host thread.  Returns 0,
   or -1 with a message in BUF (deadlock at divergent barriers). */
int accgpu_emu_run_block(accgpu_emu_grid *g, uint64_t b, char *buf,
                         size_t len);
/* fiber.c: releases the calling thread's fibers (at thread exit). */
void accgpu_emu_fibers_release(void);

/* counters.c: adds block C to G (at block end); reports G at grid end. */
void accgpu_emu_count_merge(accgpu_emu_grid *g, const accgpu_emu_counts *c);
void accgpu_emu_count_report(const accgpu_emu_grid *g);

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

/* An address range handed out in ALIGN-sized steps (memory.c): a
   device's memory, or its heap (heap.c).  Its owner locks it. */
typedef struct accgpu_emu_arena {
  uintptr_t base;
  size_t size, used, align;
  accgpu_emu_chunk *chunks; /* address order, covering [base, base+size) */
  accgpu_emu_chunk *cursor; /* next fit: where the next search starts */
  int next_fit;             /* memcheck: next fit (delays reuse), else first */
} accgpu_emu_arena;
/* 0, or -1 when out of host memory. */
int accgpu_emu_arena_init(accgpu_emu_arena *a, uintptr_t base, size_t size,
                          size_t align, int next_fit);
void accgpu_emu_arena_fini(accgpu_emu_arena *a);
/* The address of a free range of BYTES (rounded up to the alignment:
   *NEED), now in use; 0 when none is free. */
uintptr_t accgpu_emu_arena_take(accgpu_emu_arena *a, size_t bytes,
                                size_t *need);
/* Frees the range taken at ADDR: its size, or 0 when none starts there. */
size_t accgpu_emu_arena_give(accgpu_emu_arena *a, uintptr_t addr);

struct emu_heap;
struct accgpu_dev {
  int ordinal;
  char *base;  /* reserved region, never host memory */
  size_t size;
  signed char *shadow; /* memcheck: one byte per 8 bytes (memcheck.c) */
  uint8_t *written;    /* initcheck: one bit per byte (initcheck.c) */
  void *races;         /* racecheck: its shadow (racecheck.c), or NULL */
  void *qraces;        /* racecheck: records of operations (queue-race.c) */
  uint64_t launches;   /* atomic: launches so far (racecheck) */
  pthread_mutex_t lock; /* guards the fields below */
  accgpu_emu_arena mem;     /* [base, base+size) */
  accgpu_ptrmap labels;     /* device address -> label (memcheck.c) */
  struct emu_heap *heap;    /* kernels' malloc (heap.c; its own lock) */
};

/* ---- initcheck.c: reads of device memory nothing wrote ---- */
int accgpu_emu_initcheck_init(struct accgpu_dev *dev);
void accgpu_emu_initcheck_fini(struct accgpu_dev *dev);
/* [P, P+N) of DEV was written (WRITTEN 1) or handed out anew (0). */
void accgpu_emu_initcheck_mark(struct accgpu_dev *dev, const void *p,
                               size_t n, int written);
/* A copy of N bytes to DST (on DDEV) from SRC (on SDEV; NULL: the host). */
void accgpu_emu_initcheck_copy(struct accgpu_dev *ddev, void *dst,
                               struct accgpu_dev *sdev, const void *src,
                               size_t n);
/* 1 when DEV checks [A, A+N) and no byte of it was written. */
int accgpu_emu_initcheck_unwritten(const struct accgpu_dev *dev,
                                   uintptr_t a, size_t n);
struct accgpu_emu_where;
/* The report of such a read by W into BUF; returns -1. */
int accgpu_emu_initcheck_report(const struct accgpu_emu_where *w, uintptr_t a,
                                size_t n, char *buf, size_t len);

/* ---- memcheck.c ---- */
/* Shadow byte values besides 0..8 (bytes allocated from the granule's
   start; 0: never allocated). */
enum { EMU_SH_REDZONE = -1, EMU_SH_FREED = -2, EMU_SH_SPARE = -3 };
int accgpu_emu_shadow_init(struct accgpu_dev *dev);
void accgpu_emu_shadow_fini(struct accgpu_dev *dev);
/* Marks [P, P+BYTES) of DEV: STATE is an accgpu_mem_state. */
int accgpu_emu_mem_mark(struct accgpu_dev *dev, void *p, size_t bytes,
                        int state);
size_t accgpu_emu_mem_redzone(struct accgpu_dev *dev, size_t bytes);
void accgpu_emu_release_pages(uintptr_t a, size_t n);
void accgpu_emu_mem_label(struct accgpu_dev *dev, void *dptr, size_t bytes,
                          const void *host, const char *name);
/* What a label names, for reports' wording and hints: mapped data (the
   device copy of a host variable), an acc_malloc block, or other memory
   of the device alone (private copies, kernels' malloc blocks). */
enum { EMU_LABEL_NONE, EMU_LABEL_MAPPED, EMU_LABEL_ACC_MALLOC,
       EMU_LABEL_DEVICE };
void accgpu_emu_mem_label_kind(struct accgpu_dev *dev, void *dptr,
                               size_t bytes, const void *host,
                               const char *name, int kind);
/* The EMU_LABEL_* of the live label holding device address A (NONE when
   there is none). */
int accgpu_emu_label_kind(struct accgpu_dev *dev, uintptr_t a);
/* 0 when [P, P+BYTES) is allocated memory of DEV (BYTES may be 0), else -1
   with an error naming OP and WHAT ("copy_h2d", "destination"). */
int accgpu_emu_check_range(const char *op, struct accgpu_dev *dev,
                           const char *what, const void *p, size_t bytes);
/* Where a thread stands, for the access check and reports. */
typedef struct accgpu_emu_where {
  const accgpu_emu_grid *g;
  const __accgpu_emu_block *blk;
  __accgpu_uint3 thread;
  uintptr_t slots, slots_len; /* the runner's fiber stacks */
} accgpu_emu_where;
/* The slow path of the access check: 0 when thread W may touch [A, A+N),
   else -1 with a fault report in BUF. */
int accgpu_emu_memcheck(const accgpu_emu_where *w, uintptr_t a, size_t n,
                        unsigned kind, char *buf, size_t len);
/* -1 with a report in BUF when atomic access KIND (bit 1 set) of N bytes
   at A is on a fiber stack, W's own when OWN: a thread's local memory,
   where a GPU's atomics fault; else 0. */
int accgpu_emu_atomic_local(const accgpu_emu_where *w, uintptr_t a, size_t n,
                            unsigned kind, int own, char *buf, size_t len);
/* Appends to BUF what is known of device or host address A ("'a[0:n]'
   (800 bytes at ...)"); returns BUF. */
char *accgpu_emu_describe(struct accgpu_dev *dev, uintptr_t a, char *buf,
                          size_t len);
/* What joins a hazard report to accgpu_emu_describe's WHAT: nothing when
   it is empty, and no "the address is in" before a freed block's "it was
   the device copy of ..." or a neighbour's "it is 8 bytes before ...". */
static inline const char *accgpu_emu_describe_joiner(const char *what) {
  if (!what[0])
    return "";
  return strncmp(what, "it ", 3) ? "; the address is in " : "; ";
}
/* "kernel K (parallel at f.c:12 in main), block (x,y,z), thread (x,y,z)" */
int accgpu_emu_where_text(const accgpu_emu_where *w, char *buf, size_t len);

/* ---- heap.c: kernels' malloc and free ---- */
void accgpu_emu_heap_init(struct accgpu_dev *dev);
void accgpu_emu_heap_fini(struct accgpu_dev *dev);
/* malloc(N) at FILE:LINE by thread W: a block of W's device heap, or NULL
   when the heap has no room. */
void *accgpu_emu_heap_alloc(const accgpu_emu_where *w, size_t n,
                            const char *file, unsigned line);
/* free(P) at FILE:LINE by W: 0, or -1 with a report in BUF when P is not
   a live block (a double free, a pointer malloc did not return). */
int accgpu_emu_heap_free(const accgpu_emu_where *w, void *p, const char *file,
                         unsigned line, char *buf, size_t len);

/* ---- racecheck.c ---- */
typedef struct emu_race_block emu_race_block;
int accgpu_emu_race_dev_init(struct accgpu_dev *dev);
void accgpu_emu_race_dev_fini(struct accgpu_dev *dev);
/* [P, P+BYTES) of DEV is new memory (a heap block malloc'd): the accesses
   recorded there are forgotten, as malloc orders them before its caller's
   (the blocks of a launch run one at a time under racecheck). */
void accgpu_emu_race_forget(struct accgpu_dev *dev, const void *p,
                            size_t bytes);
/* Starts block BLK of G (NTHREADS threads) on a runner whose state is
   *SLOT (created on first use); NULL when out of memory. */
emu_race_block *accgpu_emu_race_begin(emu_race_block **slot,
                                      const accgpu_emu_grid *g,
                                      const __accgpu_emu_block *blk,
                                      unsigned nthreads);
void accgpu_emu_race_free(emu_race_block *rb);
/* Thread T (linear index) of the running block accessed [A, A+N): KIND
   bit 0 write, bit 1 atomic.  Reports a hazard on stderr. */
void accgpu_emu_race_access(emu_race_block *rb, const accgpu_emu_where *w,
                            unsigned t, uintptr_t a, size_t n, unsigned kind);
/* Thread T passed a barrier of SCOPE; _block: all threads of the block
   passed a block barrier (exited ones count as arrived). */
enum { EMU_SYNC_WARP, EMU_SYNC_ROW, EMU_SYNC_BLOCK };
void accgpu_emu_race_sync(emu_race_block *rb, unsigned t, int scope);
/* Decides the conflicting writes still waiting for their store: called
   before the running thread blocks, switches or exits. */
void accgpu_emu_race_flush(emu_race_block *rb);
void accgpu_emu_race_sync_block(emu_race_block *rb);
/* Counts one conflicting access; 1 the first time (KEY, SPACE, HAZARD) is
   seen, when the hazard is to be reported (the exit status is then 1). */
enum { EMU_RACE_GLOBAL, EMU_RACE_SHARED, EMU_RACE_QUEUES };
int accgpu_emu_race_first(const void *key, int space, int hazard);

/* ---- elf.c ---- */
/* The __shared__ (TLS) variable of IMG at offset OFF of its TLS block:
   0 with its *NAME and the offset *AT inside it, or -1. */
int accgpu_emu_tls_symbol(const accgpu_emu_image *img, size_t off,
                          const char **name, size_t *at);


int accgpu_emu_mem_init(struct accgpu_dev *dev, size_t bytes);
void accgpu_emu_mem_fini(struct accgpu_dev *dev);
int accgpu_emu_mem_alloc(struct accgpu_dev *dev, size_t bytes, void **dptr);
int accgpu_emu_mem_free(struct accgpu_dev *dev, void *dptr);
int accgpu_emu_mem_info(struct accgpu_dev *dev, size_t *free_b,
                        size_t *total_b);
/* BYTES of zeroed records about DEV's memory, reserved (pages come when
   touched); NULL with an error naming WHAT, HINT appended to the advice. */
void *accgpu_emu_records(const struct accgpu_dev *dev, size_t bytes,
                         const char *what, const char *hint);
/* 1 when [P, P+BYTES) lies inside DEV's region. */
int accgpu_emu_mem_owns(const struct accgpu_dev *dev, const void *p,
                        size_t bytes);

/* ---- Queues (queue.c; the device-neutral part in queue.h). ---- */
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
/* The core's name for Q: async queue ASYNC, or acc_async_sync (reports). */
void accgpu_emu_queue_label(struct accgpu_queue *q, int async);
/* The fault handler's line when the faulting thread is a queue's, in the
   middle of a copy (host memory freed before an async copy ran): 1 and
   BUF filled, else 0. */
int accgpu_emu_queue_fault_text(char *buf, size_t len, const void *addr);

#endif /* ACCGPU_EMU_H */
