/* Multi-file programs: data opened in one file (units/phase_init.c, enter
 * data), used by compute constructs here with `present`, and brought back
 * and freed in a third (units/phase_fini.c, exit data).  Results against a
 * serial computation; on a device with its own memory, a and b are not
 * present afterwards.  (Passed before session 11: a regression test.) */
/* accgpu-test: units phase_init.c phase_fini.c */
#include "e2e.h"

void phase_init(double *a, double *b, int n);
void phase_fini(double *a, double *b, int n);

enum { N = 500 };

static void step(double *a, double *b, int n, double k)
{
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = b[i] * 0.5 + a[i] * k;
}

int main(void)
{
  static double a[N], b[N], want[N];
  for (int i = 0; i < N; i++) {
    a[i] = i % 17;
    want[i] = 0;
  }
  phase_init(a, b, N);
#pragma acc parallel loop present(b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = 0;
  for (int s = 1; s <= 4; s++) {
    step(a, b, N, s);
    for (int i = 0; i < N; i++)
      want[i] = want[i] * 0.5 + a[i] * s;
  }
  phase_fini(a, b, N);
  for (int i = 0; i < N; i++)
    if (b[i] != want[i]) {
      fprintf(stderr, "b[%d] = %g, want %g\n", i, b[i], want[i]);
      return 1;
    }
#ifdef _OPENACC
  if (e2e_separate_memory() &&
      (acc_is_present(a, sizeof a) || acc_is_present(b, sizeof b))) {
    fprintf(stderr, "a or b still present after phase_fini\n");
    return 1;
  }
#endif
  return 0;
}
