/* reduction_openuh_placement.c — the placement OpenUH accepts (seed 001
 * §5.2.3.2, Figure 5.12): the clause on the loop nearest the next use of
 * the variable only, here the worker loop, while an inner `loop vector`
 * accumulates into it with no clause of its own.  The inner loop's lanes
 * take part in the worker loop's reduction (docs/reductions.md).  Also the
 * same with the clause on the gang loop over worker and vector loops, an
 * inner loop that reads the partial as well (a max), and a worker loop
 * that also updates the variable outside its vector loop (then the vector
 * loop is combined on its own, as if it had the clause). */
#include "e2e.h"

#define NK 4
#define NJ 100
#define NI 200
static int in[NK][NJ][NI];
static int temp[NK], tmax[NK], tmix[NK];

int main(void) {
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      for (int i = 0; i < NI; i++)
        in[k][j][i] = (k * 7 + j * 3 + i) % 11 - 5 + (i == NI - 1 ? j : 0);

#pragma acc parallel num_gangs(3) num_workers(4) vector_length(64) \
    copyin(in) copyout(temp, tmax)
  {
#pragma acc loop gang
    for (int k = 0; k < NK; k++) {
      int j_sum = k, j_max = -100;
#pragma acc loop worker reduction(+:j_sum) reduction(max:j_max)
      for (int j = 0; j < NJ; j++) {
#pragma acc loop vector
        for (int i = 0; i < NI; i++) {
          j_sum += in[k][j][i];
          if (in[k][j][i] > j_max)
            j_max = in[k][j][i];
        }
      }
      temp[k] = j_sum;
      tmax[k] = j_max;
    }
  }
  for (int k = 0; k < NK; k++) {
    int want = k, wmax = -100;
    for (int j = 0; j < NJ; j++)
      for (int i = 0; i < NI; i++) {
        want += in[k][j][i];
        wmax = in[k][j][i] > wmax ? in[k][j][i] : wmax;
      }
    CHECK_INT("worker clause, vector loop without", temp[k], want);
    CHECK_INT("worker clause, max in the vector loop", tmax[k], wmax);
  }

#pragma acc parallel num_gangs(2) num_workers(3) vector_length(96) \
    copyin(in) copyout(tmix)
  {
#pragma acc loop gang
    for (int k = 0; k < NK; k++) {
      int m = 2 * k;
#pragma acc loop worker reduction(+:m)
      for (int j = 0; j < NJ; j++) {
#pragma acc loop vector
        for (int i = 0; i < NI; i++)
          m += in[k][j][i];
        m += j;
      }
      tmix[k] = m;
    }
  }
  for (int k = 0; k < NK; k++) {
    int want = 2 * k;
    for (int j = 0; j < NJ; j++) {
      for (int i = 0; i < NI; i++)
        want += in[k][j][i];
      want += j;
    }
    CHECK_INT("worker clause, updated inside and outside the vector loop",
              tmix[k], want);
  }

  long s = 5;
#pragma acc parallel loop gang num_gangs(7) num_workers(3) \
    vector_length(96) reduction(+:s) copyin(in)
  for (int k = 0; k < NK; k++) {
#pragma acc loop worker
    for (int j = 0; j < NJ; j++) {
#pragma acc loop vector
      for (int i = 0; i < NI; i++)
        s += in[k][j][i];
    }
  }
  long want = 5;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      for (int i = 0; i < NI; i++)
        want += in[k][j][i];
  CHECK_INT("gang clause over worker and vector loops", s, want);
  return e2e_errors != 0;
}
