/* reduction_array_big_shapes.c — reductions on arrays over 256 elements
 * and on sections of run-time bounds, reduced with atomics on the
 * elements (docs/reductions.md), in the places programs put them: 100000
 * bins; kernels and serial loops; a whole 2-D array and a whole array on
 * the compute construct (each gang's updates count); sections on the
 * compute construct whose loop has no clause; an async queue
 * inside a data region (the present copy is reduced, its earlier values
 * take part); a section of a run-time start (the array's other elements
 * untouched); gang loops with worker and vector loops inside; an element
 * at an index the region reads from memory or sets; a gang's array in
 * shared memory; _Complex double.  Each against the same updates run
 * serially. */
#include <complex.h>
#include <stdlib.h>

#include "e2e.h"

#define KEY(i, nb) ((int)(((unsigned)(i) * 2654435761u) % (unsigned)(nb)))

static int *hist_want(int nb, int n, int start)
{
  int *w = malloc(nb * sizeof *w);
  for (int b = 0; b < nb; b++)
    w[b] = start + b % 3;
  for (int i = 0; i < n; i++)
    w[KEY(i, nb)] += 1 + i % 5;
  return w;
}

/* 100000 bins: kernels (one thread without independent, as for scalars),
   serial, kernels independent, parallel loop gang vector. */
static void many_bins(int nb, int n)
{
  int *h = malloc(nb * sizeof *h), *w = hist_want(nb, n, 4);
  for (int b = 0; b < nb; b++)
    h[b] = 4 + b % 3;
#pragma acc kernels loop reduction(+:h[0:nb])
  for (int i = 0; i < n; i++)
    h[KEY(i, nb)] += 1 + i % 5;
  for (int i = 0; i < n; i++)
    w[KEY(i, nb)] += 1 + i % 5;
#pragma acc serial loop reduction(+:h[0:nb])
  for (int i = 0; i < n; i++)
    h[KEY(i, nb)] += 1 + i % 5;
  for (int i = 0; i < n; i++)
    w[KEY(i, nb)] += 1 + i % 5;
#pragma acc kernels loop independent reduction(+:h[0:nb])
  for (int i = 0; i < n; i++)
    h[KEY(i, nb)] += 1 + i % 5;
  for (int i = 0; i < n; i++)
    w[KEY(i, nb)] += 1 + i % 5;
#pragma acc parallel loop gang vector reduction(+:h[0:nb])
  for (int i = 0; i < n; i++)
    h[KEY(i, nb)] += 1 + i % 5;
  for (int b = 0; b < nb; b++)
    CHECK_INT("100000 bins", h[b], w[b]);
  free(h);
  free(w);
}

/* A whole array on the construct: a gang loop without its own clause;
   a whole 2-D array with max, gang worker. */
static void whole_arrays(int n)
{
  static int big[3000];
  static double g2[40][50], g2w[40][50];
  int bw[3000];
  for (int b = 0; b < 3000; b++)
    big[b] = bw[b] = b % 11;
  for (int i = 0; i < n; i++)
    bw[KEY(i, 3000)] += 2;
#pragma acc parallel num_gangs(4) reduction(+:big)
  {
#pragma acc loop gang
    for (int i = 0; i < n; i++)
      big[KEY(i, 3000)] += 2;
  }
  for (int b = 0; b < 3000; b++)
    CHECK_INT("construct whole array", big[b], bw[b]);
  for (int r = 0; r < 40; r++)
    for (int c = 0; c < 50; c++)
      g2[r][c] = g2w[r][c] = (r * 50 + c) % 17 - 8.5;
  for (int i = 0; i < n; i++) {
    double v = (i * 53 % 211) / 4.0 - 20;
    int k = KEY(i, 2000);
    g2w[k / 50][k % 50] = v > g2w[k / 50][k % 50] ? v : g2w[k / 50][k % 50];
  }
#pragma acc parallel loop gang num_gangs(3) num_workers(4) reduction(max:g2)
  for (int j = 0; j < n / 10; j++) {
#pragma acc loop worker reduction(max:g2)
    for (int i = j * 10; i < j * 10 + 10; i++) {
      double v = (i * 53 % 211) / 4.0 - 20;
      int k = KEY(i, 2000);
      g2[k / 50][k % 50] = v > g2[k / 50][k % 50] ? v : g2[k / 50][k % 50];
    }
  }
  for (int r = 0; r < 40; r++)
    for (int c = 0; c < 50; c++)
      CHECK_REAL("2-D max", g2[r][c], g2w[r][c], 0);
}

/* Sections on the compute construct alone: its loop has no clause, and
   each gang's statement outside the loop counts once per gang (the gangs
   counted by a scalar reduction).  Both a run-time section and a constant
   one (a race on the plain stores before). */
