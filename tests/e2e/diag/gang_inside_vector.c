/* A gang loop nested in a vector loop: gang parallelism must be outside
 * vector parallelism; the error is on the inner loop directive. */
/* accgpu-expect: error: 7: gang|nest|parallelism */
void f(int n, float *a) {
#pragma acc parallel loop vector copy(a[0:n * n])
  for (int i = 0; i < n; i++)
#pragma acc loop gang
    for (int j = 0; j < n; j++)
      a[i * n + j] = 0.0f;
}
