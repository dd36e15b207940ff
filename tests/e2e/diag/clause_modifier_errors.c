/* zero: and readonly: on clauses they do not go with: errors at the clause
   (not GCC's "'zero' undeclared"). */
/* accgpu-expect: error: 8: zero.*only valid on .create. and .copyout., not on .copyin. */
/* accgpu-expect: error: 10: readonly.*only valid on .copyin., not on .copyout. */
/* accgpu-test: accgpu-only */
void f(int n, float *a, float *b) {
  int zero = 0;
#pragma acc parallel loop copyin(zero: a[0:n]) copy(b[zero:n])
  for (int i = 0; i < n; i++) b[i] = a[i];
#pragma acc parallel loop copyout(readonly: b[0:n]) if(n ? zero : 1)
  for (int i = 0; i < n; i++) b[i] = 1;
}
