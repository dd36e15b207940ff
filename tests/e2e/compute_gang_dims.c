/* compute_gang_dims.c — multi-dimensional gangs (OpenACC 3.3,
 * plugin/gang-dims.cc): num_gangs with 2 and 3 values on parallel and
 * parallel loop, gang(dim:2) / gang(dim:3) loops distributing over the
 * grid's y and z with gang(dim:1) (or a plain gang) loops inside, other
 * gang arguments kept beside dim, trip counts that the gang counts do not
 * divide, gang counts from variables, 0 and negative counts (ignored),
 * and reductions over gang(dim:2)/gang(dim:1) nests.  Every element must
 * be written exactly once with the serial computation's value. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 37
#define A 8
#define B 9
#define C 10

static int m[N][N], c3[A][B][C];

static void clear(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m[i][j] = 0;
  for (int i = 0; i < A; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < C; k++)
        c3[i][j][k] = 0;
}

static void check2(const char *what, int line) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      e2e_check_int(what, line, m[i][j], i * 100 + j + 1);
}

static void check3(const char *what, int line) {
  for (int i = 0; i < A; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < C; k++)
        e2e_check_int(what, line, c3[i][j][k], i * 100 + j * 10 + k + 1);
}

static void gangs(int g1, int g2, int g3) {
  clear();
#pragma acc parallel num_gangs(g1, g2) copy(m)
#pragma acc loop gang(dim:2)
  for (int i = 0; i < N; i++) {
#pragma acc loop gang(dim:1)
    for (int j = 0; j < N; j++)
      m[i][j] += i * 100 + j + 1;
  }
  check2("num_gangs(g1, g2), gang(dim:2) > gang(dim:1)", __LINE__);

  clear();
#pragma acc parallel loop gang(dim: 2) num_gangs(3, g2) copy(m)
  for (int i = 0; i < N; i++)
#pragma acc loop gang vector
    for (int j = 0; j < N; j++)
      m[i][j] += i * 100 + j + 1;
  check2("parallel loop gang(dim:2) > gang vector", __LINE__);

  clear();
#pragma acc parallel num_gangs(g1, g2, g3) copy(c3)
#pragma acc loop gang(dim:3)
  for (int i = 0; i < A; i++)
#pragma acc loop gang(dim:2)
    for (int j = 0; j < B; j++)
#pragma acc loop gang(dim:1, static:2) vector
      for (int k = 0; k < C; k++)
        c3[i][j][k] += i * 100 + j * 10 + k + 1;
  check3("num_gangs(g1, g2, g3), dims 3 > 2 > 1", __LINE__);

  clear();
#pragma acc parallel num_gangs(2, 1, g3) copy(c3)
#pragma acc loop gang(dim:3)
  for (int i = 0; i < A; i++)
#pragma acc loop gang(dim:1) collapse(2)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < C; k++)
        c3[i][j][k] += i * 100 + j * 10 + k + 1;
  check3("gang(dim:3) > gang(dim:1) collapse(2)", __LINE__);

  clear();
#pragma acc parallel num_gangs(1, g2) copy(m)
#pragma acc loop gang(dim:2)
  for (int i = 0; i < N; i++)
#pragma acc loop vector
    for (int j = 0; j < N; j++)
      m[i][j] += i * 100 + j + 1;
  check2("num_gangs(1, g2), gang(dim:2) > vector", __LINE__);

  long long s = 0, rs = 0;
#pragma acc parallel num_gangs(g1, g2) copy(s)
#pragma acc loop gang(dim:2) reduction(+:s)
  for (int i = 0; i < N; i++)
#pragma acc loop gang(dim:1) vector reduction(+:s)
    for (int j = 0; j < N; j++)
      s += i * 100 + j + 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      rs += i * 100 + j + 1;
  e2e_check_int("reduction over gang(dim:2) > gang(dim:1)", __LINE__, s, rs);
}

int main(int argc, char **argv) {
  (void)argv;
  gangs(4 + argc, 5, 2 + argc); /* 5 x 5 x 3 gangs */
  gangs(0, -2, 0);              /* ignored: 1 or the default */
  gangs(N + 3, N, 64);          /* more gangs than iterations */
  return e2e_done();
}
