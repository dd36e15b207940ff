/* real5_update_planes.c — `update` of planes, pencils and columns of 3-D
 * and 4-D grids as NPB-style and halo-exchange codes write them: a
 * j-plane of `static double u[KMAX][JMAX][IMAX][5]` (`u[0:KMAX][1][0:IMAX]
 * [0:5]`, one row part per k), a pencil along j at fixed k and i
 * (`u[3][0:JMAX][2][0:5]`), single components (`u[1:2][1][2][1:3]`), a
 * whole j-row per k (`u[0:KMAX][3]`), an i-column of a 2-D array
 * (`g[0:NY][3]`), the face of a grid reached through a pointer to a VLA
 * (`v[0:nz][0:ny][nx-1]`, `v[0:nz][2][1:3]`), a plane with omitted bounds
 * (`u[0:KMAX][2][0:IMAX][:]`), a plane picked by a range of length 1 rather
 * than an index (`u[0:KMAX][0:JMAX][3:1][0:5]`, `v[0:nz][1:1][0:2]`: GCC's
 * "not contiguous" until session 23), and `update device` of a plane between
 * kernels, some through `_Pragma` from macros. GCC 12 rejects these as "not contiguous" (or, for the VLA,
 * takes `v[0:2][0:ny][1:2]` as one block); each row's part is moved on its
 * own. Against the values a serial loop computes, and, where the device
 * has its own memory, checking that nothing outside the section moved. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define KMAX 4
#define JMAX 5
#define IMAX 6
#define NY 7
#define NX 8

static double u[KMAX][JMAX][IMAX][5];
static double g[NY][NX];

static double val(int k, int j, int i, int m)
{
  return 1 + k * 1000 + j * 100 + i * 10 + m;
}

/* Host u to a sentinel, then after the update: IN(k,j,i,m) says which
   elements the section covers (they hold the device's values) */
#define EXPECT(in)                                                            \
  do {                                                                        \
    for (int k = 0; k < KMAX; k++)                                            \
      for (int j = 0; j < JMAX; j++)                                          \
        for (int i = 0; i < IMAX; i++)                                        \
          for (int m = 0; m < 5; m++) {                                       \
            int inside = (in);                                                \
            if (inside || sep)                                                \
              CHECK_REAL(#in, u[k][j][i][m],                                  \
                         inside ? val(k, j, i, m) : -1.0, 0);                 \
            if (sep)                                                          \
              u[k][j][i][m] = -1.0;                                           \
          }                                                                   \
  } while (0)

static void grid4(int sep)
{
  for (int k = 0; k < KMAX; k++)
    for (int j = 0; j < JMAX; j++)
      for (int i = 0; i < IMAX; i++)
        for (int m = 0; m < 5; m++)
          u[k][j][i][m] = -1.0;
#pragma acc data copyin(u)
  {
#pragma acc parallel loop collapse(3) present(u)
    for (int k = 0; k < KMAX; k++)
      for (int j = 0; j < JMAX; j++)
        for (int i = 0; i < IMAX; i++)
          for (int m = 0; m < 5; m++)
            u[k][j][i][m] = val(k, j, i, m);
#pragma acc update host(u[0:KMAX][1][0:IMAX][0:5])
    EXPECT(j == 1);
#pragma acc update self(u[3][0:JMAX][2][0:5])
    EXPECT(k == 3 && i == 2);
#pragma acc update host(u[1:2][1][2][1:3])
    EXPECT(k >= 1 && k < 3 && j == 1 && i == 2 && m >= 1 && m < 4);
#pragma acc update host(u[0:KMAX][3])
    EXPECT(j == 3);
#pragma acc update host(u[2][1:3][4])
    EXPECT(k == 2 && j >= 1 && j < 4 && i == 4);
#pragma acc update host(u[0:KMAX][2][0:IMAX][:])
    EXPECT(j == 2);
#pragma acc update host(u[1:3][0:JMAX][IMAX - 1][2:])
    EXPECT(k >= 1 && i == IMAX - 1 && m >= 2);
    /* a plane picked by a range of length 1, as [i] (session 23) */
#pragma acc update host(u[0:KMAX][0:JMAX][3:1][0:5])
    EXPECT(i == 3);
#pragma acc update self(u[1:2][2:1][1:3])
    EXPECT(k >= 1 && k < 3 && j == 2 && i >= 1 && i < 4);
#pragma acc update host(u[2:1][1][0:IMAX][3])
    EXPECT(k == 2 && j == 1 && m == 3);
#pragma acc update host(u[1:1][3:1][0:IMAX][2:1])
    EXPECT(k == 1 && j == 3 && m == 2);
    /* a j = 0 plane written on the host and sent back, then used */
    for (int k = 0; k < KMAX; k++)
      for (int i = 0; i < IMAX; i++)
        for (int m = 0; m < 5; m++)
          u[k][0][i][m] = -val(k, 0, i, m);
#pragma acc update device(u[0:KMAX][0][0:IMAX][0:5])
#pragma acc parallel loop collapse(2) present(u)
    for (int k = 0; k < KMAX; k++)
      for (int i = 0; i < IMAX; i++)
        for (int m = 0; m < 5; m++)
          u[k][1][i][m] = 2 * u[k][0][i][m] + u[k][2][i][m];
#pragma acc update self(u[0:KMAX][1])
    for (int k = 0; k < KMAX; k++)
      for (int i = 0; i < IMAX; i++)
        for (int m = 0; m < 5; m++)
          CHECK_REAL("j=1 from the sent plane", u[k][1][i][m],
                     -2 * val(k, 0, i, m) + val(k, 2, i, m), 0);
  }
}

