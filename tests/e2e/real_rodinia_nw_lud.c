/* real_rodinia_nw_lud.c — Rodinia-style dynamic programming and
 * factorization as OpenACC ports write them: Needleman-Wunsch over
 * anti-diagonals (the host walks the diagonals, each a `parallel loop`
 * whose cells depend on the previous diagonal, a max of three through a
 * `routine seq` function, the upper-left and lower-right triangles as two
 * loops), and LU decomposition in place (lud: for each i, a row loop and
 * a column loop with inner sums of length i, `kernels loop independent`
 * with an `int` reduction of `j` bound). Each against the same code run
 * serially. */
#include "e2e.h"
#include <stdlib.h>

#pragma acc routine seq
static int maximum(int a, int b, int c)
{
  int k = a <= b ? b : a;
  return k <= c ? c : k;
}

static void nw(int *items, const int *ref, int cols, int penalty)
{
  int n = cols - 1; /* cells 1..n in each dimension */
#pragma acc data copy(items[0:cols*cols]) copyin(ref[0:cols*cols])
  {
    /* upper-left triangle: diagonals d = 0 .. n-1 */
    for (int d = 0; d < n; d++) {
#pragma acc parallel loop present(items, ref)
      for (int idx = 0; idx <= d; idx++) {
        int r = idx + 1, c = d - idx + 1;
        int k = r * cols + c;
        items[k] = maximum(items[k - cols - 1] + ref[k],
                           items[k - 1] - penalty, items[k - cols] - penalty);
      }
    }
    /* lower-right triangle: diagonals d = n-2 .. 0 */
    for (int d = n - 2; d >= 0; d--) {
#pragma acc parallel loop present(items, ref)
      for (int idx = 0; idx <= d; idx++) {
        int r = n - d + idx, c = n - idx;
        int k = r * cols + c;
        items[k] = maximum(items[k - cols - 1] + ref[k],
                           items[k - 1] - penalty, items[k - cols] - penalty);
      }
    }
  }
}

static void test_nw(void)
{
  enum { C = 41 };
  static int items[C * C], ref[C * C], want[C * C];
  int penalty = 10;
  for (int i = 0; i < C * C; i++) {
    ref[i] = ((i * 7919) % 21) - 10;
    items[i] = 0;
  }
  for (int i = 1; i < C; i++) {
    items[i * C] = -i * penalty;
    items[i] = -i * penalty;
  }
  for (int i = 0; i < C * C; i++)
    want[i] = items[i];
  nw(items, ref, C, penalty);
  for (int r = 1; r < C; r++)
    for (int c = 1; c < C; c++) {
      int k = r * C + c;
      int a = want[k - C - 1] + ref[k], b = want[k - 1] - penalty;
      int d = want[k - C] - penalty;
      int m = a > b ? a : b;
      want[k] = m > d ? m : d;
    }
  for (int i = 0; i < C * C; i++)
    CHECK_INT("nw", items[i], want[i]);
}

static void lud(float *a, int size)
{
#pragma acc data copy(a[0:size*size])
  for (int i = 0; i < size; i++) {
#pragma acc kernels loop independent present(a)
    for (int j = i; j < size; j++) {
      float sum = a[i * size + j];
      for (int k = 0; k < i; k++)
        sum -= a[i * size + k] * a[k * size + j];
      a[i * size + j] = sum;
    }
#pragma acc parallel loop present(a)
    for (int j = i + 1; j < size; j++) {
      float sum = a[j * size + i];
      for (int k = 0; k < i; k++)
        sum -= a[j * size + k] * a[k * size + i];
      a[j * size + i] = sum / a[i * size + i];
    }
  }
}

static void test_lud(void)
{
  enum { S = 36 };
  float *a = malloc(S * S * sizeof *a), *r = malloc(S * S * sizeof *a);
  for (int i = 0; i < S; i++)
    for (int j = 0; j < S; j++)
      a[i * S + j] = r[i * S + j] =
          i == j ? 10.0f + i : (float)((i * 3 + j * 5) % 7) / 7.0f;
  lud(a, S);
  for (int i = 0; i < S; i++) {
    for (int j = i; j < S; j++) {
      float sum = r[i * S + j];
      for (int k = 0; k < i; k++)
        sum -= r[i * S + k] * r[k * S + j];
      r[i * S + j] = sum;
    }
    for (int j = i + 1; j < S; j++) {
      float sum = r[j * S + i];
      for (int k = 0; k < i; k++)
        sum -= r[j * S + k] * r[k * S + i];
      r[j * S + i] = sum / r[i * S + i];
    }
  }
  for (int i = 0; i < S * S; i++)
    CHECK_REAL("lud", a[i], r[i], 1e-5);
  free(a);
  free(r);
}

int main(void)
{
  test_nw();
  test_lud();
  return e2e_done();
}
