/* routine_call_mapped_array.c — a seq routine that stores through its
 * argument, called in the vector-single code of a parallel region whose
 * loops use vector lanes, with an array or struct of a data clause as the
 * argument (`copy(b)` ... `bump(b, n)`, `bump_pair(&pr)`).  The call must
 * run once per gang (OpenACC 3.3 §2.2.3: one lane runs that code).
 * Before, the address of a mapped variable counted as a thread's own
 * variable, so every lane made the call: each element went up 128 times
 * on the emulator. */
#include "e2e.h"

#define N 48

struct pair {
  int hits;
  double sum;
};

#pragma acc routine seq
static int bump(int *v, int n)
{
  for (int i = 0; i < n; i++)
    v[i] += i + 1;
  return n * 2;
}

#pragma acc routine seq
static void bump_pair(struct pair *p, double x)
{
  p->hits++;
  p->sum += x;
}

int main(void) {
  int b[N], ref[N], r = 0;
  struct pair pr = {0, 0.0};
  for (int i = 0; i < N; i++)
    b[i] = ref[i] = 3 * i;

#pragma acc parallel num_gangs(1) vector_length(64) copy(b, r, pr)
  {
#pragma acc loop vector
    for (int i = 0; i < N; i++)
      b[i] *= 2;
    r = bump(b, 5) + 1;
    bump_pair(&pr, 2.5);
#pragma acc loop vector
    for (int i = 0; i < N; i++)
      b[i] -= 1;
    bump_pair(&pr, 0.25);
  }
  for (int i = 0; i < N; i++)
    ref[i] *= 2;
  for (int i = 0; i < 5; i++)
    ref[i] += i + 1;
  for (int i = 0; i < N; i++)
    ref[i] -= 1;

  for (int i = 0; i < N; i++)
    CHECK_INT("b after the calls", b[i], ref[i]);
  CHECK_INT("the call's result", r, 11);
  CHECK_INT("calls of bump_pair", pr.hits, 2);
  CHECK_REAL("sum of bump_pair", pr.sum, 2.75, 0);
  return e2e_done();
}
