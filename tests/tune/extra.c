/* extra.c — loop forms and references the models of autotune/models/ do
 * not cover, for tests/tune/run.sh (expected model: extra.yaml): collapse,
 * an inclusive bound, a real 2-D array subscript (ARRAY_REF), an indirect
 * (non-affine) subscript, a downward sequential loop. */
void extra(int n, int m, const float (*restrict g)[32],
           const float *restrict x, const int *restrict idx,
           const float *restrict y, float *restrict out) {
#pragma acc parallel loop collapse(2) copyin(g[0:n], x[0:n], idx[0:m+1], y[0:n]) copyout(out[0:n*(m+1)])
  for (int i = 0; i < n; i++)
    for (int j = 1; j <= m; j++) {
      float s = g[i][j] + x[idx[j]];
      for (int k = n - 1; k >= 0; k--)
        s += y[k];
      out[i * (m + 1) + j] = s;
    }
}

/* Sequential loops nested in a sequential loop, with a block between. */
void extra2(int n, int m, const float *restrict y, float *restrict out) {
#pragma acc parallel loop copyin(y[0:4*n*m]) copyout(out[0:n])
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int k = 0; k < m; k++) {
      float t = 0;
      for (int l = 0; l < 4; l++)
        t += y[(k * 4 + l) * n + i];
      s += t * y[i];
    }
    out[i] = s;
  }
}
