/* routine_global_declare_after.c — a global read in a routine whose
 * `declare` directive comes after the routine (GCC 12 takes it there: the
 * routine is checked once the whole file is parsed).  accgpu reports a
 * global without any directive once the file is parsed
 * (diag/routine_global_undeclared.c), so this one must compile and run.
 * So must a file-scope const table without any directive read only in a
 * routine's acc loop: GCC checks only a routine's code outside its loops,
 * and the module defines the table (as for a compute construct). */
#include "e2e.h"

#define N 64

double G[4] = {1.5, 2.5, 3.5, 4.5};

#pragma acc routine seq
static double pick(int i)
{
  return G[i % 4] * 2;
}

#pragma acc declare copyin(G)

static const double C[4] = {0.5, 1.0, 2.0, 4.0};

#pragma acc routine vector
static void row(double *out, int base)
{
#pragma acc loop vector
  for (int j = 0; j < 16; j++)
    out[base + j] = C[j % 4] + base;
}

int main(void)
{
  double out[N], rw[N];
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = pick(i);
#pragma acc parallel loop gang copyout(rw)
  for (int b = 0; b < N; b += 16)
    row(rw, b);
  for (int i = 0; i < N; i++) {
    CHECK_REAL("out", out[i], (i % 4 + 1.5) * 2, 0);
    CHECK_REAL("row", rw[i], (1 << (i % 4)) * 0.5 + (i - i % 16), 0);
  }
  return e2e_done();
}
