/* Multi-file programs: units with the same names.  same_a.c and same_b.c
 * each have a static `routine seq` f, a static function `work` with a
 * compute construct at the same line, and static `declare` globals g and
 * coef (create, and copyin with different initial values); this file has
 * its own of each too.  No unit may run another's routine or kernel, nor
 * share its declared globals.  same_b.c is compiled -O0 -g, flags_o3.c
 * -O3 -DNDEBUG (its assert would fail): their routine o3_cube is called
 * here too.  Every result against a serial computation.  (Passed before
 * session 11: a regression test.) */
/* accgpu-test: units same_a.c same_b.c flags_o3.c */
#include <stdio.h>
#include "units/same.h"

#pragma acc routine seq
double o3_cube(double x);
void o3_cubes(const double *a, double *out, int n, double k);

#pragma acc routine seq
static double f(double x) { return 10.0 * x; }
static double g[SAME_N];
#pragma acc declare create(g)
static double coef[2] = {-1.0, 4.0};
#pragma acc declare copyin(coef)

static void work(double *out, int n)
{
#pragma acc parallel loop copyout(out[0:n])
  for (int i = 0; i < n; i++) {
    g[i] = f(i) * coef[0];
    out[i] = g[i] + coef[1] + o3_cube(i % 5);
  }
}

int main(void)
{
  static double out[SAME_N], kept[SAME_N], a[SAME_N], c[SAME_N];
  int bad = 0, n = SAME_N;
  work(out, n);
  for (int i = 0; i < n; i++) {
    double want = -10.0 * i + 4.0 + (i % 5) * (i % 5) * (i % 5);
    if (out[i] != want) {
      fprintf(stderr, "main: [%d] = %g, want %g\n", i, out[i], want);
      return 1;
    }
  }
  same_a_run(out, kept, n);
  bad |= same_check("same_a", out, kept, n, SAME_A_ADD, SAME_A_C0, SAME_A_C1);
  same_b_run(out, kept, n);
  bad |= same_check("same_b", out, kept, n, SAME_B_ADD, SAME_B_C0, SAME_B_C1);
  same_a_run(out, kept, n);  /* again, after b's kernels */
  bad |= same_check("same_a again", out, kept, n, SAME_A_ADD, SAME_A_C0,
                    SAME_A_C1);
#pragma acc update self(g)
  for (int i = 0; i < n; i++)
    if (g[i] != -10.0 * i) {
      fprintf(stderr, "main's g[%d] = %g, want %g\n", i, g[i], -10.0 * i);
      return 1;
    }
  for (int i = 0; i < n; i++)
    a[i] = i - 100;
  o3_cubes(a, c, n, 0.25);
  for (int i = 0; i < n; i++)
    if (c[i] != a[i] * a[i] * a[i] + 0.25) {
      fprintf(stderr, "o3_cubes: [%d] = %g\n", i, c[i]);
      return 1;
    }
  return bad;
}
