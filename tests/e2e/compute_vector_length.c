/* compute_vector_length.c — vector lengths above 32 together with workers:
 * a worker's vector lanes then span several warps (named barriers, and
 * reductions that combine the warps through shared memory).  Vector-single
 * code and worker-private arrays inside worker loops, vector reductions of
 * several types and operators, vector(n) on a loop, lengths that are not a
 * multiple of 32, lengths whose blocks would exceed 1024 threads, an atomic
 * capture in vector-single code, and worker/vector routines.  Every result
 * is compared with a serial computation. */
#include "e2e.h"

#define NI 7
#define NJ 9
#define NK 300
#define NT 100 /* worker-private: 32 copies must fit in 16 KiB */
static int a[NI * NJ * NK], out[NI * NJ], first[NI * NJ];
static double dout[NI * NJ];
static float fmx[NI * NJ];
static long long lmn[NI * NJ];
static unsigned uand[NI * NJ];
static int lor[NI * NJ], seen[NI * NJ * NK];

static int val(int n) { return (n * 37) % 211 - 100; }

/* Worker-private array, vector-single stores, a vector reduction. */
static void private_and_single(void) {
#pragma acc parallel num_gangs(4) num_workers(3) vector_length(128) \
    copyin(a) copyout(out, first)
  {
#pragma acc loop gang
    for (int i = 0; i < NI; i++) {
#pragma acc loop worker
      for (int j = 0; j < NJ; j++) {
        int tmp[NT];
        int s = 0;
        first[i * NJ + j] = a[(i * NJ + j) * NK] + j; /* vector-single */
#pragma acc loop vector
        for (int k = 0; k < NT; k++)
          tmp[k] = a[(i * NJ + j) * NK + k] * 2;
        /* reads other lanes' elements: needs the worker's barrier */
#pragma acc loop vector reduction(+:s)
        for (int k = 0; k < NK; k++)
          s += tmp[(k + 1) % NT] * (k % 5) + tmp[(k + 50) % NT];
        out[i * NJ + j] = s;
      }
    }
  }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      const int *r = &a[(i * NJ + j) * NK];
      int s = 0;
      for (int k = 0; k < NK; k++)
        s += 2 * r[(k + 1) % NT] * (k % 5) + 2 * r[(k + 50) % NT];
      CHECK_INT("private+single sum", out[i * NJ + j], s);
      CHECK_INT("vector-single store", first[i * NJ + j], r[0] + j);
    }
}

/* Vector reductions of several types inside a gang-worker loop; the
   vector length and workers are only known at run time here. */
static void typed_run(int vl, int nw) {
#pragma acc parallel loop gang worker num_workers(nw) vector_length(vl) \
    copyin(a) copyout(out, dout, fmx, lmn, uand, lor)
  for (int ij = 0; ij < NI * NJ; ij++) {
    int s = 0, o = 0;
    double d = 0;
    float m = -1e30f;
    long long l = 1LL << 40;
    unsigned u = ~0u;
#pragma acc loop vector reduction(+:s) reduction(+:d) reduction(max:m) \
    reduction(min:l) reduction(&:u) reduction(||:o)
    for (int k = 0; k < NK; k++) {
      int v = a[ij * NK + k];
      s += v;
      d += v * 0.5;
      m = m > (float)v * 1.5f ? m : (float)v * 1.5f;
      l = l < (long long)v * 1000003 ? l : (long long)v * 1000003;
      u &= (unsigned)(v + 1000) | (k == ij % NK ? 0u : 0x100u);
      o = o || v == 99 + ij % 3;
    }
    out[ij] = s;
    dout[ij] = d;
    fmx[ij] = m;
    lmn[ij] = l;
    uand[ij] = u;
    lor[ij] = o;
  }
}

static void check_typed(const char *what) {
  for (int ij = 0; ij < NI * NJ; ij++) {
    int s = 0, o = 0;
    double d = 0;
    float m = -1e30f;
    long long l = 1LL << 40;
    unsigned u = ~0u;
    for (int k = 0; k < NK; k++) {
      int v = a[ij * NK + k];
      s += v;
      d += v * 0.5;
      m = m > (float)v * 1.5f ? m : (float)v * 1.5f;
      l = l < (long long)v * 1000003 ? l : (long long)v * 1000003;
      u &= (unsigned)(v + 1000) | (k == ij % NK ? 0u : 0x100u);
      o = o || v == 99 + ij % 3;
    }
    CHECK_INT(what, out[ij], s);
    CHECK_REAL(what, dout[ij], d, 1e-12);
    CHECK_REAL(what, fmx[ij], m, 0);
    CHECK_INT(what, lmn[ij], l);
    CHECK_INT(what, uand[ij], u);
    CHECK_INT(what, lor[ij], o);
  }
}

static void typed_reductions(void) {
  typed_run(64, 4);
  check_typed("vector_length(64)");
  typed_run(256, 3);
  check_typed("vector_length(256)");
  typed_run(48, 5); /* runs as 64: whole warps per worker */
  check_typed("vector_length(48)");
  typed_run(1000, 4); /* 1024 lanes: one worker fits */
  check_typed("vector_length(1000)");
  typed_run(64, 16); /* at most 15 workers of 2 warps */
  check_typed("num_workers(16) vector_length(64)");
  typed_run(32, 6);
  check_typed("vector_length(32)");
}

