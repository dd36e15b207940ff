/* kernels nests of gang/vector loops that break the nesting rule and that
 * the PGI schedule (one loop per grid and block dimension) cannot map:
 * the nesting error stays on the inner loop (a note says why the PGI
 * schedule does not apply); vector sizes beyond a CUDA block are an
 * error; in `parallel` the rule holds whatever the nest. */
/* accgpu-expect: error: 19: .vector. loop nested inside a .vector. loop */
/* accgpu-expect: error: 28: .vector. loop nested inside a .vector. loop */
/* accgpu-expect: error: 40: .worker. loop nested inside a .vector. loop */
/* accgpu-expect: error: 48: .gang. loop nested inside a .gang. loop */
/* accgpu-expect: error: 50: .vector. loop nested inside a .vector. loop */
/* accgpu-expect: error: 56: block of 4096 threads */
void f(int n, float *a, float *s) {
  int i, j, k, l;
#pragma acc kernels copy(a[0:n * n])
  {
#pragma acc loop independent vector(2)
    for (i = 0; i < n; i++) {
      a[i * n] = 1.0f; /* a store between the loops */
#pragma acc loop independent vector(32)
      for (j = 1; j < n; j++)
        a[i * n + j] = 2.0f;
    }
  }
#pragma acc kernels copy(a[0:n * n])
  {
#pragma acc loop independent vector(2)
    for (i = 0; i < n; i++)
#pragma acc loop independent vector(2)
      for (j = 0; j < n; j++)
#pragma acc loop independent vector(2)
        for (k = 0; k < n; k++)
#pragma acc loop independent vector(2)
          for (l = 0; l < n; l++)
            a[i + j + k + l] = 0.0f;
  }
#pragma acc kernels copy(a[0:n * n])
  {
#pragma acc loop independent vector(2)
    for (i = 0; i < n; i++)
#pragma acc loop independent worker
      for (j = 0; j < n; j++)
        a[i * n + j] = 0.0f;
  }
#pragma acc parallel copy(a[0:n * n])
  {
#pragma acc loop gang
    for (i = 0; i < n; i++)
#pragma acc loop gang vector
      for (j = 0; j < n; j++)
#pragma acc loop vector
        for (k = 0; k < n; k++)
          a[i + j + k] = 0.0f;
  }
#pragma acc kernels copy(a[0:n * n])
  {
#pragma acc loop independent vector(64)
    for (i = 0; i < n; i++)
#pragma acc loop independent vector(64)
      for (j = 0; j < n; j++)
        a[i * n + j] = 0.0f;
  }
}
