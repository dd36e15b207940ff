/* real5_npb_globals.c — the NPB 3.3 OpenACC C (University of Houston) shape
 * of BT/SP: padded global arrays `static double u[KMAX][JMAXP+1][IMAXP+1][5]`
 * made present once by `enter data create(...)` at the top of main (the
 * whole arrays named), a global `int grid_points[3]` read in loop bounds
 * inside the kernels, `kernels loop gang worker` with num_gangs /
 * num_workers / vector_length from macros through `_Pragma`, `present(...)`
 * of whole arrays on every kernel, a work buffer reinterpreted as
 * `double (*rhs)[JMAXP+1][IMAXP+1][5]` through a cast, `update host` of a
 * k-slice and of one component column, two kernels on different `async`
 * queues joined by `wait`, and SP's x/y/z sweeps with a per-line
 * pentadiagonal-like recurrence in a `loop seq`. Timers and verification
 * on the host. Against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define KMAX 6
#define JMAXP 7
#define IMAXP 9
#define NGANG 4
#define NWORK 2
#define VLEN 32
#define STR(x) #x
#define GANGS_WORKERS(g, w, v)                                              \
  _Pragma(STR(acc kernels loop gang worker independent num_gangs(g)        \
              num_workers(w) vector_length(v) present(u, rho_i, square, grid_points)))

static double u[KMAX][JMAXP + 1][IMAXP + 1][5];
static double rho_i[KMAX][JMAXP + 1][IMAXP + 1];
static double square[KMAX][JMAXP + 1][IMAXP + 1];
static double forcing[KMAX][JMAXP + 1][IMAXP + 1][5];
static double work[KMAX * (JMAXP + 1) * (IMAXP + 1) * 5];
static double lhs[KMAX][JMAXP + 1][IMAXP + 1][3];
static int grid_points[3];


/* serial copies */
static double su[KMAX][JMAXP + 1][IMAXP + 1][5];
static double srho[KMAX][JMAXP + 1][IMAXP + 1];
static double ssq[KMAX][JMAXP + 1][IMAXP + 1];
static double swork[KMAX * (JMAXP + 1) * (IMAXP + 1) * 5];

static void init(void)
{
  grid_points[0] = IMAXP - 1;
  grid_points[1] = JMAXP;
  grid_points[2] = KMAX;
  for (int k = 0; k < KMAX; k++)
    for (int j = 0; j <= JMAXP; j++)
      for (int i = 0; i <= IMAXP; i++)
        for (int m = 0; m < 5; m++) {
          u[k][j][i][m] = 1.0 + 0.01 * (k + 2 * j + 3 * i) + 0.1 * m;
          forcing[k][j][i][m] = 0.001 * ((k * 7 + j * 3 + i + m) % 11);
        }
  memcpy(su, u, sizeof u);
}

static void compute_aux(void)
{
  GANGS_WORKERS(NGANG, NWORK, VLEN)
  for (int k = 0; k < grid_points[2]; k++)
#pragma acc loop vector independent collapse(2)
    for (int j = 0; j < grid_points[1]; j++)
      for (int i = 0; i < grid_points[0]; i++) {
        double rinv = 1.0 / u[k][j][i][0];
        rho_i[k][j][i] = rinv;
        square[k][j][i] = 0.5 * (u[k][j][i][1] * u[k][j][i][1] +
                                 u[k][j][i][2] * u[k][j][i][2] +
                                 u[k][j][i][3] * u[k][j][i][3]) * rinv;
      }
}

