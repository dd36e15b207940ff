/* loop_private_scalars.c — scalars declared outside a compute region that
 * each iteration of an acc loop assigns before it reads them are private
 * to the iterations (as NVHPC makes them), although GCC maps them for an
 * inner loop's reduction (parallel) or as kernels scalars: a CSR sparse
 * matrix-vector product (rows of varying length, some empty) with the row
 * sum reset in the gang loop and reduced by an inner worker/vector loop,
 * in separate and same-line `parallel loop` forms, in a time loop, and two
 * such regions sharing the scalar in one; the same at worker and vector
 * level, in kernels (a pointer too), for every C scalar type.
 * Kept shared: a reduction on the gang loop or the construct, a scalar
 * read before it is assigned, one only read, and one whose last value is
 * used after the region.  Every result equals the serial computation; the
 * accgpu-expect-note comments check what was privatized. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"
#include <stdbool.h>

#define ROWS 700
#define MAXLEN 40
#define NNZ (ROWS * MAXLEN)

static int rowstr[ROWS + 1], col[NNZ];
static double a[NNZ], x[ROWS], q[ROWS], ref[ROWS];
static unsigned seed = 12345u;

#define PRAGMA(x) _Pragma(#x)
/* Row j of a CSR product into S, S reduced by a LEVEL loop over terms
   TERM (of k). */
#define CSR_ROW(S, LEVEL, TERM)                                                \
  S = 0.0;                                                                     \
  PRAGMA(acc loop LEVEL reduction(+:S))                                        \
  for (int k = rowstr[j]; k < rowstr[j + 1]; k++)                              \
    S += TERM;

static unsigned lcg(void) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 8) & 0xffffu;
}

/* Rows of 0..MAXLEN entries (every 7th empty); values are multiples of
   1/4 and 1/2, so every sum is exact in any order. */
static void make_matrix(void) {
  int nnz = 0;
  for (int j = 0; j < ROWS; j++) {
    rowstr[j] = nnz;
    int len = j % 7 == 3 ? 0 : (int)(lcg() % (MAXLEN + 1));
    for (int k = 0; k < len; k++, nnz++) {
      col[nnz] = (int)(lcg() % ROWS);
      a[nnz] = (double)((int)(lcg() % 17) - 8) * 0.25;
    }
  }
  rowstr[ROWS] = nnz;
  for (int j = 0; j < ROWS; j++)
    x[j] = (double)(j % 13) * 0.5;
}

static void serial_spmv(void) {
  for (int j = 0; j < ROWS; j++) {
    double s = 0.0;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      s += a[k] * x[col[k]];
    ref[j] = s;
  }
}

static void check_q(const char *what) {
  for (int j = 0; j < ROWS; j++)
    CHECK_REAL(what, q[j], ref[j], 0);
  for (int j = 0; j < ROWS; j++)
    q[j] = -1.0;
}

/* The shape: construct and gang loop on separate lines. */
static void spmv_gangs(int n, int nnz) {
  double sum;
  int j, k;
#pragma acc parallel num_gangs(n) copyin(rowstr[0:n+1], col[0:nnz], a[0:nnz], x[0:n]) copyout(q[0:n])
#pragma acc loop gang /* accgpu-expect-note: .sum. is private to each iteration */
  for (j = 0; j < n; j++) {
    sum = 0.0;
#pragma acc loop worker vector reduction(+:sum)
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      sum += a[k] * x[col[k]];
    q[j] = sum;
  }
}

/* Same-line form, in a time loop with a construct reduction of the same
   variable after it (its first use after the spmv is an assignment). */
static double spmv_steps(int n, int nnz, int steps) {
  double sum = 0.0, total = 0.0;
  for (int t = 0; t < steps; t++) {
#pragma acc parallel loop gang copyin(rowstr[0:n+1], col[0:nnz], a[0:nnz], x[0:n]) copyout(q[0:n]) /* accgpu-expect-note: .sum. is private */
    for (int j = 0; j < n; j++) {
      CSR_ROW(sum, vector, a[k] * x[col[k]])
      q[j] = sum;
    }
    sum = 0.0;
#pragma acc parallel loop reduction(+:sum) copyin(q[0:n])
    for (int j = 0; j < n; j++)
      sum += q[j];
    total += sum;
  }
  return total;
}

/* Two such regions in a time loop, sharing the scalar: each reaches the
   other and itself again, neither reading the value the other leaves. */
static void spmv_twice(int n, int nnz, int steps, double *q2) {
  double sum;
  for (int t = 0; t < steps; t++) {
#pragma acc parallel loop gang copyin(rowstr[0:n+1], col[0:nnz], a[0:nnz], x[0:n]) copyout(q[0:n]) /* accgpu-expect-note: .sum. is private */
    for (int j = 0; j < n; j++) {
      CSR_ROW(sum, vector, a[k] * x[col[k]])
      q[j] = sum;
    }
#pragma acc parallel loop gang copyin(rowstr[0:n+1], a[0:nnz]) copyout(q2[0:n]) /* accgpu-expect-note: .sum. is private */
    for (int j = 0; j < n; j++) {
      CSR_ROW(sum, vector, a[k])
      q2[j] = sum;
    }
  }
}

