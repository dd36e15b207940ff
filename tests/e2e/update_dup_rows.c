/* update_dup_rows.c — one 2-D array named twice on an update directive, as
 * halo exchanges write it: two boundary rows (`update self(A[1:1][0:NX],
 * A[NY-2:1][0:NX])`, Farber's multi-GPU Jacobi), two boundary columns
 * (strided: one element of each row), a pointer to rows `double (*p)[NX]`
 * with three sections, and `update device` of ghost rows and columns.
 * GCC 12 rejects the line ("'A' appears more than once in data clauses").
 * The device copy is changed by a kernel first; the host sees exactly the
 * sections updated and nothing else, checked against a host model. */
#include "e2e.h"

#define NY 9
#define NX 7

static double A[NY][NX];

static double dev_val(int y, int x) { return 100.0 + y * NX + x; }
static double host_val(int y, int x) { return -(double)(y * NX + x); }

static int in_rows(int y, int r0, int r1) { return y == r0 || y == r1; }

static void test_rows_and_columns(void)
{
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      A[y][x] = host_val(y, x);
#pragma acc data copyin(A)
  {
#pragma acc parallel loop collapse(2) present(A)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        A[y][x] = dev_val(y, x);
#pragma acc update self(A[1:1][0:NX], A[NY - 2:1][0:NX])
    int sep = e2e_separate_memory();
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        CHECK_REAL("rows", A[y][x],
                   !sep || in_rows(y, 1, NY - 2) ? dev_val(y, x)
                                                 : host_val(y, x), 0);
#pragma acc update self(A[2:NY - 4][1:1], A[2:NY - 4][NX - 2:1])
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++) {
        int col = y >= 2 && y < NY - 2 && (x == 1 || x == NX - 2);
        CHECK_REAL("columns", A[y][x],
                   !sep || in_rows(y, 1, NY - 2) || col ? dev_val(y, x)
                                                       : host_val(y, x), 0);
      }
    /* ghosts from the host: rows 0 and NY-1, columns 0 and NX-1 */
    for (int x = 0; x < NX; x++)
      A[0][x] = A[NY - 1][x] = 7.0;
    for (int y = 0; y < NY; y++)
      A[y][0] = A[y][NX - 1] = 7.0;
#pragma acc update device(A[0:1][0:NX], A[NY - 1:1][0:NX], A[1:NY - 2][0:1], A[1:NY - 2][NX - 1:1])
    double sum = 0;
#pragma acc parallel loop collapse(2) present(A) reduction(+:sum)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        sum += A[y][x];
    double want = 0;
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++) {
        int ghost = y == 0 || y == NY - 1 || x == 0 || x == NX - 1;
        want += ghost ? 7.0 : dev_val(y, x);
      }
    CHECK_REAL("device sum after ghosts", sum, want, 1e-12);
  }
}

static void test_pointer_rows(void)
{
  double (*p)[NX] = (double (*)[NX])calloc(NY, sizeof *p);
#pragma acc enter data create(p[0:NY][0:NX])
#pragma acc parallel loop collapse(2) present(p[0:NY][0:NX])
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      p[y][x] = dev_val(y, x);
#pragma acc update self(p[0:1][0:NX], p[4:2][2:3], p[NY - 1:1][0:NX])
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      int upd = y == 0 || y == NY - 1 || ((y == 4 || y == 5) && x >= 2 && x < 5);
      CHECK_REAL("pointer rows", p[y][x],
                 upd || !e2e_separate_memory() ? dev_val(y, x) : 0.0, 0);
    }
#pragma acc exit data delete(p[0:NY][0:NX])
  free(p);
}

int main(void)
{
  test_rows_and_columns();
  test_pointer_rows();
  return e2e_done();
}
