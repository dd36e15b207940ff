/* data_jagged.c — 2-D sections of pointer arrays (a[0:n][0:m] with
 * double **a), which GCC 12 rejects as "not contiguous": the pointer
 * array and each row are mapped and the device's pointers attached to the
 * rows, on data, enter data, exit data and update; a sub-range of rows and
 * of columns; a real 2-D array's section is left to GCC. */
/* accgpu-test: accgpu-only */
#include <stdlib.h>

#include "e2e.h"

#define R 37
#define C 53

static double **rows(double init) {
  double **a = malloc(R * sizeof *a);
  for (int i = 0; i < R; i++) {
    a[i] = malloc(C * sizeof **a);
    for (int j = 0; j < C; j++)
      a[i][j] = init + i * 100 + j;
  }
  return a;
}

int main(void) {
  double **a = rows(0), **b = rows(0.5), **c = rows(-1);
  double grid[4][4] = {{0}};
  /* data: copyin, copy and copyout of jagged arrays, plus a 2-D array */
#pragma acc data copyin(a[0:R][0:C]) copy(b[0:R][0:C]) copyout(c[0:R][0:C]) \
    copy(grid[0:4][0:4])
  {
#pragma acc parallel loop
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++) {
        b[i][j] += a[i][j];
        c[i][j] = 2 * a[i][j];
        a[i][j] = -7; /* the device's copy, unless memory is shared */
      }
#pragma acc serial
    grid[1][2] = 3;
  }
  int shared = !e2e_separate_memory();
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      double v = i * 100 + j;
      e2e_check_real("copyin rows", __LINE__, a[i][j], shared ? -7 : v, 0);
      e2e_check_real("copy rows", __LINE__, b[i][j], 2 * v + 0.5, 0);
      e2e_check_real("copyout rows", __LINE__, c[i][j], 2 * v, 0);
    }
  e2e_check_real("2-D array", __LINE__, grid[1][2], 3, 0);
  /* enter data, update of some rows and columns, exit data */
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      a[i][j] = i * 100 + j;
#pragma acc enter data create(a[0:R][0:C])
#pragma acc update device(a[0:R][0:C])
#pragma acc data copy(a[0:R][0:C]) /* present: no copies */
#pragma acc parallel loop
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      a[i][j] += 1;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      a[i][j] = -1;
#pragma acc update self(a[2:5][10:20])
#pragma acc exit data delete(a[0:R][0:C])
  /* with shared memory the kernel's writes were overwritten above */
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      int updated = i >= 2 && i < 7 && j >= 10 && j < 30 && !shared;
      e2e_check_real("enter/update/exit rows", __LINE__, a[i][j],
                     updated ? i * 100 + j + 1 : -1, 0);
    }
  for (int i = 0; i < R; i++) {
    free(a[i]);
    free(b[i]);
    free(c[i]);
  }
  free(a);
  free(b);
  free(c);
  return e2e_done();
}