#define NI 24
#define NJ 40
#define NK 33
/* out[i][j] = the sum over k, in S reduced by a LEVEL loop. */
#define ROW3(S, LEVEL)                                                         \
  S = 0.0;                                                                     \
  PRAGMA(acc loop LEVEL reduction(+:S))                                        \
  for (int k = 0; k < NK; k++)                                                 \
    S += m3[i][j][k];                                                          \
  out[i][j] = S;
static double m3[NI][NJ][NK], out[NI][NJ], rout[NI][NJ];

static void serial_rows(void) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      double s = 0.0;
      for (int k = 0; k < NK; k++)
        s += m3[i][j][k];
      rout[i][j] = s;
    }
}

static void check_out(const char *what) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      CHECK_REAL(what, out[i][j], rout[i][j], 0);
      out[i][j] = -1.0;
    }
}

/* Worker level: the scalar lives in the worker loop only. */
static void rows_worker(void) {
  double t;
#pragma acc parallel loop gang copyin(m3) copyout(out)
  for (int i = 0; i < NI; i++) {
#pragma acc loop worker /* accgpu-expect-note: .t. is private to each iteration */
    for (int j = 0; j < NJ; j++) {
      ROW3(t, vector)
    }
  }
}

/* Vector level: a sequential reduction loop inside a vector loop. */
static void rows_vector(void) {
  double u;
#pragma acc parallel loop gang copyin(m3) copyout(out)
  for (int i = 0; i < NI; i++) {
#pragma acc loop vector /* accgpu-expect-note: .u. is private to each iteration */
    for (int j = 0; j < NJ; j++) {
      ROW3(u, seq)
    }
  }
}

/* kernels: scalars and a pointer set per iteration, an inner plain loop's
   index declared outside; each goes to the innermost loop holding all its
   references. */
static void rows_kernels(void) {
  double v, base;
  const double *row;
  int k;
#pragma acc kernels copyin(m3) copyout(out)
  {
#pragma acc loop independent /* accgpu-expect-note: .base. is private to each iteration */
    for (int i = 0; i < NI; i++) {
      base = (double)i;
#pragma acc loop independent /* accgpu-expect-note: .row. is private to each iteration */
      for (int j = 0; j < NJ; j++) {
        row = m3[i][j];
        v = 0.0;
        for (k = 0; k < NK; k++)
          v += row[k];
        out[i][j] = (v + base) - base;
      }
    }
  }
}

/* One function per C scalar type: the row sum reset in a gang loop and
   reduced by a vector loop (OP: + for numbers, || for _Bool). */
#define TN 300
#define TM 21
#define TYPED_ROWS(T, NAME, OP, INIT)                                          \
  static void NAME(const int *in, long long *res) {                           \
    T s;                                                                       \
    PRAGMA(acc parallel loop gang copyin(in[0:TN*TM]) copyout(res[0:TN]))     \
    for (int i = 0; i < TN; i++) {                                             \
      s = INIT;                                                                \
      PRAGMA(acc loop vector reduction(OP:s))                                  \
      for (int k = 0; k < TM; k++)                                             \
        s = s OP(T)in[i * TM + k];                                             \
      res[i] = (long long)s;                                                   \
    }                                                                          \
  }
TYPED_ROWS(char, rows_char, +, 1)
TYPED_ROWS(signed char, rows_schar, +, -1)
TYPED_ROWS(unsigned char, rows_uchar, +, 2)
TYPED_ROWS(short, rows_short, +, -3)
TYPED_ROWS(unsigned short, rows_ushort, +, 3)
TYPED_ROWS(int, rows_int, +, -4)
TYPED_ROWS(unsigned, rows_uint, +, 4)
TYPED_ROWS(long, rows_long, +, -5)
TYPED_ROWS(unsigned long, rows_ulong, +, 5)
TYPED_ROWS(long long, rows_llong, +, -6)
TYPED_ROWS(unsigned long long, rows_ullong, +, 6)
TYPED_ROWS(float, rows_float, +, 0.5f)
TYPED_ROWS(double, rows_double, +, -0.5)
TYPED_ROWS(_Bool, rows_bool, ||, 0)

