/* update_strided_levels.c — `update` of sections with more than one
 * strided level, as 3-D domain decompositions write their halo faces:
 * the x-face `u[1:NZ-2][1:NY-2][0:1]` and the y-face `u[1:NZ-2][0:1]
 * [1:NX-2]` of `double u[NZ][NY][NX]` (each a run per (k, j) or per k),
 * a whole-row face `u[0:NZ][NY-1:1][0:NX]` (one strided level), a 4-D
 * block `w[a:b][c:d][e:f][0:L]` and `w[1:2][1:2][1:2][1:2]` (four strided
 * levels), the same through a pointer to rows `double (*p)[NY][NX]`, VLA
 * rows `double (*v)[ny][nx]`, a parameter `double q[][NY][NX]`, a
 * `_Pragma` from a macro, `async` + `wait`, `if` and `if_present`, two
 * strided items on one line, and `update device` of a face a kernel then
 * reads.  GCC 12 rejects these ("array section is not contiguous"); before
 * session 24 accgpu took one strided level only.  Against the values a
 * serial loop computes, and, where the device has its own memory,
 * checking that nothing outside the section moved. */
#include "e2e.h"
#include <stdlib.h>

#define NZ 5
#define NY 6
#define NX 7
#define A4 4
#define B4 5
#define C4 3
#define L4 6

static double u[NZ][NY][NX], u2[NZ][NY][NX];
static double w[A4][B4][C4][L4];

static double val(int k, int j, int i)
{
  return 1 + k * 100 + j * 10 + i;
}

/* after an update: IN says which elements of X the section covers (they
   hold the device's values val + OFF), the rest must still be -1 */
#define EXPECT3(x, nz, ny, nx, off, in)                                       \
  do {                                                                        \
    for (int k = 0; k < (nz); k++)                                            \
      for (int j = 0; j < (ny); j++)                                          \
        for (int i = 0; i < (nx); i++) {                                      \
          int inside = (in);                                                  \
          if (inside || sep)                                                  \
            CHECK_REAL(#x ": " #in, x[k][j][i],                               \
                       inside ? val(k, j, i) + (off) : -1.0, 0);              \
          if (sep)                                                            \
            x[k][j][i] = -1.0;                                                \
        }                                                                     \
  } while (0)

static void fill_host(double (*x)[NY][NX])
{
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        x[k][j][i] = -1.0;
}

static void faces3(int sep)
{
  int lo = 1, nk = NZ - 2, on = 0;
  fill_host(u);
  fill_host(u2);
#pragma acc data copyin(u, u2)
  {
#pragma acc parallel loop collapse(3) present(u, u2)
    for (int k = 0; k < NZ; k++)
      for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++) {
          u[k][j][i] = val(k, j, i);
          u2[k][j][i] = val(k, j, i) + 1000;
        }
#pragma acc update self(u[1:NZ-2][1:NY-2][0:1])
    EXPECT3(u, NZ, NY, NX, 0, k >= 1 && k < NZ - 1 && j >= 1 &&
                                  j < NY - 1 && i == 0);
#pragma acc update self(u[1:NZ-2][0:1][1:NX-2])
    EXPECT3(u, NZ, NY, NX, 0, k >= 1 && k < NZ - 1 && j == 0 && i >= 1 &&
                                  i < NX - 1);
#pragma acc update self(u[0:NZ][NY-1:1][0:NX])
    EXPECT3(u, NZ, NY, NX, 0, j == NY - 1);
#pragma acc update host(u[lo:nk][lo:NY - 2][NX - 1:1]) async(1)
#pragma acc wait(1)
    EXPECT3(u, NZ, NY, NX, 0, k >= 1 && k < NZ - 1 && j >= 1 &&
                                  j < NY - 1 && i == NX - 1);
#pragma acc update self(u[1:2][2:3][1:4]) if(on)
    EXPECT3(u, NZ, NY, NX, 0, 0);
#pragma acc update self(u[1:2][2:3][1:4], u2[0:NZ][1:2][2:3])
    EXPECT3(u, NZ, NY, NX, 0, k >= 1 && k < 3 && j >= 2 && j < 5 &&
                                  i >= 1 && i < 5);
    EXPECT3(u2, NZ, NY, NX, 1000, j >= 1 && j < 3 && i >= 2 && i < 5);
    /* a face written on the host and sent back, then used */
    for (int k = 0; k < NZ; k++)
      for (int j = 0; j < NY; j++)
        u[k][j][0] = -val(k, j, 0);
#pragma acc update device(u[0:NZ][0:NY][0:1])
#pragma acc parallel loop collapse(2) present(u)
    for (int k = 0; k < NZ; k++)
      for (int j = 0; j < NY; j++)
        u[k][j][1] = 2 * u[k][j][0] + u[k][j][2];
#pragma acc update self(u[0:NZ][0:NY][1:1])
    for (int k = 0; k < NZ; k++)
      for (int j = 0; j < NY; j++)
        CHECK_REAL("i=1 from the sent face", u[k][j][1],
                   -2 * val(k, j, 0) + val(k, j, 2), 0);
  }
  /* not present: if_present skips it */