static void compute_rhs(void)
{
  double (*rhs)[JMAXP + 1][IMAXP + 1][5] =
      (double (*)[JMAXP + 1][IMAXP + 1][5])work;
  int nx = grid_points[0], ny = grid_points[1], nz = grid_points[2];
#pragma acc kernels present(u, rho_i, square, forcing, work)
  {
#pragma acc loop gang independent
    for (int k = 0; k < nz; k++)
#pragma acc loop worker independent
      for (int j = 0; j < ny; j++)
#pragma acc loop vector independent
        for (int i = 0; i < nx; i++)
          for (int m = 0; m < 5; m++)
            rhs[k][j][i][m] = forcing[k][j][i][m];
#pragma acc loop gang independent collapse(2)
    for (int k = 0; k < nz; k++)
      for (int j = 0; j < ny; j++)
#pragma acc loop vector independent
        for (int i = 1; i < nx - 1; i++) {
          double uijk = u[k][j][i][1] * rho_i[k][j][i];
          double up1 = u[k][j][i + 1][1] * rho_i[k][j][i + 1];
          double um1 = u[k][j][i - 1][1] * rho_i[k][j][i - 1];
          rhs[k][j][i][0] += 0.1 * (u[k][j][i + 1][0] - 2.0 * u[k][j][i][0] +
                                    u[k][j][i - 1][0]) - 0.05 * (up1 - um1);
          rhs[k][j][i][1] += 0.2 * (square[k][j][i + 1] - square[k][j][i - 1]) +
                             0.01 * uijk;
          for (int m = 2; m < 5; m++)
            rhs[k][j][i][m] += 0.1 * (u[k][j][i + 1][m] - u[k][j][i - 1][m]);
        }
  }
}

/* SP-like x sweep: a first-order recurrence along i per line, a lhs
   coefficient array filled per point in a separate kernel. */
static void x_solve(void)
{
  double (*rhs)[JMAXP + 1][IMAXP + 1][5] =
      (double (*)[JMAXP + 1][IMAXP + 1][5])work;
  int nx = grid_points[0], ny = grid_points[1], nz = grid_points[2];
#pragma acc parallel loop gang num_gangs(NGANG) vector_length(VLEN) \
    present(lhs, rho_i) collapse(2)
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
#pragma acc loop vector
      for (int i = 0; i < nx; i++) {
        lhs[k][j][i][0] = 0.25 * rho_i[k][j][i];
        lhs[k][j][i][1] = 1.0 + 0.5 * rho_i[k][j][i];
        lhs[k][j][i][2] = 0.25;
      }
#pragma acc parallel loop gang worker collapse(2) num_workers(NWORK) \
    present(lhs, work)
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++) {
#pragma acc loop seq
      for (int i = 1; i < nx; i++) {
        double fac = lhs[k][j][i][0] / lhs[k][j][i - 1][1];
        for (int m = 0; m < 5; m++)
          rhs[k][j][i][m] -= fac * rhs[k][j][i - 1][m];
      }
#pragma acc loop seq
      for (int i = 0; i < nx; i++)
        for (int m = 0; m < 5; m++)
          rhs[k][j][i][m] /= lhs[k][j][i][1];
    }
}

static void add(void)
{
  double (*rhs)[JMAXP + 1][IMAXP + 1][5] =
      (double (*)[JMAXP + 1][IMAXP + 1][5])work;
#pragma acc kernels loop gang independent present(u, work) async(1)
  for (int k = 0; k < grid_points[2]; k++)
#pragma acc loop worker independent
    for (int j = 0; j < grid_points[1]; j++)
#pragma acc loop vector independent
      for (int i = 0; i < grid_points[0]; i++)
        for (int m = 0; m < 4; m++)
          u[k][j][i][m] += 0.5 * rhs[k][j][i][m];
#pragma acc kernels loop gang independent present(u, work) async(2)
  for (int k = 0; k < grid_points[2]; k++)
    for (int j = 0; j < grid_points[1]; j++)
      for (int i = 0; i < grid_points[0]; i++)
        u[k][j][i][4] += 0.5 * rhs[k][j][i][4];
#pragma acc wait(1, 2)
}

