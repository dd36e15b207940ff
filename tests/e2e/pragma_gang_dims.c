/* pragma_gang_dims.c — gang(dim:N) in directives written with _Pragma
 * (plugin/gang-dims.cc): directly, and through a macro used on several
 * lines (the same `_Pragma` token, a different dimension each use).  With
 * num_gangs(1, G) a gang(dim:2) loop taken for dim 1 would run on G
 * redundant gang rows, adding each element G times; a serial computation
 * is the reference. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define ACC(x) _Pragma(#x)
#define N 37
#define A 6
#define B 7
#define C 8

static int m[N][N], v[N], c3[A][B][C];

int main(void) {
#pragma acc parallel num_gangs(4, 5) copy(m)
  _Pragma("acc loop gang(dim:2)")
  for (int i = 0; i < N; i++) {
    _Pragma("acc loop gang(dim: 1)")
    for (int j = 0; j < N; j++)
      m[i][j] += i * 100 + j + 1;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      CHECK_INT("_Pragma gang(dim:2) > gang(dim:1)", m[i][j], i * 100 + j + 1);

#pragma acc parallel num_gangs(1, 5) copy(v)
  _Pragma("acc loop gang(dim:2)")
  for (int i = 0; i < N; i++)
    v[i] += i + 1;
  for (int i = 0; i < N; i++)
    CHECK_INT("_Pragma gang(dim:2) alone", v[i], i + 1);

  ACC(acc parallel num_gangs(2, 3, 4) copy(c3))
  ACC(acc loop gang(dim:3))
  for (int i = 0; i < A; i++)
    ACC(acc loop gang(dim:2))
    for (int j = 0; j < B; j++)
      ACC(acc loop gang)
      for (int k = 0; k < C; k++)
        c3[i][j][k] += i * 100 + j * 10 + k + 1;
  for (int i = 0; i < A; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < C; k++)
        CHECK_INT("ACC() gang(dim:3) > dim:2 > gang", c3[i][j][k],
                  i * 100 + j * 10 + k + 1);

  for (int i = 0; i < N; i++)
    v[i] = 0;
  ACC(acc parallel loop gang(dim:2) num_gangs(1, 4) copy(v))
  for (int i = 0; i < N; i++)
    v[i] += 2 * i;
  for (int i = 0; i < N; i++)
    CHECK_INT("ACC(parallel loop gang(dim:2))", v[i], 2 * i);
  return e2e_done();
}
