/* A bitwise reduction on a float is not allowed. */
/* accgpu-expect: error: 5: f.*reduction|reduction.*f */
float f_and(int n, const float *a) {
  float f = 0;
#pragma acc parallel loop reduction(&:f) copyin(a[0:n])
  for (int i = 0; i < n; i++)
    f += a[i];
  return f;
}
