/* declare_directive.c — declare create on a global (device copy for the
 * whole program, moved with update) and declare copyin/copy on function
 * locals (mapped for the function's lifetime). */
#include "e2e.h"

#define N 1024
static int g[N];
#pragma acc declare create(g)

static int sum_with_table(int k) {
  int table[16], out[N];
  for (int i = 0; i < 16; i++)
    table[i] = i * i;
#pragma acc declare copyin(table)
#pragma acc declare create(out)
  /* Whether the copyin happens at the directive or at scope entry (before
     the loop above) is left open by the spec: refresh the device copy. */
#pragma acc update device(table)
#pragma acc parallel loop present(table, out, g)
  for (int i = 0; i < N; i++)
    out[i] = g[i] + table[(i + k) % 16];
#pragma acc update self(out)
  int s = 0;
  for (int i = 0; i < N; i++)
    s += out[i];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    g[i] = i;
#pragma acc update device(g)
#pragma acc parallel loop present(g)
  for (int i = 0; i < N; i++)
    g[i] *= 3;
#pragma acc update self(g)
  for (int i = 0; i < N; i++)
    CHECK_INT("g", g[i], 3 * i);

  for (int k = 0; k < 3; k++) {
    int want = 0;
    for (int i = 0; i < N; i++)
      want += 3 * i + ((i + k) % 16) * ((i + k) % 16);
    CHECK_INT("sum_with_table", sum_with_table(k), want);
  }
  return e2e_done();
}
