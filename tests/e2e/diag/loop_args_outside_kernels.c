/* gang/worker/vector arguments on loops outside kernels constructs
 * (plugin/passes/loop-clause-checks.cc): OpenACC 3.3 2.9.2-2.9.4 allow
 * gang(num:), worker(num:) and vector(length:) only in kernels; GCC 12 says so
 * in omp-low.cc, a pass accgpu replaces.  Errors at the clause, as GCC's;
 * gang(static:) stays allowed everywhere (tests/e2e/loop_clause_args.c). */
/* accgpu-expect: error: 19: argument not permitted on .gang. clause */
/* accgpu-expect: error: 22: argument not permitted on .gang. clause */
/* accgpu-expect: error: 22: argument not permitted on .worker. clause */
/* accgpu-expect: error: 25: argument not permitted on .vector. clause */
/* accgpu-expect: error: 28: argument not permitted on .worker. clause */
/* accgpu-expect: error: 28: argument not permitted on .vector. clause */
/* accgpu-expect: error: 31: argument not permitted on .gang. clause */
/* accgpu-expect: error: 35: argument not permitted on .gang. clause */
/* accgpu-expect: error: 40: argument not permitted on .vector. clause */
/* accgpu-expect: error: 46: argument not permitted on .gang. clause */
void f(int n, float *a) {
#pragma acc parallel num_gangs(2) copy(a[0:n])
  {
#pragma acc loop gang(num:4)
    for (int i = 0; i < n; i++)
      a[i] += 1.0f;
#pragma acc loop gang(4) worker(num:2)
    for (int i = 0; i < n; i++)
      a[i] += 1.0f;
#pragma acc loop gang(static:2) vector(length:32)
    for (int i = 0; i < n; i++)
      a[i] += 1.0f;
#pragma acc loop gang worker(8) vector(n)
    for (int i = 0; i < n; i++)
      a[i] += 1.0f;
#pragma acc loop gang(num:2, static:*)
    for (int i = 0; i < n; i++)
      a[i] += 1.0f;
  }
#pragma acc parallel loop gang(n / 2) copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1.0f;
#pragma acc serial loop copy(a[0:n])
  for (int i = 0; i < n; i++)
#pragma acc loop vector(4)
    for (int j = 0; j < 4; j++)
      a[i] += 1.0f;
}
#pragma acc routine gang
void g(int n, float *a) {
#pragma acc loop gang(num:2)
  for (int i = 0; i < n; i++)
    a[i] += 1.0f;
}
/* kernels: allowed */
void h(int n, float *a) {
#pragma acc kernels loop gang(num:4) worker(2) vector(length:32) copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1.0f;
}
