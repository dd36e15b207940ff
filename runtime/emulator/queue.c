/* queue.c — the emulator's queues.
 *
 * A queue is a FIFO of operations executed by its own host thread,
 * concurrently with the thread that submits them, as a GPU stream runs
 * concurrently with the host: a missing wait is a real race here too.
 * Submission blocks only while PENDING_MAX operations wait on the queue,
 * as a GPU's does when its stream is full.  A failed operation (a kernel
 * deadlock) is remembered and reported by the next queue_sync or
 * queue_query; later operations still run.  A queue waiting on a failed
 * one takes its failure as its own (the first failure is the one
 * reported).
 *
 * Deferred queues (ACCGPU_EMU_ASYNC=deferred, the default; the emulator's
 * user async queues only, not the synchronous one nor internal ones):
 * an operation runs only once it is released, as late as a GPU may run
 * it: when the host waits on its queue or tests it (acc_async_test),
 * when another queue's wait reaches it, or when DEFER_MAX operations
 * more wait behind it (memory its callbacks free is not held for long).
 * A missing wait then reads the data as it was before the async work,
 * every run (a sync construct after `async(1)` without `wait(1)`; an
 * `update self async` read on the host), where a queue that ran at once
 * usually had finished.  `eager` runs each operation as it comes.
 *
 * Under racecheck each operation gets its place in the happens-before
 * order of queues at submission (queue-race.c) and is checked as it runs.
 *
 * Locks: each queue's LOCK guards its list, counters and error.  A queue
 * thread waiting on another queue (queue_wait_queue) takes only that
 * queue's lock.  queue-race.c's lock is a leaf under them.             */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"

enum { OP_COPY, OP_MEMSET, OP_LAUNCH, OP_WAIT, OP_CALLBACK };

typedef struct emu_op {
  int kind;
  struct emu_op *next;
  emu_hb *hb; /* racecheck: its place among queues' operations, or NULL */
  union {
    struct {
      void *dst;
      const void *src;
      size_t bytes;
      struct accgpu_dev *ddev, *sdev; /* devices of DST, SRC; NULL: host */
    } copy;
    struct {
      void *dst;
      int byte;
      size_t bytes;
    } set;
    accgpu_emu_grid *grid;
    struct {
      struct accgpu_queue *other;
      uint64_t ticket;
    } wait;
    struct {
      void (*fn)(void *);
      void *arg;
    } cb;
  } u;
} emu_op;

struct accgpu_queue {
  struct accgpu_dev *dev;
  pthread_t thread;
  int started; /* THREAD runs: from the first operation queued */
  pthread_mutex_t lock;
  pthread_cond_t work; /* an operation was queued, or STOP set */
  pthread_cond_t done; /* COMPLETED advanced */
  emu_op *head, *tail;
  uint64_t submitted, completed;
  unsigned waiters;    /* other queue threads waiting on this one */
  int stop;
  unsigned fork_gen; /* fork_gen when THREAD was started */
  int failed, err_code;
  char err[512];
  emu_qclock clk; /* racecheck (queue-race.c) */
  int deferred;      /* operations wait to be released */
  uint64_t released; /* deferred: operations up to this one may run */
};

#define DEFER_MAX 64
#define PENDING_MAX 1024 /* operations a queue holds before submit waits */

/* Lets Q's operations up to TICKET run (Q's lock held). */
static void release(struct accgpu_queue *q, uint64_t ticket) {
  if (q->released < ticket) {
    q->released = ticket;
    pthread_cond_signal(&q->work);
  }
}

/* Q's thread may run its next operation (Q's lock held). */
static int runnable(const struct accgpu_queue *q) {
  return q->head && (!q->deferred || q->completed < q->released);
}

