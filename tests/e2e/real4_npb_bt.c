/* real4_npb_bt.c — NPB BT/SP/LU shapes as their OpenACC C ports write
 * them: 4-D fixed-size arrays `double u[KMAX][JMAX][IMAX][5]` at file scope
 * under a `data` region in main, passed to functions as
 * `double u[][JMAX][IMAX][5]` and named whole in `present(uu)`; compute_rhs with `collapse(3)`
 * over k, j, i and the 5 components in an inner `loop seq`; a block
 * tridiagonal-like line solve along i per (k, j): a per-iteration local
 * `double lhs[5][5]` and `double rhs_l[5]` filled, then a 5x5 Gaussian
 * elimination as `loop seq` loops (the lines in parallel, the solve
 * sequential); SP's `private(tmp[0:5])`-style scratch named with its
 * section on the loop; LU's SSOR-like relaxation with the k loop on the
 * host and a `parallel loop collapse(2)` per plane; the residual norms as a
 * 5-element array reduction written out as five scalars. Against the same
 * code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define KMAX 8
#define JMAX 9
#define IMAX 10

static double u[KMAX][JMAX][IMAX][5], rhs[KMAX][JMAX][IMAX][5];
static double ru[KMAX][JMAX][IMAX][5], rrhs[KMAX][JMAX][IMAX][5];
static double forcing[KMAX][JMAX][IMAX][5];

static void init(double uu[][JMAX][IMAX][5])
{
  for (int k = 0; k < KMAX; k++)
    for (int j = 0; j < JMAX; j++)
      for (int i = 0; i < IMAX; i++)
        for (int m = 0; m < 5; m++) {
          uu[k][j][i][m] = 1.0 + 0.1 * m + 0.01 * ((i * 3 + j * 5 + k * 7) % 13);
          forcing[k][j][i][m] = 0.001 * ((i + j + k + m) % 4);
        }
}

static void compute_rhs(double uu[][JMAX][IMAX][5], double rr[][JMAX][IMAX][5],
                        int on)
{
  const double dt = 0.01;
#pragma acc parallel loop collapse(3) present(uu, rr, forcing) if(on)
  for (int k = 1; k < KMAX - 1; k++)
    for (int j = 1; j < JMAX - 1; j++)
      for (int i = 1; i < IMAX - 1; i++) {
        double rho_inv = 1.0 / uu[k][j][i][0];
#pragma acc loop seq
        for (int m = 0; m < 5; m++) {
          rr[k][j][i][m] = forcing[k][j][i][m] +
              dt * (uu[k][j][i + 1][m] - 2.0 * uu[k][j][i][m] + uu[k][j][i - 1][m]
                    + uu[k][j + 1][i][m] - 2.0 * uu[k][j][i][m] + uu[k][j - 1][i][m]
                    + uu[k + 1][j][i][m] - 2.0 * uu[k][j][i][m] + uu[k - 1][j][i][m])
              * rho_inv;
        }
      }
}

/* x_solve: per (k, j) line, each point a 5x5 system solved by elimination */
static void x_solve(double uu[][JMAX][IMAX][5], double rr[][JMAX][IMAX][5],
                    int on)
{
#pragma acc parallel loop gang collapse(2) present(uu, rr) if(on)
  for (int k = 1; k < KMAX - 1; k++)
    for (int j = 1; j < JMAX - 1; j++) {
#pragma acc loop seq
      for (int i = 1; i < IMAX - 1; i++) {
        double lhs[5][5], rl[5];
        for (int m = 0; m < 5; m++) {
          for (int n = 0; n < 5; n++)
            lhs[m][n] = (m == n ? 4.0 + uu[k][j][i][m] : 0.0)
                        + 0.1 * uu[k][j][i][(m + n) % 5] / (1.0 + m + n);
          rl[m] = rr[k][j][i][m] + (i > 1 ? 0.5 * rr[k][j][i - 1][m] : 0.0);
        }
        /* Gaussian elimination, no pivoting (diagonally dominant) */
        for (int p = 0; p < 5; p++) {
          double piv = 1.0 / lhs[p][p];
          for (int n = p; n < 5; n++)
            lhs[p][n] *= piv;
          rl[p] *= piv;
          for (int m = p + 1; m < 5; m++) {
            double c = lhs[m][p];
            for (int n = p; n < 5; n++)
              lhs[m][n] -= c * lhs[p][n];
            rl[m] -= c * rl[p];
          }
        }
        for (int m = 4; m >= 0; m--) {
          double s = rl[m];
          for (int n = m + 1; n < 5; n++)
            s -= lhs[m][n] * rl[n];
          rl[m] = s;
        }
        for (int m = 0; m < 5; m++)
          rr[k][j][i][m] = rl[m];
      }
    }
}

