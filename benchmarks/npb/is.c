/* is.c — NPB IS: ranking of integer keys by a bucketed counting sort.
 *
 * Keys are k = (MAX_KEY/4) * (r1 + r2 + r3 + r4) with four numbers of NPB's
 * stream each.  Every iteration i first plants two keys (i and MAX_KEY - i),
 * then ranks all keys: the rank of value v is the number of keys < v.  The
 * ranks of five fixed keys are checked against published values after each
 * iteration (partial verification); at the end the keys are placed in sorted
 * order from their ranks and checked (full verification).
 *
 * GPU mapping (Xu, ch. 4):
 *  - the keys are cut into NBLK blocks; each block counts its keys per bucket
 *    into its own row of hist[block][bucket] (array privatization, §4.1.1
 *    and §4.1.6 — no atomics; a row is contiguous, so the counters of one
 *    thread share cache lines);
 *  - an exclusive scan of hist in bucket-major order (bucket 0 of every
 *    block, then bucket 1, ...) gives every block the
 *    place of its keys in each bucket: a blocked two-level scan written as
 *    parallel loops (§4.1.7 without a scan clause);
 *  - each block scatters its keys into key_buff2, stable by construction;
 *  - each bucket counts its keys per value and prefix-sums its value range.
 * One data region spans the timed loop (§4.1.4); the host only sees the five
 * ranks of the partial check (update self) and the final arrays.           */
#include "npb.h"

#define MAX_ITERATIONS 10
#define TEST_ARRAY_SIZE 5
#define SCAN_CHUNKS 1024L

struct is_class {
  char cls;
  int total_keys_log2, max_key_log2, num_buckets_log2;
  long test_index[TEST_ARRAY_SIZE], test_rank[TEST_ARRAY_SIZE];
};

static const struct is_class is_classes[] = {
    {'S', 16, 11, 9, {48427, 17148, 23627, 62548, 4431},
     {0, 18, 346, 64917, 65463}},
    {'W', 20, 16, 10, {357773, 934767, 875723, 898999, 404505},
     {1249, 11698, 1039987, 1043896, 1048018}},
    {'A', 23, 19, 10, {2112377, 662041, 5336171, 3642833, 4250760},
     {104, 17523, 123928, 8288932, 8388264}},
    {'B', 25, 21, 10, {41869, 812306, 5102857, 18232239, 26860214},
     {33422937, 10244, 59149, 33135281, 99}},
    {'C', 27, 23, 10, {44172927, 72999161, 74326391, 129606274, 21736814},
     {61147, 882988, 266290, 133997595, 133525895}},
};

/* The problem and its arrays (device-resident inside the data region). */
struct is_state {
  const struct is_class *pc;
  long nk, max_key, nb, nblk, bsize, shift;
  int *keys, *kb1, *kb2;   /* key_array, ranks by value, keys by bucket */
  int *hist;               /* [nblk][nb] counts, then their exclusive scan */
  long *csum;              /* per scan chunk sums, then offsets */
  long *bstart;            /* [nb + 1] bucket boundaries in kb2 */
  int *tidx, *tval, *trank;
};

/* Fills keys[0, nk) with NPB's key sequence, generated in parallel: chunk c
   starts 4 * c * len numbers into the stream. */
static void is_create_keys(struct is_state *s)
{
  int *keys = s->keys;
  long nk = s->nk, len = 256, nch = (nk + len - 1) / len;
  double k = (double)(s->max_key / 4);

#pragma acc parallel loop gang vector vector_length(128) present(keys[0:nk])
  for (long c = 0; c < nch; c++) {
    uint64_t x;
    NPB_SKIP(x, NPB_SEED, (uint64_t)(4 * c * len));
    long end = (c + 1) * len < nk ? (c + 1) * len : nk;
    for (long i = c * len; i < end; i++) {
      double r = NPB_RANDLC(x);
      r += NPB_RANDLC(x);
      r += NPB_RANDLC(x);
      r += NPB_RANDLC(x);
      keys[i] = (int)(k * r);
    }
  }
}