/* Racecheck: the device memory OP touches, against other queues. */
static void op_check(struct accgpu_queue *q, const emu_op *op) {
  accgpu_emu_race_serial(1);
  if (op->kind == OP_MEMSET) {
    accgpu_emu_qrace_access(op->hb, q->dev, (uintptr_t)op->u.set.dst,
                            op->u.set.bytes, 1);
  } else {
    if (op->u.copy.sdev)
      accgpu_emu_qrace_access(op->hb, op->u.copy.sdev,
                              (uintptr_t)op->u.copy.src, op->u.copy.bytes, 0);
    if (op->u.copy.ddev)
      accgpu_emu_qrace_access(op->hb, op->u.copy.ddev,
                              (uintptr_t)op->u.copy.dst, op->u.copy.bytes, 1);
  }
  accgpu_emu_race_serial(0);
}

/* OP_WAIT: waits for the other queue to reach the ticket.  A failure
   recorded there becomes this queue's too, as a fault in a CUDA context
   fails what follows: the work after the wait ran on data the failed
   operation never wrote, and a sync of this queue reported that later
   kernel (initcheck naming a variable the program did write) instead of
   the one that failed first. */
static int wait_other(const emu_op *op) {
  struct accgpu_queue *o = op->u.wait.other;
  char err[sizeof o->err];
  int code = 0;
  pthread_mutex_lock(&o->lock);
  release(o, op->u.wait.ticket);
  while (o->completed < op->u.wait.ticket)
    pthread_cond_wait(&o->done, &o->lock);
  o->waiters--;
  int failed = o->failed;
  if (failed) {
    memcpy(err, o->err, sizeof err);
    code = o->err_code;
  }
  pthread_cond_broadcast(&o->done);
  pthread_mutex_unlock(&o->lock);
  if (!failed)
    return 0;
  accgpu_set_error(code ? code : ACCGPU_ERR_GENERIC, "%s", err);
  return -1;
}

/* The copy this queue thread is doing, for the fault handler (fiber.c);
   volatile: the stores around memmove are kept. */
static __thread const emu_op *volatile copying;

int accgpu_emu_queue_fault_text(char *buf, size_t len, const void *addr) {
  const emu_op *op = copying;
  if (!op)
    return 0;
  snprintf(buf, len, "accgpu emulator: a queued copy of %zu bytes from %p "
           "to %p faulted at address %p: host memory it reads or writes was "
           "freed or went out of scope before the copy ran (an async copy, "
           "or the copy-back of an async construct, needs its host memory "
           "until a wait for its queue)\n", op->u.copy.bytes,
           op->u.copy.src, op->u.copy.dst, addr);
  return 1;
}

/* Runs OP on Q's thread; returns 0 or -1 with the error left. */
static int op_execute(struct accgpu_queue *q, emu_op *op) {
  if (op->hb && op->kind != OP_LAUNCH)
    op_check(q, op);
  switch (op->kind) {
  case OP_COPY:
    copying = op;
    memmove(op->u.copy.dst, op->u.copy.src, op->u.copy.bytes);
    copying = NULL;
    accgpu_emu_initcheck_copy(op->u.copy.ddev, op->u.copy.dst,
                              op->u.copy.sdev, op->u.copy.src,
                              op->u.copy.bytes);
    return 0;
  case OP_MEMSET:
    memset(op->u.set.dst, op->u.set.byte, op->u.set.bytes);
    accgpu_emu_initcheck_mark(q->dev, op->u.set.dst, op->u.set.bytes, 1);
    return 0;
  case OP_LAUNCH: {
    int rc = accgpu_emu_run_grid(op->u.grid);
    free(op->u.grid);
    return rc;
  }
  case OP_WAIT:
    return wait_other(op);
  default:
    op->u.cb.fn(op->u.cb.arg);
    return 0;
  }
}

