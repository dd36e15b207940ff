/* loop_collapse.c — collapse(2) and collapse(3), with non-zero lower bounds,
 * odd sizes, non-unit steps and gang vector on the collapsed nest, plus a
 * collapsed reduction. */
#include "e2e.h"

#define NI 37
#define NJ 53
#define NK 11
static int a[NI][NJ], b[NI][NJ][NK];

int main(void) {
#pragma acc parallel loop collapse(2) copyout(a)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      a[i][j] = i * 1000 + j;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      CHECK_INT("collapse(2)", a[i][j], i * 1000 + j);

#pragma acc parallel loop gang vector collapse(3) copyout(b)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        b[i][j][k] = (i * NJ + j) * NK + k;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        CHECK_INT("collapse(3)", b[i][j][k], (i * NJ + j) * NK + k);

#pragma acc parallel loop collapse(2) copy(a)
  for (int i = 3; i < NI - 2; i += 2)
    for (int j = 5; j < NJ; j += 3)
      a[i][j] = -1;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      int hit = i >= 3 && i < NI - 2 && (i - 3) % 2 == 0 && j >= 5 &&
                (j - 5) % 3 == 0;
      CHECK_INT("collapse(2) strided", a[i][j], hit ? -1 : i * 1000 + j);
    }

  long s = 0, want = 0;
#pragma acc parallel loop collapse(3) reduction(+:s) copyin(b)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        s += b[i][j][k] % 7;
  for (int n = 0; n < NI * NJ * NK; n++)
    want += n % 7;
  CHECK_INT("collapse(3) reduction", s, want);
  return e2e_done();
}
