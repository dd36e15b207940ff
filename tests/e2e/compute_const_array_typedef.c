/* compute_const_array_typedef.c — a `const double[9]` and a `double[9]`
 * in one module: a file-scope `static const` table that host code passes
 * to a function (so the kernel generator, which translates every function
 * of the file as a possible device function, writes its type, with const
 * elements), and a kernel's local `double f[9]` that the kernel writes.
 * The kernel generator named both array types by one typedef, made const
 * by the first: the local could not be written ("const variable requires
 * an initializer", "assignment of read-only location"). */
#include "e2e.h"

static const double wt[9] = {4, 1, 1, 1, 1, 0.25, 0.25, 0.25, 0.25};
static const int tab[2][3] = {{1, 2, 3}, {4, 5, 6}};

static double hsum(const double *w)
{
  double s = 0;
  for (int q = 0; q < 9; q++)
    s += w[q];
  return s;
}

static int tsum(const int (*t)[3])
{
  return t[0][0] + t[1][2];
}

int main(void)
{
  double out[64];
  int iout[64];
  double s = hsum(wt);
  int ts = tsum(tab);
#pragma acc parallel loop copyout(out, iout)
  for (int i = 0; i < 64; i++) {
    double f[9];
    int g[2][3];
    for (int q = 0; q < 9; q++)
      f[q] = i + q;
    for (int q = 0; q < 6; q++)
      g[q / 3][q % 3] = i * q;
    out[i] = f[i % 9] + wt[i % 9];
    iout[i] = g[1][i % 3] + tab[i % 2][i % 3];
  }
  for (int i = 0; i < 64; i++) {
    CHECK_REAL("out", out[i], i + i % 9 + wt[i % 9], 0);
    CHECK_INT("iout", iout[i], i * (3 + i % 3) + (i % 2) * 3 + i % 3 + 1);
  }
  CHECK_REAL("s", s, 9, 0);
  CHECK_INT("ts", ts, 7);
  return e2e_done();
}
