/* A `zero:` modifier or `private` on `kernels` in a directive written
 * with _Pragma: the pass finds those clauses by their `(`'s location,
 * which every token of a _Pragma shares; an error at the clause says to
 * write a #pragma line (other clauses work: tests/e2e/pragma_operator.c). */
/* accgpu-expect: error: 10: .zero:. in a directive written with ._Pragma. */
/* accgpu-expect: error: 12: .kernels private. in a directive written with ._Pragma. */
#define PRAGMA(x) _Pragma(#x)
void f(int n, double *a, double t)
{
  PRAGMA(acc parallel loop create(zero: a[0:n]))
  for (int i = 0; i < n; i++) a[i] += 1;
  PRAGMA(acc kernels copy(a[0:n]) private(t))
  for (int i = 0; i < n; i++) { t = a[i]; a[i] = t * 2; }
}
