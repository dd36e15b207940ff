/* Multi-file programs: a file compiled by plain gcc (units/plain_api.c, no
 * plugin) calls acc_copyin, acc_is_present, acc_copyout, acc_malloc and
 * has a `#pragma acc` construct gcc ignores; this file's kernels use what
 * it mapped (present) and allocated (deviceptr).  Results against a serial
 * computation.  (Passed before session 11: a regression test.) */
/* accgpu-test: units plain_api.c */
/* accgpu-test: accgpu-only */ /* (its unit calls the API, without _OPENACC
                                  to tell a serial build) */
#include <openacc.h>
#include <stdio.h>

double *plain_make(int n);
int plain_present(double *a, int n);
void plain_fetch(double *a, int n);
void *plain_device_alloc(size_t bytes);
void plain_device_free(void *d);
double plain_sum(const double *b, int n);

enum { N = 300 };

int main(void)
{
  static double b[N], c[N];
  double *a = plain_make(N);
  if (!plain_present(a, N)) {
    fprintf(stderr, "a is not present after acc_copyin in plain_api.c\n");
    return 1;
  }
#pragma acc parallel loop present(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = a[i] * a[i] + 1;
  plain_fetch(a, N);
  double *d = plain_device_alloc(N * sizeof *d);
#pragma acc parallel loop deviceptr(d)
  for (int i = 0; i < N; i++)
    d[i] = 3.0 * i;
  acc_memcpy_from_device(c, d, N * sizeof *d);
  plain_device_free(d);
  for (int i = 0; i < N; i++) {
    b[i] = 0.5 * i;
    if (a[i] != (double)i * i + 1 || c[i] != 3.0 * i) {
      fprintf(stderr, "[%d]: a %g (want %g), c %g (want %g)\n", i, a[i],
              (double)i * i + 1, c[i], 3.0 * i);
      return 1;
    }
  }
  if (plain_sum(b, N) != 0.5 * N * (N - 1) / 2) {
    fprintf(stderr, "plain_sum = %g\n", plain_sum(b, N));
    return 1;
  }
  return 0;
}
