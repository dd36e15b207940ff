/* real4_kmeans_sssp.c — irregular codes with array reductions and atomic
 * capture, as OpenACC 2.7+ C ports write them: k-means whose new centres
 * are summed with `reduction(+:sums[0:K*D], counts[0:K])` (array
 * reductions over a `parallel loop` of points, the nearest centre found
 * in a `loop seq`, the centres read through a `const float (*restrict
 * c)[D]` pointer), iterated on the host until no point changes cluster;
 * SSSP (Bellman-Ford, pull form over the reversed CSR graph) whose
 * improved vertices are pushed onto a frontier with `atomic capture` of a
 * counter (`slot = (*tail)++;` in a `routine seq` given `&tail`), the
 * frontier read back with `update self(frontier[0:tail])`, a host loop
 * that repeats while `changed` (`copy(changed, tail)` on the construct)
 * and swaps the two distance arrays inside the data region. Against
 * serial code. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>
#include <limits.h>

#define NP 2000
#define K 6
#define D 3

static void kmeans(const float (*restrict pts)[D], float (*restrict c)[D],
                   int *restrict member, int iters_max, int on, int *iters)
{
  int it = 0, changed = 1;
  float sums[K * D];
  int counts[K];
  while (changed && it < iters_max) {
    changed = 0;
    for (int i = 0; i < K * D; i++)
      sums[i] = 0;
    for (int k = 0; k < K; k++)
      counts[k] = 0;
#pragma acc parallel loop copyin(pts[0:NP][0:D], c[0:K][0:D]) \
    copy(member[0:NP]) reduction(+:sums[0:K*D], counts[0:K]) \
    reduction(||:changed) if(on)
    for (int p = 0; p < NP; p++) {
      int best = 0;
      float bd = 3.4e38f;
#pragma acc loop seq
      for (int k = 0; k < K; k++) {
        float d2 = 0;
        for (int d = 0; d < D; d++) {
          float t = pts[p][d] - c[k][d];
          d2 += t * t;
        }
        if (d2 < bd) {
          bd = d2;
          best = k;
        }
      }
      if (member[p] != best) {
        changed = 1;
        member[p] = best;
      }
      for (int d = 0; d < D; d++)
        sums[best * D + d] += pts[p][d];
      counts[best] += 1;
    }
    for (int k = 0; k < K; k++)
      if (counts[k] > 0)
        for (int d = 0; d < D; d++)
          c[k][d] = sums[k * D + d] / counts[k];
    it++;
  }
  *iters = it;
}

static void test_kmeans(void)
{
  float (*pts)[D] = malloc(NP * sizeof *pts);
  float c1[K][D], c2[K][D];
  int *m1 = malloc(NP * sizeof(int)), *m2 = malloc(NP * sizeof(int));
  for (int p = 0; p < NP; p++) {
    int g = p % K;
    for (int d = 0; d < D; d++)
      pts[p][d] = (float)(g * 4 + d) + 0.001f * (float)((p * 37 + d * 11) % 500);
    m1[p] = m2[p] = -1;
  }
  for (int k = 0; k < K; k++)
    for (int d = 0; d < D; d++)
      c1[k][d] = c2[k][d] = pts[k * 7][d];
  int it1, it2;
  kmeans((const float (*)[D])pts, c1, m1, 20, 1, &it1);
  kmeans((const float (*)[D])pts, c2, m2, 20, 0, &it2);
  CHECK_INT("kmeans iterations", it1, it2);
  for (int p = 0; p < NP; p++)
    CHECK_INT("kmeans member", m1[p], m2[p]);
  for (int k = 0; k < K; k++)
    for (int d = 0; d < D; d++)
      CHECK_REAL("kmeans centre", c1[k][d], c2[k][d], 1e-4);
  free(pts);
  free(m1);
  free(m2);
}

#define NV 1500
#define DEG 4

#pragma acc routine seq
static int push(int *restrict frontier, int *restrict tail, int v)
{
  int slot;
#pragma acc atomic capture
  slot = (*tail)++;
  frontier[slot] = v;
  return slot;
}

/* pull-style Bellman-Ford over the reversed graph (rrow/rsrc/rwt: the
 * in-edges of each vertex); each round writes dnew, pushes the improved
 * vertices onto the frontier, and the two distance arrays are swapped on
 * the host inside the data region. Returns the rounds; fsum/fcount: the
 * sum and number of frontier entries over all rounds. */