#pragma acc update self(u[1:NZ-2][1:NY-2][0:1]) if_present
}

static void block4(int sep)
{
  int a = 1, b = 2, c = 1, d = 3, e = 0, f = 2;
  for (int p = 0; p < A4; p++)
    for (int k = 0; k < B4; k++)
      for (int j = 0; j < C4; j++)
        for (int i = 0; i < L4; i++)
          w[p][k][j][i] = -1;
#pragma acc data copyin(w)
  {
#pragma acc parallel loop collapse(4) present(w)
    for (int p = 0; p < A4; p++)
      for (int k = 0; k < B4; k++)
        for (int j = 0; j < C4; j++)
          for (int i = 0; i < L4; i++)
            w[p][k][j][i] = p * 1000 + val(k, j, i);
#pragma acc update self(w[a:b][c:d][e:f][0:L4])
#pragma acc update self(w[1:2][1:2][1:2][1:2])
  }
  for (int p = 0; p < A4; p++)
    for (int k = 0; k < B4; k++)
      for (int j = 0; j < C4; j++)
        for (int i = 0; i < L4; i++) {
          int in = (p >= a && p < a + b && k >= c && k < c + d && j >= e &&
                    j < e + f) ||
                   (p >= 1 && p < 3 && k >= 1 && k < 3 && j >= 1 && j < 3 &&
                    i >= 1 && i < 3);
          if (in || sep)
            CHECK_REAL("4-D block", w[p][k][j][i],
                       in ? p * 1000 + val(k, j, i) : -1, 0);
        }
}

static void param(double q[][NY][NX])
{
#pragma acc update self(q[1:NZ-2][1:NY-2][NX-1:1])
}

#define STR(x) #x
#define UPDATE_SELF(items) _Pragma(STR(acc update self(items)))

static void rows_pointer(int sep)
{
  double (*p)[NY][NX] = malloc(NZ * sizeof *p);
  fill_host(p);
#pragma acc data copyin(p[0:NZ])
  {
#pragma acc parallel loop collapse(3) present(p[0:NZ])
    for (int k = 0; k < NZ; k++)
      for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++)
          p[k][j][i] = val(k, j, i);
#pragma acc update self(p[1:NZ-2][1:NY-2][0:1])
    EXPECT3(p, NZ, NY, NX, 0, k >= 1 && k < NZ - 1 && j >= 1 &&
                                  j < NY - 1 && i == 0);
    param(p);
    EXPECT3(p, NZ, NY, NX, 0, k >= 1 && k < NZ - 1 && j >= 1 &&
                                  j < NY - 1 && i == NX - 1);
    UPDATE_SELF(p[1:NZ-2][0:1][1:NX-2])
    EXPECT3(p, NZ, NY, NX, 0, k >= 1 && k < NZ - 1 && j == 0 && i >= 1 &&
                                  i < NX - 1);
  }
  free(p);
}

static void vla_faces(int nz, int ny, int nx, double (*v)[ny][nx])
{
#pragma acc parallel loop collapse(3) present(v[0:nz][0:ny][0:nx])
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        v[k][j][i] = val(k, j, i);
#pragma acc update self(v[1:nz-2][1:ny-2][0:1])
#pragma acc update self(v[1:nz-2][0:1][1:nx-2])
#pragma acc update self(v[0:2][0:ny-1][2])
}

static void vla(int sep)
{
  int nz = 4, ny = 5, nx = 6;
  double (*v)[ny][nx] = malloc(nz * sizeof *v);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        v[k][j][i] = -1;
#pragma acc data copyin(v[0:nz][0:ny][0:nx])
  vla_faces(nz, ny, nx, v);
  EXPECT3(v, nz, ny, nx, 0,
          (k >= 1 && k < nz - 1 && j >= 1 && j < ny - 1 && i == 0) ||
              (k >= 1 && k < nz - 1 && j == 0 && i >= 1 && i < nx - 1) ||
              (k < 2 && j < ny - 1 && i == 2));
  free(v);
}

int main(void)
{
  int sep = e2e_separate_memory();
  faces3(sep);
  block4(sep);
  rows_pointer(sep);
  vla(sep);
  return e2e_done();
}
