/* pragma_operator.c — OpenACC directives written with the _Pragma operator,
 * as portable codes wrap them in macros (`_Pragma("acc ...")` literally,
 * `#define PRAGMA(x) _Pragma(#x)`, and `_Pragma(STR(acc x))` with the
 * clauses from a macro argument). The clause forms accgpu rewrites for
 * GCC 12 work there as on `#pragma acc` lines (sections of array
 * variables in `private`, sections of pointer arrays, a struct with its
 * member's section, one list in two clauses, `reduction` on a member), and
 * a clause written there is never taken for one GCC added (its tokens all
 * have the _Pragma's location, as the construct has): `copy(v)` of a
 * scalar the loop assigns comes back. Against serial code. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>

#define STR(x) #x
#define ACC(x) _Pragma(STR(acc x))
#define PRAGMA(x) _Pragma(#x)
#define N 96

typedef struct {
  int n;
  double *a;
  double sum;
} vec_t;

static void test_clauses(void)
{
  double tmp[4], x[N], y[N];
  double **rows = malloc(4 * sizeof *rows);
  for (int r = 0; r < 4; r++) {
    rows[r] = malloc(N * sizeof(double));
    for (int i = 0; i < N; i++)
      rows[r][i] = r * 100 + i;
  }
  for (int i = 0; i < N; i++)
    x[i] = i, y[i] = 0;
  ACC(parallel loop copyin(x) copyout(y) private(tmp[0:4]))
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 4; k++)
      tmp[k] = x[i] * k;
    y[i] = tmp[3] + tmp[1];
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("private section", y[i], 4.0 * i, 0);
  PRAGMA(acc data copyin(rows[0:4][0:N]) copyin(y) copyout(y))
  {
    _Pragma("acc parallel loop present(rows[0:4][0:N], y)")
    for (int i = 0; i < N; i++)
      y[i] += rows[2][i];
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("jagged, merged clauses", y[i], 4.0 * i + 200 + i, 0);
  for (int r = 0; r < 4; r++)
    free(rows[r]);
  free(rows);
}

static void test_struct(void)
{
  vec_t s = {N, malloc(N * sizeof(double)), 0};
  for (int i = 0; i < N; i++)
    s.a[i] = 1;
  ACC(parallel loop copyin(s) copy(s.a[0:s.n]))
  for (int i = 0; i < N; i++)
    s.a[i] += i;
  PRAGMA(acc parallel loop copyin(s.a[0:N]) reduction(+:s.sum))
  for (int i = 0; i < N; i++)
    s.sum += s.a[i];
  for (int i = 0; i < N; i++)
    CHECK_REAL("struct member section", s.a[i], 1 + i, 0);
  CHECK_REAL("member reduction", s.sum, N + N * (N - 1) / 2.0, 0);
  free(s.a);
}

/* Scalars named in clauses: the written clause holds. */
static void test_scalars(void)
{
  double a[N], last = -1, total = 0;
  int count = 0;
  for (int i = 0; i < N; i++)
    a[i] = i;
  ACC(parallel loop copy(last) copyin(a) num_gangs(1) vector_length(1))
  for (int i = 0; i < N; i++)
    last = a[i];
  CHECK_REAL("copy(last) comes back", last, N - 1, 0);
  ACC(parallel loop copyin(a) copy(count) reduction(+:total))
  for (int i = 0; i < N; i++) {
    total += a[i];
    if (i == 7) {
      _Pragma("acc atomic write")
      count = 7;
    }
  }
  CHECK_INT("copy(count)", count, 7);
  CHECK_REAL("reduction", total, N * (N - 1) / 2.0, 0);
}

int main(void)
{
  test_clauses();
  test_struct();
  test_scalars();
  return e2e_done();
}
