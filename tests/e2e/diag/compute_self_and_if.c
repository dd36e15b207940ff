/* `self(s)` and `if(c)` on one compute construct: accgpu rewrites self
   into an if clause, so a located error asks for one if holding both
   (not GCC's "too many 'if' clauses" at the rewritten text). */
/* accgpu-expect: error: 8: .self. and .if. on one compute construct */
/* accgpu-test: accgpu-only */
void f(int n, float *a, int small) {
  int big = n > 1000;
#pragma acc parallel loop self(small) if(big) copy(a[0:n])
  for (int i = 0; i < n; i++) a[i] += 1;
}
