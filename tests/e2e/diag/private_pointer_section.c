/* private(p[0:n]) of a pointer gives each copy an array of its own
 * (tests/e2e/private_pointer_section.c); what is left out is a sorry at the
 * item, naming the pointer and saying what is supported: elements that are
 * not arithmetic (private is carried by a reduction clause until the
 * GENERIC rewrite), a routine's loop (no construct allocates copies), and
 * a loop's bounds that only the region knows (the copies are allocated
 * before it starts). */
/* accgpu-expect: sorry: 21: .private. of a section of pointer .sp., whose elements are not of an arithmetic type */
/* accgpu-expect: sorry: 24: .private. of a section of pointer .pp., whose elements are not of an arithmetic type */
/* accgpu-expect: sorry: 16: .private. of a section of a pointer on a loop outside a compute construct */
/* accgpu-expect: sorry: 29: bounds of a private section of a pointer on a loop use a variable declared in the compute region */
struct S { double x, y; };
#pragma acc routine worker
void r(int n, double *p, double *a)
{
#pragma acc loop worker private(p[0:4])
  for (int i = 0; i < n; i++) { p[0] = i; a[i] = p[0]; }
}
void f(int n, struct S *sp, double **pp, double *a)
{
#pragma acc parallel loop copyout(a[0:n]) private(sp[0:4])
  for (int i = 0; i < n; i++) { sp[0].x = i; a[i] = sp[0].x; }
#pragma acc parallel loop copyout(a[0:n]) \
    private(pp[0:4])
  for (int i = 0; i < n; i++) { pp[0] = a; a[i] = 1; }
#pragma acc parallel loop gang copyout(a[0:n])
  for (int i = 0; i < n; i++) {
    int k = n + i % 3;
#pragma acc loop vector private(sp, a[0:k])
    for (int j = 0; j < 4; j++)
      a[j] = j;
  }
}
