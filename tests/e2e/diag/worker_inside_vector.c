/* A worker loop nested in a vector loop; the error is on the inner loop
 * directive. */
/* accgpu-expect: error: 7: worker|nest|parallelism */
void f(int n, float *a) {
#pragma acc parallel loop gang vector copy(a[0:n * n])
  for (int i = 0; i < n; i++)
#pragma acc loop worker
    for (int j = 0; j < n; j++)
      a[i * n + j] = 1.0f;
}
