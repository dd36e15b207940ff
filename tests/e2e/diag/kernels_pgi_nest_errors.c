/* kernels nests of gang/vector loops that break the nesting rule and that
 * the PGI schedule (one loop per grid and block dimension) cannot map:
 * the nesting error stays on the inner loop (a note says why the PGI
 * schedule does not apply); a reduction on a loop of a mapped nest is a
 * sorry at the clause; vector sizes beyond a CUDA block an error; in
 * `parallel` the rule holds whatever the nest. */
/* accgpu-expect: error: 22: .vector. loop nested inside a .vector. loop */
/* accgpu-expect: error: 31: .vector. loop nested inside a .vector. loop */
/* accgpu-expect: error: 43: .worker. loop nested inside a .vector. loop */
/* accgpu-expect: error: 51: .gang. loop nested inside a .gang. loop */
/* accgpu-expect: error: 53: .vector. loop nested inside a .vector. loop */
/* accgpu-expect: sorry: 59: reduction. on loop .i. of a .kernels. loop nest */
/* accgpu-expect: sorry: 61: reduction. on loop .j. of a .kernels. loop nest */
/* accgpu-expect: error: 67: block of 4096 threads */
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
#pragma acc kernels copyin(a[0:n * n]) copy(s[0:1])
  {
#pragma acc loop independent vector(2) reduction(+:s[0])
    for (i = 0; i < n; i++)
#pragma acc loop independent gang vector(32) reduction(+:s[0])
      for (j = 0; j < n; j++)
        s[0] += a[i * n + j];
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
