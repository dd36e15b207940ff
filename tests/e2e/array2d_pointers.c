/* array2d_pointers.c — 2-D arrays reached through pointers: a pointer to
 * rows of fixed length (double (*)[M]), a flat buffer indexed by hand, and
 * an array of row pointers whose rows are mapped one by one, each row
 * pointer then attached in the device copy of the pointer array (explicitly:
 * GCC's front end gives copyin(rows[i][0:M]) no attach of its own). */
#include <stdlib.h>

#include "e2e.h"

#define N 60
#define M 90

int main(void) {
  double (*a)[M] = malloc(N * sizeof *a);
  double *flat = malloc(N * M * sizeof *flat);
  double **rows = malloc(N * sizeof *rows);
  for (int i = 0; i < N; i++) {
    rows[i] = malloc(M * sizeof **rows);
    for (int j = 0; j < M; j++)
      a[i][j] = flat[i * M + j] = rows[i][j] = i + j * 0.5;
  }

#pragma acc parallel loop collapse(2) copy(a[0:N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = a[i][j] * 2.0 + 1.0;

  int n = N, m = M;
#pragma acc parallel loop gang copy(flat[0:n * m])
  for (int i = 0; i < n; i++)
#pragma acc loop vector
    for (int j = 0; j < m; j++)
      flat[i * m + j] -= i;

#pragma acc enter data copyin(rows[0:N])
  for (int i = 0; i < N; i++) {
#pragma acc enter data copyin(rows[i][0:M])
#pragma acc enter data attach(rows[i])
  }
#pragma acc parallel loop gang present(rows[0:N])
  for (int i = 0; i < N; i++)
#pragma acc loop vector
    for (int j = 0; j < M; j++)
      rows[i][j] += 100.0;
  for (int i = 0; i < N; i++) {
#pragma acc exit data detach(rows[i])
#pragma acc exit data copyout(rows[i][0:M])
  }
#pragma acc exit data delete(rows[0:N])

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double v = i + j * 0.5;
      CHECK_REAL("pointer to rows", a[i][j], v * 2.0 + 1.0, 0);
      CHECK_REAL("flat", flat[i * M + j], v - i, 0);
      CHECK_REAL("row pointers", rows[i][j], v + 100.0, 0);
    }
  for (int i = 0; i < N; i++)
    free(rows[i]);
  free(rows);
  free(a);
  free(flat);
  return e2e_done();
}
