/* reduction_wide_loads.c — reducing vector loops whose 4-byte loads of
 * consecutive elements go wide (plugin/passes/kernel-gen-wide.cc: a lane
 * reads four iterations' elements with one 16-byte load where aligned, and
 * lanes take groups of four iterations), checked against serial sums:
 *   - int, unsigned and float sums and an int product, one row per worker;
 *   - a max-norm through fmaxf and fabsf (math calls) and an int maximum;
 *   - a dot product (two wide loads) and a sparse row product in ELLPACK
 *     form (a wide index and value, a gathered vector entry that stays a
 *     plain load); the same rows in CSR form, whose bounds read start[]
 *     (left plain: sparse rows are short);
 *   - bases off a 16-byte boundary (the plain loop then), trip counts that
 *     leave a tail of 1-3 iterations, and rows too short for a group per
 *     lane;
 *   - a division of two invariants in the address, with no trips and a zero
 *     divisor (nothing divides, as in the source);
 *   - a static array indexed directly, a struct's member (not consecutive:
 *     stays plain) and a step of 2 (not consecutive: plain), a double sum
 *     (8 bytes: plain), each still right.
 * With -fplugin-arg-accgpu-info the compiler says which loops go wide. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#define R 6
#define MAXN 2100

static int ia[R * MAXN + 4];
static unsigned ua[R * MAXN + 4];
static float fa[R * MAXN + 4], fb[R * MAXN + 4];
static double da[R * MAXN + 4];
static int sa[MAXN];
struct pt {
  int x, y;
};
static struct pt pts[MAXN];

/* Row sums of int, unsigned and float starting OFF elements in. */
static void row_sums(int n, int off, long long *ri, unsigned *ru, float *rf,
                     int *rp)
{
#pragma acc parallel loop gang worker num_workers(2) vector_length(64) \
    copyin(ia, ua, fa) copyout(ri[0:R], ru[0:R], rf[0:R], rp[0:R])
  for (int r = 0; r < R; r++) {
    int si = 0, pi = 1;
    unsigned su = 0;
    float sf = 0;
    const int *row = ia + off + (long)r * n;
#pragma acc loop vector reduction(+:si, su, sf) reduction(*:pi) /* accgpu-expect-note: 4 loads of this reducing vector loop read four iterations at once */
    for (int k = 0; k < n; k++) {
      si += row[k];
      su += ua[off + r * n + k];
      sf += fa[off + r * n + k];
      pi *= 1 - 2 * (row[k] & 1);
    }
    ri[r] = si;
    ru[r] = su;
    rf[r] = sf;
    rp[r] = pi;
  }
}

/* Dot products of rows of fa and fb. */
static void dots(int n, float *res)
{
#pragma acc parallel loop gang copyin(fa, fb) copyout(res[0:R])
  for (int r = 0; r < R; r++) {
    float s = 0;
#pragma acc loop vector reduction(+:s) /* accgpu-expect-note: 2 loads of this reducing vector loop */
    for (int k = 0; k < n; k++)
      s += fa[r * n + k] * fb[r * n + k];
    res[r] = s;
  }
}

/* A sparse product: row r holds columns col[] with values val[] (CSR:
   bounds read from start[], left plain, as short sparse rows are), and the
   same rows padded to W entries each (ELLPACK: wide, beside the gather). */
static void spmv(const int *start, const int *col, const float *val,
                 const float *x, int nnz, float *y)
{
#pragma acc parallel loop gang copyin(start[0:R + 1], col[0:nnz], \
    val[0:nnz], x[0:MAXN]) copyout(y[0:R])
  for (int r = 0; r < R; r++) {
    float s = 0;
#pragma acc loop vector reduction(+:s)
    for (int k = start[r]; k < start[r + 1]; k++)
      s += val[k] * x[col[k]];
    y[r] = s;
  }
}

static void spmv_ell(int w, const int *col, const float *val,
                     const float *x, float *y)
{
#pragma acc parallel loop gang copyin(col[0:R * w], val[0:R * w], \
    x[0:MAXN]) copyout(y[0:R])
  for (int r = 0; r < R; r++) {
    float s = 0;
#pragma acc loop vector reduction(+:s) /* accgpu-expect-note: 2 loads of this reducing vector loop */
    for (int k = 0; k < w; k++)
      s += val[r * w + k] * x[col[r * w + k]];
    y[r] = s;
  }
}

