/* cuda-callback.h — queue callbacks of the nvidia backend, run off the
 * driver's thread.
 *
 * A function enqueued with cuLaunchHostFunc must make no CUDA call and must
 * not wait for anything that may depend on outstanding GPU work.  The
 * core's callbacks do both: they return device memory to the pool, taking
 * the pool lock, and the pool may call mem_free (cuMemFree, which may
 * synchronize the device) — while another thread holds that lock inside
 * cuMemFree, waiting for the very stream the callback blocks.  So the host
 * function only hands the callback to a per-device runner thread and
 * returns; the runner calls it.  Per-queue counters let queue_sync and
 * queue_query also cover callbacks that were handed off but have not run. */
#ifndef ACCGPU_CUDA_CALLBACK_H
#define ACCGPU_CUDA_CALLBACK_H 1

#include <pthread.h>

struct accgpu_cb_item;

typedef struct accgpu_cb_runner {
  pthread_mutex_t lock; /* guards everything below and every counter */
  pthread_cond_t cond;  /* work arrived, stop, or a callback finished */
  struct accgpu_cb_item *head, *tail; /* handed off, not yet run */
  pthread_t thread;
  int started, stop;
} accgpu_cb_runner;

/* One queue's callbacks: posted by queue_callback, done by the runner.
   Guarded by the runner's lock. */
typedef struct accgpu_cb_count {
  unsigned long posted, done;
} accgpu_cb_count;

void accgpu_cb_init(accgpu_cb_runner *r);
/* Runs what was handed off, then stops the thread.  No callback may still
   be waiting in a stream. */
void accgpu_cb_fini(accgpu_cb_runner *r);

/* Counts a callback of FN(ARG) on C's queue and returns the item to pass,
   with accgpu_cb_host_fn, to cuLaunchHostFunc; NULL when out of memory or
   the runner thread cannot start.  Call accgpu_cb_cancel if the launch
   fails. */
struct accgpu_cb_item *accgpu_cb_prepare(accgpu_cb_runner *r,
                                         accgpu_cb_count *c, void (*fn)(void *),
                                         void *arg);
void accgpu_cb_cancel(struct accgpu_cb_item *item);

/* The CUhostFn: hands ITEM to its runner.  Takes only the runner's lock,
   which is never held across a CUDA call. */
void accgpu_cb_host_fn(void *item);

/* Callbacks counted on C so far. */
unsigned long accgpu_cb_posted(accgpu_cb_runner *r, accgpu_cb_count *c);
/* Blocks until C's first TARGET callbacks have run. */
void accgpu_cb_wait(accgpu_cb_runner *r, accgpu_cb_count *c,
                    unsigned long target);
/* 1 when every callback counted on C has run. */
int accgpu_cb_idle(accgpu_cb_runner *r, accgpu_cb_count *c);

#endif /* ACCGPU_CUDA_CALLBACK_H */
