/* device_type (plugin/device-type.cc): only the clauses OpenACC 3.3 §2.4
   lists may follow it (a data clause there is an error naming it, at its
   location), and it needs a list of types; each line's error comes alone,
   without GCC's "expected clause" after it. */
/* accgpu-expect: error: 10: .copyout. may not follow .device_type. */
/* accgpu-expect: error: 13: .device_type. needs a parenthesized list */
/* accgpu-test: accgpu-only */
void f(double *b, int n) {
  int i;
#pragma acc parallel loop device_type(nvidia) vector_length(128) copyout(b[0:n])
  for (i = 0; i < n; i++)
    b[i] = i;
#pragma acc parallel loop present(b[0:n]) device_type nvidia
  for (i = 0; i < n; i++)
    b[i] += 1;
}
