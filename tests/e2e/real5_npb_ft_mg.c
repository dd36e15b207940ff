/* real5_npb_ft_mg.c — NPB-ACC C shapes of FT, MG, EP and IS: FT's
 * `typedef struct { double real, imag; } dcomplex` in global 3-D arrays
 * `static dcomplex u0[NZ][NY][NX]`, an evolve step multiplying by a global
 * twiddle array, a radix-2 butterfly along x per (k, j) line with a
 * per-line scratch `dcomplex y[NX]` private to the gang loop, and the
 * checksum as two scalar reductions over struct members; MG's grids as
 * `double *` with an I3D index macro, the hierarchy of levels in one
 * buffer with offsets `&u[ir[lev]]` passed to functions that name
 * `present(or[0:n])` of the offset pointer (a sub-section of the buffer),
 * and `resid`/`psinv` 27-point-style smoothers with `collapse(2)`; EP's
 * gang loop with a per-iteration `double x[2*NK]` and `qq[NQ]` array
 * private, a routine seq generator through a pointer seed, and the
 * annulus counts accumulated into a global array with atomics; IS's
 * key ranking with `atomic update` on a bucket count array and a prefix
 * sum in a `serial` region. Against the same code run serially. */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  double real, imag;
} dcomplex;

#define NX 16
#define NY 8
#define NZ 4
#define LOGNX 4

static dcomplex u0[NZ][NY][NX], u1[NZ][NY][NX], twiddle_u[NZ][NY][NX];
static double twiddle[NZ][NY][NX];
static dcomplex su0[NZ][NY][NX], su1[NZ][NY][NX];

#pragma acc routine seq
static dcomplex cmul(dcomplex a, dcomplex b)
{
  dcomplex r;
  r.real = a.real * b.real - a.imag * b.imag;
  r.imag = a.real * b.imag + a.imag * b.real;
  return r;
}

static void ft_init(void)
{
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++) {
        u0[k][j][i].real = sin(0.3 * i + 0.7 * j) + 0.1 * k;
        u0[k][j][i].imag = cos(0.2 * i - 0.5 * k) * 0.5;
        twiddle[k][j][i] = exp(-0.01 * (i * i + j * j + k * k));
      }
  memcpy(su0, u0, sizeof u0);
}

/* in-place iterative radix-2 FFT of one line (serial helper, also the
   device routine's body) */
#pragma acc routine seq
static void fft_line(dcomplex *y, int n, int logn)
{
  for (int i = 0, j = 0; i < n; i++) {
    if (i < j) {
      dcomplex t = y[i];
      y[i] = y[j];
      y[j] = t;
    }
    int m = n >> 1;
    while (m >= 1 && j >= m) {
      j -= m;
      m >>= 1;
    }
    j += m;
  }
  for (int s = 1; s <= logn; s++) {
    int len = 1 << s, half = len >> 1;
    for (int b = 0; b < n; b += len)
      for (int q = 0; q < half; q++) {
        dcomplex w;
        w.real = cos(-2.0 * M_PI * q / len);
        w.imag = sin(-2.0 * M_PI * q / len);
        dcomplex t = cmul(w, y[b + q + half]);
        dcomplex a = y[b + q];
        y[b + q].real = a.real + t.real;
        y[b + q].imag = a.imag + t.imag;
        y[b + q + half].real = a.real - t.real;
        y[b + q + half].imag = a.imag - t.imag;
      }
  }
}

