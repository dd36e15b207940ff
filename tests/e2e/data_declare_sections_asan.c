/* data_declare_sections_asan.c — `declare copy/create/copyout` with array
 * sections in functions, built with -fsanitize=address.  Without a clobber
 * of its own (ASan's build has none for the section's marker), the scope's
 * finally held only GCC's exit half of the declare; the pass removed it
 * and left the finally empty, which made GCC's "eh" pass crash (internal
 * compiler error: V&V declare_function_scope_copy, _copyout, _create under
 * -fsanitize=address).  Each result is checked against serial loops; what
 * the host sees of a create section depends on whether device memory is
 * separate.  Sections in declare are accgpu's extension: accgpu-only.
 * protect_shadow_gap=0: the CUDA driver maps memory in ASan's shadow gap;
 * -static-libasan: a GPU machine without GCC may lack libasan.so. */
/* accgpu-test: accgpu-only */
/* accgpu-test: cflags -fsanitize=address -static-libasan */
/* accgpu-test: env ASAN_OPTIONS=detect_leaks=0:protect_shadow_gap=0 */
#include "e2e.h"
#include <stdlib.h>

#define N 64

static void k_copy(double *c, const double *a, int n)
{
#pragma acc declare copy(c[0:n])
#pragma acc parallel loop present(c[0:n]) copyin(a[0:n])
  for (int i = 0; i < n; i++)
    c[i] = c[i] + 2 * a[i];
}

static void k_copyout(double *c, const double *a, int n)
{
#pragma acc declare copyout(c[0:n])
#pragma acc parallel loop present(c[0:n]) copyin(a[0:n])
  for (int i = 0; i < n; i++)
    c[i] = a[i] * a[i];
}

/* A scratch section on the device, its result copied out through d. */
static void k_create(double *t, double *d, const double *a, int n)
{
#pragma acc declare create(t[0:n])
#pragma acc parallel loop present(t[0:n]) copyin(a[0:n]) copyout(d[0:n])
  for (int i = 0; i < n; i++) {
    t[i] = a[i] + 1;
    d[i] = 3 * t[i];
  }
}

/* The declare in an inner block, left by break. */
static void k_block(double *c, int n, int rounds)
{
  for (int r = 0; r < rounds; r++) {
#pragma acc declare copy(c[0:n])
#pragma acc parallel loop present(c[0:n])
    for (int i = 0; i < n; i++)
      c[i] += i;
    if (r == 1)
      break;
  }
}

int main(void)
{
  double *a = malloc(N * sizeof *a), *c = malloc(N * sizeof *c);
  double *t = malloc(N * sizeof *t), *d = malloc(N * sizeof *d);
  double want[N];
  for (int i = 0; i < N; i++) {
    a[i] = i % 7 - 3;
    c[i] = t[i] = 0.5 * i;
  }
  for (int k = 0; k < 3; k++)
    k_copy(c, a, N);
  for (int i = 0; i < N; i++)
    CHECK_REAL("copy", c[i], 0.5 * i + 6 * a[i], 0);
  k_copyout(c, a, N);
  for (int i = 0; i < N; i++)
    CHECK_REAL("copyout", c[i], a[i] * a[i], 0);
  k_create(t, d, a, N);
  for (int i = 0; i < N; i++) {
    want[i] = e2e_separate_memory() ? 0.5 * i : a[i] + 1;
    CHECK_REAL("create: device result", d[i], 3 * (a[i] + 1), 0);
    CHECK_REAL("create: host copy", t[i], want[i], 0);
  }
  for (int i = 0; i < N; i++)
    c[i] = 1;
  k_block(c, N, 5);
  for (int i = 0; i < N; i++)
    CHECK_REAL("block", c[i], 1 + 2 * i, 0);
  free(a), free(c), free(t), free(d);
  return e2e_done();
}
