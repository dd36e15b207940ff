/* compute_malloc.c — malloc, calloc and free in compute regions and in a
 * `routine seq`, each block scratch of one gang, one worker, one iteration
 * or one routine call: filled, reduced, freed.  The device heap (8 MiB by
 * default, CUDA's) holds what is live at once: at most G gangs' blocks
 * of M doubles, or one block per thread of a launch.  Reference: the same
 * sums in serial loops. */
#include <stdlib.h>

#include "e2e.h"

#define G 24  /* gangs, each with its own scratch */
#define M 300 /* doubles per gang block */
#define N 2000 /* iterations, each with its own block */
#define K 13  /* ints per iteration block */

#define W 4  /* workers per gang, each with its own scratch */

static double gsum[G], gsum2[G], wsum[G][W];
static long isum[N], rsum[N];
static int czero[N];

/* The scratch of one call: the squares of X..X+K-1, summed. */
#pragma acc routine seq
static long squares(int x)
{
  long *t = (long *)malloc(K * sizeof(long));
  long s = 0;
  if (!t)
    return -1;
  for (int j = 0; j < K; j++)
    t[j] = (long)(x + j) * (x + j);
  for (int j = K - 1; j >= 0; j--)
    s += t[j];
  free(t);
  return s;
}

int main(void)
{
  /* One block per gang, made in gang-redundant code, filled and reduced
     by the gang's vector lanes. */
#pragma acc parallel num_gangs(G) vector_length(64) copyout(gsum, gsum2)
  {
#pragma acc loop gang
    for (int g = 0; g < G; g++) {
      double *t = (double *)malloc(M * sizeof(double));
      double s = 0, s2 = 0;
      if (t) {
#pragma acc loop vector
        for (int j = 0; j < M; j++)
          t[j] = g * 0.5 + j;
#pragma acc loop vector reduction(+:s)
        for (int j = 0; j < M; j++)
          s += t[j];
#pragma acc loop vector reduction(+:s2)
        for (int j = 0; j < M; j++)
          s2 += t[M - 1 - j] * t[j];
        free(t);
      } else {
        s = -1;
      }
      gsum[g] = s;
      gsum2[g] = s2;
    }
  }

  /* One block per worker, made in worker code (vector-single), filled and
     reduced by the worker's lanes. */
#pragma acc parallel num_gangs(G) num_workers(W) vector_length(32) \
    copyout(wsum)
  {
#pragma acc loop gang
    for (int g = 0; g < G; g++) {
#pragma acc loop worker
      for (int w = 0; w < W; w++) {
        double *t = (double *)malloc(M * sizeof(double));
        double s = -1;
        if (t) {
          s = 0;
#pragma acc loop vector
          for (int j = 0; j < M; j++)
            t[j] = g * 1000 + w * 10 + j;
#pragma acc loop vector reduction(+:s)
          for (int j = 0; j < M; j++)
            s += t[M - 1 - j];
          free(t);
        }
        wsum[g][w] = s;
      }
    }
  }

  /* One block per iteration (per thread), calloc's zeros checked; one
     routine call per iteration, which mallocs its own. */
#pragma acc parallel loop copyout(isum, czero, rsum)
  for (int i = 0; i < N; i++) {
    int *w = (int *)malloc(K * sizeof(int));
    int *z = (int *)calloc(K, sizeof(int));
    long s = 0;
    int zeros = 0;
    if (w && z) {
      for (int j = 0; j < K; j++)
        w[j] = i * K + j;
      for (int j = 0; j < K; j++) {
        s += w[j];
        zeros += z[j] == 0;
      }
    } else {
      s = -1;
    }
    free(w);
    free(z);
    isum[i] = s;
    czero[i] = zeros;
    rsum[i] = squares(i);
  }

  for (int g = 0; g < G; g++) {
    double s = 0, s2 = 0;
    for (int j = 0; j < M; j++) {
      s += g * 0.5 + j;
      s2 += (g * 0.5 + (M - 1 - j)) * (g * 0.5 + j);
    }
    CHECK_REAL("gang block sum", gsum[g], s, 1e-12);
    CHECK_REAL("gang block dot", gsum2[g], s2, 1e-12);
    for (int w = 0; w < W; w++) {
      double ws = 0;
      for (int j = 0; j < M; j++)
        ws += g * 1000 + w * 10 + j;
      CHECK_REAL("worker block sum", wsum[g][w], ws, 1e-12);
    }
  }
  for (int i = 0; i < N; i++) {
    long s = 0, r = 0;
    for (int j = 0; j < K; j++) {
      s += (long)i * K + j;
      r += (long)(i + j) * (i + j);
    }
    CHECK_INT("iteration block sum", isum[i], s);
    CHECK_INT("calloc zeros", czero[i], K);
    CHECK_INT("routine block sum", rsum[i], r);
  }
  return e2e_done();
}