static void check_types(void) {
  static int in[TN * TM];
  static long long res[TN];
  for (int n = 0; n < TN * TM; n++)
    in[n] = (n * 7) % 5 == 0 ? 0 : (n % 4); /* row sums <= 63 */
  for (int n = 0; n < TN * TM; n++)
    if (n / TM % 3 == 0)
      in[n] = 0; /* rows of zeros for _Bool */
#define CHECK_TYPE(NAME, INIT, BOOL)                                           \
  do {                                                                         \
    NAME(in, res);                                                             \
    for (int i = 0; i < TN; i++) {                                             \
      long long want = (long long)(INIT);                                      \
      for (int k = 0; k < TM; k++)                                             \
        want = BOOL ? (want || in[i * TM + k]) : want + in[i * TM + k];        \
      CHECK_INT(#NAME, res[i], want);                                          \
    }                                                                          \
  } while (0)
  CHECK_TYPE(rows_char, 1, 0);
  CHECK_TYPE(rows_schar, -1, 0);
  CHECK_TYPE(rows_uchar, 2, 0);
  CHECK_TYPE(rows_short, -3, 0);
  CHECK_TYPE(rows_ushort, 3, 0);
  CHECK_TYPE(rows_int, -4, 0);
  CHECK_TYPE(rows_uint, 4, 0);
  CHECK_TYPE(rows_long, -5, 0);
  CHECK_TYPE(rows_ulong, 5, 0);
  CHECK_TYPE(rows_llong, -6, 0);
  CHECK_TYPE(rows_ullong, 6, 0);
  CHECK_TYPE(rows_bool, 0, 1);
  /* float and double: INIT +- 0.5 plus an integer sum, kept exactly */
  rows_float(in, res);
  for (int i = 0; i < TN; i++) {
    double want = 0.5;
    for (int k = 0; k < TM; k++)
      want += in[i * TM + k];
    CHECK_INT("rows_float", res[i], (long long)want);
  }
  rows_double(in, res);
  for (int i = 0; i < TN; i++) {
    double want = -0.5;
    for (int k = 0; k < TM; k++)
      want += in[i * TM + k];
    CHECK_INT("rows_double", res[i], (long long)want);
  }
}

/* What stays shared. */
static void kept_shared(int n, int nnz) {
  double tot = 0.0, rtot = 0.0, csum = 0.0, rc = 0.0, last = -1.0;
  double scale = 2.0, carry = 1.0, rcarry = 1.0;
  /* a reduction on the gang loop, read after the region */
#pragma acc parallel loop gang reduction(+:tot) copyin(x[0:n])
  for (int j = 0; j < n; j++)
    tot += x[j];
  for (int j = 0; j < n; j++)
    rtot += x[j];
  CHECK_REAL("gang-loop reduction", tot, rtot, 0);
  /* a construct reduction */
#pragma acc parallel reduction(+:csum) copyin(x[0:n])
  {
#pragma acc loop gang vector
    for (int j = 0; j < n; j++)
      csum += 2.0 * x[j];
  }
  CHECK_REAL("construct reduction", csum, 2.0 * rtot, 0);
  /* read before it is assigned: a real dependence, one sequential loop */
#pragma acc kernels copyin(x[0:n]) copyout(q[0:n])
  {
#pragma acc loop seq
    for (int j = 0; j < n; j++) {
      carry = carry * 0.5 + x[j] * scale; /* scale: only read */
      q[j] = carry;
    }
  }
  for (int j = 0; j < n; j++) {
    rcarry = rcarry * 0.5 + x[j] * 2.0;
    CHECK_REAL("carried scalar", q[j], rcarry, 1e-15);
  }
  CHECK_REAL("carried scalar after", carry, rcarry, 1e-15);
  /* assigned first in each iteration, but its last value is used after
     the region: one gang, so that value is the last row's */
#pragma acc parallel num_gangs(1) copyin(rowstr[0:n+1], col[0:nnz], a[0:nnz], x[0:n]) copyout(q[0:n])
#pragma acc loop gang /* accgpu-expect-note: .rc. is assigned before it is read.*used after the region */
  for (int j = 0; j < n; j++) {
    CSR_ROW(rc, vector, a[k] * x[col[k]])
    q[j] = rc;
  }
  last = rc;
  check_q("spmv, last value kept");
  CHECK_REAL("last value", last, ref[n - 1], 0);
}

int main(void) {
  make_matrix();
  serial_spmv();
  int nnz = rowstr[ROWS];
  spmv_gangs(ROWS, nnz);
  check_q("spmv, gang loop");
  double total = spmv_steps(ROWS, nnz, 3), rtotal = 0.0;
  check_q("spmv, parallel loop");
  for (int j = 0; j < ROWS; j++)
    rtotal += ref[j];
  CHECK_REAL("spmv total", total, 3.0 * rtotal, 0);
  static double q2[ROWS];
  spmv_twice(ROWS, nnz, 2, q2);
  check_q("spmv, two regions in a loop");
  for (int j = 0; j < ROWS; j++) {
    double s = 0.0;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      s += a[k];
    CHECK_REAL("row sums, two regions in a loop", q2[j], s, 0);
  }

  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        m3[i][j][k] = (double)((i * 31 + j * 7 + k * 3) % 19) * 0.5;
  serial_rows();
  rows_worker();
  check_out("worker level");
  rows_vector();
  check_out("vector level");
  rows_kernels();
  check_out("kernels");
  check_types();
  kept_shared(ROWS, nnz);
  return e2e_done();
}