static void ft_acc(int iters, double *sr, double *si)
{
  for (int it = 1; it <= iters; it++) {
#pragma acc parallel loop gang collapse(2) present(u0, u1, twiddle)
    for (int k = 0; k < NZ; k++)
      for (int j = 0; j < NY; j++)
#pragma acc loop vector
        for (int i = 0; i < NX; i++) {
          u0[k][j][i].real *= twiddle[k][j][i];
          u0[k][j][i].imag *= twiddle[k][j][i];
        }
#pragma acc parallel loop gang collapse(2) present(u0, u1)
    for (int k = 0; k < NZ; k++)
      for (int j = 0; j < NY; j++) {
        dcomplex y[NX];
#pragma acc loop vector
        for (int i = 0; i < NX; i++)
          y[i] = u0[k][j][i];
        fft_line(y, NX, LOGNX);
#pragma acc loop vector
        for (int i = 0; i < NX; i++)
          u1[k][j][i] = y[i];
      }
    double cr = 0, ci = 0;
#pragma acc parallel loop reduction(+:cr, ci) present(u1)
    for (int q = 1; q <= 64; q++) {
      int i = (q * 5) % NX, j = (q * 3) % NY, k = q % NZ;
      cr += u1[k][j][i].real;
      ci += u1[k][j][i].imag;
    }
    sr[it - 1] = cr;
    si[it - 1] = ci;
  }
}

static void ft_serial(int iters, double *sr, double *si)
{
  for (int it = 1; it <= iters; it++) {
    for (int k = 0; k < NZ; k++)
      for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++) {
          su0[k][j][i].real *= twiddle[k][j][i];
          su0[k][j][i].imag *= twiddle[k][j][i];
        }
    for (int k = 0; k < NZ; k++)
      for (int j = 0; j < NY; j++) {
        dcomplex y[NX];
        memcpy(y, su0[k][j], sizeof y);
        fft_line(y, NX, LOGNX);
        memcpy(su1[k][j], y, sizeof y);
      }
    double cr = 0, ci = 0;
    for (int q = 1; q <= 64; q++) {
      int i = (q * 5) % NX, j = (q * 3) % NY, k = q % NZ;
      cr += su1[k][j][i].real;
      ci += su1[k][j][i].imag;
    }
    sr[it - 1] = cr;
    si[it - 1] = ci;
  }
}

/* ---- MG: levels in one buffer ---- */
#define LT 3
#define I3D(a, n1, n2, i3, i2, i1) (a)[((i3) * (n2) + (i2)) * (n1) + (i1)]
static int mg_n[LT + 1], ir[LT + 1];
static double mgu[2000], mgr[2000], mgv[2000];
static double smgu[2000], smgr[2000];

static void resid(const double *u, const double *v, double *r, int n1,
                  int n2, int n3, const double a[4])
{
  int n = n1 * n2 * n3;
  double a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
#pragma acc parallel loop collapse(2) present(u[0:n], v[0:n], r[0:n])
  for (int i3 = 1; i3 < n3 - 1; i3++)
    for (int i2 = 1; i2 < n2 - 1; i2++)
#pragma acc loop vector
      for (int i1 = 1; i1 < n1 - 1; i1++) {
        double u1 = I3D(u, n1, n2, i3, i2 - 1, i1) + I3D(u, n1, n2, i3, i2 + 1, i1) +
                    I3D(u, n1, n2, i3 - 1, i2, i1) + I3D(u, n1, n2, i3 + 1, i2, i1);
        double u2 = I3D(u, n1, n2, i3 - 1, i2 - 1, i1) +
                    I3D(u, n1, n2, i3 + 1, i2 + 1, i1);
        I3D(r, n1, n2, i3, i2, i1) =
            I3D(v, n1, n2, i3, i2, i1) - a0 * I3D(u, n1, n2, i3, i2, i1) -
            a1 * (I3D(u, n1, n2, i3, i2, i1 - 1) + I3D(u, n1, n2, i3, i2, i1 + 1) + u1) -
            a2 * u2 - a3 * (I3D(u, n1, n2, i3, i2, i1 - 1) * 0.5);
      }
}

static void psinv(const double *r, double *u, int n1, int n2, int n3,
                  const double c[2])
{
  int n = n1 * n2 * n3;
  double c0 = c[0], c1 = c[1];
#pragma acc kernels loop independent collapse(2) present(r[0:n], u[0:n])
  for (int i3 = 1; i3 < n3 - 1; i3++)
    for (int i2 = 1; i2 < n2 - 1; i2++)
#pragma acc loop independent
      for (int i1 = 1; i1 < n1 - 1; i1++)
        I3D(u, n1, n2, i3, i2, i1) +=
            c0 * I3D(r, n1, n2, i3, i2, i1) +
            c1 * (I3D(r, n1, n2, i3, i2, i1 - 1) + I3D(r, n1, n2, i3, i2, i1 + 1) +
                  I3D(r, n1, n2, i3 - 1, i2, i1) + I3D(r, n1, n2, i3 + 1, i2, i1));
}

