/* compute_tile.c — tile(a,b) really tiles (tiles over gangs, elements of a
 * tile over vector lanes, padding outside the iteration space skipped):
 * non-unit steps, bounds that are not multiples of the tile, a reduction
 * over a tiled nest, a 3-level tile, and tile in kernels.  All results must
 * equal the serial computation. */
#include "e2e.h"

#define R 53
#define C 91

int main(void) {
  static double m[R][C], t[C][R], rt[C][R];
  static int cube[7][9][11], rcube[7][9][11];
  double sum = 0, rsum = 0;
  int n = R, k = C;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m[i][j] = (i * 7 + j * 3) % 29 - 10.0;
#pragma acc parallel loop tile(8, 4) copyin(m) copy(t)
  for (int i = 1; i < n; i += 2)
    for (int j = k - 1; j >= 0; j -= 3)
      t[j][i] = m[i][j] * 2.0;
#pragma acc parallel loop gang vector tile(4, 16) reduction(+:sum) copyin(m)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < k; j++)
      sum += m[i][j];
#pragma acc parallel loop tile(2, 3, 4) copyout(cube)
  for (int a = 0; a < 7; a++)
    for (int b = 0; b < 9; b++)
      for (int c = 0; c < 11; c++)
        cube[a][b][c] = a * 100 + b * 10 + c;
#pragma acc kernels copy(t)
  {
#pragma acc loop tile(16, 16)
    for (int j = 0; j < k; j++)
      for (int i = 0; i < n; i++)
        t[j][i] += 1.0;
  }
  for (int i = 1; i < R; i += 2)
    for (int j = C - 1; j >= 0; j -= 3)
      rt[j][i] = m[i][j] * 2.0;
  for (int j = 0; j < C; j++)
    for (int i = 0; i < R; i++)
      rt[j][i] += 1.0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      rsum += m[i][j];
  for (int a = 0; a < 7; a++)
    for (int b = 0; b < 9; b++)
      for (int c = 0; c < 11; c++)
        rcube[a][b][c] = a * 100 + b * 10 + c;
  for (int j = 0; j < C; j++)
    for (int i = 0; i < R; i++)
      CHECK_REAL("t", t[j][i], rt[j][i], 0);
  CHECK_REAL("sum", sum, rsum, 0);
  for (int a = 0; a < 7; a++)
    for (int b = 0; b < 9; b++)
      for (int c = 0; c < 11; c++)
        CHECK_INT("cube", cube[a][b][c], rcube[a][b][c]);
  return e2e_done();
}
