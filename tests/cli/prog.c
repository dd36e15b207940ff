/* The prog.c of README.md's commands (tests/cli/run.sh): a 2-D stencil on
   the device, checked against the same computation on the host. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  int n = 200, m = 300;
  double *a = malloc(sizeof *a * n * m), *b = malloc(sizeof *b * n * m);
  for (int i = 0; i < n * m; i++)
    a[i] = (i % 17) * 0.5;
#pragma acc parallel loop copyin(a[0:n*m]) copyout(b[0:n*m])
  for (int i = 0; i < n; i++)
#pragma acc loop vector
    for (int j = 0; j < m; j++)
      b[i * m + j] = 2.0 * a[i * m + j] + (j > 0 ? a[i * m + j - 1] : 0.0);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double want = 2.0 * a[i * m + j] + (j > 0 ? a[i * m + j - 1] : 0.0);
      if (fabs(b[i * m + j] - want) > 0) {
        printf("b[%d][%d] = %g, want %g\n", i, j, b[i * m + j], want);
        return 1;
      }
    }
  puts("ok");
  free(a);
  free(b);
  return 0;
}
