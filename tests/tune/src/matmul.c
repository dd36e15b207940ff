/* matmul.c — the kernel of autotune/models/matmul.yaml, as C: tests/tune/run.sh
 * checks that -fplugin-arg-accgpu-tune-dump finds the same references.
 * The construct's line must stay the model id's line. */








void matmul(int n, const float *restrict a, const float *restrict b,
            float *restrict c) {
#pragma acc parallel loop gang copyin(a[0:n*n], b[0:n*n]) copyout(c[0:n*n])
  for (int i = 0; i < n; i++) {
#pragma acc loop vector
    for (int j = 0; j < n; j++) {
      float s = 0;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
  }
}
