/* timing.c — ACCGPU_TIME=1: a table of kernels and transfers printed at
 * exit, per source construct, like NVHPC's NV_ACC_TIME.  It goes to stderr
 * (as NV_ACC_TIME does) because stdout belongs to the program; it appears
 * only when the user asked for it.  Timed operations are made synchronous
 * so the times are the device's, not the time to enqueue.
 *
 * The table is guarded by a leaf lock.                                   */
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int accgpu_timing;

#define NREC 1024
#define NCOUNT 12 /* counters a record keeps (the emulator has 10) */

typedef struct rec {
  int used, kind;
  const char *name;
  const __accgpu_loc *loc;
  unsigned long count;
  size_t bytes;
  double seconds;
  unsigned ncount; /* counters, 0: none (accgpu_time_counts) */
  const char *const *cnames;
  uint64_t ctot[NCOUNT], cmax[NCOUNT], cblocks;
} rec;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static rec recs[NREC];
static unsigned nrecs;

double accgpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The record of (KIND, NAME, LOC), created when new; NULL when the table
   is full.  Lock held.  Records are keyed by pointer identity: names and
   locations are static constants of the program. */
static rec *rec_get(int kind, const char *name, const __accgpu_loc *loc) {
  size_t h = ((uintptr_t)name * 31 + (uintptr_t)loc * 7 + (unsigned)kind) %
             NREC;
  for (unsigned probes = 0; probes < NREC; probes++, h = (h + 1) % NREC) {
    rec *r = &recs[h];
    if (r->used && !(r->kind == kind && r->name == name && r->loc == loc))
      continue;
    if (!r->used) {
      *r = (rec){.used = 1, .kind = kind, .name = name, .loc = loc};
      nrecs++;
    }
    return r;
  }
  return NULL;
}

void accgpu_time_record(int kind, const char *name, const __accgpu_loc *loc,
                        size_t bytes, double seconds) {
  pthread_mutex_lock(&lock);
  rec *r = rec_get(kind, name, loc);
  if (r) {
    r->count++;
    r->bytes += bytes;
    r->seconds += seconds;
  }
  pthread_mutex_unlock(&lock);
}

void accgpu_time_counts(const char *name, const __accgpu_loc *loc, unsigned n,
                        const char *const *names, const uint64_t *tot,
                        const uint64_t *max, uint64_t blocks) {
  pthread_mutex_lock(&lock);
  rec *r = rec_get(ACCGPU_T_KERNEL, name, loc);
  if (r) {
    r->ncount = n < NCOUNT ? n : NCOUNT;
    r->cnames = names;
    for (unsigned i = 0; i < r->ncount; i++) {
      r->ctot[i] += tot[i];
      if (max[i] > r->cmax[i])
        r->cmax[i] = max[i];
    }
    r->cblocks += blocks;
  }
  pthread_mutex_unlock(&lock);
}

/* The counters of R: totals over all its launches and the most any one
   block had. */
static void counts_report(const rec *r) {
  fprintf(stderr, "      counts (%llu blocks):",
          (unsigned long long)r->cblocks);
  for (unsigned i = 0; i < r->ncount; i++)
    fprintf(stderr, " %s %llu", r->cnames[i], (unsigned long long)r->ctot[i]);
  fprintf(stderr, "\n      max per block:     ");
  for (unsigned i = 0; i < r->ncount; i++)
    fprintf(stderr, " %s %llu", r->cnames[i], (unsigned long long)r->cmax[i]);
  fputc('\n', stderr);
}

static int by_place(const void *a, const void *b) {
  const rec *x = a, *y = b;
  const char *fx = x->loc && x->loc->file ? x->loc->file : "";
  const char *fy = y->loc && y->loc->file ? y->loc->file : "";
  int c = strcmp(fx, fy);
  if (c)
    return c;
  int lx = x->loc ? x->loc->line : 0, ly = y->loc ? y->loc->line : 0;
  if (lx != ly)
    return lx < ly ? -1 : 1;
  return x->kind - y->kind;
}

void accgpu_time_report(void) {
  static const char *const kinds[] = {"kernel", "upload", "download",
                                      "device copy", "load"};
  rec *all = calloc(nrecs ? nrecs : 1, sizeof *all);
  unsigned n = 0;
  if (!all)
    return;
  pthread_mutex_lock(&lock);
  for (unsigned i = 0; i < NREC && n < nrecs; i++)
    if (recs[i].used)
      all[n++] = recs[i];
  pthread_mutex_unlock(&lock);
  qsort(all, n, sizeof *all, by_place);
  fprintf(stderr, "\naccgpu: ACCGPU_TIME profile (synchronous timings)\n");
  const __accgpu_loc *cur = (const __accgpu_loc *)-1;
  for (unsigned i = 0; i < n; i++) {
    rec *r = &all[i];
    if (r->loc != cur) {
      cur = r->loc;
      if (cur)
        fprintf(stderr, "  %s:%d (%s in %s)\n", cur->file, cur->line,
                cur->construct ? cur->construct : "?",
                cur->func ? cur->func : "?");
      else
        fprintf(stderr, "  (OpenACC API calls)\n");
    }
    fprintf(stderr, "    %-11s %-32s count %8lu  total %10.3f ms  avg %9.3f "
            "us", kinds[r->kind], r->name ? r->name : "-", r->count,
            r->seconds * 1e3, r->count ? r->seconds * 1e6 / r->count : 0.0);
    if (r->kind != ACCGPU_T_KERNEL && r->kind != ACCGPU_T_LOAD)
      fprintf(stderr, "  bytes %zu", r->bytes);
    fputc('\n', stderr);
    if (r->ncount)
      counts_report(r);
  }
  free(all);
}

void accgpu_time_init(void) {
  const char *env = getenv("ACCGPU_TIME");
  if (env && *env && strcmp(env, "0") != 0 && strcmp(env, "1") != 0)
    accgpu_fatal(NULL, "ACCGPU_TIME=%.60s: must be 0 or 1", env);
  if (env && !strcmp(env, "1")) {
    accgpu_timing = 1;
    atexit(accgpu_time_report);
  }
}
