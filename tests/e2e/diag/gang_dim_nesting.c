/* Nesting of gang dimensions (OpenACC 3.3 2.9.2): a gang(dim:k) loop
 * inside a gang(dim:j) loop needs k < j (a plain gang is dim 1); the
 * error is on the inner loop directive.  A reduction in a nest that
 * leaves a lower gang dimension out is a sorry at the clause (every gang
 * of that dimension would add its copy). */
/* accgpu-expect: error: 14: gang\(dim:2\).*inside.*gang\(dim:2\) */
/* accgpu-expect: error: 20: gang\(dim:3\).*inside.*gang\(dim:2\) */
/* accgpu-expect: error: 26: gang\(dim:2\).*inside.*gang */
/* accgpu-expect: sorry: 32: reduction.*gang\(dim:2\).*no .gang\(dim:1\) */
void f(int n, float *a) {
#pragma acc parallel num_gangs(2, 2, 2) copy(a[0:n * n])
#pragma acc loop gang(dim:2)
  for (int i = 0; i < n; i++)
#pragma acc loop gang(dim:2)
    for (int j = 0; j < n; j++)
      a[i * n + j] = 0.0f;
#pragma acc parallel num_gangs(2, 2, 2) copy(a[0:n * n])
#pragma acc loop gang(dim:2)
  for (int i = 0; i < n; i++)
#pragma acc loop gang(dim:3)
    for (int j = 0; j < n; j++)
      a[i * n + j] = 0.0f;
#pragma acc parallel num_gangs(2, 2) copy(a[0:n * n])
#pragma acc loop gang
  for (int i = 0; i < n; i++)
#pragma acc loop gang(dim:2)
    for (int j = 0; j < n; j++)
      a[i * n + j] = 0.0f;
}
void g(int n, float *a, float *s) {
#pragma acc parallel num_gangs(2, 2) copy(a[0:n * n], s[0:1])
#pragma acc loop gang(dim:2) reduction(+:s[0])
  for (int i = 0; i < n; i++)
#pragma acc loop vector
    for (int j = 0; j < n; j++)
      s[0] += a[i * n + j];
}
