/* compute_reduction_wide.c — reductions when a worker's vector lanes span
 * several warps (vector lengths 64..1024 with workers): every operator on
 * 1-, 2-, 4- and 8-byte integers, _Bool, float and double at vector level
 * inside worker loops; a `worker vector` loop reduction; worker-level
 * reductions of vector reductions; construct-level reductions across
 * gangs, workers and lanes.  The vector length comes from a variable
 * (known at run time only).  Compared with serial code. */
#include "e2e.h"

#define NR 23
#define NK 777
static signed char c8[NR * NK];
static short s16[NR * NK];
static int i32[NR * NK];
static long long l64[NR * NK];
static float f32[NR * NK];
static double f64[NR * NK];

struct res {
  short csum;        /* + on signed char values, in a short */
  signed char cmax;
  unsigned char cor;
  short smin;
  unsigned short sxor;
  int imul;          /* * on small factors (wraps as unsigned would not) */
  int iand;
  long long lsum, lmax;
  _Bool band, bor;
  float fmin, fsum;
  double dmax, dsum;
};
static struct res got[NR], want[NR];

static void serial_row(int r, struct res *o) {
  struct res x = {0, -128, 0, 32767, 0, 1, -1, 0, -(1LL << 62), 1, 0,
                  1e30f, 0, -1e300, 0};
  for (int k = 0; k < NK; k++) {
    int n = r * NK + k;
    x.csum = (short)(x.csum + c8[n]);
    x.cmax = c8[n] > x.cmax ? c8[n] : x.cmax;
    x.cor |= (unsigned char)c8[n];
    x.smin = s16[n] < x.smin ? s16[n] : x.smin;
    x.sxor ^= (unsigned short)s16[n];
    x.imul *= (k % 97 == 5) ? 3 : 1;
    x.iand &= i32[n] | (1 << (k % 31));
    x.lsum += l64[n];
    x.lmax = l64[n] > x.lmax ? l64[n] : x.lmax;
    x.band = x.band && i32[n] != 12345;
    x.bor = x.bor || i32[n] == 4242 + r;
    x.fmin = f32[n] < x.fmin ? f32[n] : x.fmin;
    x.fsum += f32[n];
    x.dmax = f64[n] > x.dmax ? f64[n] : x.dmax;
    x.dsum += f64[n];
  }
  *o = x;
}

static void check_rows(const char *what) {
  for (int r = 0; r < NR; r++) {
    struct res *g = &got[r], *w = &want[r];
    CHECK_INT(what, g->csum, w->csum);
    CHECK_INT(what, g->cmax, w->cmax);
    CHECK_INT(what, g->cor, w->cor);
    CHECK_INT(what, g->smin, w->smin);
    CHECK_INT(what, g->sxor, w->sxor);
    CHECK_INT(what, g->imul, w->imul);
    CHECK_INT(what, g->iand, w->iand);
    CHECK_INT(what, g->lsum, w->lsum);
    CHECK_INT(what, g->lmax, w->lmax);
    CHECK_INT(what, g->band, w->band);
    CHECK_INT(what, g->bor, w->bor);
    CHECK_REAL(what, g->fmin, w->fmin, 0);
    CHECK_REAL(what, g->fsum, w->fsum, 1e-4);
    CHECK_REAL(what, g->dmax, w->dmax, 0);
    CHECK_REAL(what, g->dsum, w->dsum, 1e-12);
  }
}

/* The geometry of vector_level: its parameters, known at run time only;
   tests/cli/gpu_images.c includes this file with constants instead. */
#ifndef WIDE_NW
#define WIDE_NW nw
#define WIDE_VL vl
#endif

