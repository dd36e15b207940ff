/* implicit_array_sections_blocks.c — arrays used in compute constructs
 * without a data clause while only parts of them are present: accgpu
 * infers the part each construct touches and uses the present entry that
 * holds it (NVHPC's implicit present-or-copy of the section).
 *   - two blocks of one 1-D array entered separately on one device, each
 *     read by its own stencil construct (whose section, the block's range
 *     with its halo, lies in that block's entry);
 *   - a 3-D array with planes 1..NZ-2 entered, updated by a kernels loop
 *     nest over them;
 *   - a data region mapping rows of a 2-D array, the construct inside
 *     naming none;
 *   - a section disjoint from what is present: mapped (copied in and
 *     back), its result seen at once on the host;
 *   - a local array with nothing present: the whole array, as before.
 * Each result is checked against serial loops; the device results are
 * read back with `update self` or `exit data copyout`. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#define N 64
#define NZ 6
#define NYY 8
#define NXX 10
#define R 12
#define C 9

static double x[N + 2], y[N + 2];
float V[NZ][NYY][NXX];
static float Vref[NZ][NYY][NXX];
double G[R][C];

static void blocks(void)
{
  double want[N + 2];
  int h = N / 2;
  for (int i = 0; i < N + 2; i++) {
    x[i] = (i * 13) % 7 + 0.5;
    y[i] = want[i] = 0;
  }
  for (int i = 1; i <= h; i++)
    want[i] = x[i - 1] + 2 * x[i] + x[i + 1];
  for (int i = h + 3; i <= N; i++)
    want[i] = x[i - 1] + 2 * x[i] + x[i + 1];
  /* block 0: x[0..h+1], y[1..h]; block 1: x[h+2..N+1], y[h+1..N] */
#pragma acc enter data copyin(x[0:h + 2], y[1:h])
#pragma acc enter data copyin(x[h + 2:h], y[h + 1:h])
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(x\[0:h \+ 2\]\) */
  for (int i = 1; i <= h; i++)
    y[i] = x[i - 1] + 2 * x[i] + x[i + 1];
#pragma acc kernels /* accgpu-expect-note: implicit copyin\(x\[h \+ 2:.*\]\) */
  for (int i = h + 3; i <= N; i++)
    y[i] = x[i - 1] + 2 * x[i] + x[i + 1];
#pragma acc exit data copyout(y[1:h]) delete(x[0:h + 2])
#pragma acc exit data copyout(y[h + 1:h]) delete(x[h + 2:h])
  for (int i = 0; i < N + 2; i++)
    CHECK_REAL("y", y[i], want[i], 0);
}

static void planes(void)
{
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NYY; j++)
      for (int i = 0; i < NXX; i++)
        V[k][j][i] = Vref[k][j][i] = (float)((k * 5 + j * 3 + i) % 17);
  for (int k = 1; k < NZ - 1; k++)
    for (int j = 1; j < NYY - 1; j++)
      for (int i = 1; i < NXX - 1; i++)
        Vref[k][j][i] = 2 * Vref[k][j][i] + 1;
#pragma acc enter data copyin(V[1:NZ - 2][0:NYY][0:NXX])
#pragma acc kernels /* accgpu-expect-note: implicit copy\(V\[ */
  for (int k = 1; k < NZ - 1; k++)
    for (int j = 1; j < NYY - 1; j++)
      for (int i = 1; i < NXX - 1; i++)
        V[k][j][i] = 2 * V[k][j][i] + 1;
#pragma acc exit data copyout(V[1:NZ - 2][0:NYY][0:NXX])
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NYY; j++)
      for (int i = 0; i < NXX; i++)
        CHECK_REAL("V", V[k][j][i], Vref[k][j][i], 0);
}

static void rows_and_rest(int lo, int hi)
{
  double want[R][C];
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      want[r][c] = G[r][c] = r * 10 + c;
  for (int r = lo; r < hi; r++)
    for (int c = 0; c < C; c++)
      want[r][c] = G[r][c] * 3;
  for (int r = 0; r < lo; r++)
    for (int c = 0; c < C; c++)
      want[r][c] = -G[r][c];
#pragma acc data copy(G[lo:hi - lo][0:C])
  {
#pragma acc parallel loop collapse(2)
    for (int r = lo; r < hi; r++)
      for (int c = 0; c < C; c++)
        G[r][c] *= 3;
    /* rows 0..lo-1 are not present: that section is copied in and out */
#pragma acc parallel loop
    for (int r = 0; r < lo; r++)
      for (int c = 0; c < C; c++)
        G[r][c] = -G[r][c];
    for (int r = 0; r < lo; r++)
      for (int c = 0; c < C; c++)
        CHECK_REAL("G rows before the block", G[r][c], want[r][c], 0);
  }
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      CHECK_REAL("G", G[r][c], want[r][c], 0);
}

static void local_whole(int n)
{
  int v[N];
  for (int i = 0; i < N; i++)
    v[i] = i;
#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(v\[1:n \+ -1\]\) */
  for (int i = 1; i < n; i++)
    v[i] = v[i] * 2 + 1;
  for (int i = 0; i < N; i++)
    CHECK_INT("v", v[i], i >= 1 && i < n ? 2 * i + 1 : i);
}

int main(void)
{
  blocks();
  planes();
  rows_and_rest(4, 9);
  local_whole(N - 5);
  return e2e_done();
}
