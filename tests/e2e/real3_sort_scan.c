/* real3_sort_scan.c — data-parallel primitives as OpenACC C codes write
 * them: a bitonic sort (a host double loop over k and j launching one
 * `parallel loop present(a)` per step, partners found with `i ^ j`, each
 * step `async` on one queue and a single `wait`), stream compaction
 * (flags, per-block counts with a `loop seq` inside a `gang` loop, an
 * exclusive scan of the counts in a `serial` region, the scatter), a
 * histogram with `atomic update` on an int array at a computed index
 * and an `atomic capture` cursor filling buckets, and an LSD radix sort
 * pass (counts with atomics, a `serial` scan, a stable scatter in a
 * `serial` loop). Each against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void bitonic_sort(int *a, int n)
{
#pragma acc data copy(a[0:n])
  {
    for (int k = 2; k <= n; k <<= 1) {
      for (int j = k >> 1; j > 0; j >>= 1) {
#pragma acc parallel loop present(a[0:n]) async(1)
        for (int i = 0; i < n; i++) {
          int ixj = i ^ j;
          if (ixj > i) {
            int up = (i & k) == 0;
            if ((up && a[i] > a[ixj]) || (!up && a[i] < a[ixj])) {
              int t = a[i];
              a[i] = a[ixj];
              a[ixj] = t;
            }
          }
        }
      }
    }
#pragma acc wait(1)
  }
}

static void test_bitonic(void)
{
  const int n = 1024;
  int *a = malloc(n * sizeof *a), *r = malloc(n * sizeof *r);
  for (int i = 0; i < n; i++)
    a[i] = r[i] = (int)((i * 2654435761u) >> 7) % 5000 - 2500;
  bitonic_sort(a, n);
  qsort(r, n, sizeof *r, cmp_int);
  for (int i = 0; i < n; i++)
    CHECK_INT("bitonic", a[i], r[i]);
  free(a), free(r);
}

#define BLK 64

static int compact(const float *in, float *out, int n)
{
  int nblk = (n + BLK - 1) / BLK, total = 0;
  int *flag = malloc(n * sizeof *flag), *cnt = malloc(nblk * sizeof *cnt);
  int *off = malloc(nblk * sizeof *off);
#pragma acc data copyin(in[0:n]) copyout(out[0:n]) \
    create(flag[0:n], cnt[0:nblk], off[0:nblk]) copy(total)
  {
#pragma acc parallel loop present(in[0:n], flag[0:n])
    for (int i = 0; i < n; i++)
      flag[i] = in[i] > 0.5f;
#pragma acc parallel loop gang present(flag[0:n], cnt[0:nblk])
    for (int b = 0; b < nblk; b++) {
      int c = 0;
      int end = (b + 1) * BLK < n ? (b + 1) * BLK : n;
#pragma acc loop seq
      for (int i = b * BLK; i < end; i++)
        c += flag[i];
      cnt[b] = c;
    }
#pragma acc serial present(cnt[0:nblk], off[0:nblk])
    {
      int s = 0;
      for (int b = 0; b < nblk; b++) {
        off[b] = s;
        s += cnt[b];
      }
      total = s;
    }
#pragma acc parallel loop gang present(in[0:n], flag[0:n], off[0:nblk], \
                                       out[0:n])
    for (int b = 0; b < nblk; b++) {
      int pos = off[b];
      int end = (b + 1) * BLK < n ? (b + 1) * BLK : n;
#pragma acc loop seq
      for (int i = b * BLK; i < end; i++)
        if (flag[i])
          out[pos++] = in[i];
    }
  }
  free(flag), free(cnt), free(off);
  return total;
}

static void test_compact(void)
{
  const int n = 3001;
  float *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
  for (int i = 0; i < n; i++)
    in[i] = (float)((i * 37) % 101) / 100.0f;
  memset(out, 0, n * sizeof *out);
  int m = compact(in, out, n), k = 0;
  for (int i = 0; i < n; i++)
    if (in[i] > 0.5f) {
      if (k < m)
        CHECK_REAL("compact", out[k], in[i], 0);
      k++;
    }
  CHECK_INT("compact count", m, k);
  free(in), free(out);
}

#define NBINS 37

static void test_histogram(void)
{
  const int n = 20000;
  unsigned char *img = malloc(n);
  int hist[NBINS], ref[NBINS];
  int bucket[NBINS][8], fill[NBINS], rfill[NBINS];
  for (int i = 0; i < n; i++)
    img[i] = (unsigned char)((i * 131 + (i >> 3)) & 0xff);
  memset(hist, 0, sizeof hist);
  memset(fill, 0, sizeof fill);
#pragma acc parallel loop copyin(img[0:n]) copy(hist, fill) copyout(bucket)
  for (int i = 0; i < n; i++) {
    int b = (img[i] * NBINS) >> 8;
#pragma acc atomic update
    hist[b] += 1;
    if (img[i] % 97 == 3) {
      int slot;
#pragma acc atomic capture
      slot = fill[b]++;
      if (slot < 8)
        bucket[b][slot] = i;
    }
  }
  memset(ref, 0, sizeof ref);
  memset(rfill, 0, sizeof rfill);
  for (int i = 0; i < n; i++) {
    int b = (img[i] * NBINS) >> 8;
    ref[b]++;
    if (img[i] % 97 == 3)
      rfill[b]++;
  }
  for (int b = 0; b < NBINS; b++) {
    CHECK_INT("hist", hist[b], ref[b]);
    CHECK_INT("hist fill", fill[b], rfill[b]);
    /* each slot holds a distinct index that belongs in the bucket */
    for (int s = 0; s < fill[b] && s < 8; s++) {
      int i = bucket[b][s];
      CHECK_TRUE("bucket member", i >= 0 && i < n &&
                 img[i] % 97 == 3 && (img[i] * NBINS) >> 8 == b);
      for (int t = 0; t < s; t++)
        CHECK_TRUE("bucket distinct", bucket[b][t] != i);
    }
  }
  free(img);
}

