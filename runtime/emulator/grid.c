/* grid.c — spreads the blocks of a launch over host threads.
 *
 * One process-wide pool of worker threads (ACCGPU_EMU_THREADS runners in
 * all, default: the number of CPUs).  The queue thread that launches a grid
 * is itself a runner: it publishes the grid, runs blocks until none is left,
 * then waits for the workers still inside it.  Blocks are handed out by an
 * atomic counter, so concurrent launches from several queues share the
 * workers and each still progresses on its own queue thread.          */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emu.h"

static struct {
  pthread_once_t once;
  pthread_mutex_t lock;
  pthread_cond_t work; /* a grid was published */
  pthread_cond_t left; /* a worker left a grid */
  accgpu_emu_grid *grids; /* published grids with blocks left */
  unsigned runners;
} pool = {PTHREAD_ONCE_INIT, PTHREAD_MUTEX_INITIALIZER,
          PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0};

/* The block that the K-th hand-out runs under ACCGPU_EMU_SCHEDULE: K in
   order, the last first (reverse, and lockstep: a gang reading what a
   later gang writes in the same kernel reads it unwritten, as when a GPU
   runs them at once), or an affine permutation k*A + C mod N (A odd and
   coprime with N), different for each launch. */
static uint64_t block_order(const accgpu_emu_grid *g, uint64_t k) {
  const accgpu_emu_config *c = accgpu_emu_config_get();
  uint64_t n = g->nblocks;
  if (c->order == EMU_ORDER_INORDER || n < 2)
    return k;
  if (c->order == EMU_ORDER_REVERSE || c->order == EMU_ORDER_LOCKSTEP)
    return n - 1 - k;
  uint64_t h = (c->seed + g->launch) * 0x9e3779b97f4a7c15ull;
  uint64_t a = (h >> 17) % n | 1, x = a, y = n;
  while (y) { /* gcd(a, n) */
    uint64_t t = x % y;
    x = y;
    y = t;
  }
  if (x != 1)
    a = 1;
  uint64_t r = (uint64_t)((unsigned __int128)k * a % n) + (h >> 40) % n;
  return r >= n ? r - n : r;
}

/* Runs blocks of G until none is left.  Called without the pool lock;
   failures are recorded in G under it. */
static void run_blocks(accgpu_emu_grid *g) {
  char msg[sizeof g->error];
  for (;;) {
    uint64_t b = __atomic_fetch_add(&g->next_block, 1, __ATOMIC_RELAXED);
    if (b >= g->nblocks)
      return;
    if (accgpu_emu_run_block(g, block_order(g, b), msg, sizeof msg) != 0) {
      pthread_mutex_lock(&pool.lock);
      if (!g->failed) {
        g->failed = 1;
        snprintf(g->error, sizeof g->error, "%s", msg);
      }
      pthread_mutex_unlock(&pool.lock);
      /* Stop handing out this grid's blocks: the launch has failed. */
      __atomic_store_n(&g->next_block, g->nblocks, __ATOMIC_RELAXED);
      return;
    }
  }
}

/* Removes G from the published list.  Pool lock held. */
static void unpublish(accgpu_emu_grid *g) {
  for (accgpu_emu_grid **p = &pool.grids; *p; p = &(*p)->next)
    if (*p == g) {
      *p = g->next;
      return;
    }
}

static void *worker_main(void *arg) {
  (void)arg;
  pthread_mutex_lock(&pool.lock);
  for (;;) {
    accgpu_emu_grid *g = pool.grids;
    if (!g) {
      pthread_cond_wait(&pool.work, &pool.lock);
      continue;
    }
    g->active++;
    pthread_mutex_unlock(&pool.lock);
    run_blocks(g);
    pthread_mutex_lock(&pool.lock);
    unpublish(g); /* no blocks left to hand out */
    g->active--;
    pthread_cond_broadcast(&pool.left);
  }
  return NULL;
}

static unsigned env_runners(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  n = accgpu_emu_env_long("ACCGPU_EMU_THREADS", n > 0 ? (n > 256 ? 256 : n) : 1,
                          1, 256);
  return (unsigned)n;
}

/* Starts the workers (runners minus the launching thread).  Workers that
   cannot be created only make the pool smaller. */
static void pool_start(void) {
  unsigned want = env_runners();
  pool.runners = 1;
  for (unsigned i = 1; i < want; i++) {
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &a, worker_main, NULL) == 0)
      pool.runners++;
    pthread_attr_destroy(&a);
  }
}

unsigned accgpu_emu_runners(void) {
  pthread_once(&pool.once, pool_start);
  return pool.runners;
}

/* Racecheck: one launch (or checked copy) at a time, its blocks one at a
   time (records are not written concurrently). */
static pthread_mutex_t race_lock = PTHREAD_MUTEX_INITIALIZER;

void accgpu_emu_race_serial(int lock) {
  if (lock)
    pthread_mutex_lock(&race_lock);
  else
    pthread_mutex_unlock(&race_lock);
}

int accgpu_emu_run_grid(accgpu_emu_grid *g) {
  int serial = accgpu_emu_config_get()->racecheck;
  pthread_once(&pool.once, pool_start);
  g->next_block = 0;
  g->active = 0;
  g->failed = 0;
  memset(&g->cnt_tot, 0, sizeof g->cnt_tot);
  memset(&g->cnt_max, 0, sizeof g->cnt_max);
  if (serial)
    pthread_mutex_lock(&race_lock);
  else if (g->nblocks > 1 && pool.runners > 1) {
    pthread_mutex_lock(&pool.lock);
    g->next = pool.grids;
    pool.grids = g;
    pthread_cond_broadcast(&pool.work);
    pthread_mutex_unlock(&pool.lock);
  }
  run_blocks(g);
  if (serial)
    pthread_mutex_unlock(&race_lock);
  pthread_mutex_lock(&pool.lock);
  unpublish(g);
  while (g->active)
    pthread_cond_wait(&pool.left, &pool.lock);
  int failed = g->failed;
  pthread_mutex_unlock(&pool.lock);
  if (failed) {
    accgpu_set_error(ACCGPU_ERR_LAUNCH, "%s", g->error);
    return -1;
  }
  if (accgpu_emu_counting())
    accgpu_emu_count_report(g);
  return 0;
}
