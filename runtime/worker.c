/* worker.c — one worker thread per device with a FIFO task queue (Xu,
 * §6.3.2, Algorithms 3 and 4).  Operations given a device number
 * (deviceid(e)) are queued here, so the host thread that issued them goes on
 * while each device works through its own tasks in order.
 *
 * A task runs with its submitter's device selection and default async
 * queue.  Only threads that are not workers queue regions and data
 * operations onto workers: a task that names another device acts on it
 * directly (as any host thread would), so two workers never wait for each
 * other (region.c).
 *
 * Locks: a worker's mutex M is a leaf lock guarding its task list; the
 * device's lock guards the d->worker pointer.  No lock is held while a task
 * runs or while a caller waits for a drain.                              */
#include "core.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

/* The submitting thread's selections a task runs with. */
typedef struct task_ctx {
  acc_device_t domain, type;
  int num, default_async;
} task_ctx;

typedef struct task {
  struct task *next;
  void (*fn)(void *);
  task_ctx ctx;
  alignas(max_align_t) unsigned char arg[];
} task;

struct accgpu_worker {
  pthread_t thread;
  pthread_mutex_t m;
  pthread_cond_t ready; /* a task was queued or STOP set */
  pthread_cond_t idle;  /* the queue ran empty */
  task *head, *tail;
  int busy, stop;
  accgpu_device *d;
};

static _Thread_local const accgpu_device *self_dev;

int accgpu_on_worker_of(const accgpu_device *d) { return self_dev == d; }

int accgpu_on_a_worker(void) { return self_dev != NULL; }

/* Gives the worker thread the submitter's device selection and default
   async queue, so acc_async_noval and device numbers in the task mean what
   they meant to the submitter. */
static void adopt(const task_ctx *c) {
  accgpu_thread *th = accgpu_thread_get();
  th->domain = c->domain;
  th->type = c->type;
  th->num = c->num;
  th->cur = NULL;
  th->default_async = c->default_async;
}

/* Algorithm 3: take tasks from the head until told to stop. */
static void *worker_main(void *arg) {
  struct accgpu_worker *w = arg;
  self_dev = w->d;
  pthread_mutex_lock(&w->m);
  for (;;) {
    while (!w->head && !w->stop)
      pthread_cond_wait(&w->ready, &w->m);
    if (!w->head)
      break;
    task *t = w->head;
    w->head = t->next;
    if (!w->head)
      w->tail = NULL;
    w->busy = 1;
    pthread_mutex_unlock(&w->m);
    adopt(&t->ctx);
    t->fn(t->arg);
    free(t);
    pthread_mutex_lock(&w->m);
    w->busy = 0;
    if (!w->head)
      pthread_cond_broadcast(&w->idle);
  }
  pthread_mutex_unlock(&w->m);
  return NULL;
}

/* D's worker, started on first use (takes D's lock). */
static struct accgpu_worker *worker_of(accgpu_device *d) {
  pthread_mutex_lock(&d->lock);
  struct accgpu_worker *w = d->worker;
  if (!w) {
    w = calloc(1, sizeof *w);
    if (!w)
      accgpu_fatal(NULL, "out of host memory");
    pthread_mutex_init(&w->m, NULL);
    pthread_cond_init(&w->ready, NULL);
    pthread_cond_init(&w->idle, NULL);
    w->d = d;
    if (pthread_create(&w->thread, NULL, worker_main, w) != 0)
      accgpu_fatal(NULL, "cannot start the worker thread of device %d",
                   d->num);
    d->worker = w;
  }
  pthread_mutex_unlock(&d->lock);
  return w;
}

/* Algorithm 4: append a task and wake the worker. */
void accgpu_worker_submit(accgpu_device *d, void (*fn)(void *),
                          const void *arg, size_t bytes) {
  task *t = malloc(sizeof *t + bytes);
  if (!t)
    accgpu_fatal(NULL, "out of host memory");
  accgpu_thread *th = accgpu_thread_get();
  t->next = NULL;
  t->fn = fn;
  t->ctx = (task_ctx){th->domain, th->type, th->num, th->default_async};
  if (bytes)
    memcpy(t->arg, arg, bytes);
  struct accgpu_worker *w = worker_of(d);
  pthread_mutex_lock(&w->m);
  if (w->tail)
    w->tail->next = t;
  else
    w->head = t;
  w->tail = t;
  pthread_cond_signal(&w->ready);
  pthread_mutex_unlock(&w->m);
}

void accgpu_worker_drain(accgpu_device *d) {
  if (accgpu_on_worker_of(d))
    return; /* a task waiting for its own queue would wait forever */
  accgpu_device_lock(d); /* a shutdown stops W only when nobody holds D */
  struct accgpu_worker *w = d->worker;
  if (w)
    accgpu_device_hold(d);
  pthread_mutex_unlock(&d->lock);
  if (!w)
    return;
  pthread_mutex_lock(&w->m);
  while (w->head || w->busy)
    pthread_cond_wait(&w->idle, &w->m);
  pthread_mutex_unlock(&w->m);
  accgpu_device_unhold(d);
}

void accgpu_worker_stop(accgpu_device *d) {
  pthread_mutex_lock(&d->lock);
  struct accgpu_worker *w = d->worker;
  d->worker = NULL;
  pthread_mutex_unlock(&d->lock);
  if (!w)
    return;
  pthread_mutex_lock(&w->m);
  w->stop = 1;
  pthread_cond_signal(&w->ready);
  pthread_mutex_unlock(&w->m);
  pthread_join(w->thread, NULL);
  pthread_mutex_destroy(&w->m);
  pthread_cond_destroy(&w->ready);
  pthread_cond_destroy(&w->idle);
  free(w);
}

void accgpu_signal_init(accgpu_signal *s) {
  pthread_mutex_init(&s->m, NULL);
  pthread_cond_init(&s->c, NULL);
  s->done = 0;
}

void accgpu_signal_post(accgpu_signal *s) {
  pthread_mutex_lock(&s->m);
  s->done = 1;
  pthread_cond_signal(&s->c);
  pthread_mutex_unlock(&s->m);
}

void accgpu_signal_wait(accgpu_signal *s) {
  pthread_mutex_lock(&s->m);
  while (!s->done)
    pthread_cond_wait(&s->c, &s->m);
  pthread_mutex_unlock(&s->m);
  pthread_mutex_destroy(&s->m);
  pthread_cond_destroy(&s->c);
}

/* ---- Entry points ---- */

void __accgpu_device_submit(int device, void (*fn)(void *), const void *arg,
                            size_t arg_bytes) {
  accgpu_device *d = accgpu_device_arg(device, NULL, "device task");
  if (accgpu_on_worker_of(d)) {
    fn((void *)arg); /* already in D's FIFO order */
    return;
  }
  accgpu_worker_submit(d, fn, arg, arg_bytes);
}
