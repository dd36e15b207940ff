/* compute_tile_star.c — tile(*) picks real sizes (32 on the innermost
 * level, the rest of the vector length on the next one): 1-, 2- and
 * 3-level nests with bounds that are not multiples of the picked sizes,
 * `*` mixed with constants, non-unit steps, a reduction over a tiled nest
 * and a constant vector_length.  Every result must equal the serial
 * computation. */
#include "e2e.h"

#define R 45
#define C 77

static double m[R][C], t[C][R], rt[C][R];
static int cube[5][13][37], v[1000];

int main(void) {
  double sum = 0, rsum = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m[i][j] = (i * 7 + j * 3) % 29 - 10.0;
#pragma acc parallel loop tile(*, *) copyin(m) copyout(t)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      t[j][i] = m[i][j] * 2.0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      CHECK_REAL("tile(*,*) transpose", t[j][i], m[i][j] * 2.0, 0);

#pragma acc parallel loop tile(*, 8) vector_length(64) copy(t)
  for (int j = C - 1; j >= 0; j -= 2)
    for (int i = 1; i < R; i += 3)
      t[j][i] += j - i;
  for (int j = 0; j < C; j++)
    for (int i = 0; i < R; i++)
      rt[j][i] = m[i][j] * 2.0 + ((C - 1 - j) % 2 == 0 && i % 3 == 1 ? j - i : 0);
  for (int j = 0; j < C; j++)
    for (int i = 0; i < R; i++)
      CHECK_REAL("tile(*,8) steps", t[j][i], rt[j][i], 0);

#pragma acc parallel loop gang vector tile(*, *) reduction(+:sum) copyin(m)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      sum += m[i][j] * (j % 5);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      rsum += m[i][j] * (j % 5);
  CHECK_REAL("tile(*,*) reduction", sum, rsum, 1e-12);

#pragma acc parallel loop tile(*, *, *) vector_length(256) copyout(cube)
  for (int a = 0; a < 5; a++)
    for (int b = 0; b < 13; b++)
      for (int c = 0; c < 37; c++)
        cube[a][b][c] = a * 10000 + b * 100 + c;
  for (int a = 0; a < 5; a++)
    for (int b = 0; b < 13; b++)
      for (int c = 0; c < 37; c++)
        CHECK_INT("tile(*,*,*)", cube[a][b][c], a * 10000 + b * 100 + c);

#pragma acc parallel loop gang vector tile(*) copyout(v)
  for (int i = 0; i < 1000; i++)
    v[i] = i * 3 - 7;
  for (int i = 0; i < 1000; i++)
    CHECK_INT("tile(*)", v[i], i * 3 - 7);
  return e2e_done();
}
