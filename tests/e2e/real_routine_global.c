/* real_routine_global.c — a global array with `declare create` (and one
 * with `declare copyin`) read and written inside `routine seq` functions,
 * the way OpenACC's declare is meant for globals a routine uses (lookup
 * tables, physical constants, a histogram), with `update device`/`update
 * self` around the compute regions. Against a serial computation. */
#include "e2e.h"

#define NT 16
#define N 256

static double table[NT];
static int hist[NT];
#pragma acc declare create(table, hist)
static const double unused_const = 0; /* a const global stays module-level */
static double coeffs[3] = {0.5, 0.25, 2.0};
#pragma acc declare copyin(coeffs)

#pragma acc routine seq
static double lookup(int i)
{
  return table[i % NT] * coeffs[0] + coeffs[1] + unused_const;
}

#pragma acc routine seq
static void count(int i)
{
#pragma acc atomic update
  hist[i % NT] += 1;
}

int main(void)
{
  static double out[N];
  for (int k = 0; k < NT; k++) {
    table[k] = k * k;
    hist[k] = 0;
  }
#pragma acc update device(table, hist)
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++) {
    out[i] = lookup(i) * coeffs[2];
    count(i * 3);
  }
#pragma acc update self(hist)
  int want[NT] = {0};
  for (int i = 0; i < N; i++) {
    CHECK_REAL("routine reads a declared global", out[i],
               ((i % NT) * (i % NT) * 0.5 + 0.25) * 2.0, 0);
    want[(i * 3) % NT]++;
  }
  for (int k = 0; k < NT; k++)
    CHECK_INT("routine updates a declared global", hist[k], want[k]);
  return e2e_done();
}