/* SP's shape: a scratch array declared at function scope, named private
 * with its section */
static void add(double uu[][JMAX][IMAX][5], double rr[][JMAX][IMAX][5], int on)
{
  double tmp[5];
  int m;
#pragma acc parallel loop collapse(3) private(tmp[0:5], m) present(uu, rr) \
    if(on)
  for (int k = 1; k < KMAX - 1; k++)
    for (int j = 1; j < JMAX - 1; j++)
      for (int i = 1; i < IMAX - 1; i++) {
        for (m = 0; m < 5; m++)
          tmp[m] = rr[k][j][i][m];
        double s = tmp[0] * 0.1;
        for (m = 0; m < 5; m++)
          uu[k][j][i][m] += tmp[m] - s * (m == 0);
      }
}

/* LU's SSOR-like sweep: planes in order on the host, each a parallel loop
 * that reads the plane below (a true dependence between planes only) */
static void ssor(double uu[][JMAX][IMAX][5], int on)
{
  for (int k = 1; k < KMAX - 1; k++) {
#pragma acc parallel loop collapse(2) present(uu) if(on)
    for (int j = 1; j < JMAX - 1; j++)
      for (int i = 1; i < IMAX - 1; i++) {
#pragma acc loop seq
        for (int m = 0; m < 5; m++)
          uu[k][j][i][m] = 0.8 * uu[k][j][i][m] + 0.2 * uu[k - 1][j][i][m];
      }
  }
}

static void norms(double uu[][JMAX][IMAX][5], double out[5], int on)
{
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
#pragma acc parallel loop collapse(3) present(uu) \
    reduction(+:s0, s1, s2, s3, s4) if(on)
  for (int k = 0; k < KMAX; k++)
    for (int j = 0; j < JMAX; j++)
      for (int i = 0; i < IMAX; i++) {
        s0 += uu[k][j][i][0] * uu[k][j][i][0];
        s1 += uu[k][j][i][1] * uu[k][j][i][1];
        s2 += uu[k][j][i][2] * uu[k][j][i][2];
        s3 += uu[k][j][i][3] * uu[k][j][i][3];
        s4 += uu[k][j][i][4] * uu[k][j][i][4];
      }
  out[0] = sqrt(s0); out[1] = sqrt(s1); out[2] = sqrt(s2);
  out[3] = sqrt(s3); out[4] = sqrt(s4);
}

static void adi(double uu[][JMAX][IMAX][5], double rr[][JMAX][IMAX][5],
                double nrm[5], int on)
{
  for (int it = 0; it < 3; it++) {
    compute_rhs(uu, rr, on);
    x_solve(uu, rr, on);
    add(uu, rr, on);
    ssor(uu, on);
  }
  norms(uu, nrm, on);
}

int main(void)
{
  double n1[5], n2[5];
  init(u);
  memset(rhs, 0, sizeof rhs);
#pragma acc data copy(u) create(rhs) copyin(forcing)
  adi(u, rhs, n1, 1);
  init(ru);
  memset(rrhs, 0, sizeof rrhs);
  adi(ru, rrhs, n2, 0);
  for (int m = 0; m < 5; m++)
    CHECK_REAL("bt norm", n1[m], n2[m], 1e-12);
  for (int k = 0; k < KMAX; k++)
    for (int j = 0; j < JMAX; j++)
      for (int i = 0; i < IMAX; i++)
        for (int m = 0; m < 5; m++)
          CHECK_REAL("bt u", u[k][j][i][m], ru[k][j][i][m], 1e-12);
  return e2e_done();
}