static int sssp(const int *restrict rrow, const int *restrict rsrc,
                const int *restrict rwt, int *dist, long *fsum, int *fcount,
                int on)
{
  int *dnew = malloc(NV * sizeof(int));
  int *frontier = malloc(NV * sizeof(int));
  int *d0 = dist, *mine = dnew;
  for (int v = 0; v < NV; v++)
    dist[v] = INT_MAX / 2;
  dist[0] = 0;
  int rounds = 0;
  long sum = 0;
  int count = 0;
  const int nnz = rrow[NV];
#pragma acc data copyin(rrow[0:NV+1], rsrc[0:nnz], rwt[0:nnz]) \
    copy(dist[0:NV]) create(dnew[0:NV], frontier[0:NV]) if(on)
  {
    int changed = 1;
    while (changed) {
      changed = 0;
      int tail = 0;
#pragma acc parallel loop present(rrow, rsrc, rwt, dist, dnew, frontier) \
    copy(changed, tail) if(on)
      for (int v = 0; v < NV; v++) {
        int best = dist[v];
        for (int e = rrow[v]; e < rrow[v + 1]; e++) {
          int nd = dist[rsrc[e]] + rwt[e];
          if (nd < best)
            best = nd;
        }
        dnew[v] = best;
        if (best < dist[v]) {
          changed = 1;
          push(frontier, &tail, v);
        }
      }
      if (tail > 0) {
#pragma acc update self(frontier[0:tail]) if(on)
      }
      for (int f = 0; f < tail; f++)
        sum += frontier[f];
      count += tail;
      int *t = dist;
      dist = dnew;
      dnew = t;
      rounds++;
    }
    if (dist != d0) {
      /* the result is in the other array: copy it back into d0's device
         copy so that the region's copyout brings it home */
#pragma acc parallel loop present(dist[0:NV], dnew[0:NV]) if(on)
      for (int v = 0; v < NV; v++)
        dnew[v] = dist[v];
      dist = d0;
    }
  }
  if (dist != d0)
    abort();
  free(mine);
  free(frontier);
  *fsum = sum;
  *fcount = count;
  return rounds;
}

static void test_sssp(void)
{
  int *row = malloc((NV + 1) * sizeof(int)), *cnt = calloc(NV + 1, sizeof(int));
  int *col = malloc(NV * DEG * sizeof(int)), *wt = malloc(NV * DEG * sizeof(int));
  int *rsrc = malloc(NV * DEG * sizeof(int)), *rwt = malloc(NV * DEG * sizeof(int));
  int *d1 = malloc(NV * sizeof(int)), *d2 = malloc(NV * sizeof(int));
  int e = 0;
  for (int v = 0; v < NV; v++) {
    row[v] = e;
    for (int k = 0; k < DEG; k++) {
      col[e] = (v * 13 + k * 101 + 1) % NV;
      wt[e] = 1 + (v * 7 + k * 3) % 9;
      cnt[col[e] + 1]++;
      e++;
    }
  }
  row[NV] = e;
  for (int v = 0; v < NV; v++)
    cnt[v + 1] += cnt[v];
  int *fill = calloc(NV, sizeof(int));
  for (int u = 0; u < NV; u++)
    for (int k = row[u]; k < row[u + 1]; k++) {
      int slot = cnt[col[k]] + fill[col[k]]++;
      rsrc[slot] = u;
      rwt[slot] = wt[k];
    }
  long fsum;
  int fcount;
  int rounds = sssp(cnt, rsrc, rwt, d1, &fsum, &fcount, 1);
  /* reference: Jacobi-style rounds as above, serially */
  for (int v = 0; v < NV; v++)
    d2[v] = INT_MAX / 2;
  d2[0] = 0;
  int rr = 0, rcount = 0;
  long rsum = 0;
  int *tmp = malloc(NV * sizeof(int));
  for (int changed = 1; changed; rr++) {
    changed = 0;
    for (int v = 0; v < NV; v++) {
      int best = d2[v];
      for (int k = cnt[v]; k < cnt[v + 1]; k++)
        if (d2[rsrc[k]] + rwt[k] < best)
          best = d2[rsrc[k]] + rwt[k];
      tmp[v] = best;
      if (best < d2[v]) {
        changed = 1;
        rsum += v;
        rcount++;
      }
    }
    memcpy(d2, tmp, NV * sizeof(int));
  }
  CHECK_INT("sssp rounds", rounds, rr);
  CHECK_INT("sssp frontier count", fcount, rcount);
  CHECK_INT("sssp frontier sum", fsum, rsum);
  for (int v = 0; v < NV; v++)
    CHECK_INT("sssp dist", d1[v], d2[v]);
  free(row); free(cnt); free(col); free(wt); free(rsrc); free(rwt);
  free(d1); free(d2); free(fill); free(tmp);
}

int main(void)
{
  test_kmeans();
  test_sssp();
  return e2e_done();
}
