/* real5_cfeat_tables.c — tables of names and other C in compute regions
 * and routines: a `static const char *const` table of string literals
 * local to a helper and at file scope (refused before as "static local
 * variable used on the device"; now module constants holding the device's
 * own literals), GNU range designators, a struct chosen by ?:, the address
 * of a compound literal passed to a routine, a switch on long long with a
 * GNU case range, fall-through and default, a volatile local array, a
 * statement expression holding a loop, `break` out of a do-while(0) macro
 * and `continue` in the loop body.  Checked against the same code run
 * serially on the host. */
#include "e2e.h"

enum { N = 90 };
typedef struct { double x, y; } pt;
static const char *const units[] = {"m", "kg", "s", "mol"};

#pragma acc routine seq
static double plen(const pt *p) { return p->x * p->x + p->y * p->y; }

static int swtch(long long k, char c) {
  int r = 0;
  switch (k) {
  case 10000000000LL: r = 1; break;
  case -5 ... -1: r = 2; break;
  case 3: r = 3;
  /* fall through */
  default: r += 4;
  }
  switch (c) { case 'a': r += 10; break; case 'z': r += 20; }
  return r;
}

static int name_len(int i) {
  static const char *const nm[] = {"alpha", "be", "gam", ""};
  const char *s = nm[i % 4];
  int n = 0;
  while (s[n]) n++;
  return n * 100 + (n ? s[n - 1] : 0) + units[i % 4][0];
}

#define SKIP_EVEN(i, acc) do { if ((i) % 4 == 0) break; (acc) += 0.5; } while (0)

static double body(int i, pt s1, pt s2) {
  int arr[8] = {[0 ... 3] = 1, [4 ... 7] = i};
  pt s = i % 2 ? s1 : s2;
  double acc = plen(&(pt){i, 1}) + plen(&s) + arr[2] + arr[6];
  acc += ({ double t = 0; for (int k = 0; k < i % 5; k++) t += k; t; });
  acc += swtch(i == 7 ? 10000000000LL : i - 6, i % 3 ? 'a' : 'z');
  volatile double vol[3] = {1, 2, 3};
  vol[i % 3] += i;
  acc += vol[0] + vol[1] + vol[2];
  SKIP_EVEN(i, acc);
  return acc + name_len(i);
}

int main(void) {
  static double out[N], kout[N];
  pt s1 = {1, 2}, s2 = {3, 4};
#pragma acc parallel loop copyout(out) copyin(s1, s2)
  for (int i = 0; i < N; i++) {
    if (i % 9 == 8) { out[i] = -1; continue; }
    out[i] = body(i, s1, s2);
  }
#pragma acc kernels copyout(kout) copyin(s1, s2)
  for (int i = 0; i < N; i++) kout[i] = body(i, s1, s2) + units[i % 4][0];
  for (int i = 0; i < N; i++) {
    CHECK_REAL("parallel", out[i], i % 9 == 8 ? -1 : body(i, s1, s2), 0);
    CHECK_REAL("kernels", kout[i], body(i, s1, s2) + units[i % 4][0], 0);
  }
  return e2e_done();
}
