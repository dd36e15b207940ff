/* A section of a pointer member of an array element on a compute construct
   (`parallel loop copyin(v[0:3]) copy(v[2].a[0:n])`): a "sorry" at the
   item naming the member and saying to map them in a data construct
   around the compute construct (tests/e2e/struct_ptr_nested.c does). */
/* accgpu-expect: sorry: 13: pointer member .a. in a data clause of this compute construct.*data construct around it */
/* accgpu-test: accgpu-only */
typedef struct {
  int n;
  double *a;
} vec;

void f(vec *v, int n) {
#pragma acc parallel loop copyin(v[0:3]) copy(v[2].a[0:n])
  for (int i = 0; i < n; i++)
    v[2].a[i] *= 2;
}
