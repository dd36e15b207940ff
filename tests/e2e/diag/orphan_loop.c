/* A loop directive in a function that is neither in a compute region nor a
 * routine. */
/* accgpu-expect: error: 5: loop|compute|routine */
void f(int n, float *a) {
#pragma acc loop gang
  for (int i = 0; i < n; i++)
    a[i] = 1.0f;
}
