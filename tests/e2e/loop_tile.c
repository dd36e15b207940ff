/* loop_tile.c — tile(16,8) and tile(*,*) on a 2-D nest (a transpose, sizes
 * not multiples of the tile), and tile on a 1-D loop with gang vector. */
#include "e2e.h"

#define R 75
#define C 113
static double in[R][C], out[C][R], v[1000];

int main(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      in[i][j] = i * 1000 + j;
#pragma acc parallel loop tile(16, 8) copyin(in) copyout(out)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      out[j][i] = in[i][j];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      CHECK_REAL("tile(16,8) transpose", out[j][i], i * 1000 + j, 0);

#pragma acc parallel loop tile(*, *) copy(out)
  for (int j = 0; j < C; j++)
    for (int i = 0; i < R; i++)
      out[j][i] += 0.5;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      CHECK_REAL("tile(*,*)", out[j][i], i * 1000 + j + 0.5, 0);

#pragma acc parallel loop gang vector tile(64) copyout(v)
  for (int i = 0; i < 1000; i++)
    v[i] = i * 0.25;
  for (int i = 0; i < 1000; i++)
    CHECK_REAL("tile(64)", v[i], i * 0.25, 0);
  return e2e_done();
}
