/* routine_globals_reach.c — a compute construct hands a routine exactly
 * the declared globals its calls reach: routines defined before and after
 * the construct's function, static and external (the plugin meets them
 * as GENERIC, as GIMPLE, or past CFG construction), chains of calls, and
 * a construct whose routines use no global.  Against a serial
 * computation. */
#include "e2e.h"

#define N 64

double ga[N], gb[N], gc[N];
#pragma acc declare create(ga, gb, gc)

/* External and defined before use: lowered before main. */
#pragma acc routine seq
double read_a(int i) { return ga[i] * 2.0; }

#pragma acc routine seq
static double read_b(int i);
#pragma acc routine seq
static double chain_ab(int i);
#pragma acc routine seq
static double pure(int i);

#pragma acc routine seq
double chain_c(int i) { return gc[i] + chain_ab(i); }

int main(void)
{
  double out[N];
  for (int i = 0; i < N; i++) {
    ga[i] = i;
    gb[i] = 100.0 - i;
    gc[i] = 0.5 * i;
  }
#pragma acc update device(ga, gb, gc)
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = read_a(i);
  for (int i = 0; i < N; i++)
    CHECK_REAL("routine reaching ga", out[i], 2.0 * i, 0);
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = read_b(i);
  for (int i = 0; i < N; i++)
    CHECK_REAL("static routine defined later reaching gb", out[i],
               3.0 * (100.0 - i), 0);
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = chain_c(i);
  for (int i = 0; i < N; i++)
    CHECK_REAL("chain of routines reaching ga, gb, gc", out[i],
               0.5 * i + 2.0 * i + 3.0 * (100.0 - i), 0);
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = pure(i);
  for (int i = 0; i < N; i++)
    CHECK_REAL("routine using no global", out[i], i + 1.0, 0);
  return e2e_done();
}

static double read_b(int i) { return gb[i] * 3.0; }
static double chain_ab(int i) { return read_a(i) + read_b(i); }
static double pure(int i) { return i + 1.0; }
