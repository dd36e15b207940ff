/* async_big_firstprivate.c — `firstprivate` of a table over 4000 bytes on
 * an `async` construct takes the table's value at the construct (OpenACC
 * 3.3 §2.5.14), also when the kernel starts later: each construct is
 * queued behind a slow kernel, the host overwrites the table right after
 * the construct, then waits.  One kernel only reads the table (read in
 * place), one changes its gang's copy.  Before session 11 the multicore
 * device read the host's table when the kernel started and saw -1s. */
#include "e2e.h"

#define NT 2048 /* doubles: 16 KB */
#define NB 4000

static double slow_ref(int i)
{
  double x = i;
  for (int k = 0; k < 20000; k++)
    x = x * 0.999 + 1.0 / (k + 1);
  return x;
}

static double busy[NB];

static void slow(void)
{
#pragma acc parallel loop async(1) copyout(busy)
  for (int i = 0; i < NB; i++) {
    double x = i;
    for (int k = 0; k < 20000; k++)
      x = x * 0.999 + 1.0 / (k + 1);
    busy[i] = x;
  }
}

int main(void)
{
  static double table[NT];
  double got[64], got2[64];
  for (int k = 0; k < NT; k++)
    table[k] = k * 0.5;

  slow();
#pragma acc parallel loop firstprivate(table) copyout(got) async(1)
  for (int g = 0; g < 64; g++)
    got[g] = table[g * 32] + table[NT - 1 - g];
  for (int k = 0; k < NT; k++)
    table[k] = -1;
#pragma acc wait(1)
  for (int g = 0; g < 64; g++)
    CHECK_REAL("async read-only table", got[g],
               g * 16.0 + (NT - 1 - g) * 0.5, 0);

  for (int k = 0; k < NT; k++)
    table[k] = k * 0.5;
  slow();
#pragma acc parallel loop gang firstprivate(table) copyout(got2) async(1)
  for (int g = 0; g < 64; g++) {
    table[g] += 1;
    got2[g] = table[g] + table[NT - 1 - g];
    table[g] -= 1;
  }
  for (int k = 0; k < NT; k++)
    table[k] = -1;
#pragma acc wait(1)
  for (int g = 0; g < 64; g++)
    CHECK_REAL("async written table", got2[g],
               g * 0.5 + 1 + (NT - 1 - g) * 0.5, 0);
  for (int i = 0; i < NB; i += 97)
    CHECK_REAL("slow kernel", busy[i], slow_ref(i), 1e-12);
  return e2e_done();
}
