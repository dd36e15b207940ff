/* yreuse.c — the kernel of autotune/models/yreuse.yaml, as C: tests/tune/run.sh
 * checks that -fplugin-arg-accgpu-tune-dump finds the same references.
 * The construct's line must stay the model id's line. */







void yreuse(int n, int m, const float *restrict a, float *restrict c) {
#pragma acc parallel loop gang copyin(a[0:n*n+m*n]) copyout(c[0:n*n])
  for (int j = 0; j < n; j++)
#pragma acc loop vector
    for (int i = 0; i < n; i++) {
      float s = 0;
      for (int k = 0; k < m; k++)
        s += a[k * n + i];
      c[j * n + i] = s;
    }
}
