/* real6_rose_dims.c — PolyBench-ACC's 2mm and 3mm were written for the
 * ROSE OpenACC-to-OpenCL compiler, whose gangs and workers have
 * dimensions in brackets (0 the fastest):
 *
 *   parallel num_gangs[0](nj/8) num_gangs[1](ni/8) num_workers[0](8) ...
 *     loop gang[1] worker[1]   (i)
 *       loop gang[0] worker[0] (j)
 *
 * GCC's parser stopped at the `[`.  accgpu takes gang[d] as
 * gang(dim:d+1), worker[0] as vector, drops the other workers and the
 * sizes.  D := alpha*A*B*C + beta*D against a serial computation, with
 * sizes that are not multiples of the blocks. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#define NI 37
#define NJ 29
#define NK 23
#define NL 31

static double A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL], tmp[NI][NJ];
static double rD[NI][NL], rtmp[NI][NJ];

static void kernel_2mm(int ni, int nj, int nk, int nl, double alpha,
                       double beta)
{
#pragma acc data copyin(A, B, C) create(tmp) copy(D)
  {
#pragma acc parallel num_gangs[0](nj / 8) num_gangs[1](ni / 8) num_workers[0](8) num_workers[1](8) /* accgpu-expect-note: .num_gangs\[1\]. taken as nothing */
    {
#pragma acc loop gang[1] worker[1] /* accgpu-expect-note: .gang\[1\]. taken as gang\(dim:2\) */
      for (int i = 0; i < ni; i++) {
#pragma acc loop gang[0] worker[0] /* accgpu-expect-note: .worker\[0\]. taken as vector */
        for (int j = 0; j < nj; j++) {
          tmp[i][j] = 0;
#pragma acc loop seq
          for (int k = 0; k < nk; ++k)
            tmp[i][j] += alpha * A[i][k] * B[k][j];
        }
      }
    }
#pragma acc parallel num_gangs[0](ni / 8) num_gangs[1](nl / 8)
    {
#pragma acc loop gang[1] worker[1]
      for (int i = 0; i < ni; i++) {
#pragma acc loop gang[0] worker[0]
        for (int j = 0; j < nl; j++) {
          D[i][j] *= beta;
#pragma acc loop seq
          for (int k = 0; k < nj; ++k)
            D[i][j] += tmp[i][k] * C[k][j];
        }
      }
    }
  }
}

int main(void)
{
  double alpha = 1.5, beta = 0.5;
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = ((i * k) % 7) / 7.0;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = ((k + 2 * j) % 5) / 5.0;
  for (int j = 0; j < NJ; j++)
    for (int l = 0; l < NL; l++)
      C[j][l] = ((j * 3 + l) % 11) / 11.0;
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++)
      rD[i][l] = D[i][l] = (i - l) * 0.25;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      rtmp[i][j] = 0;
      for (int k = 0; k < NK; k++)
        rtmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++) {
      rD[i][l] *= beta;
      for (int j = 0; j < NJ; j++)
        rD[i][l] += rtmp[i][j] * C[j][l];
    }
  kernel_2mm(NI, NJ, NK, NL, alpha, beta);
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++)
      CHECK_REAL("2mm D", D[i][l], rD[i][l], 1e-12);
  return e2e_done();
}
