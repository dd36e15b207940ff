/* accgpu-test: no-plugin */
/* Unit of api_openacc_macro.c compiled by plain gcc (no plugin): it
 * includes openacc.h, which must not define _OPENACC (the compiler does,
 * as with NVHPC's and GCC's headers), so this build takes the serial
 * branch. */
#include <openacc.h>

/* -1 when this unit was compiled without _OPENACC, else its value. */
int plain_openacc_macro(void)
{
#ifndef _OPENACC
  return -1;
#else
  return _OPENACC;
#endif
}

/* The serial branch of a typical program: a plain loop, no API calls. */
double plain_scaled_sum(const double *a, int n, double s)
{
  double t = 0;
#ifdef _OPENACC
  t = acc_get_num_devices(acc_device_not_host) * 1e9; /* wrong on purpose */
#endif
  for (int i = 0; i < n; i++)
    t += s * a[i];
  return t;
}
