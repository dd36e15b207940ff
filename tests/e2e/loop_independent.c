/* loop_independent.c — loop independent in a kernels region asserts no
 * dependence through pointers the compiler cannot disambiguate (in and out
 * are two halves of one buffer passed separately). */
#include <stdlib.h>

#include "e2e.h"

static void shift(const int *in, int *out, int n) {
#pragma acc kernels present(in[0:n], out[0:n])
  {
#pragma acc loop independent
    for (int i = 0; i < n; i++)
      out[i] = in[i] * 4 - i;
  }
}

int main(void) {
  int n = 7000;
  int *buf = malloc(2 * n * sizeof *buf);
  for (int i = 0; i < 2 * n; i++)
    buf[i] = i;
#pragma acc data copy(buf[0:2 * n])
  {
    shift(buf, buf + n, n);
    shift(buf + n, buf, n);
  }
  for (int i = 0; i < n; i++) {
    CHECK_INT("second half", buf[n + i], 4 * i - i);
    CHECK_INT("first half", buf[i], (4 * i - i) * 4 - i);
  }
  free(buf);
  return e2e_done();
}
