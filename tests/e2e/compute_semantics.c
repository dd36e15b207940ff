/* compute_semantics.c — the body translator keeps C's exact semantics:
 * narrow unsigned wrap, signed division/modulo/shift, mixed conversions,
 * pointer arithmetic and differences, structs by value and through
 * pointers, switch and goto, ?:, math functions (against the same
 * expressions computed serially on the host). */
#include <math.h>
#include <stdlib.h>

#include "e2e.h"

#define N 1000

typedef struct {
  short s;
  unsigned char c;
  double d;
  int v[3];
} rec;

int main(void) {
  static unsigned char uc[N], ruc[N];
  static short sh[N], rsh[N];
  static int iv[N], riv[N], q[N], rq[N];
  static long long ll[N], rll[N];
  static double dv[N], rdv[N];
  static rec rs[N], rrs[N];
  unsigned char k8 = 200;
  int off = 3;
  for (int i = 0; i < N; i++) {
    rs[i].s = (short)(i * 7 - 3000);
    rs[i].c = (unsigned char)i;
    rs[i].d = i * 0.25;
    for (int j = 0; j < 3; j++)
      rs[i].v[j] = i * j - 17;
    rrs[i] = rs[i];
  }
#pragma acc parallel loop copyout(uc, sh, iv, q, ll, dv) copy(rs) firstprivate(k8, off)
  for (int i = 0; i < N; i++) {
    unsigned char a = (unsigned char)(i * 3);
    uc[i] = (unsigned char)(a * k8 + 77);          /* wraps mod 256 */
    sh[i] = (short)(rs[i].s * 3 - i);               /* narrow arithmetic */
    int m = i - 500;
    iv[i] = m / 7 + m % 7 + (m >> 2) + (i << 3) + (~m & 0x55);
    const int *p = &rs[i].v[0];
    q[i] = (int)((p + 2) - p) + p[off - 2];          /* pointer arithmetic */
    long long big = (long long)i * 3000000007LL;
    ll[i] = big % 1000003 - (big >> 40);
    double x = i * 0.01;
    dv[i] = sqrt(x) + sin(x) * cos(x) + fabs(-x) + pow(x, 1.5) + floor(x * 3);
    rec t = rs[i];                                   /* struct by value */
    t.d = t.d * 2 + t.c;
    t.v[1] += t.s;
    switch (i % 4) {
    case 0: t.v[2] = 1; break;
    case 1: t.v[2] = t.v[0] > 0 ? 2 : -2; break;
    default: goto skip;
    }
    t.c ^= 0x5a;
  skip:
    rs[i] = t;
  }
  for (int i = 0; i < N; i++) {
    unsigned char a = (unsigned char)(i * 3);
    ruc[i] = (unsigned char)(a * k8 + 77);
    rsh[i] = (short)(rrs[i].s * 3 - i);
    int m = i - 500;
    riv[i] = m / 7 + m % 7 + (m >> 2) + (i << 3) + (~m & 0x55);
    const int *p = &rrs[i].v[0];
    rq[i] = (int)((p + 2) - p) + p[off - 2];
    long long big = (long long)i * 3000000007LL;
    rll[i] = big % 1000003 - (big >> 40);
    double x = i * 0.01;
    rdv[i] = sqrt(x) + sin(x) * cos(x) + fabs(-x) + pow(x, 1.5) + floor(x * 3);
    rec t = rrs[i];
    t.d = t.d * 2 + t.c;
    t.v[1] += t.s;
    switch (i % 4) {
    case 0: t.v[2] = 1; break;
    case 1: t.v[2] = t.v[0] > 0 ? 2 : -2; break;
    default: goto skip2;
    }
    t.c ^= 0x5a;
  skip2:
    rrs[i] = t;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("unsigned char wrap", uc[i], ruc[i]);
    CHECK_INT("short", sh[i], rsh[i]);
    CHECK_INT("int ops", iv[i], riv[i]);
    CHECK_INT("pointers", q[i], rq[i]);
    CHECK_INT("long long", ll[i], rll[i]);
    CHECK_REAL("math", dv[i], rdv[i], 1e-12);
    CHECK_INT("struct s", rs[i].s, rrs[i].s);
    CHECK_INT("struct c", rs[i].c, rrs[i].c);
    CHECK_REAL("struct d", rs[i].d, rrs[i].d, 0);
    for (int j = 0; j < 3; j++)
      CHECK_INT("struct v", rs[i].v[j], rrs[i].v[j]);
  }
  return e2e_done();
}
