/* routine_worker.c — a routine worker with a worker loop over rows calling a
 * routine vector per row, called from a gang loop over matrices. */
#include "e2e.h"

#define MATS 12
#define R 40
#define C 70
static int a[MATS * R * C], out[MATS * R];

#pragma acc routine vector
static int dot_row(const int *row, int n) {
  int s = 0;
#pragma acc loop vector reduction(+:s)
  for (int j = 0; j < n; j++)
    s += row[j] * (j % 3 - 1);
  return s;
}

#pragma acc routine worker
static void all_rows(const int *mat, int *res) {
#pragma acc loop worker
  for (int r = 0; r < R; r++)
    res[r] = dot_row(&mat[r * C], C);
}

int main(void) {
  for (int i = 0; i < MATS * R * C; i++)
    a[i] = (i * 31) % 101 - 50;
#pragma acc parallel loop gang num_workers(4) vector_length(32) copyin(a) \
    copyout(out)
  for (int m = 0; m < MATS; m++)
    all_rows(&a[m * R * C], &out[m * R]);
  for (int m = 0; m < MATS; m++)
    for (int r = 0; r < R; r++) {
      int s = 0;
      for (int j = 0; j < C; j++)
        s += a[(m * R + r) * C + j] * (j % 3 - 1);
      CHECK_INT("row", out[m * R + r], s);
    }
  return e2e_done();
}