/* Loops that stay plain: a member, a step of 2, doubles; and a static
   array indexed by the loop (wide). */
static void plain_ones(int n, long long *m, long long *st, double *d,
                       long long *s)
{
  long long mm = 0, ss = 0, aa = 0;
  double dd = 0;
#pragma acc parallel num_gangs(1) vector_length(128) copyin(pts, ia, da, sa)
  {
#pragma acc loop vector reduction(+:mm)
    for (int k = 0; k < n; k++)
      mm += pts[k].y;
#pragma acc loop vector reduction(+:ss)
    for (int k = 0; k < 2 * n; k += 2)
      ss += ia[k];
#pragma acc loop vector reduction(+:dd)
    for (int k = 0; k < n; k++)
      dd += da[k];
#pragma acc loop vector reduction(+:aa) /* accgpu-expect-note: 1 load of this reducing vector loop */
    for (int k = 0; k < n; k++)
      aa += sa[k];
  }
  *m = mm;
  *st = ss;
  *d = dd;
  *s = aa;
}

/* Row r of ia from column 64 / m (a division of two values the loop does
   not change): with no trips (cnt 0) and m 0 nothing divides, as in the
   source; the loop's test of the addresses runs only when it has trips. */
static void offset_rows(int cnt, int m, long long *res)
{
#pragma acc parallel loop gang copyin(ia) copyout(res[0:R])
  for (int r = 0; r < R; r++) {
    long long s = 0;
#pragma acc loop vector reduction(+:s) /* accgpu-expect-note: 1 load of this reducing vector loop */
    for (int k = 0; k < cnt; k++)
      s += ia[r * MAXN + 64 / m + k];
    res[r] = s;
  }
}

/* Largest |fa - 1| per row (fmaxf, fabsf: math calls in the loop), and
   largest ia per row (a ?: GCC folds to MAX_EXPR). */
static void norms(int n, float *fm, int *im)
{
#pragma acc parallel loop gang copyin(fa, ia) copyout(fm[0:R], im[0:R])
  for (int r = 0; r < R; r++) {
    float m = 0;
    int mi = -1000;
#pragma acc loop vector reduction(max:m, mi) /* accgpu-expect-note: 2 loads of this reducing vector loop */
    for (int k = 0; k < n; k++) {
      m = fmaxf(m, fabsf(fa[r * n + k] - 1.0f));
      mi = ia[r * n + k] > mi ? ia[r * n + k] : mi;
    }
    fm[r] = m;
    im[r] = mi;
  }
}

static void check_rows(int n, int off)
{
  long long ri[R];
  unsigned ru[R];
  float rf[R];
  int rp[R];
  row_sums(n, off, ri, ru, rf, rp);
  for (int r = 0; r < R; r++) {
    int ei = 0, ep = 1;
    unsigned eu = 0;
    double ef = 0;
    for (int k = 0; k < n; k++) {
      long e = off + (long)r * n + k;
      ei += ia[e];
      eu += ua[e];
      ef += fa[e];
      ep *= (ia[e] & 1) ? -1 : 1;
    }
    char what[64];
    snprintf(what, sizeof what, "n %d off %d row %d: int sum", n, off, r);
    CHECK_INT(what, ri[r], ei);
    snprintf(what, sizeof what, "n %d off %d row %d: unsigned sum", n, off, r);
    CHECK_INT(what, ru[r], eu);
    snprintf(what, sizeof what, "n %d off %d row %d: float sum", n, off, r);
    CHECK_ABS(what, rf[r], ef, 1e-4 * (fabs(ef) + 1));
    snprintf(what, sizeof what, "n %d off %d row %d: product", n, off, r);
    CHECK_INT(what, rp[r], ep);
  }
}

