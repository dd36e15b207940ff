/* Sections in declare that accgpu cannot carry: errors at the item, naming
   the variable (never a silent map of the whole pointer). */
/* accgpu-expect: error: 10: .gp. in .declare create. is a section of a pointer at file scope */
/* accgpu-expect: error: 15: .rows. in .declare copy. is a section of more than one dimension */
/* accgpu-expect: error: 16: .p. in .declare create. is a section of a pointer without a length */
/* accgpu-expect: error: 17: .p. in .declare deviceptr. takes variables, not sections */
/* accgpu-expect: error: 26: .a. in .declare create. is a section in a declare written with ._Pragma. */
/* accgpu-test: accgpu-only */
double *gp;
#pragma acc declare create(gp[0:10])

void f(int n, double **rows, double *p, double *q)
{
  int k = 3;
#pragma acc declare copy(rows[0:n][0:k])
#pragma acc declare create(p[2:]) copyin(q[0:n])
#pragma acc declare deviceptr(p[0:n])
#pragma acc parallel loop present(q[0:n])
  for (int i = 0; i < n; i++)
    q[i] += k;
}

#define ACC(x) _Pragma(#x)
void g(int n, double *a)
{
  ACC(acc declare create(a[0:n]))
  a[0] = 1;
}
