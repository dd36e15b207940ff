/* jacobi.c — the kernel of autotune/models/jacobi.yaml, as C: tests/tune/run.sh
 * checks that -fplugin-arg-accgpu-tune-dump finds the same references.
 * The construct's line must stay the model id's line. */














void jacobi(int n, float w0, float w1, const float *restrict a,
            float *restrict b) {
#pragma acc parallel loop gang copyin(a[0:n*n]) copy(b[0:n*n])
  for (int j = 1; j < n - 1; j++)
#pragma acc loop vector
    for (int i = 1; i < n - 1; i++)
      b[j * n + i] = w0 * a[j * n + i] + w1 * (a[j * n + i - 1] + a[j * n + i + 1]
                                            + a[(j - 1) * n + i] + a[(j + 1) * n + i]);
}