/* One row per worker, every operator at vector level. */
static void vector_level(int vl, int nw) {
#pragma acc parallel num_gangs(3) num_workers(WIDE_NW) vector_length(WIDE_VL) \
    copyin(c8, s16, i32, l64, f32, f64) copyout(got)
  {
#pragma acc loop gang worker
    for (int r = 0; r < NR; r++) {
      short csum = 0, smin = 32767;
      signed char cmax = -128;
      unsigned char cor = 0;
      unsigned short sxor = 0;
      int imul = 1, iand = -1;
      long long lsum = 0, lmax = -(1LL << 62);
      _Bool band = 1, bor = 0;
      float fmin = 1e30f, fsum = 0;
      double dmax = -1e300, dsum = 0;
#pragma acc loop vector reduction(+:csum) reduction(max:cmax) \
    reduction(|:cor) reduction(min:smin) reduction(^:sxor) \
    reduction(*:imul) reduction(&:iand) reduction(+:lsum) \
    reduction(max:lmax) reduction(&&:band) reduction(||:bor) \
    reduction(min:fmin) reduction(+:fsum) reduction(max:dmax) \
    reduction(+:dsum)
      for (int k = 0; k < NK; k++) {
        int n = r * NK + k;
        csum = (short)(csum + c8[n]);
        cmax = c8[n] > cmax ? c8[n] : cmax;
        cor |= (unsigned char)c8[n];
        smin = s16[n] < smin ? s16[n] : smin;
        sxor ^= (unsigned short)s16[n];
        imul *= (k % 97 == 5) ? 3 : 1;
        iand &= i32[n] | (1 << (k % 31));
        lsum += l64[n];
        lmax = l64[n] > lmax ? l64[n] : lmax;
        band = band && i32[n] != 12345;
        bor = bor || i32[n] == 4242 + r;
        fmin = f32[n] < fmin ? f32[n] : fmin;
        fsum += f32[n];
        dmax = f64[n] > dmax ? f64[n] : dmax;
        dsum += f64[n];
      }
      struct res x = {csum, cmax, cor, smin, sxor, imul, iand, lsum, lmax,
                      band, bor, fmin, fsum, dmax, dsum};
      got[r] = x;
    }
  }
}

/* worker vector in one loop; a worker reduction of vector reductions; a
   construct-level reduction over everything. */
static void across_levels(int vl) {
  long long tot = 0, rtot = 0;
  double mx = -1e300, rmx = -1e300;
  static long long rowsum[NR];
#pragma acc parallel num_gangs(2) num_workers(3) vector_length(vl) \
    copyin(l64, f64) copyout(rowsum) reduction(+:tot) reduction(max:mx)
  {
#pragma acc loop gang
    for (int r = 0; r < NR; r++) {
      long long s = 0;
#pragma acc loop worker vector reduction(+:s)
      for (int k = 0; k < NK; k++)
        s += l64[r * NK + k] * (k % 3);
      rowsum[r] = s;
      tot += s;
      double m = -1e300;
#pragma acc loop worker reduction(max:m)
      for (int q = 0; q < 7; q++) {
        double t = 0;
#pragma acc loop vector reduction(+:t)
        for (int k = q; k < NK; k += 7)
          t += f64[r * NK + k];
        m = t > m ? t : m;
      }
      mx = m > mx ? m : mx;
    }
  }
  for (int r = 0; r < NR; r++) {
    long long s = 0;
    for (int k = 0; k < NK; k++)
      s += l64[r * NK + k] * (k % 3);
    CHECK_INT("worker vector sum", rowsum[r], s);
    rtot += s;
    for (int q = 0; q < 7; q++) {
      double t = 0;
      for (int k = q; k < NK; k += 7)
        t += f64[r * NK + k];
      rmx = t > rmx ? t : rmx;
    }
  }
  CHECK_INT("construct + over gangs", tot, rtot);
  CHECK_REAL("construct max of worker max of vector sums", mx, rmx, 1e-12);
}

int main(void) {
  for (int n = 0; n < NR * NK; n++) {
    c8[n] = (signed char)((n * 37) % 251 - 125);
    s16[n] = (short)((n * 7919) % 60001 - 30000);
    i32[n] = n == 3 * NK + 100 ? 4245 : (n * 48271) % 100003;
    l64[n] = (long long)((n * 2654435761u) % 1000003u) * 1000003LL - (1LL << 40);
    f32[n] = (float)((n * 13) % 1001) * 0.125f - 60.0f;
    f64[n] = (double)((n * 29) % 10007) * 0.001 - 4.0;
  }
  for (int r = 0; r < NR; r++)
    serial_row(r, &want[r]);
  int vls[] = {64, 96, 128, 256, 1024}, nws[] = {4, 3, 8, 2, 1};
  for (int i = 0; i < 5; i++) {
    vector_level(vls[i], nws[i]);
    check_rows("vector level");
  }
  across_levels(128);
  across_levels(64);
  return e2e_done();
}
