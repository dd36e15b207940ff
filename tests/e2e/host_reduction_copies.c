/* host_reduction_copies.c — the host fallback accumulates each scalar
 * reduction in a fresh copy of the variable (copied in before the body,
 * out after it), so the accumulator can live in a register although the
 * device path takes the variable's address (docs/compiler.md, "Host
 * fallback speed").  Checked against serial loops: initial values that
 * are not the operation's identity, reductions on the construct and on
 * its nested loops, a parameter, a variable whose address the program
 * took before, several operators, the fallback taken by if(0) on a device
 * run, a reduction variable read after the construct. */
#include "e2e.h"

#define N 300
#define M 40

static double a[N * M];
static int v[N];

static void set_to(long *p, long x) { *p = x; }

/* A parameter as the reduction variable. */
static double sum_param(double s, int cond) {
#pragma acc parallel loop copyin(a[0:N * M]) reduction(+:s) if(cond)
  for (int i = 0; i < N; i++)
    s += a[i * M];
  return s;
}

static void nested(int cond) {
  double t = 2.5, want = 2.5;
#pragma acc parallel copyin(a[0:N * M]) reduction(+:t) if(cond)
  {
#pragma acc loop gang reduction(+:t)
    for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(+:t)
      for (int j = 0; j < M; j++)
        t += a[i * M + j] * (j + 1);
    }
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      want += a[i * M + j] * (j + 1);
  CHECK_REAL("nested loop reductions", t, want, 1e-12);
}

static void operators(int cond) {
  long s;
  set_to(&s, 7); /* addressable before the construct */
  int mx = -5, mn = 1000, all = 1, any = 0;
  unsigned bits = 0x100;
  double prod = 0.5;
#pragma acc parallel loop copyin(v[0:N]) if(cond) \
    reduction(+:s) reduction(max:mx) reduction(min:mn) reduction(&&:all) \
    reduction(||:any) reduction(|:bits) reduction(*:prod)
  for (int i = 0; i < N; i++) {
    s += v[i];
    mx = v[i] > mx ? v[i] : mx;
    mn = v[i] < mn ? v[i] : mn;
    all = all && v[i] > -100;
    any = any || v[i] == 42;
    bits |= 1u << (v[i] & 7);
    prod *= i % 50 == 0 ? 2.0 : 1.0;
  }
  long ws = 7;
  int wmx = -5, wmn = 1000, wall = 1, wany = 0;
  unsigned wbits = 0x100;
  double wprod = 0.5;
  for (int i = 0; i < N; i++) {
    ws += v[i];
    wmx = v[i] > wmx ? v[i] : wmx;
    wmn = v[i] < wmn ? v[i] : wmn;
    wall = wall && v[i] > -100;
    wany = wany || v[i] == 42;
    wbits |= 1u << (v[i] & 7);
    wprod *= i % 50 == 0 ? 2.0 : 1.0;
  }
  CHECK_INT("+ on a variable addressed before", s, ws);
  CHECK_INT("max", mx, wmx);
  CHECK_INT("min", mn, wmn);
  CHECK_INT("&&", all, wall);
  CHECK_INT("||", any, wany);
  CHECK_INT("|", bits, wbits);
  CHECK_REAL("*", prod, wprod, 0);
}

int main(void) {
  for (int i = 0; i < N * M; i++)
    a[i] = (i % 23) * 0.25 - 1.0;
  for (int i = 0; i < N; i++)
    v[i] = (i * 37) % 101 - 30;
  for (int cond = 0; cond <= 1; cond++) {
    double want = 1.5;
    for (int i = 0; i < N; i++)
      want += a[i * M];
    CHECK_REAL("parameter reduction", sum_param(1.5, cond), want, 1e-12);
    nested(cond);
    operators(cond);
  }
  return e2e_done();
}
