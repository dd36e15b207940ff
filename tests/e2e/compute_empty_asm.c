/* compute_empty_asm.c — an empty asm statement (a compiler barrier, as in
 * `__asm__ __volatile__ ("")` to keep a value in memory) inside compute
 * regions and a routine: the code around it runs as without it.  Before,
 * the plugin refused the region ("unsupported statement"). */
#include "e2e.h"

#define N 512

#pragma acc routine seq
static int twice(int v)
{
  __asm__ __volatile__("" ::: "memory");
  return 2 * v;
}

int main(void) {
  int a[N], ref[N];
  for (int i = 0; i < N; i++)
    ref[i] = 2 * (i ^ 5) + 1;
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < N; i++) {
    int x = i ^ 5;
    __asm__ __volatile__("");
    a[i] = twice(x);
  }
#pragma acc kernels copy(a)
  for (int i = 0; i < N; i++) {
    __asm__("");
    a[i] += 1;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("a after the regions with asm", a[i], ref[i]);
  return e2e_done();
}
