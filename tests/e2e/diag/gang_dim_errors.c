/* gang(dim:) and num_gangs with several values (plugin/gang-dims.cc): dim
 * must be the literal 1, 2 or 3, num_gangs takes at most 3 values, several only
 * on parallel and not beside its reduction (3.3 2.5.1); errors at the clause. */
/* accgpu-expect: error: 11: dim.*1, 2 or 3 */
/* accgpu-expect: error: 15: dim.*1, 2 or 3 */
/* accgpu-expect: error: 20: num_gangs.*at most 3 */
/* accgpu-expect: error: 25: num_gangs.*only allowed on .parallel */
void f(int n, float *a) {
#pragma acc parallel num_gangs(2, 2) copy(a[0:n * n])
  {
#pragma acc loop gang(dim:4)
    for (int i = 0; i < n; i++)
      a[i] = 0.0f;
  }
#pragma acc parallel loop gang(dim: n) copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 1.0f;
}
void g(int n, float *a) {
#pragma acc parallel loop num_gangs(1, 2, 3, 4) copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 1.0f;
}
void h(int n, float *a) {
#pragma acc kernels num_gangs(2, 2) copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 1.0f;
}
/* accgpu-expect: error: 33: reduction. of .s. is not allowed .*more than one value */
/* accgpu-expect: error: 39: reduction. of .t. is not allowed .*more than one value */
double r(int n, const double *a) {
  double s = 0.0, t = 0.0;
#pragma acc parallel num_gangs(4, 2) reduction(+:s) copyin(a[0:n])
  {
#pragma acc loop gang(dim:1)
    for (int i = 0; i < n; i++)
      s += a[i];
  }
#pragma acc parallel loop num_gangs(4, 2) reduction(+:t) copyin(a[0:n])
  for (int i = 0; i < n; i++)
    t += a[i];
  return s + t;
}