int main(void)
{
  for (int e = 0; e < R * MAXN + 4; e++) {
    ia[e] = (e * 37) % 101 - 50;
    ua[e] = 4000000000u / 1000 * (unsigned)(e % 13);
    fa[e] = (float)((e * 7) % 19) * 0.125f;
    fb[e] = (float)((e * 5) % 11) - 5.0f;
    da[e] = e * 0.5;
  }
  for (int k = 0; k < MAXN; k++) {
    pts[k].x = -k;
    pts[k].y = k % 9;
    sa[k] = k % 17 - 8;
  }
  /* Aligned and not, tails of 0-3, rows shorter than a group per lane. */
  static const int ns[] = {2048, 2049, 2050, 2051, 1000, 300, 255, 3, 0};
  for (unsigned i = 0; i < sizeof ns / sizeof ns[0]; i++)
    for (int off = 0; off < 4; off += 1)
      check_rows(ns[i], off);

  long long orow[R];
  offset_rows(0, 0, orow);
  for (int r = 0; r < R; r++)
    CHECK_INT("row of no trips", orow[r], 0);
  offset_rows(1900, 16, orow);
  for (int r = 0; r < R; r++) {
    long long e = 0;
    for (int k = 0; k < 1900; k++)
      e += ia[r * MAXN + 4 + k];
    CHECK_INT("row from column 4", orow[r], e);
  }

  float fm[R];
  int im[R];
  norms(2000, fm, im);
  for (int r = 0; r < R; r++) {
    float em = 0;
    int ei = -1000;
    for (int k = 0; k < 2000; k++) {
      em = fmaxf(em, fabsf(fa[r * 2000 + k] - 1.0f));
      ei = ia[r * 2000 + k] > ei ? ia[r * 2000 + k] : ei;
    }
    CHECK_REAL("largest |fa - 1|", fm[r], em, 0);
    CHECK_INT("largest ia", im[r], ei);
  }

  float res[R];
  dots(2000, res);
  for (int r = 0; r < R; r++) {
    double e = 0;
    for (int k = 0; k < 2000; k++)
      e += (double)fa[r * 2000 + k] * fb[r * 2000 + k];
    CHECK_ABS("dot product", res[r], e, 1e-4 * (fabs(e) + 1));
  }

  /* Rows of 1500 + 3r nonzeros starting anywhere (aligned or not). */
  static int start[R + 1], col[R * MAXN];
  static float val[R * MAXN], x[MAXN];
  int nnz = 0;
  for (int r = 0; r < R; r++) {
    start[r] = nnz;
    for (int k = 0; k < 1500 + 3 * r; k++, nnz++) {
      col[nnz] = (k * 13 + r) % MAXN;
      val[nnz] = (float)(k % 5) - 2.0f;
    }
  }
  start[R] = nnz;
  for (int c = 0; c < MAXN; c++)
    x[c] = (float)(c % 7) * 0.5f;
  float y[R];
  spmv(start, col, val, x, nnz, y);
  for (int r = 0; r < R; r++) {
    double e = 0;
    for (int k = start[r]; k < start[r + 1]; k++)
      e += (double)val[k] * x[col[k]];
    CHECK_ABS("sparse row product", y[r], e, 1e-4 * (fabs(e) + 1));
  }

  /* The same rows in ELLPACK form, padded with zeros to the longest. */
  int w = 1500 + 3 * (R - 1);
  static int ecol[R * MAXN];
  static float eval[R * MAXN];
  for (int r = 0; r < R; r++)
    for (int k = 0; k < w; k++) {
      int in = start[r] + k < start[r + 1];
      ecol[r * w + k] = in ? col[start[r] + k] : 0;
      eval[r * w + k] = in ? val[start[r] + k] : 0.0f;
    }
  float ye[R];
  spmv_ell(w, ecol, eval, x, ye);
  for (int r = 0; r < R; r++) {
    double e = 0;
    for (int k = start[r]; k < start[r + 1]; k++)
      e += (double)val[k] * x[col[k]];
    CHECK_ABS("ELLPACK row product", ye[r], e, 1e-4 * (fabs(e) + 1));
  }

  long long m, st, s;
  double d;
  plain_ones(MAXN, &m, &st, &d, &s);
  long long em = 0, est = 0, es = 0;
  double ed = 0;
  for (int k = 0; k < MAXN; k++) {
    em += pts[k].y;
    est += ia[2 * k];
    ed += da[k];
    es += sa[k];
  }
  CHECK_INT("member sum", m, em);
  CHECK_INT("step-2 sum", st, est);
  CHECK_REAL("double sum", d, ed, 1e-12);
  CHECK_INT("static array sum", s, es);
  return e2e_done();
}