/* restriction: fine level lev into coarse level lev-1 */
static void rprj3(const double *rf, double *rc, int nf, int nc)
{
  int sf = nf * nf * nf, sc = nc * nc * nc;
#pragma acc parallel loop collapse(3) present(rf[0:sf], rc[0:sc])
  for (int k = 1; k < nc - 1; k++)
    for (int j = 1; j < nc - 1; j++)
      for (int i = 1; i < nc - 1; i++)
        I3D(rc, nc, nc, k, j, i) =
            0.5 * I3D(rf, nf, nf, 2 * k, 2 * j, 2 * i) +
            0.25 * (I3D(rf, nf, nf, 2 * k, 2 * j, 2 * i - 1) +
                    I3D(rf, nf, nf, 2 * k, 2 * j, 2 * i + 1));
}

static void mg_setup(void)
{
  mg_n[LT] = 10;
  for (int l = LT - 1; l >= 1; l--)
    mg_n[l] = mg_n[l + 1] / 2 + 1;
  ir[LT] = 0;
  for (int l = LT - 1; l >= 1; l--)
    ir[l] = ir[l + 1] + mg_n[l + 1] * mg_n[l + 1] * mg_n[l + 1];
  for (int q = 0; q < 2000; q++) {
    mgv[q] = ((q * 37) % 101) * 0.01 - 0.5;
    mgu[q] = 0;
    mgr[q] = 0;
  }
}