/* Counts per block and bucket: hist[blk * nb + b]. */
static void is_histogram(struct is_state *s)
{
  int *keys = s->keys, *hist = s->hist;
  long nk = s->nk, nb = s->nb, nblk = s->nblk, bs = s->bsize, sh = s->shift;

#pragma acc parallel loop gang vector vector_length(128) \
    present(keys[0:nk], hist[0:nb * nblk])
  for (long blk = 0; blk < nblk; blk++) {
    for (long b = 0; b < nb; b++)
      hist[blk * nb + b] = 0;
    long end = (blk + 1) * bs < nk ? (blk + 1) * bs : nk;
    for (long i = blk * bs; i < end; i++)
      hist[blk * nb + (keys[i] >> sh)]++;
  }
}

/* Exclusive scan of hist in place, in bucket-major order (element f is
   bucket f / nblk of block f % nblk): chunk sums, then each chunk's offset as
   the sum of the sums before it, then a serial scan per chunk. */
static void is_scan(struct is_state *s)
{
  int *hist = s->hist;
  long *csum = s->csum, *bstart = s->bstart;
  long n = s->nb * s->nblk, nb = s->nb, nblk = s->nblk, nk = s->nk;
  long nch = SCAN_CHUNKS, len = (n + nch - 1) / nch;

#pragma acc parallel loop gang vector vector_length(128) \
    present(hist[0:n], csum[0:nch])
  for (long c = 0; c < nch; c++) {
    long sum = 0, end = (c + 1) * len < n ? (c + 1) * len : n;
    for (long f = c * len; f < end; f++)
      sum += hist[(f % nblk) * nb + f / nblk];
    csum[c] = sum;
  }

#pragma acc parallel loop gang vector vector_length(128) \
    present(hist[0:n], csum[0:nch])
  for (long c = 0; c < nch; c++) {
    long off = 0;
    for (long d = 0; d < c; d++)
      off += csum[d];
    long end = (c + 1) * len < n ? (c + 1) * len : n;
    for (long f = c * len; f < end; f++) {
      long at = (f % nblk) * nb + f / nblk, v = hist[at];
      hist[at] = (int)off;
      off += v;
    }
  }

#pragma acc parallel loop gang vector present(hist[0:n], bstart[0:nb + 1])
  for (long b = 0; b <= nb; b++)
    bstart[b] = b < nb ? hist[b] : nk; /* block 0's offset in bucket b */
}

/* Moves each key to its bucket's segment of kb2, block by block, keeping the
   key order inside a bucket.  hist holds the scanned offsets on entry and is
   consumed. */
static void is_scatter(struct is_state *s)
{
  int *keys = s->keys, *kb2 = s->kb2, *hist = s->hist;
  long nk = s->nk, nb = s->nb, nblk = s->nblk, bs = s->bsize, sh = s->shift;

#pragma acc parallel loop gang vector vector_length(128) \
    present(keys[0:nk], kb2[0:nk], hist[0:nb * nblk])
  for (long blk = 0; blk < nblk; blk++) {
    long end = (blk + 1) * bs < nk ? (blk + 1) * bs : nk;
    for (long i = blk * bs; i < end; i++) {
      int key = keys[i];
      long slot = blk * nb + (key >> sh);
      kb2[hist[slot]] = key;
      hist[slot]++;
    }
  }
}

/* kb1[v] = number of keys <= v, one bucket (one value range) per thread. */
static void is_rank_values(struct is_state *s)
{
  int *kb1 = s->kb1, *kb2 = s->kb2;
  long *bstart = s->bstart;
  long nk = s->nk, nb = s->nb, mk = s->max_key, width = s->max_key / s->nb;

#pragma acc parallel loop gang vector vector_length(64) \
    present(kb1[0:mk], kb2[0:nk], bstart[0:nb + 1])
  for (long b = 0; b < nb; b++) {
    long lo = b * width;
    for (long v = lo; v < lo + width; v++)
      kb1[v] = 0;
    for (long i = bstart[b]; i < bstart[b + 1]; i++)
      kb1[kb2[i]]++;
    kb1[lo] += (int)bstart[b];
    for (long v = lo + 1; v < lo + width; v++)
      kb1[v] += kb1[v - 1];
  }
}

