/* tile sizes that are not constants (plugin/tile-sizes.cc): a size of
 * floating type is an error at the size; a loop that names gang, worker
 * and vector leaves no clause to carry the sizes: a sorry at the clause. */
/* accgpu-expect: error: 9: tile.*integer type */
/* accgpu-expect: sorry: 13: tile.*gang.*worker.*vector */
void f(int n, double s, float *a) {
#pragma acc parallel loop copy(a[0:n * n])
  for (int i = 0; i < n; i++)
#pragma acc loop tile(s * 2, n)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[i * n + j] += k;
#pragma acc parallel loop gang worker vector tile(n, n) copy(a[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = 0.0f;
}
