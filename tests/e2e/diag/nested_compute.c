/* A compute construct inside another compute construct: rejected (as an
 * error, or as unimplemented nested parallelism) on the inner construct. */
/* accgpu-expect: error|sorry: 7: nest|inside|within|parallel */
void f(int n, float *a) {
#pragma acc parallel loop copy(a[0:n * n])
  for (int i = 0; i < n; i++) {
#pragma acc parallel loop
    for (int j = 0; j < n; j++)
      a[i * n + j] = 2.0f;
  }
}