/* Returns 1 when the five test keys have their published ranks after
   iteration it (the per-class offsets are NPB's), else 0 and says which. */
static int is_check_partial(const struct is_state *s, int it, int *passed)
{
  const struct is_class *pc = s->pc;
  int ok = 1;
  for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
    long k = s->tval[i];
    if (k <= 0 || k > s->nk - 1)
      continue;
    long want = pc->test_rank[i], got = NPB_SPOIL_INT(s->trank[i]);
    int up;
    switch (pc->cls) {
    case 'S': up = i <= 2; want += up ? it : -it; break;
    case 'W': want += i < 2 ? it - 2 : -it; break;
    case 'A': want += i <= 2 ? it - 1 : -(it - 1); break;
    case 'B': up = i == 1 || i == 2 || i == 4; want += up ? it : -it; break;
    default:  up = i <= 2; want += up ? it : -it; break;
    }
    if (got == want) {
      (*passed)++;
    } else {
      printf(" Failed partial verification: iteration %d, test key %d\n", it, i);
      ok = 0;
    }
  }
  return ok;
}

/* One ranking pass (NPB's rank(iteration)): plant the two keys, record the
   test keys, rank everything, read back the five test ranks. */
static void is_rank(struct is_state *s, int it)
{
  int *keys = s->keys, *kb1 = s->kb1, *tidx = s->tidx, *tval = s->tval,
      *trank = s->trank;
  long nk = s->nk, mk = s->max_key;

#pragma acc parallel loop present(keys[0:nk])
  for (int i = 0; i < 2; i++)
    keys[i == 0 ? it : it + MAX_ITERATIONS] = i == 0 ? it : (int)mk - it;
#pragma acc parallel loop present(keys[0:nk], tidx[0:TEST_ARRAY_SIZE], \
                                  tval[0:TEST_ARRAY_SIZE])
  for (int i = 0; i < TEST_ARRAY_SIZE; i++)
    tval[i] = keys[tidx[i]];

  is_histogram(s);
  is_scan(s);
  is_scatter(s);
  is_rank_values(s);

#pragma acc parallel loop present(kb1[0:mk], tval[0:TEST_ARRAY_SIZE], \
                                  trank[0:TEST_ARRAY_SIZE])
  for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
    long k = tval[i];
    trank[i] = (k > 0 && k <= mk) ? kb1[k - 1] : -1;
  }
#pragma acc update self(tval[0:TEST_ARRAY_SIZE], trank[0:TEST_ARRAY_SIZE])
}

/* Places every key of kb2 at its rank (counting down from kb1) and checks
   that the result is a full, non-decreasing array (NPB's full verification),
   and, beyond NPB, that the ranks agree with a host count of the keys
   themselves.  Returns 1 when all holds. */
static int is_full_verify(const struct is_state *s)
{
  long nk = s->nk, mk = s->max_key;
  int *sorted = npb_alloc((size_t)nk, sizeof(int), "sorted keys");
  int *next = npb_alloc((size_t)mk, sizeof(int), "rank cursor");
  long bad = 0;
  for (long i = 0; i < nk; i++)
    next[s->keys[i]]++;
  for (long v = 0, below = 0; v < mk; v++) {
    below += next[v];
    bad += s->kb1[v] != below;
  }
  memcpy(next, s->kb1, (size_t)mk * sizeof(int));
  memset(sorted, 0xff, (size_t)nk * sizeof(int));
  for (long i = 0; i < nk; i++) {
    int key = s->kb2[i];
    int pos = --next[key];
    if (pos < 0 || pos >= nk || sorted[pos] != -1)
      bad++;
    else
      sorted[pos] = key;
  }
  for (long i = 0; i < nk; i++)
    if (sorted[i] < 0 || (i > 0 && sorted[i - 1] > sorted[i]))
      bad++;
  if (bad)
    printf(" Full_verify: number of keys out of sort: %ld\n", bad);
  free(sorted);
  free(next);
  return bad == 0;
}

