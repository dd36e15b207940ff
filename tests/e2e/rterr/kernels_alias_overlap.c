/* A kernels loop parallelized taking two pointer parameters as distinct
   (plugin/passes/kernel-deps-distinct.cc), called with overlapping arrays
   (smooth(a + 1, a): a recurrence): the construct stops, naming both and
   the way out, instead of a wrong answer. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*kernels_alias_overlap.c:14 \(kernels in smooth\): 'in\[0:n\]' \[0x[0-9a-f]+, \+8000\) and 'out\[0:n\]' \[0x[0-9a-f]+, \+8000\) overlap: a kernels loop of this construct was parallelized taking them as distinct */
#include <stdio.h>
#include <stdlib.h>

enum { N = 1000 };

static void smooth(double *out, const double *in, int n)
{
#pragma acc kernels present(out[0:n], in[0:n])
  for (int i = 0; i < n; i++)
    out[i] = in[i] * 0.5 + 1.0;
}

int main(void)
{
  double *a = malloc((N + 1) * sizeof *a);
  for (int i = 0; i <= N; i++)
    a[i] = i % 13;
#pragma acc data copy(a[0:N + 1])
  smooth(a + 1, a, N);
  printf("%g\n", a[N]);
  free(a);
  return 0;
}
