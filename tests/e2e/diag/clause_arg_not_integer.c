/* Clauses whose argument is not an integer (`async(q)` with q a double):
 * GCC's parser says "expected integer expression" and keeps the clause;
 * the pass then folded the double into the runtime call and the compiler
 * stopped with "confused by earlier errors, bailing out" (an internal
 * error after the right one).  The refused clauses are dropped now: only
 * GCC's errors remain. */
/* accgpu-expect: error: 14: expected integer expression */
/* accgpu-expect: error: 16: .num_gangs. expression must be integral */
/* accgpu-expect: error: 18: expected integer expression */
/* accgpu-expect: error: 19: expected integer expression */
/* accgpu-expect: error: 20: expected integer expression */

void f(double *a, int n, double q, double *p) {
#pragma acc parallel loop copy(a[0:n]) async(q)
  for (int i = 0; i < n; i++) a[i] += 1;
#pragma acc kernels copy(a[0:n]) num_gangs(p)
  for (int i = 0; i < n; i++) a[i] += 1;
#pragma acc update device(a[0:n]) async(q)
#pragma acc enter data copyin(a[0:n]) async(q)
#pragma acc exit data delete(a[0:n]) async(q)
}
