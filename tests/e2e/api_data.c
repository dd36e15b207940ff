/* api_data.c — the data API from host code: acc_copyin, acc_create,
 * acc_present_or_copyin, acc_update_device/self, acc_copyout, acc_delete,
 * acc_is_present, acc_deviceptr/acc_hostptr, acc_malloc, acc_map_data and
 * acc_unmap_data, all working with data clauses. */
#include <stdlib.h>

#include "e2e.h"

#define N 2048
static int a[N], b[N];

int main(void) {
#ifdef _OPENACC
  int sep = e2e_separate_memory();
  size_t bytes = sizeof a;
  for (int i = 0; i < N; i++)
    a[i] = i;
  int *da = acc_copyin(a, bytes);
  CHECK_TRUE("copyin returns the device address", da == acc_deviceptr(a));
  CHECK_TRUE("acc_hostptr inverts acc_deviceptr", acc_hostptr(da) == a);
  CHECK_INT("present after acc_copyin", acc_is_present(a, bytes), 1);
  CHECK_TRUE("present_or_copyin finds it",
             acc_present_or_copyin(a, bytes) == da);
  acc_create(b, sizeof b);
#pragma acc parallel loop present(a[0:N], b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 1;
  a[0] = 1000;
  acc_update_device(a, sizeof(int)); /* only a[0] */
#pragma acc parallel loop present(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] *= 2;
  acc_update_self(a, bytes);
  CHECK_INT("a[0]", a[0], 2000);
  for (int i = 1; i < N; i++)
    CHECK_INT("a", a[i], 2 * i);
  acc_delete(a, bytes); /* count 2 (copyin + present_or_copyin) -> 1 */
  if (sep)
    CHECK_INT("one reference left", acc_is_present(a, bytes), 1);
  acc_delete(a, bytes);
  acc_copyout(b, sizeof b);
  if (sep) {
    CHECK_INT("a gone", acc_is_present(a, bytes), 0);
    CHECK_INT("b gone", acc_is_present(b, sizeof b), 0);
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("b", b[i], i + 1);

  if (sep) { /* acc_map_data needs device memory of its own */
    int *d1 = acc_malloc(bytes);
    acc_map_data(a, d1, bytes);
    CHECK_TRUE("mapped", acc_deviceptr(a) == d1);
    acc_update_device(a, bytes);
#pragma acc parallel loop present(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] += 3;
    acc_unmap_data(a);
    CHECK_INT("unmapped", acc_is_present(a, bytes), 0);
    acc_memcpy_from_device(b, d1, bytes); /* unmap keeps it */
    for (int i = 1; i < N; i++)
      CHECK_INT("b from device copy", b[i], 2 * i + 3);
    acc_free(d1);
  }
#endif
  return e2e_done();
}