/* Sizes the problem for class cls and allocates the host arrays (calloc'd,
   freed by main).  The block count keeps about 4096 keys per block, within
   [64, 4096] blocks. */
static void is_setup(struct is_state *s, char cls)
{
  const struct is_class *pc = &is_classes[npb_class_index(cls)];
  s->pc = pc;
  s->nk = 1L << pc->total_keys_log2;
  s->max_key = 1L << pc->max_key_log2;
  s->nb = 1L << pc->num_buckets_log2;
  s->shift = pc->max_key_log2 - pc->num_buckets_log2;
  s->nblk = s->nk >> 12;
  s->nblk = s->nblk < 64 ? 64 : s->nblk > 4096 ? 4096 : s->nblk;
  s->bsize = (s->nk + s->nblk - 1) / s->nblk;
  s->keys = npb_alloc((size_t)s->nk, sizeof(int), "key_array");
  s->kb1 = npb_alloc((size_t)s->max_key, sizeof(int), "key_buff1");
  s->kb2 = npb_alloc((size_t)s->nk, sizeof(int), "key_buff2");
  s->hist = npb_alloc((size_t)(s->nb * s->nblk), sizeof(int), "hist");
  s->csum = npb_alloc(SCAN_CHUNKS, sizeof(long), "scan sums");
  s->bstart = npb_alloc((size_t)s->nb + 1, sizeof(long), "bucket starts");
  s->tidx = npb_alloc(TEST_ARRAY_SIZE, sizeof(int), "test index");
  s->tval = npb_alloc(TEST_ARRAY_SIZE, sizeof(int), "test values");
  s->trank = npb_alloc(TEST_ARRAY_SIZE, sizeof(int), "test ranks");
  for (int i = 0; i < TEST_ARRAY_SIZE; i++)
    s->tidx[i] = (int)pc->test_index[i];
}

int main(int argc, char **argv)
{
  char cls = npb_class(argc, argv);
  struct is_state st, *s = &st;
  is_setup(s, cls);
  long nk = s->nk, mk = s->max_key, nh = s->nb * s->nblk, nb = s->nb;
  int *keys = s->keys, *kb1 = s->kb1, *kb2 = s->kb2, *hist = s->hist;
  long *csum = s->csum, *bstart = s->bstart;
  int *tidx = s->tidx, *tval = s->tval, *trank = s->trank;
  int passed = 0, ok = 1;
  double t = 0.0;

  printf("\n NAS Parallel Benchmarks (accgpu OpenACC C) - IS Benchmark\n\n");
  printf(" Size:  %ld  (class %c)\n", nk, cls);
  printf(" Iterations:  %d\n", MAX_ITERATIONS);

#pragma acc data create(keys[0:nk], kb1[0:mk], kb2[0:nk], hist[0:nh], \
                        csum[0:SCAN_CHUNKS], bstart[0:nb + 1])           \
    copyin(tidx[0:TEST_ARRAY_SIZE]) create(tval[0:TEST_ARRAY_SIZE],      \
                                           trank[0:TEST_ARRAY_SIZE])
  {
    is_create_keys(s);
    is_rank(s, 1); /* untimed warm-up, as NPB does */

    double t0 = npb_wtime();
    for (int it = 1; it <= MAX_ITERATIONS; it++) {
      is_rank(s, it);
      ok &= is_check_partial(s, it, &passed);
    }
    t = npb_wtime() - t0;

#pragma acc update self(keys[0:nk], kb1[0:mk], kb2[0:nk])
  }
  if (is_full_verify(s))
    passed++;
  ok = ok && passed == 5 * MAX_ITERATIONS + 1;

  char size[32];
  snprintf(size, sizeof size, "%ld", nk);
  int rc = npb_report("IS", cls, size, MAX_ITERATIONS, t,
                      (double)MAX_ITERATIONS * (double)nk / t / 1e6,
                      "keys ranked", ok);
  free(keys); free(kb1); free(kb2); free(hist); free(csum); free(bstart);
  free(tidx); free(tval); free(trank);
  return rc;
}