/* the same steps, serially */
static void serial_step(void)
{
  double (*rhs)[JMAXP + 1][IMAXP + 1][5] =
      (double (*)[JMAXP + 1][IMAXP + 1][5])swork;
  int nx = grid_points[0], ny = grid_points[1], nz = grid_points[2];
  static double sl[KMAX][JMAXP + 1][IMAXP + 1][3];
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        double rinv = 1.0 / su[k][j][i][0];
        srho[k][j][i] = rinv;
        ssq[k][j][i] = 0.5 * (su[k][j][i][1] * su[k][j][i][1] +
                              su[k][j][i][2] * su[k][j][i][2] +
                              su[k][j][i][3] * su[k][j][i][3]) * rinv;
      }
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        for (int m = 0; m < 5; m++)
          rhs[k][j][i][m] = forcing[k][j][i][m];
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 1; i < nx - 1; i++) {
        double uijk = su[k][j][i][1] * srho[k][j][i];
        double up1 = su[k][j][i + 1][1] * srho[k][j][i + 1];
        double um1 = su[k][j][i - 1][1] * srho[k][j][i - 1];
        rhs[k][j][i][0] += 0.1 * (su[k][j][i + 1][0] - 2.0 * su[k][j][i][0] +
                                  su[k][j][i - 1][0]) - 0.05 * (up1 - um1);
        rhs[k][j][i][1] += 0.2 * (ssq[k][j][i + 1] - ssq[k][j][i - 1]) +
                           0.01 * uijk;
        for (int m = 2; m < 5; m++)
          rhs[k][j][i][m] += 0.1 * (su[k][j][i + 1][m] - su[k][j][i - 1][m]);
      }
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        sl[k][j][i][0] = 0.25 * srho[k][j][i];
        sl[k][j][i][1] = 1.0 + 0.5 * srho[k][j][i];
      }
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++) {
      for (int i = 1; i < nx; i++) {
        double fac = sl[k][j][i][0] / sl[k][j][i - 1][1];
        for (int m = 0; m < 5; m++)
          rhs[k][j][i][m] -= fac * rhs[k][j][i - 1][m];
      }
      for (int i = 0; i < nx; i++)
        for (int m = 0; m < 5; m++)
          rhs[k][j][i][m] /= sl[k][j][i][1];
    }
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        for (int m = 0; m < 5; m++)
          su[k][j][i][m] += 0.5 * rhs[k][j][i][m];
}

int main(void)
{
#pragma acc enter data create(u, rho_i, square, forcing, work, lhs, grid_points)
  init();
#pragma acc update device(u, forcing, grid_points)
  memset(swork, 0, sizeof swork);
#pragma acc update device(work)
  for (int step = 0; step < 3; step++) {
    compute_aux();
    compute_rhs();
    x_solve();
    add();
    serial_step();
    /* a k-slice of u back to the host for a residual printout */
#pragma acc update host(u[2:1][0:JMAXP + 1][0:IMAXP + 1][0:5])
    for (int j = 0; j < grid_points[1]; j++)
      for (int i = 0; i < grid_points[0]; i++)
        for (int m = 0; m < 5; m++)
          CHECK_REAL("u slice", u[2][j][i][m], su[2][j][i][m], 1e-12);
  }
  /* one whole array, then the rest */
#pragma acc update host(rho_i, square)
#pragma acc update host(u)
#pragma acc exit data copyout(work) delete(u, rho_i, square, forcing, lhs, \
    grid_points)
  int nx = grid_points[0], ny = grid_points[1], nz = grid_points[2];
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        CHECK_REAL("rho_i", rho_i[k][j][i], srho[k][j][i], 1e-13);
        CHECK_REAL("square", square[k][j][i], ssq[k][j][i], 1e-13);
        for (int m = 0; m < 5; m++) {
          CHECK_REAL("u", u[k][j][i][m], su[k][j][i][m], 1e-12);
          size_t o = (((size_t)k * (JMAXP + 1) + j) * (IMAXP + 1) + i) * 5 + m;
          CHECK_REAL("rhs", work[o], swork[o], 1e-11);
        }
      }

  return e2e_done();
}
