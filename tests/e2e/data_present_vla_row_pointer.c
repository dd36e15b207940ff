/* data_present_vla_row_pointer.c — `present(A)` of a pointer to VLA rows,
 * `double (*A)[n] = malloc(sizeof(double[m][n]))`, inside a data region
 * that maps A[0:m][0:n] (docs/runtime.md: present(p) of a pointer without
 * a range reaches what it points to).  The kernel takes such a pointer by
 * reference; its parameter was a byte pointer, so the kernel read one byte
 * of the device address: a memcheck error on the emulator ("not an
 * address"), a fault on multicore.  parallel and kernels, and a routine
 * taking the rows as a VLA parameter. */
#include <stdlib.h>

#include "e2e.h"

static void scale_rows(int m, int n, double (*A)[n], double f)
{
#pragma acc kernels loop independent present(A)
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i][j] *= f;
}

int main(void)
{
  int m = 37, n = 5;
  double (*A)[n] = malloc(sizeof(double[m][n]));
  double want[37][5];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = want[i][j] = i * 10 + j;
#pragma acc data copy(A[0:m][0:n])
  {
#pragma acc parallel loop present(A)
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = 2 * A[i][j];
    scale_rows(m, n, A, 3.0);
  }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      CHECK_REAL("A", A[i][j], 6.0 * want[i][j], 0);
  free(A);
  return e2e_done();
}
