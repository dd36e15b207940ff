/* bench_present.c — present-table lookups against a splay tree (libgomp's
 * choice, written here as the baseline), measured in the same run.
 *
 * N mappings of random sizes (64 B .. 64 KiB, random gaps) are inserted in
 * both; each lookup asks for a random address *inside* a random mapping
 * (interior addresses, as acc_deviceptr and nested regions ask).  The
 * splay tree compares an address with a node's range [start, end), as
 * libgomp's does, so one splay finds the containing range.  Also: a "hot"
 * pattern (8 arrays looked up in turn, as loops of regions do) and reverse
 * lookups (device -> host), which a splay tree keyed on host addresses can
 * only answer with a walk.  Target: <= 100 ns per lookup at 10,000
 * mappings and faster than the splay tree at 10, 1,000 and 10,000.       */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hashmap/present.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_rand(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* CPU time of this thread: the machine is shared, and wall time would
   count the time other processes ran. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- Baseline: top-down splay tree (Sleator & Tarjan) on ranges ---- */

typedef struct snode {
  uintptr_t start, end;
  struct snode *l, *r;
} snode;

/* <0: A before the range, >0: after, 0: inside. */
static int cmp(uintptr_t a, const snode *n) {
  return a < n->start ? -1 : a >= n->end ? 1 : 0;
}

static snode *splay(snode *t, uintptr_t a) {
  snode head = {0, 0, NULL, NULL}, *l = &head, *r = &head;
  if (!t)
    return t;
  for (;;) {
    int c = cmp(a, t);
    if (c < 0) {
      if (!t->l)
        break;
      if (cmp(a, t->l) < 0) { /* rotate right */
        snode *y = t->l;
        t->l = y->r;
        y->r = t;
        t = y;
        if (!t->l)
          break;
      }
      r->l = t; /* link right */
      r = t;
      t = t->l;
    } else if (c > 0) {
      if (!t->r)
        break;
      if (cmp(a, t->r) > 0) { /* rotate left */
        snode *y = t->r;
        t->r = y->l;
        y->l = t;
        t = y;
        if (!t->r)
          break;
      }
      l->r = t; /* link left */
      l = t;
      t = t->r;
    } else {
      break;
    }
  }
  l->r = t->l;
  r->l = t->r;
  t->l = head.r;
  t->r = head.l;
  return t;
}

static snode *splay_insert(snode *t, snode *n) {
  if (!t) {
    n->l = n->r = NULL;
    return n;
  }
  t = splay(t, n->start);
  if (n->start < t->start) {
    n->l = t->l;
    n->r = t;
    t->l = NULL;
  } else {
    n->r = t->r;
    n->l = t;
    t->r = NULL;
  }
  return n;
}

static snode *splay_lookup(snode **root, uintptr_t a) {
  *root = splay(*root, a);
  return *root && cmp(a, *root) == 0 ? *root : NULL;
}

/* Reverse lookup in a tree keyed on host addresses: a walk. */
static snode *walk_find(snode *t, uintptr_t dev_a, uintptr_t dev_off) {
  if (!t)
    return NULL;
  if (dev_a >= t->start + dev_off && dev_a < t->end + dev_off)
    return t;
  snode *f = walk_find(t->l, dev_a, dev_off);
  return f ? f : walk_find(t->r, dev_a, dev_off);
}

/* ---- One configuration ---- */

#define DEV_OFF ((uintptr_t)1 << 40)

typedef struct result {
  double present_ns, splay_ns, hot_present_ns, hot_splay_ns, rev_ns, walk_ns;
} result;

static volatile uintptr_t sink;

static result run(size_t n, size_t lookups) {
  accgpu_entry *e = calloc(n, sizeof *e);
  snode *s = calloc(n, sizeof *s), *root = NULL;
  uintptr_t *q = malloc(lookups * sizeof *q);
  static accgpu_present t;
  accgpu_present_init(&t);
  uintptr_t addr = 0x10000000;
  for (size_t i = 0; i < n; i++) {
    size_t bytes = 64 + next_rand() % 65536;
    addr += next_rand() % 4096;
    e[i] = (accgpu_entry){.host = addr, .dev = addr + DEV_OFF, .bytes = bytes};
    s[i] = (snode){addr, addr + bytes, NULL, NULL};
    addr += bytes;
  }
  for (size_t i = 0; i < n; i++) { /* random insertion order */
    size_t j = i + next_rand() % (n - i);
    accgpu_entry te = e[i];
    e[i] = e[j];
    e[j] = te;
    snode ts = s[i];
    s[i] = s[j];
    s[j] = ts;
    accgpu_present_insert(&t, &e[i]);
    root = splay_insert(root, &s[i]);
  }
  for (size_t i = 0; i < lookups; i++) {
    accgpu_entry *m = &e[next_rand() % n];
    q[i] = m->host + next_rand() % m->bytes;
  }
  result r;
  uintptr_t sum1 = 0, sum2 = 0;
  double t0 = now();
  for (size_t i = 0; i < lookups; i++)
    sum1 += accgpu_present_find(&t, q[i])->host;
  double t1 = now();
  for (size_t i = 0; i < lookups; i++)
    sum2 += splay_lookup(&root, q[i])->start;
  double t2 = now();
  r.present_ns = (t1 - t0) * 1e9 / lookups;
  r.splay_ns = (t2 - t1) * 1e9 / lookups;
  if (sum1 != sum2)
    fprintf(stderr, "bench_present: results differ\n"), exit(1);
  /* hot: 8 arrays in turn */
  for (size_t i = 0; i < lookups; i++)
    q[i] = e[i % 8 % n].host + (i * 64) % e[i % 8 % n].bytes;
  t0 = now();
  for (size_t i = 0; i < lookups; i++)
    sum1 += accgpu_present_find(&t, q[i])->host;
  t1 = now();
  for (size_t i = 0; i < lookups; i++)
    sum2 += splay_lookup(&root, q[i])->start;
  t2 = now();
  r.hot_present_ns = (t1 - t0) * 1e9 / lookups;
  r.hot_splay_ns = (t2 - t1) * 1e9 / lookups;
  /* reverse */
  size_t nrev = n >= 1000 ? lookups / 1000 : lookups / 10;
  for (size_t i = 0; i < nrev; i++) {
    accgpu_entry *m = &e[next_rand() % n];
    q[i] = m->dev + next_rand() % m->bytes;
  }
  t0 = now();
  for (size_t i = 0; i < lookups; i++)
    sum1 += accgpu_present_find_dev(&t, q[i % nrev])->host;
  t1 = now();
  for (size_t i = 0; i < nrev; i++)
    sum2 += walk_find(root, q[i], DEV_OFF)->start;
  t2 = now();
  r.rev_ns = (t1 - t0) * 1e9 / lookups;
  r.walk_ns = (t2 - t1) * 1e9 / nrev;
  sink = sum1 + sum2;
  accgpu_present_fini(&t);
  free(e);
  free(s);
  free(q);
  return r;
}

int main(void) {
  static const size_t sizes[] = {10, 1000, 10000};
  int ok = 1;
  printf("bench_present: ns per lookup (interior addresses), present table "
         "vs splay tree\n");
  printf("%9s %10s %10s %7s | %9s %9s %7s | %9s %11s\n", "mappings",
         "present", "splay", "ratio", "hot pres", "hot splay", "ratio",
         "reverse", "splay walk");
  for (int i = 0; i < 3; i++) {
    result r = run(sizes[i], 2000000);
    printf("%9zu %10.1f %10.1f %6.2fx | %9.1f %9.1f %6.2fx | %9.1f %11.1f\n",
           sizes[i], r.present_ns, r.splay_ns, r.splay_ns / r.present_ns,
           r.hot_present_ns, r.hot_splay_ns,
           r.hot_splay_ns / r.hot_present_ns, r.rev_ns, r.walk_ns);
    ok &= r.present_ns < r.splay_ns;
    if (sizes[i] == 10000)
      ok &= r.present_ns <= 100;
  }
  printf("bench_present: target (<= 100 ns at 10,000; faster than splay at "
         "every size): %s\n", ok ? "met" : "NOT met");
  return 0;
}