static void *queue_main(void *arg) {
  struct accgpu_queue *q = arg;
  pthread_mutex_lock(&q->lock);
  for (;;) {
    while (!runnable(q) && !q->stop)
      pthread_cond_wait(&q->work, &q->lock);
    emu_op *op = q->head;
    if (!op)
      break;
    if (!runnable(q)) /* stopping: what was queued runs all the same */
      release(q, q->submitted);
    q->head = op->next;
    if (!q->head)
      q->tail = NULL;
    pthread_mutex_unlock(&q->lock);
    int rc = op_execute(q, op);
    free(op->hb);
    free(op);
    pthread_mutex_lock(&q->lock);
    if (rc != 0 && !q->failed) {
      q->failed = 1;
      snprintf(q->err, sizeof q->err, "%s", accgpu_last_error(&q->err_code));
    }
    q->completed++;
    pthread_cond_broadcast(&q->done);
  }
  pthread_mutex_unlock(&q->lock);
  accgpu_emu_fibers_release();
  return NULL;
}

/* fork(): a child has none of its parent's queue threads.  Where it may
   use the emulator (ACCGPU_EMU_FORK=allow) a queue that had one starts a
   new one, and what the parent had queued there is the parent's: the
   child's first sync waited forever for the lost thread. */
static unsigned fork_gen;
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

static void forked_child(void) {
  fork_gen++;
}

static void fork_hook(void) {
  pthread_atfork(NULL, NULL, forked_child);
}

/* Forgets Q's thread and pending operations when it was started before a
   fork() that made this process (Q's lock held). */
static void adopt(struct accgpu_queue *q) {
  if (!q->started || q->fork_gen == fork_gen)
    return;
  for (emu_op *op = q->head, *next; op; op = next) {
    next = op->next;
    if (op->kind == OP_LAUNCH)
      free(op->u.grid);
    if (op->kind == OP_WAIT) { /* the other queue no longer has a waiter */
      struct accgpu_queue *o = op->u.wait.other;
      pthread_mutex_lock(&o->lock);
      o->waiters--;
      pthread_mutex_unlock(&o->lock);
    }
    free(op->hb);
    free(op);
  }
  q->head = q->tail = NULL;
  q->completed = q->released = q->submitted;
  q->started = 0;
  /* The lost thread was waiting on WORK: signalling a condition variable
     with the parent's waiters on it hangs in glibc. */
  pthread_cond_init(&q->work, NULL);
  pthread_cond_init(&q->done, NULL);
}

/* The queue's thread starts with its first operation: a queue that only
   synchronous launches use (multicore's launch_sync) never pays for one. */
int accgpu_emu_queue_create(struct accgpu_dev *dev, struct accgpu_queue **out) {
  struct accgpu_queue *q = calloc(1, sizeof *q);
  if (!q) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "emulator: out of host memory");
    return -1;
  }
  q->dev = dev;
  pthread_once(&fork_once, fork_hook);
  accgpu_emu_qrace_queue_init(&q->clk, dev);
  pthread_mutex_init(&q->lock, NULL);
  pthread_cond_init(&q->work, NULL);
  pthread_cond_init(&q->done, NULL);
  *out = q;
  return 0;
}

/* Starts Q's thread if it is not running (Q's lock held).  Returns 0, or
   -1 with the error set. */
static int start_thread(struct accgpu_queue *q) {
  adopt(q);
  if (q->started)
    return 0;
  if (pthread_create(&q->thread, NULL, queue_main, q) != 0) {
    accgpu_set_error(ACCGPU_ERR_GENERIC,
                     "%s device %d: cannot start a queue thread",
                     q->dev ? "emulator" : "multicore",
                     q->dev ? q->dev->ordinal : 0);
    return -1;
  }
  q->started = 1;
  q->fork_gen = fork_gen;
  return 0;
}

/* Returns -1 with Q's recorded failure left (and forgets it), else 0.
   Q's lock held. */
static int take_failure(struct accgpu_queue *q) {
  if (!q->failed)
    return 0;
  q->failed = 0;
  accgpu_set_error(q->err_code ? q->err_code : ACCGPU_ERR_GENERIC, "%s",
                   q->err);
  return -1;
}

/* The host has seen what was queued on Q until now finish (racecheck):
   the clock is taken with the target, joined once it is reached. */
