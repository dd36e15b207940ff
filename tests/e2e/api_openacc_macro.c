/* _OPENACC comes from the compiler, not from openacc.h: this file, built
 * with the plugin, sees _OPENACC == 201711 (OpenACC 2.7's date, the value
 * GCC 12 gives); its unit, built by plain gcc, includes openacc.h and must
 * not see it (accgpu's header defined it until session 14, so plain builds
 * took the OpenACC branches).  Sums against a serial loop. */
/* accgpu-test: units openacc_macro_plain.c */
/* accgpu-test: accgpu-only */ /* (plugin build only: it needs _OPENACC) */
#include <openacc.h>
#include "e2e.h"

#if !defined(_OPENACC) || _OPENACC != 201711
#error "the plugin build must define _OPENACC as 201711"
#endif

int plain_openacc_macro(void);
double plain_scaled_sum(const double *a, int n, double s);

enum { N = 500 };

int main(void)
{
  static double a[N];
  double sum = 0, want = 0;
  for (int i = 0; i < N; i++)
    a[i] = 0.25 * i;
#pragma acc parallel loop copyin(a) reduction(+:sum)
  for (int i = 0; i < N; i++)
    sum += 2 * a[i];
  for (int i = 0; i < N; i++)
    want += 2 * a[i];
  CHECK_INT("_OPENACC in the plain gcc unit (-1: undefined)",
            plain_openacc_macro(), -1);
  CHECK_REAL("reduction", sum, want, 1e-12);
  CHECK_REAL("plain unit's serial sum", plain_scaled_sum(a, N, 2), want,
             1e-12);
  return e2e_done();
}
