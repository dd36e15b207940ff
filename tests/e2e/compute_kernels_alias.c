/* compute_kernels_alias.c — `kernels` loops through pointers whose targets
 * the function cannot see (parameters, globals; not restrict-qualified):
 * the caller may aim two of them at one array (smooth(a + 1, a, n) is a
 * recurrence), which accgpu's dependence test ignored (wrong answers on the
 * emulator and multicore).  NVHPC keeps such loops sequential and asks for
 * `restrict`.  accgpu keeps them parallel when the construct maps both with
 * sections, and the runtime stops if they overlap (the overlapping call:
 * rterr/kernels_alias_overlap.c; plugin/passes/kernel-deps-distinct.cc);
 * global pointers run sequentially, with a note naming them;
 * restrict-qualified ones need no check; `loop seq` runs an overlapping
 * call in order.  A sequential loop through two equal local pointers
 * (q = p) also lost its order on multicore: the read-only one was `const
 * __restrict__` in the kernel and the image vectorized the recurrence; in
 * `kernels` a read-only pointer that may reach written memory unchecked
 * has no __restrict__ (kd_may_alias_rw).  Against serial loops. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
/* accgpu-test: accgpu-only */
#include <stdlib.h>

#include "e2e.h"

enum { N = 2000 };

double *gsrc, *gdst; /* globals: their targets unknown too */

static void smooth(double *out, const double *in, int n)
{
#pragma acc kernels present(out[0:n], in[0:n])
  for (int i = 0; i < n; i++) /* accgpu-expect-note: assuming .out. and .in. do not overlap */
    out[i] = in[i] * 0.5 + 1.0;
}

static void smooth_restrict(double *restrict out, const double *restrict in,
                            int n)
{
#pragma acc kernels present(out[0:n], in[0:n])
  for (int i = 0; i < n; i++) /* accgpu-expect-note: loop parallelized across */
    out[i] = in[i] * 0.5 + 1.0;
}

static void smooth_seq(double *out, const double *in, int n)
{
#pragma acc kernels present(out[0:n], in[0:n])
#pragma acc loop seq
  for (int i = 0; i < n; i++)
    out[i] = in[i] * 0.5 + 1.0;
}

static void shift_globals(int n)
{
#pragma acc kernels present(gdst[0:n], gsrc[0:n])
  for (int i = 0; i < n; i++) /* accgpu-expect-note: .gdst. and .gsrc. may point to the same memory */
    gdst[i] = gsrc[i] + 2.0;
}

int main(void)
{
  double *a = malloc((N + 1) * sizeof *a), *r = malloc((N + 1) * sizeof *r);
  double *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
  double *e = malloc(N * sizeof *e);
  for (int i = 0; i <= N; i++)
    a[i] = r[i] = (i % 13) * 1.0;
  for (int i = 0; i < N; i++)
    b[i] = i * 0.25;
#pragma acc data copy(a[0:N + 1]) copyin(b[0:N]) copyout(c[0:N], e[0:N])
  {
    smooth_seq(a + 1, a, N);      /* a[i+1] = a[i] * 0.5 + 1, in order */
    smooth(c, b, N);              /* distinct: parallel */
    smooth_restrict(e, c, N);
    gsrc = b;
    gdst = e;
    shift_globals(N);             /* e = b + 2, in order */
  }
  for (int i = 0; i < N; i++)
    r[i + 1] = r[i] * 0.5 + 1.0;
  for (int i = 0; i <= N; i++)
    CHECK_REAL("a", a[i], r[i], 1e-12);
  for (int i = 0; i < N; i++) {
    CHECK_REAL("c", c[i], b[i] * 0.5 + 1.0, 0);
    CHECK_REAL("e", e[i], b[i] + 2.0, 0);
  }

  /* Two equal local pointers: the loop stays sequential, and p is not
     __restrict__ in the kernel. */
  double *p = a, *q = p;
  for (int i = 0; i < N; i++)
    a[i] = r[i] = (i % 7) * 1.0;
#pragma acc data copy(a[0:N])
#pragma acc kernels present(p[0:N], q[0:N])
  for (int i = 1; i < N; i++) /* accgpu-expect-note: not parallelized */
    q[i] = p[i - 1] + 0.25;
  for (int i = 1; i < N; i++)
    r[i] = r[i - 1] + 0.25;
  for (int i = 0; i < N; i++)
    CHECK_REAL("a (q = p)", a[i], r[i], 1e-12);
  free(a);
  free(r);
  free(b);
  free(c);
  free(e);
  return e2e_done();
}