int accgpu_emu_queue_sync(struct accgpu_queue *q) {
  unsigned n;
  pthread_mutex_lock(&q->lock);
  adopt(q);
  uint64_t target = q->submitted;
  release(q, target);
  uint64_t *seen = accgpu_emu_qrace_snap(&q->clk, &n);
  while (q->completed < target)
    pthread_cond_wait(&q->done, &q->lock);
  int rc = take_failure(q);
  pthread_mutex_unlock(&q->lock);
  accgpu_emu_qrace_host_join(seen, n);
  return rc;
}

int accgpu_emu_queue_query(struct accgpu_queue *q) {
  unsigned n;
  pthread_mutex_lock(&q->lock);
  adopt(q);
  int idle = q->completed == q->submitted;
  release(q, q->submitted); /* a program polling its queue sees it finish */
  uint64_t *seen = idle ? accgpu_emu_qrace_snap(&q->clk, &n) : NULL;
  int rc = idle && take_failure(q) ? -1 : idle;
  pthread_mutex_unlock(&q->lock);
  if (seen)
    accgpu_emu_qrace_host_join(seen, n);
  return rc;
}

void accgpu_emu_queue_label(struct accgpu_queue *q, int async) {
  q->clk.async = async;
  q->clk.labeled = 1;
  q->deferred = q->dev && async != acc_async_sync &&
                accgpu_emu_config_get()->deferred;
}

int accgpu_emu_queue_destroy(struct accgpu_queue *q) {
  int rc = accgpu_emu_queue_sync(q);
  pthread_mutex_lock(&q->lock);
  while (q->waiters)
    pthread_cond_wait(&q->done, &q->lock);
  q->stop = 1;
  pthread_cond_signal(&q->work);
  pthread_mutex_unlock(&q->lock);
  if (q->started) /* after accgpu_emu_queue_sync's adopt: ours */
    pthread_join(q->thread, NULL);
  accgpu_emu_qrace_queue_fini(&q->clk);
  pthread_cond_destroy(&q->work);
  pthread_cond_destroy(&q->done);
  pthread_mutex_destroy(&q->lock);
  free(q);
  return rc;
}

struct accgpu_dev *accgpu_emu_queue_dev(struct accgpu_queue *q) {
  return q->dev;
}

/* Appends a copy of OP to Q; D (or NULL) says what it is for racecheck.
   Returns 0, or -1 when out of host memory. */
static int submit(struct accgpu_queue *q, const emu_op *op,
                  const emu_opdesc *d) {
  emu_op *o = malloc(sizeof *o);
  if (!o) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "emulator: out of host memory");
    return -1;
  }
  *o = *op;
  o->next = NULL;
  pthread_mutex_lock(&q->lock);
  if (start_thread(q) != 0) {
    pthread_mutex_unlock(&q->lock);
    free(o);
    return -1;
  }
  o->hb = d ? accgpu_emu_qrace_op(&q->clk, d) : NULL;
  if (o->kind == OP_LAUNCH)
    o->u.grid->hb = o->hb;
  if (q->tail)
    q->tail->next = o;
  else
    q->head = o;
  q->tail = o;
  q->submitted++;
  if (q->submitted > DEFER_MAX)
    release(q, q->submitted - DEFER_MAX);
  pthread_cond_signal(&q->work);
  /* A GPU's stream takes about a thousand launches before the host
     blocks; without a bound, a program queueing without waiting held
     every pending operation's memory until its wait (1.4 KB a launch). */
  while (q->submitted - q->completed > PENDING_MAX)
    pthread_cond_wait(&q->done, &q->lock);
  pthread_mutex_unlock(&q->lock);
  return 0;
}

int accgpu_emu_queue_wait_queue(struct accgpu_queue *q,
                                struct accgpu_queue *other) {
  emu_op op = {.kind = OP_WAIT};
  if (q == other)
    return 0; /* a queue is already ordered with itself */
  op.u.wait.other = other;
  pthread_mutex_lock(&other->lock);
  op.u.wait.ticket = other->submitted;
  other->waiters++;
  accgpu_emu_qrace_wait(&q->clk, &other->clk);
  pthread_mutex_unlock(&other->lock);
  if (submit(q, &op, NULL) == 0)
    return 0;
  pthread_mutex_lock(&other->lock);
  other->waiters--;
  pthread_cond_broadcast(&other->done);
  pthread_mutex_unlock(&other->lock);
  return -1;
}

