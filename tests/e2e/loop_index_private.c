/* loop_index_private.c — the index of a loop directive is private to the
 * loop (OpenACC 3.3 §2.6.1: "predetermined to be private to each thread
 * that will execute each iteration"), whether it is a variable of the
 * region, of the host (combined constructs) or of a routine, and whatever
 * the loop's schedule (gang, vector, seq, independent, collapse): the code
 * after the loop sees the value from before.  Before, kernels and the host
 * device left the loop's last value (50, or 49: the last iteration's) in
 * the region's variable and the host's, and parallel kept the original
 * only on some devices (GCC's kernels-decompose-1). */
#include "e2e.h"

#define N 64

#pragma acc routine seq
static int routine_index(int *v, int n)
{
  int i = -5;
#pragma acc loop seq
  for (i = 0; i < n; i++)
    v[i] += 1;
  return i;
}

int main(void) {
  int b[N], ref[N], out[16];
  for (int i = 0; i < N; i++)
    b[i] = ref[i] = i;
  for (int k = 0; k < 16; k++)
    out[k] = -1;

  /* kernels: the region's own c after each kind of acc loop. */
#pragma acc kernels copy(b, out)
  {
    int c = 234;
#pragma acc loop
    for (c = 0; c < N / 2; c++)
      b[c] += 10;
    out[0] = c;
#pragma acc loop seq
    for (c = 0; c < 10; c++)
      b[c] += 1;
    out[1] = c;
#pragma acc loop independent gang vector
    for (c = N / 2; c < N; c++)
      b[c] *= 2;
    out[2] = c;
  }
  for (int i = 0; i < N / 2; i++)
    ref[i] += 10;
  for (int i = 0; i < 10; i++)
    ref[i] += 1;
  for (int i = N / 2; i < N; i++)
    ref[i] *= 2;

  /* parallel: one gang, so its code between loops runs once. */
#pragma acc parallel num_gangs(1) copy(b, out)
  {
    int c = 77, d = 88;
#pragma acc loop gang vector
    for (c = 0; c < N; c++)
      b[c] -= 3;
    out[3] = c;
#pragma acc loop seq
    for (c = 0; c < 4; c++)
      b[c] += 100;
    out[4] = c;
#pragma acc loop collapse(2)
    for (c = 0; c < 8; c++)
      for (d = 0; d < 8; d++)
        b[c * 8 + d] += c - d;
    out[5] = c;
    out[6] = d;
    out[7] = routine_index(b, 3);
  }
  for (int i = 0; i < N; i++)
    ref[i] -= 3;
  for (int i = 0; i < 4; i++)
    ref[i] += 100;
  for (int c = 0; c < 8; c++)
    for (int d = 0; d < 8; d++)
      ref[c * 8 + d] += c - d;
  for (int i = 0; i < 3; i++)
    ref[i] += 1;

  /* Combined constructs: the host's k. */
  int k = 41;
#pragma acc parallel loop copy(b)
  for (k = 0; k < N; k++)
    b[k] += 5;
  out[8] = k;
#pragma acc kernels loop copy(b)
  for (k = 0; k < N; k++)
    b[k] += 6;
  out[9] = k;
#pragma acc serial loop copy(b)
  for (k = 1; k < N; k++)
    b[k] += b[k - 1] % 3;
  out[10] = k;
  for (int i = 0; i < N; i++)
    ref[i] += 11;
  for (int i = 1; i < N; i++)
    ref[i] += ref[i - 1] % 3;
  /* A routine called on the host: the same routine, the same rule. */
  out[11] = routine_index(ref, 0);

  for (int i = 0; i < N; i++)
    CHECK_INT("b after the loops", b[i], ref[i]);
  const int want[12] = {234, 234, 234, 77, 77, 77, 88, -5, 41, 41, 41, -5};
  for (int n = 0; n < 12; n++)
    CHECK_INT("index after its loop", out[n], want[n]);
  return e2e_done();
}