static void grid2(int sep)
{
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      g[y][x] = -1;
#pragma acc data copyin(g)
  {
#pragma acc parallel loop collapse(2) present(g)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        g[y][x] = y * 10 + x;
#pragma acc update self(g[1:NY - 2][3])
  }
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      int inside = y >= 1 && y < NY - 1 && x == 3;
      if (inside || sep)
        CHECK_REAL("g column", g[y][x], inside ? y * 10 + x : -1, 0);
    }
}

static void faces(int nz, int ny, int nx, double (*v)[ny][nx])
{
#pragma acc parallel loop collapse(3) present(v[0:nz][0:ny][0:nx])
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        v[k][j][i] = val(k, j, i, 0);
#pragma acc update self(v[0:nz][0:ny][nx - 1])
#pragma acc update self(v[0:nz][2][1:3])
#pragma acc update self(v[0:2][0:ny][1:2])
#pragma acc update self(v[0:nz][1:1][0:2])
}

static void vla(int sep)
{
  int nz = 3, ny = 4, nx = 5;
  double (*v)[ny][nx] = malloc(nz * sizeof *v);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        v[k][j][i] = -1;
#pragma acc data copyin(v[0:nz][0:ny][0:nx])
  faces(nz, ny, nx, v);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        int inside = i == nx - 1 || (j == 2 && i >= 1 && i < 4) ||
                     (k < 2 && i >= 1 && i < 3) || (j == 1 && i < 2);
        if (inside || sep)
          CHECK_REAL("vla face", v[k][j][i], inside ? val(k, j, i, 0) : -1, 0);
      }
  free(v);
}

/* the same through _Pragma from macros (the clauses of a _Pragma all
   carry the _Pragma's location: the rows' parts were lost and whole rows
   moved) */
#define STR(x) #x
#define UPDATE_SELF(items) _Pragma(STR(acc update self(items)))
static double h[NY][NX];

static void pragma_macros(int sep)
{
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      g[y][x] = h[y][x] = -1;
  for (int k = 0; k < KMAX; k++)
    for (int j = 0; j < JMAX; j++)
      for (int i = 0; i < IMAX; i++)
        for (int m = 0; m < 5; m++)
          u[k][j][i][m] = -1.0;
#pragma acc data copyin(g, h, u)
  {
#pragma acc parallel loop collapse(2) present(g, h)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++) {
        g[y][x] = y * 10 + x;
        h[y][x] = -(y * 10 + x);
      }
#pragma acc parallel loop collapse(3) present(u)
    for (int k = 0; k < KMAX; k++)
      for (int j = 0; j < JMAX; j++)
        for (int i = 0; i < IMAX; i++)
          for (int m = 0; m < 5; m++)
            u[k][j][i][m] = val(k, j, i, m);
    UPDATE_SELF(g[0:NY][2:1])
    _Pragma("acc update self(g[0:NY][5], h[1:2][0:NX-1])")
    UPDATE_SELF(u[0:KMAX][1][2])
  }
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      int in = x == 2 || x == 5;
      if (in || sep)
        CHECK_REAL("g via _Pragma", g[y][x], in ? y * 10 + x : -1, 0);
      in = y >= 1 && y < 3 && x < NX - 1;
      if (in || sep)
        CHECK_REAL("h via _Pragma", h[y][x], in ? -(y * 10 + x) : -1, 0);
    }
  EXPECT(j == 1 && i == 2);
}

int main(void)
{
  int sep = e2e_separate_memory();
  grid4(sep);
  grid2(sep);
  vla(sep);
  pragma_macros(sep);
  return e2e_done();
}
