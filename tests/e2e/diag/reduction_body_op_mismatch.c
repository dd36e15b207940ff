/* A loop reduction whose variable the loop body updates with another
 * operator: `reduction(+:s)` around `s = s * a[i]`, `reduction(max:m)`
 * around `m = m + a[i]`.  The partial results are combined with the
 * clause's operator, so the answer was silently neither the serial loop's
 * nor the same on every device (loop-clause-checks.cc, check_body_op).
 * Not for matching operators, `-` with `+`, nor max through `?:` or
 * fmax, nor a reduction updated in a nested `loop seq`.  -Werror makes the
 * warning an error to match it. */
/* accgpu-test: cflags -Werror */
/* accgpu-expect: error: 21: .reduction\(\+:s\)., but the loop updates .s. with .\*. */
/* accgpu-expect: error: 24: .reduction\(max:m\)., but the loop updates .m. with .\+. */
/* accgpu-expect: error: 27: .reduction\(\^:x\)., but the loop updates .x. with .\|. */
#include <math.h>

void f(int n, const double *a, const int *k, double *out)
{
  double s = 1, m = 0, t = 0, u = 0, v = 1, w = -1, z = 0;
  int x = 0, y = 0;
#pragma acc data copyin(a[0:n], k[0:n])
  {
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < n; i++)
      s = s * a[i];
#pragma acc parallel loop reduction(max:m)
    for (int i = 0; i < n; i++)
      m = m + a[i];
#pragma acc parallel loop reduction(^:x)
    for (int i = 0; i < n; i++)
      x = x | k[i];
    /* right */
#pragma acc parallel loop reduction(+:t)
    for (int i = 0; i < n; i++)
      t -= a[i];
#pragma acc parallel loop reduction(-:u)
    for (int i = 0; i < n; i++)
      u = u + a[i];
#pragma acc parallel loop reduction(*:v)
    for (int i = 0; i < n; i++)
      v *= a[i];
#pragma acc parallel loop reduction(max:w)
    for (int i = 0; i < n; i++)
      w = a[i] > w ? a[i] : w;
#pragma acc parallel loop reduction(max:z)
    for (int i = 0; i < n; i++)
      z = fmax(z, a[i]);
#pragma acc parallel loop gang reduction(|:y)
    for (int i = 0; i < n; i++) {
#pragma acc loop seq
      for (int j = 0; j < 4; j++)
        y |= k[i] << j;
    }
  }
  out[0] = s + m + t + u + v + w + z + x + y;
}
