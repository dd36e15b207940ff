/* compute_tile_runtime.c — tile sizes that are not constants (OpenACC 3.x
 * codes write `tile(n/10, n, n*2)`; GCC 12's parser takes only constants,
 * plugin/tile-sizes.cc): on parallel loop, kernels loop, serial loop and a
 * loop in a parallel region, nests of 2 and 3 levels, sizes that do not
 * divide the trip counts, sizes of 0 and negative at run time (taken as
 * `*`), `*` mixed with expressions, and reductions over tiled nests.
 * Every element is visited exactly once (counted) and every result equals
 * the serial computation. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define R 45
#define C 77
#define D 13

static int cnt[R][C], cube[D][D][2 * D];
static double m[R][C];

static void clear(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      cnt[i][j] = 0;
}

static void check_once(const char *what, int line) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      e2e_check_int(what, line, cnt[i][j], 1);
}

/* Sizes from the arguments: the compiler cannot know them. */
static void tiles(int a, int b, int zero, int neg, long long n) {
  clear();
#pragma acc parallel loop tile(a, b) copy(cnt)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      cnt[i][j] += 1;
  check_once("parallel loop tile(a, b)", __LINE__);

  clear();
#pragma acc parallel loop gang vector tile(b + 1, a * 2) copy(cnt)
  for (int i = R - 1; i >= 0; i--)
    for (int j = 0; j < C; j += 2)
      cnt[i][j] += 1, cnt[i][j + 1 < C ? j + 1 : j] += j + 1 < C;
  check_once("gang vector tile(b + 1, a * 2), steps", __LINE__);

  clear();
#pragma acc kernels loop independent tile(zero, neg) copy(cnt)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      cnt[i][j] += 1;
  check_once("kernels loop tile(0, -3) at run time", __LINE__);

  clear();
#pragma acc serial loop tile(a, neg) copy(cnt)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      cnt[i][j] += 1;
  check_once("serial loop tile(a, -3)", __LINE__);

  clear();
#pragma acc parallel copy(cnt)
  {
    int k = a + 1;
#pragma acc loop tile(*, k)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        cnt[i][j] += 1;
  }
  check_once("loop tile(*, k) in a region", __LINE__);

  for (int i = 0; i < D; i++)
    for (int j = 0; j < D; j++)
      for (int k = 0; k < 2 * D; k++)
        cube[i][j][k] = -1;
#pragma acc kernels loop independent tile(n / 10, n, n * 2) copy(cube)
  for (int x = 0; x < n; ++x)
    for (int y = 0; y < n; ++y)
      for (int z = 0; z < 2 * n; ++z)
        cube[x][y][z] += x * 10000 + y * 100 + z + 1;
  for (int x = 0; x < D; ++x)
    for (int y = 0; y < D; ++y)
      for (int z = 0; z < 2 * D; ++z)
        e2e_check_int("kernels loop tile(n/10, n, n*2)", __LINE__,
                      cube[x][y][z], x * 10000 + y * 100 + z);

  double sum = 0, rsum = 0;
  long long isum = 0, risum = 0;
#pragma acc parallel loop tile(b, zero, a) reduction(+:sum) copyin(m)
  for (int x = 0; x < 3; x++)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        sum += m[i][j] * (x + 1);
#pragma acc kernels loop tile(*, *) reduction(+:isum)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      isum += (long long)i * C + j;
  for (int x = 0; x < 3; x++)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        rsum += m[i][j] * (x + 1);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      risum += (long long)i * C + j;
  e2e_check_real("tile(b, 0, a) reduction", __LINE__, sum, rsum, 1e-12);
  e2e_check_int("kernels loop tile(*, *) reduction", __LINE__, isum, risum);
}

int main(int argc, char **argv) {
  (void)argv;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m[i][j] = (i * 7 + j * 3) % 29 - 10.0;
  /* 3 and 5 divide neither 45 x 77 nor the steps' counts evenly */
  tiles(2 + argc, 4 + argc, argc - 1, -3 * argc, D + argc - 1);
  return e2e_done();
}
