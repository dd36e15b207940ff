/* vv_reduction_small_types.c — reductions on 1- and 2-byte types (char,
 * _Bool, short) in parallel, kernels and serial loops: logical && and ||
 * on char flags, | on unsigned char, + on short.  Checked against serial
 * loops. */
#include <stdlib.h>

#include "e2e.h"

#define N 500

int main(void)
{
  char *a = malloc(N);
  unsigned char *bits = malloc(N);
  short *s = malloc(N * sizeof *s);
  for (int i = 0; i < N; i++) {
    a[i] = (i % 97) != 13;
    bits[i] = (unsigned char)(1u << (i % 7));
    s[i] = (short)(i % 5);
  }
  char all = 1, any = 0, want_all = 1, want_any = 0;
  unsigned char ors = 0, want_ors = 0;
  short sum = 0, want_sum = 0;
  _Bool b = 0, want_b = 0;
  for (int i = 0; i < N; i++) {
    want_all = want_all && a[i];
    want_any = want_any || !a[i];
    want_ors |= bits[i];
    want_sum += s[i];
    want_b = want_b || (s[i] == 4);
  }
#pragma acc kernels loop reduction(&&:all) copyin(a[0:N])
  for (int i = 0; i < N; i++)
    all = all && a[i];
#pragma acc parallel loop reduction(||:any) copyin(a[0:N])
  for (int i = 0; i < N; i++)
    any = any || !a[i];
#pragma acc serial loop reduction(|:ors) copyin(bits[0:N])
  for (int i = 0; i < N; i++)
    ors |= bits[i];
#pragma acc parallel loop reduction(+:sum) copyin(s[0:N])
  for (int i = 0; i < N; i++)
    sum += s[i];
#pragma acc parallel loop reduction(||:b) copyin(s[0:N])
  for (int i = 0; i < N; i++)
    b = b || (s[i] == 4);
  CHECK_INT("char &&", all, want_all);
  CHECK_INT("char ||", any, want_any);
  CHECK_INT("unsigned char |", ors, want_ors);
  CHECK_INT("short +", sum, want_sum);
  CHECK_INT("_Bool ||", b, want_b);
  free(a);
  free(bits);
  free(s);
  return e2e_done();
}
