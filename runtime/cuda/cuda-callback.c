/* cuda-callback.c — the per-device runner of queue callbacks (see
 * cuda-callback.h for why they do not run on the driver's thread). */
#include "cuda-callback.h"

#include <stdlib.h>

typedef struct accgpu_cb_item {
  accgpu_cb_runner *runner;
  accgpu_cb_count *count;
  void (*fn)(void *);
  void *arg;
  struct accgpu_cb_item *next;
} accgpu_cb_item;

void accgpu_cb_init(accgpu_cb_runner *r) {
  pthread_mutex_init(&r->lock, NULL);
  pthread_cond_init(&r->cond, NULL);
  r->head = r->tail = NULL;
  r->started = r->stop = 0;
}

/* The runner thread: runs handed-off callbacks in arrival order until
   stopped with nothing left.  Calls them without the lock. */
static void *runner_main(void *arg) {
  accgpu_cb_runner *r = arg;
  pthread_mutex_lock(&r->lock);
  for (;;) {
    while (!r->head && !r->stop)
      pthread_cond_wait(&r->cond, &r->lock);
    accgpu_cb_item *it = r->head;
    if (!it)
      break; /* stopped and drained */
    r->head = it->next;
    if (!r->head)
      r->tail = NULL;
    pthread_mutex_unlock(&r->lock);
    it->fn(it->arg);
    pthread_mutex_lock(&r->lock);
    it->count->done++;
    pthread_cond_broadcast(&r->cond);
    free(it);
  }
  pthread_mutex_unlock(&r->lock);
  return NULL;
}

void accgpu_cb_fini(accgpu_cb_runner *r) {
  pthread_mutex_lock(&r->lock);
  r->stop = 1;
  int started = r->started;
  pthread_cond_broadcast(&r->cond);
  pthread_mutex_unlock(&r->lock);
  if (started)
    pthread_join(r->thread, NULL);
  pthread_cond_destroy(&r->cond);
  pthread_mutex_destroy(&r->lock);
}

accgpu_cb_item *accgpu_cb_prepare(accgpu_cb_runner *r, accgpu_cb_count *c,
                                  void (*fn)(void *), void *arg) {
  accgpu_cb_item *it = malloc(sizeof *it);
  if (!it)
    return NULL;
  *it = (accgpu_cb_item){r, c, fn, arg, NULL};
  pthread_mutex_lock(&r->lock);
  if (!r->started && pthread_create(&r->thread, NULL, runner_main, r) == 0)
    r->started = 1;
  int ok = r->started;
  if (ok)
    c->posted++;
  pthread_mutex_unlock(&r->lock);
  if (!ok) {
    free(it);
    return NULL;
  }
  return it;
}

void accgpu_cb_cancel(accgpu_cb_item *it) {
  pthread_mutex_lock(&it->runner->lock);
  it->count->posted--;
  pthread_mutex_unlock(&it->runner->lock);
  free(it);
}

void accgpu_cb_host_fn(void *item) {
  accgpu_cb_item *it = item;
  accgpu_cb_runner *r = it->runner;
  pthread_mutex_lock(&r->lock);
  if (r->tail)
    r->tail->next = it;
  else
    r->head = it;
  r->tail = it;
  pthread_cond_broadcast(&r->cond);
  pthread_mutex_unlock(&r->lock);
}

unsigned long accgpu_cb_posted(accgpu_cb_runner *r, accgpu_cb_count *c) {
  pthread_mutex_lock(&r->lock);
  unsigned long n = c->posted;
  pthread_mutex_unlock(&r->lock);
  return n;
}

void accgpu_cb_wait(accgpu_cb_runner *r, accgpu_cb_count *c,
                    unsigned long target) {
  pthread_mutex_lock(&r->lock);
  while (c->done < target)
    pthread_cond_wait(&r->cond, &r->lock);
  pthread_mutex_unlock(&r->lock);
}

int accgpu_cb_idle(accgpu_cb_runner *r, accgpu_cb_count *c) {
  pthread_mutex_lock(&r->lock);
  int idle = c->done == c->posted;
  pthread_mutex_unlock(&r->lock);
  return idle;
}
