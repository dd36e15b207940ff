/* accgpu-test: no-plugin */
/* Unit of xfile_plain_api.c compiled by plain gcc (no plugin, pragmas
 * ignored): the OpenACC API only, and a construct gcc does not see. */
#include <openacc.h>
#include <stdlib.h>

/* N numbers 0, 1, ... on the host, copied to the device. */
double *plain_make(int n)
{
  double *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
  acc_copyin(a, n * sizeof *a);
  return a;
}

int plain_present(double *a, int n) { return acc_is_present(a, n * sizeof *a); }

void plain_fetch(double *a, int n) { acc_copyout(a, n * sizeof *a); }

void *plain_device_alloc(size_t bytes) { return acc_malloc(bytes); }

void plain_device_free(void *d) { acc_free(d); }

/* Ignored by gcc without the plugin: a host loop. */
double plain_sum(const double *b, int n)
{
  double t = 0;
#pragma acc parallel loop reduction(+:t) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    t += b[i];
  return t;
}