static void radix_pass(const unsigned *keys, unsigned *out, int n, int shift)
{
  int count[256];
  memset(count, 0, sizeof count);
#pragma acc data copyin(keys[0:n]) copyout(out[0:n]) copy(count)
  {
#pragma acc parallel loop present(keys[0:n], count)
    for (int i = 0; i < n; i++) {
      unsigned d = (keys[i] >> shift) & 0xffu;
#pragma acc atomic
      count[d]++;
    }
#pragma acc serial present(count)
    {
      int s = 0;
      for (int d = 0; d < 256; d++) {
        int c = count[d];
        count[d] = s;
        s += c;
      }
    }
#pragma acc serial present(keys[0:n], out[0:n], count)
    for (int i = 0; i < n; i++) {
      unsigned d = (keys[i] >> shift) & 0xffu;
      out[count[d]++] = keys[i];
    }
  }
}

static int cmp_uns(const void *a, const void *b)
{
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

static void test_radix(void)
{
  const int n = 2500;
  unsigned *k = malloc(n * sizeof *k), *t = malloc(n * sizeof *t);
  unsigned *r = malloc(n * sizeof *r);
  for (int i = 0; i < n; i++)
    k[i] = r[i] = (unsigned)i * 2654435761u ^ 0x5bd1e995u;
  for (int shift = 0; shift < 32; shift += 16) {
    radix_pass(k, t, n, shift);
    radix_pass(t, k, n, shift + 8);
  }
  qsort(r, n, sizeof *r, cmp_uns);
  for (int i = 0; i < n; i++)
    CHECK_INT("radix", k[i], r[i]);
  free(k), free(t), free(r);
}

int main(void)
{
  test_bitonic();
  test_compact();
  test_histogram();
  test_radix();
  return e2e_done();
}
