/* Reduction items accgpu refuses, each with a message that says what the
   item is and what to write instead (kernel-gen-reduce.cc, red_refusal):
   an element or row of a multi-dimensional array, a pointer (GCC first
   asks for a user-defined reduction), a whole struct (the same). */
/* accgpu-expect: sorry: 15: element, row or section of a multi-dimensional array.*.m2. */
/* accgpu-expect: error: 18: user defined reduction not found for .q. */
/* accgpu-expect: sorry: 18: reduction on a pointer: reduce a section.*.q. */
/* accgpu-expect: error: 21: user defined reduction not found for .s. */
/* accgpu-expect: sorry: 21: reduction on a whole struct: name its members.*.s. */
/* accgpu-test: accgpu-only */
struct acc2 { double sum; long n; };
void f(int n, int *q, const double *x) {
  int m2[3][5] = {{0}};
  struct acc2 s = {0, 0};
#pragma acc parallel loop reduction(+:m2[1][2]) copy(m2)
  for (int i = 0; i < n; i++)
    m2[1][2] += i;
#pragma acc parallel loop reduction(+:q) copy(q[0:1])
  for (int i = 0; i < n; i++)
    q[0] += i;
#pragma acc parallel loop reduction(+:s) copyin(x[0:n])
  for (int i = 0; i < n; i++)
    s.sum += x[i];
}