static void construct_sections(int nb, int n)
{
  int *h = malloc(nb * sizeof *h), *w = hist_want(nb, n, 2);
  int c[8], cw[8], ng = 0;
  for (int b = 0; b < nb; b++)
    h[b] = 2 + b % 3;
  for (int k = 0; k < 8; k++)
    c[k] = cw[k] = k;
#pragma acc parallel num_gangs(6) vector_length(64) reduction(+:h[0:nb]) \
    reduction(+:c[0:8]) reduction(+:ng)
  {
#pragma acc loop gang vector
    for (int i = 0; i < n; i++) {
      h[KEY(i, nb)] += 1 + i % 5;
      c[i % 8] += i % 3;
    }
    h[7] += 10;
    c[1] += 1;
    ng += 1;
  }
  w[7] += 10 * ng;
  cw[1] += ng;
  for (int i = 0; i < n; i++)
    cw[i % 8] += i % 3;
  for (int b = 0; b < nb; b++)
    CHECK_INT("construct section", h[b], w[b]);
  /* a constant section's vector loop inside a gang loop reducing the
     run-time section: its lanes' copies fold with atomics */
#pragma acc parallel loop gang num_gangs(5) vector_length(32) \
    reduction(+:h[0:nb])
  for (int j = 0; j < 50; j++) {
    h[j] += 1;
#pragma acc loop vector reduction(+:h[0:8])
    for (int i = 0; i < 200; i++)
      h[i % 8] += 1;
  }
  for (int j = 0; j < 50; j++)
    w[j] += 1 + (j < 8 ? 50 * 25 : 0);
  for (int b = 0; b < nb; b++)
    CHECK_INT("constant section inside", h[b], w[b]);
  for (int k = 0; k < 8; k++)
    CHECK_INT("construct constant section", c[k], cw[k]);
  free(h);
  free(w);
}

/* An async queue in a data region: the device's copy, which already
   holds values, is reduced; a run-time start leaves the others alone. */
static void present_async(int nb, int n, int lo)
{
  int *h = malloc(nb * sizeof *h), *w = hist_want(nb, n, 1);
  int len = nb - 2 * lo;
  for (int b = 0; b < nb; b++)
    h[b] = 0;
#pragma acc data copy(h[0:nb])
  {
#pragma acc parallel loop present(h[0:nb])
    for (int b = 0; b < nb; b++)
      h[b] = 1 + b % 3;
#pragma acc parallel loop gang worker async(2) reduction(+:h[0:nb])
    for (int i = 0; i < n; i++)
      h[KEY(i, nb)] += 1 + i % 5;
#pragma acc parallel loop vector_length(64) async(2) reduction(+:h[lo:len])
    for (int i = 0; i < n; i++)
      h[lo + KEY(i, len)] += 3;
#pragma acc wait(2)
  }
  for (int i = 0; i < n; i++)
    w[lo + KEY(i, len)] += 3;
  for (int b = 0; b < nb; b++)
    CHECK_INT("present async", h[b], w[b]);
  free(h);
  free(w);
}

/* Elements at an index the region reads from memory or sets (one
   element of a small array: the atomic path too). */
static void elements(int n)
{
  int *a = malloc(n * sizeof *a), ix[4] = {3, 1, 2, 0};
  int errors[10], want[10];
  for (int i = 0; i < n; i++)
    a[i] = i * 37 % 101;
  for (int k = 0; k < 10; k++)
    errors[k] = want[k] = k - 5;
  for (int x = 0; x < 4; x++) {
    for (int i = 0; i < n; i++) {
      want[ix[x]] = a[i] > want[ix[x]] ? a[i] : want[ix[x]];
      want[x + 5] += a[i] > 50;
    }
#pragma acc parallel copyin(a[0:n], ix[0:4]) copy(errors)
    {
#pragma acc loop reduction(max:errors[ix[x]])
      for (int i = 0; i < n; i++)
        errors[ix[x]] = a[i] > errors[ix[x]] ? a[i] : errors[ix[x]];
      int k = x + 5;
#pragma acc loop reduction(+:errors[k])
      for (int i = 0; i < n; i++)
        errors[k] += a[i] > 50;
    }
  }
  for (int k = 0; k < 10; k++)
    CHECK_INT("elements", errors[k], want[k]);
  free(a);
}

/* A gang's own histogram (shared memory), folded into the result by a
   gang loop; _Complex double sums. */
static void gang_local_and_complex(int n)
{
  int out[8][600], want[8][600];
  for (int g = 0; g < 8; g++)
    for (int b = 0; b < 600; b++)
      want[g][b] = 0;
  for (int g = 0; g < 8; g++)
    for (int i = 0; i < n; i++)
      want[g][KEY(i + g, 600)] += g + 1;
#pragma acc parallel loop gang num_gangs(8) vector_length(32) copyout(out)
  for (int g = 0; g < 8; g++) {
    int loc[600];
#pragma acc loop vector
    for (int b = 0; b < 600; b++)
      loc[b] = 0;
#pragma acc loop vector reduction(+:loc)
    for (int i = 0; i < n; i++)
      loc[KEY(i + g, 600)] += g + 1;
#pragma acc loop vector
    for (int b = 0; b < 600; b++)
      out[g][b] = loc[b];
  }
  for (int g = 0; g < 8; g++)
    for (int b = 0; b < 600; b++)
      CHECK_INT("gang-local", out[g][b], want[g][b]);
  static _Complex double z[1500], zw[1500];
  for (int b = 0; b < 1500; b++)
    z[b] = zw[b] = b + 1.0 * I;
  for (int i = 0; i < n; i++)
    zw[KEY(i, 1500)] += (i % 7) - (i % 3) * I;
#pragma acc parallel loop reduction(+:z)
  for (int i = 0; i < n; i++)
    z[KEY(i, 1500)] += (i % 7) - (i % 3) * I;
  for (int b = 0; b < 1500; b++) {
    CHECK_REAL("complex re", creal(z[b]), creal(zw[b]), 0);
    CHECK_REAL("complex im", cimag(z[b]), cimag(zw[b]), 0);
  }
}

int main(int argc, char **argv)
{
  (void)argv;
  int more = argc > 1;
  many_bins(100000 + more, 300000);
  whole_arrays(20000);
  construct_sections(2000 + more, 30000);
  present_async(5000 + more, 40000, 100 + more);
  elements(3000);
  gang_local_and_complex(5000);
  return e2e_done();
}
