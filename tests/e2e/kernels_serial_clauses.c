/* kernels_serial_clauses.c — clauses on kernels and serial: num_gangs,
 * num_workers, vector_length and if on kernels; if, firstprivate, private,
 * async and wait on serial; async/wait between kernels and serial. */
#include "e2e.h"

#define N 3000
static int a[N], b[N];

int main(void) {
  int sep = e2e_separate_memory(), on = 1, off = 0, k = 4, tmp = -1;
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma acc kernels num_gangs(16) num_workers(2) vector_length(64) \
    copy(a[0:N]) if(on)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 2;
  for (int i = 0; i < N; i++)
    CHECK_INT("kernels with sizes", a[i], 2 * i);

#pragma acc kernels copyin(a[0:N]) if(off)
  for (int i = 0; i < N; i++)
    a[i] = a[i] + 1; /* runs on the host: the host array changes */
  for (int i = 0; i < N; i++)
    CHECK_INT("kernels if(0)", a[i], 2 * i + 1);

#pragma acc data copy(a[0:N], b[0:N])
  {
#pragma acc kernels async(1) present(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] -= 1;
#pragma acc serial async(2) wait(1) firstprivate(k) private(tmp) \
    present(a[0:N], b[0:N])
    {
      tmp = 0;
      for (int i = 0; i < N; i++) {
        tmp += a[i] % k;
        b[i] = tmp;
      }
    }
#pragma acc wait(2)
  }
  int run = 0;
  for (int i = 0; i < N; i++) {
    CHECK_INT("a after kernels async", a[i], 2 * i);
    run += (2 * i) % 4;
    CHECK_INT("b from serial", b[i], run);
  }

#pragma acc serial copyin(a[0:N]) if(on)
  a[0] = 77;
  CHECK_INT("serial if(1)", a[0], sep ? 0 : 77);
  return e2e_done();
}
