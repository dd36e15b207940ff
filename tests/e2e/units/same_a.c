/* Unit of xfile_same_names.c (and of the library tests): its static
 * routine `f`, static function `work` with a compute construct, static
 * `declare` globals `g` and `coef` have the names, and lines, of
 * same_b.c's (which includes this file); only the numbers differ. */
#include "same.h"
#ifndef SAME_B
#define SAME_ADD SAME_A_ADD
#define SAME_C0 SAME_A_C0
#define SAME_C1 SAME_A_C1
#define SAME_RUN same_a_run
#endif

#pragma acc routine seq
static double f(double x) { return x + SAME_ADD; }
static double g[SAME_N];
#pragma acc declare create(g)
static double coef[2] = {SAME_C0, SAME_C1};
#pragma acc declare copyin(coef)

static void work(double *out, int n)
{
#pragma acc parallel loop copyout(out[0:n])
  for (int i = 0; i < n; i++) {
    g[i] = f(i) * coef[0];
    out[i] = g[i] + coef[1];
  }
}

/* g as this unit's kernels left it, read back from the device. */
static void keep(double *out, int n)
{
#pragma acc update self(g)
  for (int i = 0; i < n; i++)
    out[i] = g[i];
}

void SAME_RUN(double *out, double *kept, int n) { work(out, n); keep(kept, n); }
