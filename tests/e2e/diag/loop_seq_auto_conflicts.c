/* seq or auto beside other loop specifiers (plugin/passes/loop-clause-checks.cc):
 * GCC 12 refuses `seq` with gang, worker, vector or auto ("'seq' overrides
 * other OpenACC loop specifiers") and `auto` with a level ("'auto' conflicts
 * with other OpenACC loop specifiers") in omp-low.cc and omp-offload.cc,
 * passes accgpu replaces; errors at the loop, as GCC's.  (A device_type
 * group's seq replaces the default levels instead: clause_device_type.c.) */
/* accgpu-expect: error: 15: .seq. overrides other OpenACC loop specifiers */
/* accgpu-expect: error: 18: .seq. overrides other OpenACC loop specifiers */
/* accgpu-expect: error: 21: .seq. overrides other OpenACC loop specifiers */
/* accgpu-expect: error: 25: .auto. conflicts with other OpenACC loop specifiers */
/* accgpu-expect: error: 28: .seq. overrides other OpenACC loop specifiers */
/* accgpu-expect: error: 34: .seq. overrides other OpenACC loop specifiers */
/* accgpu-expect: error: 40: .auto. conflicts with other OpenACC loop specifiers */
void f(int n, float *a) {
#pragma acc parallel loop seq gang copy(a[0:n])
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
#pragma acc parallel loop auto seq copy(a[0:n])
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
#pragma acc serial loop worker vector seq copy(a[0:n])
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
#pragma acc kernels copy(a[0:n])
#pragma acc loop auto gang
  for (int i = 0; i < n; i++)
    a[i] += 1.0f;
#pragma acc kernels loop gang seq copy(a[0:n])
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
}
#pragma acc routine worker
void g(int n, float *a) {
#pragma acc loop seq worker
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
}
void h(int n, float *a) {
#pragma acc parallel copy(a[0:n])
#pragma acc loop vector auto
  for (int i = 0; i < n; i++)
    a[i] += 1.0f;
}
