/* himeno.c — the kernel of autotune/models/himeno.yaml, as C: tests/tune/run.sh
 * checks that -fplugin-arg-accgpu-tune-dump finds the same references.
 * The construct's line must stay the model id's line. */


















































































































































































#define P(i, j, k) p[((long)(i) * nj + (j)) * nk + (k)]
#define M(x, m, i, j, k) x[(((long)(m) * ni + (i)) * nj + (j)) * nk + (k)]
#define G(x, i, j, k) x[((long)(i) * nj + (j)) * nk + (k)]
void jacobi(int ni, int nj, int nk, float omega, const float *restrict a,
            const float *restrict b, const float *restrict c,
            const float *restrict p, const float *restrict bnd,
            const float *restrict wrk1, float *restrict wrk2) {
  long n = (long)ni * nj * nk;
#pragma acc parallel loop gang copyin(a[0:4*n], b[0:3*n], c[0:3*n], p[0:n], bnd[0:n], wrk1[0:n]) copy(wrk2[0:n])
  for (int i = 1; i < ni - 1; i++)
#pragma acc loop worker
    for (int j = 1; j < nj - 1; j++)
#pragma acc loop vector
      for (int k = 1; k < nk - 1; k++) {
        float s0 = M(a, 0, i, j, k) * P(i + 1, j, k) + M(a, 1, i, j, k) * P(i, j + 1, k)
                 + M(a, 2, i, j, k) * P(i, j, k + 1)
                 + M(b, 0, i, j, k) * (P(i + 1, j + 1, k) - P(i + 1, j - 1, k)
                                       - P(i - 1, j + 1, k) + P(i - 1, j - 1, k))
                 + M(b, 1, i, j, k) * (P(i, j + 1, k + 1) - P(i, j - 1, k + 1)
                                       - P(i, j + 1, k - 1) + P(i, j - 1, k - 1))
                 + M(b, 2, i, j, k) * (P(i + 1, j, k + 1) - P(i - 1, j, k + 1)
                                       - P(i + 1, j, k - 1) + P(i - 1, j, k - 1))
                 + M(c, 0, i, j, k) * P(i - 1, j, k) + M(c, 1, i, j, k) * P(i, j - 1, k)
                 + M(c, 2, i, j, k) * P(i, j, k - 1) + G(wrk1, i, j, k);
        float ss = (s0 * M(a, 3, i, j, k) - P(i, j, k)) * G(bnd, i, j, k);
        G(wrk2, i, j, k) = P(i, j, k) + omega * ss;
      }
}