static void mg_cycle(double *u, double *r, const double *v, int acc)
{
  static const double a[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
  static const double c[2] = {-3.0 / 8.0, 1.0 / 32.0};
  int n = mg_n[LT];
  if (acc) {
    resid(u, v, r, n, n, n, a);
    for (int l = LT; l > 1; l--)
      rprj3(&r[ir[l]], &r[ir[l - 1]], mg_n[l], mg_n[l - 1]);
    for (int l = 1; l <= LT; l++)
      psinv(&r[ir[l]], &u[ir[l]], mg_n[l], mg_n[l], mg_n[l], c);
    resid(u, v, r, n, n, n, a);
    return;
  }
  /* serial: the same functions' bodies run on the host arrays, with
     acc_on_device-free plain loops (copies of the kernels above) */
  for (int pass = 0; pass < 2; pass++) {
    for (int i3 = 1; i3 < n - 1; i3++)
      for (int i2 = 1; i2 < n - 1; i2++)
        for (int i1 = 1; i1 < n - 1; i1++) {
          double u1 = I3D(u, n, n, i3, i2 - 1, i1) + I3D(u, n, n, i3, i2 + 1, i1) +
                      I3D(u, n, n, i3 - 1, i2, i1) + I3D(u, n, n, i3 + 1, i2, i1);
          double u2 = I3D(u, n, n, i3 - 1, i2 - 1, i1) +
                      I3D(u, n, n, i3 + 1, i2 + 1, i1);
          I3D(r, n, n, i3, i2, i1) =
              I3D(v, n, n, i3, i2, i1) - a[0] * I3D(u, n, n, i3, i2, i1) -
              a[1] * (I3D(u, n, n, i3, i2, i1 - 1) + I3D(u, n, n, i3, i2, i1 + 1) + u1) -
              a[2] * u2 - a[3] * (I3D(u, n, n, i3, i2, i1 - 1) * 0.5);
        }
    if (pass == 1)
      break;
    for (int l = LT; l > 1; l--) {
      const double *rf = &r[ir[l]];
      double *rc = &r[ir[l - 1]];
      int nf = mg_n[l], nc = mg_n[l - 1];
      for (int k = 1; k < nc - 1; k++)
        for (int j = 1; j < nc - 1; j++)
          for (int i = 1; i < nc - 1; i++)
            I3D(rc, nc, nc, k, j, i) =
                0.5 * I3D(rf, nf, nf, 2 * k, 2 * j, 2 * i) +
                0.25 * (I3D(rf, nf, nf, 2 * k, 2 * j, 2 * i - 1) +
                        I3D(rf, nf, nf, 2 * k, 2 * j, 2 * i + 1));
    }
    for (int l = 1; l <= LT; l++) {
      const double *rr = &r[ir[l]];
      double *uu = &u[ir[l]];
      int m = mg_n[l];
      for (int i3 = 1; i3 < m - 1; i3++)
        for (int i2 = 1; i2 < m - 1; i2++)
          for (int i1 = 1; i1 < m - 1; i1++)
            I3D(uu, m, m, i3, i2, i1) +=
                c[0] * I3D(rr, m, m, i3, i2, i1) +
                c[1] * (I3D(rr, m, m, i3, i2, i1 - 1) + I3D(rr, m, m, i3, i2, i1 + 1) +
                        I3D(rr, m, m, i3 - 1, i2, i1) + I3D(rr, m, m, i3 + 1, i2, i1));
    }
  }
}

/* ---- EP ---- */
#define NK 16
#define NQ 10
#define NBATCH 64
static double q_counts[NQ];

#pragma acc routine seq
static double randlc(double *x, double a)
{
  const double t23 = 8388608.0, r23 = 1.0 / t23, t46 = t23 * t23,
               r46 = r23 * r23;
  double t1 = r23 * a, a1 = (int)t1, a2 = a - t23 * a1;
  t1 = r23 * *x;
  double x1 = (int)t1, x2 = *x - t23 * x1;
  t1 = a1 * x2 + a2 * x1;
  double t2 = (int)(r23 * t1), z = t1 - t23 * t2;
  double t3 = t23 * z + a2 * x2, t4 = (int)(r46 * t3);
  *x = t3 - t46 * t4;
  return r46 * *x;
}

static void ep(int acc, double *sx_out, double *sy_out, double *cnt)
{
  double sx = 0, sy = 0;
  double qq[NQ], x[2 * NK];
  for (int i = 0; i < NQ; i++)
    cnt[i] = 0;
#pragma acc parallel loop gang worker num_workers(2) private(qq, x) \
    reduction(+:sx, sy) present(q_counts) if(acc)
  for (int b = 0; b < NBATCH; b++) {
    double seed = 271828183.0 + 1000.0 * b;
    for (int i = 0; i < NQ; i++)
      qq[i] = 0;
    for (int i = 0; i < 2 * NK; i++)
      x[i] = randlc(&seed, 1220703125.0);
    for (int i = 0; i < NK; i++) {
      double x1 = 2.0 * x[2 * i] - 1.0, x2 = 2.0 * x[2 * i + 1] - 1.0;
      double t1 = x1 * x1 + x2 * x2;
      if (t1 <= 1.0) {
        double t2 = sqrt(-2.0 * log(t1) / t1);
        double t3 = x1 * t2, t4 = x2 * t2;
        int l = (int)fmax(fabs(t3), fabs(t4));
        if (l < NQ)
          qq[l] += 1.0;
        sx += t3;
        sy += t4;
      }
    }
    for (int i = 0; i < NQ; i++) {
      if (qq[i] != 0) {
#pragma acc atomic update
        q_counts[i] += qq[i];
      }
    }
  }
  *sx_out = sx;
  *sy_out = sy;
}

/* ---- IS ---- */
#define NKEYS 2048
#define MAXKEY 512
#define NBUCK 16
static int key_array[NKEYS], bucket_size[NBUCK], bucket_ptr[NBUCK];
static int key_buff[MAXKEY];

static void rank_acc(void)
{
#pragma acc parallel loop present(bucket_size, key_buff)
  for (int i = 0; i < MAXKEY; i++) {
    key_buff[i] = 0;
    if (i < NBUCK)
      bucket_size[i] = 0;
  }
#pragma acc parallel loop present(key_array, bucket_size, key_buff)
  for (int i = 0; i < NKEYS; i++) {
    int k = key_array[i];
#pragma acc atomic update
    bucket_size[k / (MAXKEY / NBUCK)]++;
#pragma acc atomic
    key_buff[k] += 1;
  }
#pragma acc serial present(bucket_size, bucket_ptr, key_buff)
  {
    bucket_ptr[0] = 0;
    for (int b = 1; b < NBUCK; b++)
      bucket_ptr[b] = bucket_ptr[b - 1] + bucket_size[b - 1];
    for (int i = 1; i < MAXKEY; i++)
      key_buff[i] += key_buff[i - 1];
  }
}

int main(void)
{
  ft_init();
  mg_setup();
  for (int i = 0; i < NKEYS; i++)
    key_array[i] = (int)(((unsigned)i * 2654435761u) >> 7) % MAXKEY;
  memcpy(smgu, mgu, sizeof mgu);
  memcpy(smgr, mgr, sizeof mgr);
#pragma acc data copyin(twiddle, mgv, key_array) copy(u0, mgu, mgr) \
    create(u1, twiddle_u) copy(q_counts) \
    copyout(bucket_size, bucket_ptr, key_buff)
  {
    double sr[3], si[3], rsr[3], rsi[3];
    ft_acc(3, sr, si);
    ft_serial(3, rsr, rsi);
    for (int i = 0; i < 3; i++) {
      CHECK_REAL("ft checksum real", sr[i], rsr[i], 1e-11);
      CHECK_REAL("ft checksum imag", si[i], rsi[i], 1e-11);
    }
#pragma acc update self(u1[1:2])
    for (int k = 1; k < 3; k++)
      for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++) {
          CHECK_REAL("u1 re", u1[k][j][i].real, su1[k][j][i].real, 1e-11);
          CHECK_REAL("u1 im", u1[k][j][i].imag, su1[k][j][i].imag, 1e-11);
        }
    mg_cycle(mgu, mgr, mgv, 1);
    rank_acc();
  }
  mg_cycle(smgu, smgr, mgv, 0);
  for (int q = 0; q < 2000; q++) {
    CHECK_REAL("mg u", mgu[q], smgu[q], 1e-12);
    CHECK_REAL("mg r", mgr[q], smgr[q], 1e-12);
  }
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        CHECK_REAL("u0 re", u0[k][j][i].real, su0[k][j][i].real, 1e-13);

  /* EP: on the device, then on the host (if(0)) as the reference */
  double sx, sy, rsx, rsy, cnt[NQ], rq[NQ];
#pragma acc data copy(q_counts)
  ep(1, &sx, &sy, cnt);
  memcpy(rq, q_counts, sizeof rq);
  memset(q_counts, 0, sizeof q_counts);
  ep(0, &rsx, &rsy, cnt);
  CHECK_REAL("ep sx", sx, rsx, 1e-12);
  CHECK_REAL("ep sy", sy, rsy, 1e-12);
  double tot = 0;
  for (int i = 0; i < NQ; i++) {
    CHECK_REAL("ep q", rq[i], q_counts[i], 0);
    tot += rq[i];
  }
  CHECK_TRUE("ep some pairs", tot > NBATCH);

  int sb[NBUCK] = {0}, skb[MAXKEY] = {0};
  for (int i = 0; i < NKEYS; i++) {
    sb[key_array[i] / (MAXKEY / NBUCK)]++;
    skb[key_array[i]]++;
  }
  for (int i = 1; i < MAXKEY; i++)
    skb[i] += skb[i - 1];
  for (int b = 0, p = 0; b < NBUCK; p += sb[b], b++) {
    CHECK_INT("bucket size", bucket_size[b], sb[b]);
    CHECK_INT("bucket ptr", bucket_ptr[b], p);
  }
  for (int i = 0; i < MAXKEY; i++)
    CHECK_INT("key_buff", key_buff[i], skb[i]);
  return e2e_done();
}
