/* update_directive.c — update device / self / host, of whole arrays and of
 * sections, and if_present on data that is not mapped (a no-op). */
#include "e2e.h"

#define N 1200
static float a[N], unmapped[4];

int main(void) {
  int sep = e2e_separate_memory();
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc data create(a[0:N])
  {
#pragma acc update device(a[0:N])
#pragma acc parallel loop present(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 2.0f;
    for (int i = 0; i < N; i++)
      CHECK_REAL("host a before update", a[i], sep ? i : 2.0f * i, 0);
#pragma acc update self(a[100:50])
    for (int i = 0; i < N; i++)
      CHECK_REAL("after partial update self", a[i],
                 (i >= 100 && i < 150) || !sep ? 2.0f * i : i, 0);
    for (int i = 0; i < N; i++)
      a[i] = -1.0f; /* overwritten by the next update */
#pragma acc update host(a[0:N])
    for (int i = 0; i < N; i++)
      CHECK_REAL("after update host", a[i], sep ? 2.0f * i : -1.0f, 0);
    a[0] = 500.0f;
#pragma acc update device(a[0:1])
#pragma acc parallel loop present(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] += 1.0f;
#pragma acc update self(a[0:N]) if_present
#pragma acc update self(unmapped[0:4]) if_present
#pragma acc update device(unmapped) if_present
  }
  CHECK_REAL("a[0]", a[0], 501.0f, 0);
  for (int i = 1; i < N; i++)
    CHECK_REAL("a", a[i], sep ? 2.0f * i + 1.0f : 0.0f, 0);
  return e2e_done();
}