int accgpu_emu_queue_callback(struct accgpu_queue *q, void (*fn)(void *),
                              void *arg) {
  emu_op op = {.kind = OP_CALLBACK};
  op.u.cb.fn = fn;
  op.u.cb.arg = arg;
  return submit(q, &op, NULL);
}

int accgpu_emu_queue_launch(struct accgpu_queue *q, accgpu_emu_grid *grid) {
  emu_op op = {.kind = OP_LAUNCH};
  emu_opdesc d = {EMU_OPD_KERNEL, grid->kernel, grid->loc, NULL};
  op.u.grid = grid;
  if (submit(q, &op, &d) == 0)
    return 0;
  free(grid);
  return -1;
}

/* What the calling thread's data operation is, for reports (racecheck). */
static emu_opdesc op_desc(int kind) {
  emu_opdesc d = {kind, NULL, NULL, NULL};
  accgpu_op_current(&d.loc, &d.routine);
  return d;
}

/* Queues a copy of KIND from SRC (on device SDEV, NULL: host) to DST. */
static int submit_copy(struct accgpu_queue *q, int kind, void *dst,
                       struct accgpu_dev *ddev, const void *src,
                       struct accgpu_dev *sdev, size_t bytes) {
  emu_op op = {.kind = OP_COPY};
  if (bytes == 0)
    return 0;
  emu_opdesc d = op_desc(kind);
  op.u.copy.dst = dst;
  op.u.copy.src = src;
  op.u.copy.bytes = bytes;
  op.u.copy.ddev = ddev;
  op.u.copy.sdev = sdev;
  return submit(q, &op, &d);
}

int accgpu_emu_copy_h2d(struct accgpu_queue *q, void *dst, const void *src,
                        size_t bytes) {
  if (accgpu_emu_check_range("copy_h2d", q->dev, "destination", dst, bytes))
    return -1;
  return submit_copy(q, EMU_OPD_H2D, dst, q->dev, src, NULL, bytes);
}

int accgpu_emu_copy_d2h(struct accgpu_queue *q, void *dst, const void *src,
                        size_t bytes) {
  if (accgpu_emu_check_range("copy_d2h", q->dev, "source", src, bytes))
    return -1;
  return submit_copy(q, EMU_OPD_D2H, dst, NULL, src, q->dev, bytes);
}

int accgpu_emu_copy_d2d(struct accgpu_queue *q, void *dst, const void *src,
                        size_t bytes) {
  if (accgpu_emu_check_range("copy_d2d", q->dev, "destination", dst,
                             bytes) ||
      accgpu_emu_check_range("copy_d2d", q->dev, "source", src, bytes))
    return -1;
  return submit_copy(q, EMU_OPD_D2D, dst, q->dev, src, q->dev, bytes);
}

int accgpu_emu_memset(struct accgpu_queue *q, void *dst, int byte,
                      size_t bytes) {
  emu_op op = {.kind = OP_MEMSET};
  if (accgpu_emu_check_range("memset", q->dev, "destination", dst, bytes))
    return -1;
  if (bytes == 0)
    return 0;
  emu_opdesc d = op_desc(EMU_OPD_MEMSET);
  op.u.set.dst = dst;
  op.u.set.byte = byte;
  op.u.set.bytes = bytes;
  return submit(q, &op, &d);
}

int accgpu_emu_copy_peer(struct accgpu_queue *q, struct accgpu_dev *dst_dev,
                         void *dst, struct accgpu_dev *src_dev,
                         const void *src, size_t bytes) {
  if (accgpu_emu_check_range("copy_peer", dst_dev, "destination", dst, bytes) ||
      accgpu_emu_check_range("copy_peer", src_dev, "source", src, bytes))
    return -1;
  return submit_copy(q, EMU_OPD_D2D, dst, dst_dev, src, src_dev, bytes);
}
