/* reduction_array.c — reductions on whole fixed-size arrays (OpenACC 2.7,
 * §2.5.15: each element reduced by itself, private copies start at the
 * operator's identity, the original values take part once): a histogram
 * over gangs and vector lanes (a combined construct on a mapped array:
 * construct-level and loop-level), a 2-D array, max/min/&/|/^/* in a
 * vector loop and in a worker loop inside a gang loop (a gang-private
 * array), and an inner vector loop that updates the worker loop's array
 * without a clause of its own, and a _Bool array.  Checked against serial
 * loops. */
#include <stdlib.h>

#include "e2e.h"

#define N 5000
#define B 8
#define G 5
#define M 333

static void histogram(const int *a)
{
  long hist[B], want[B];
  int grid[3][4], gwant[3][4];
  for (int k = 0; k < B; k++)
    hist[k] = want[k] = 100 + k; /* the original values take part once */
  for (int k = 0; k < 12; k++)
    grid[k / 4][k % 4] = gwant[k / 4][k % 4] = k;
  for (int i = 0; i < N; i++) {
    want[a[i] % B] += a[i];
    gwant[i % 3][a[i] % 4] += 1;
  }
#pragma acc parallel loop gang vector reduction(+:hist, grid) copyin(a[0:N])
  for (int i = 0; i < N; i++) {
    hist[a[i] % B] += a[i];
    grid[i % 3][a[i] % 4] += 1;
  }
  for (int k = 0; k < B; k++)
    CHECK_INT("hist", hist[k], want[k]);
  for (int k = 0; k < 12; k++)
    CHECK_INT("grid", grid[k / 4][k % 4], gwant[k / 4][k % 4]);
}

/* max, min, &, |, ^, * per element over the iterations of one gang. */
static void ops_in_gangs(const int *a, int *out)
{
#pragma acc parallel loop gang num_workers(4) vector_length(32) \
    copyin(a[0:G*M]) copyout(out[0:G*24])
  for (int g = 0; g < G; g++) {
    int mx[4], mn[4], an[4], orr[4], xo[4];
    double pr[4];
    for (int k = 0; k < 4; k++) {
      mx[k] = -1000;
      mn[k] = 1000;
      an[k] = -1;
      orr[k] = xo[k] = 0;
      pr[k] = 1;
    }
#pragma acc loop worker reduction(max:mx) reduction(min:mn) \
    reduction(&:an) reduction(|:orr) reduction(^:xo) reduction(*:pr)
    for (int j = 0; j < M; j++) {
      int v = a[g * M + j];
      mx[j % 4] = v > mx[j % 4] ? v : mx[j % 4];
      mn[j % 4] = v < mn[j % 4] ? v : mn[j % 4];
      an[j % 4] &= v | 0x100;
      orr[j % 4] |= v;
      xo[j % 4] ^= v * 7;
      if (j % 37 == 0)
        pr[j % 4] *= 1.0 + v % 5;
    }
    for (int k = 0; k < 4; k++) {
      out[g * 24 + k] = mx[k];
      out[g * 24 + 4 + k] = mn[k];
      out[g * 24 + 8 + k] = an[k];
      out[g * 24 + 12 + k] = orr[k];
      out[g * 24 + 16 + k] = xo[k];
      out[g * 24 + 20 + k] = (int)pr[k];
    }
  }
  for (int g = 0; g < G; g++)
    for (int k = 0; k < 4; k++) {
      int mx = -1000, mn = 1000, an = -1, orr = 0, xo = 0;
      double pr = 1;
      for (int j = k; j < M; j += 4) {
        int v = a[g * M + j];
        mx = v > mx ? v : mx;
        mn = v < mn ? v : mn;
        an &= v | 0x100;
        orr |= v;
        xo ^= v * 7;
        if (j % 37 == 0)
          pr *= 1.0 + v % 5;
      }
      CHECK_INT("max", out[g * 24 + k], mx);
      CHECK_INT("min", out[g * 24 + 4 + k], mn);
      CHECK_INT("and", out[g * 24 + 8 + k], an);
      CHECK_INT("or", out[g * 24 + 12 + k], orr);
      CHECK_INT("xor", out[g * 24 + 16 + k], xo);
      CHECK_INT("mul", out[g * 24 + 20 + k], (int)pr);
    }
}

/* A worker loop's array updated by its inner vector loop (no clause
   there: the lanes add into the worker loop's partial), and a vector
   loop's own array reduction. */
static void nested(const int *a, int *out)
{
#pragma acc parallel loop gang num_workers(2) vector_length(64) \
    copyin(a[0:G*M]) copyout(out[0:G*6])
  for (int g = 0; g < G; g++) {
    int s[3] = {1, 2, 3}, v[3] = {0, 0, 0};
#pragma acc loop worker reduction(+:s)
    for (int w = 0; w < 9; w++) {
#pragma acc loop vector
      for (int j = 0; j < 37; j++)
        s[(w + j) % 3] += a[g * M + w * 37 + j];
    }
#pragma acc loop vector reduction(+:v)
    for (int j = 0; j < M; j++)
      v[j % 3] += a[g * M + j] % 10;
    for (int k = 0; k < 3; k++) {
      out[g * 6 + k] = s[k];
      out[g * 6 + 3 + k] = v[k];
    }
  }
  for (int g = 0; g < G; g++) {
    int s[3] = {1, 2, 3}, v[3] = {0, 0, 0};
    for (int w = 0; w < 9; w++)
      for (int j = 0; j < 37; j++)
        s[(w + j) % 3] += a[g * M + w * 37 + j];
    for (int j = 0; j < M; j++)
      v[j % 3] += a[g * M + j] % 10;
    for (int k = 0; k < 3; k++) {
      CHECK_INT("worker+vector", out[g * 6 + k], s[k]);
      CHECK_INT("vector", out[g * 6 + 3 + k], v[k]);
    }
  }
}

/* _Bool elements: a sum stored back is their || */
static void bools(const int *a)
{
  _Bool f[3] = {0, 0, 1}, w[3] = {0, 0, 1};
  for (int i = 0; i < N; i++)
    w[i % 3] = w[i % 3] + (a[i] == 17 && i % 3 == 1);
#pragma acc parallel loop reduction(+:f) copyin(a[0:N])
  for (int i = 0; i < N; i++)
    f[i % 3] = f[i % 3] + (a[i] == 17 && i % 3 == 1);
  for (int k = 0; k < 3; k++)
    CHECK_INT("_Bool", f[k], w[k]);
}

int main(void)
{
  int *a = malloc((N > G * M ? N : G * M) * sizeof *a);
  int *out = malloc(G * 24 * sizeof *out);
  for (int i = 0; i < (N > G * M ? N : G * M); i++)
    a[i] = (int)((i * 2654435761u) >> 20) % 199;
  histogram(a);
  bools(a);
  ops_in_gangs(a, out);
  nested(a, out);
  free(a);
  free(out);
  return e2e_done();
}
