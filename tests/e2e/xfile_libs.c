/* Multi-file programs: OpenACC code in libraries.  same_a.c and flags_o3.c
 * are archived in libmfa.a (ar rcs), same_b.c (-O0 -g) is built -fPIC into
 * libmfs.so; the program links both (-L -l) and has kernels of its own,
 * one of them calling o3_cube from the archive.  Each library's kernels,
 * routines and declared globals must be found (registered by their own
 * objects' constructors), every result against a serial computation.
 * (Passed before session 11: a regression test.) */
/* accgpu-test: archive mfa same_a.c flags_o3.c */
/* accgpu-test: shared mfs same_b.c */
#include <stdio.h>
#include "units/same.h"

#pragma acc routine seq
double o3_cube(double x);
void o3_cubes(const double *a, double *out, int n, double k);

int main(void)
{
  static double out[SAME_N], kept[SAME_N], a[SAME_N], c[SAME_N];
  int bad = 0, n = SAME_N;
#pragma acc parallel loop copyout(out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = o3_cube(i) - i;
  for (int i = 0; i < n; i++)
    if (out[i] != (double)i * i * i - i) {
      fprintf(stderr, "main: [%d] = %g\n", i, out[i]);
      return 1;
    }
  same_b_run(out, kept, n);
  bad |= same_check("same_b (libmfs.so)", out, kept, n, SAME_B_ADD,
                    SAME_B_C0, SAME_B_C1);
  same_a_run(out, kept, n);
  bad |= same_check("same_a (libmfa.a)", out, kept, n, SAME_A_ADD,
                    SAME_A_C0, SAME_A_C1);
  for (int i = 0; i < n; i++)
    a[i] = 0.5 * i;
  o3_cubes(a, c, n, -1);
  for (int i = 0; i < n; i++)
    if (c[i] != a[i] * a[i] * a[i] - 1) {
      fprintf(stderr, "o3_cubes (libmfa.a): [%d] = %g\n", i, c[i]);
      return 1;
    }
  return bad;
}