/* vector(n) on the loop sizes the launch (an argument OpenACC allows in
   kernels regions); default workers with a long vector (4 x 512 would
   exceed 1024 threads). */
static void loop_vector_arg(void) {
#pragma acc kernels loop gang copyin(a) copyout(out)
  for (int i = 0; i < NI; i++) {
#pragma acc loop worker(2)
    for (int j = 0; j < NJ; j++) {
      int mx = -1000;
#pragma acc loop vector(96) reduction(max:mx)
      for (int k = 0; k < NK; k++)
        mx = mx > a[(i * NJ + j) * NK + k] * (k % 7)
                 ? mx : a[(i * NJ + j) * NK + k] * (k % 7);
      out[i * NJ + j] = mx;
    }
  }
  for (int ij = 0; ij < NI * NJ; ij++) {
    int mx = -1000;
    for (int k = 0; k < NK; k++)
      mx = mx > a[ij * NK + k] * (k % 7) ? mx : a[ij * NK + k] * (k % 7);
    CHECK_INT("vector(96) max", out[ij], mx);
  }
#pragma acc parallel loop gang worker vector_length(512) copyin(a) \
    copyout(dout)
  for (int ij = 0; ij < NI * NJ; ij++) {
    double d = 0;
#pragma acc loop vector reduction(+:d)
    for (int k = 0; k < NK; k++)
      d += a[ij * NK + k] * 0.25;
    dout[ij] = d;
  }
  for (int ij = 0; ij < NI * NJ; ij++) {
    double d = 0;
    for (int k = 0; k < NK; k++)
      d += a[ij * NK + k] * 0.25;
    CHECK_REAL("vector_length(512) default workers", dout[ij], d, 1e-12);
  }
}

/* A vector loop outside worker loops in a kernel with workers: every
   worker runs it (worker-redundant); plus a worker loop after it. */
static void redundant_vector_loop(void) {
#pragma acc parallel loop gang num_workers(4) vector_length(128) copyin(a) \
    copyout(out, first)
  for (int i = 0; i < NI; i++) {
    int s = 0;
#pragma acc loop vector reduction(+:s)
    for (int k = 0; k < NJ * NK; k++)
      s += a[i * NJ * NK + k];
    out[i] = s;
#pragma acc loop worker
    for (int j = 0; j < NJ; j++)
      first[i * NJ + j] = s + j;
  }
  for (int i = 0; i < NI; i++) {
    int s = 0;
    for (int k = 0; k < NJ * NK; k++)
      s += a[i * NJ * NK + k];
    CHECK_INT("worker-redundant vector sum", out[i], s);
    for (int j = 0; j < NJ; j++)
      CHECK_INT("worker loop after it", first[i * NJ + j], s + j);
  }
}

/* atomic capture in vector-single code of a worker loop: every lane of the
   worker must see the value its worker captured. */
static void capture_in_worker(void) {
  int counter = 0;
#pragma acc parallel loop gang num_workers(4) vector_length(96) \
    copy(counter) copyout(seen)
  for (int i = 0; i < NI; i++) {
#pragma acc loop worker
    for (int j = 0; j < NJ; j++) {
      int t;
#pragma acc atomic capture
      t = counter++;
#pragma acc loop vector
      for (int k = 0; k < NK; k++)
        seen[(i * NJ + j) * NK + k] = t;
    }
  }
  CHECK_INT("capture count", counter, NI * NJ);
  static int hit[NI * NJ];
  for (int ij = 0; ij < NI * NJ; ij++) {
    int t = seen[ij * NK];
    CHECK_TRUE("captured value in range", t >= 0 && t < NI * NJ);
    if (t >= 0 && t < NI * NJ)
      hit[t]++;
    for (int k = 1; k < NK; k++)
      CHECK_INT("lanes agree on the captured value", seen[ij * NK + k], t);
  }
  for (int t = 0; t < NI * NJ; t++)
    CHECK_INT("each value captured once", hit[t], 1);
}

#pragma acc routine vector
static int row_dot(const int *row, int n, int *last) {
  int s = 0;
#pragma acc loop vector reduction(+:s)
  for (int k = 0; k < n; k++)
    s += row[k] * (k % 3 - 1);
  *last = s + 1; /* vector-single store in the routine */
  return s;
}

#pragma acc routine worker
static void all_rows(const int *m, int *res, int *last) {
#pragma acc loop worker
  for (int j = 0; j < NJ; j++)
    res[j] = row_dot(&m[j * NK], NK, &last[j]);
}

static void routines(void) {
#pragma acc parallel loop gang num_workers(3) vector_length(160) copyin(a) \
    copyout(out, first)
  for (int i = 0; i < NI; i++)
    all_rows(&a[i * NJ * NK], &out[i * NJ], &first[i * NJ]);
  for (int ij = 0; ij < NI * NJ; ij++) {
    int s = 0;
    for (int k = 0; k < NK; k++)
      s += a[ij * NK + k] * (k % 3 - 1);
    CHECK_INT("vector routine in a worker routine", out[ij], s);
    CHECK_INT("routine's vector-single store", first[ij], s + 1);
  }
}

int main(void) {
  for (int n = 0; n < NI * NJ * NK; n++)
    a[n] = val(n);
  private_and_single();
  typed_reductions();
  loop_vector_arg();
  redundant_vector_loop();
  capture_in_worker();
  routines();
  return e2e_done();
}
