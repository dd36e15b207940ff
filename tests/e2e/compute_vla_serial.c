/* compute_vla_serial.c — variable-length arrays in data clauses of a
 * `serial` construct (copyin, copy, copyout of 1-D and 2-D VLAs), where
 * GCC 12 gives the array's pointer another map kind than on `parallel`:
 * until session 14 the kernel read an unset pointer (memcheck: "invalid
 * read at (nil)").  Results against serial loops. */
#include "e2e.h"

static void run(int n, int m)
{
  double a[n], b[n], c[n];
  double g[n][m];
  for (int i = 0; i < n; i++) {
    a[i] = 0.5 * i;
    b[i] = 1 - i;
    c[i] = -1;
    for (int j = 0; j < m; j++)
      g[i][j] = i * 10 + j;
  }
#pragma acc serial copyin(a) copy(b) copyout(c)
  for (int i = 0; i < n; i++) {
    b[i] += a[n - 1 - i];
    c[i] = 2 * a[i];
  }
  for (int i = 0; i < n; i++) {
    CHECK_REAL("serial copy(b)", b[i], 1 - i + 0.5 * (n - 1 - i), 0);
    CHECK_REAL("serial copyout(c)", c[i], 1.0 * i, 0);
  }
#pragma acc serial loop copy(g) copyin(a)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      g[i][j] = g[i][j] * 2 + a[i];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      CHECK_REAL("serial loop copy(g) of double g[n][m]", g[i][j],
                 (i * 10 + j) * 2 + 0.5 * i, 0);
}

int main(void)
{
  run(17, 5);
  run(40, 3);
  return e2e_done();
}
