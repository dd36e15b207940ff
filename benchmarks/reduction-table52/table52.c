/* table52.c — the reduction cases of seed 001 Table 5.2 (table52.h), built
 * with the plugin, beside the hand-written kernels of table52.cu, both
 * results checked against a serial reference.  On the emulator: per case the
 * counters of one block (the most any block had) of each, and the goals.  On
 * an NVIDIA GPU (ACC_DEVICE_TYPE=nvidia): per case the time of each, the best
 * of TABLE52_REPS runs (default 10), and their ratio.
 *
 *   table52 [L1 L2]   reducing trip counts (default 4096 16384 on the
 *                     emulator, the seed's 65536 1048576 on a GPU;
 *                     TABLE52_TRIPS="L1 L2" does the same)
 *   TABLE52_GEOM="G W V"  gangs, workers, vector length (default 192 8 128)
 *
 * Goals per block (issue #12): at most one atomic, the same barriers at
 * both trip counts, no more shared or global accesses than the hand-written
 * kernel (counted at L2); on a GPU, at most 1.2x the hand-written time. */
#include <openacc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "accgpu_abi.h"
#include "table52.h"

/* libaccgpu's emulator counters (runtime/emulator/emu.h). */
enum { C_BAR, C_ROWBAR, C_WSYNC, C_SHFL, C_VOTE, C_ATOM, C_SHLD, C_SHST,
       C_GLLD, C_GLST, C_N };
typedef struct counts { uint64_t v[C_N]; } counts;
void accgpu_emu_count_set(int on);
int accgpu_emu_counts_last(counts *tot, counts *max, uint64_t *blocks);

extern const unsigned char t52_image[], t52_image_end[];
extern const char t52_ptx[]; /* NUL-terminated; empty without the toolkit */
static int t52_gpu, t52_reps = 1; /* timing on a GPU, timed runs per kernel */
static const char *const pos_name[P_N] = {"gang", "worker", "vector", "gw",
                                          "wv", "gwv", "same"};
static const char *const ty_name[3] = {"int", "float", "double"};
static const char *const op_name[2] = {"+", "*"};
int t52_ng = 192, t52_nw = 8, t52_nv = 128;

/* The 42 hand-written kernels, in (type, op, position) order. */
#define KN(sfx, op, p) {"t52_" #p "_" #op "_" #sfx, NULL, 7, sz7, NULL, 0, NULL, 0, NULL}
#define KPOS(sfx, op) KN(sfx, op, gang), KN(sfx, op, worker), KN(sfx, op, vector), \
    KN(sfx, op, gw), KN(sfx, op, wv), KN(sfx, op, gwv), KN(sfx, op, same)
static const uint32_t sz7[7] = {8, 8, 8, 8, 8, 8, 8};
static const __accgpu_kernel hk[42] = {KPOS(i, add), KPOS(i, mul), KPOS(f, add),
                                       KPOS(f, mul), KPOS(d, add), KPOS(d, mul)};
static void *hcache;
static __accgpu_module hmod = {ACCGPU_ABI_VERSION, 42, hk,
                               "benchmarks/reduction-table52/table52.cu",
                               NULL, NULL, NULL, 0, &hcache, NULL, 0, 0, NULL};
static const __accgpu_loc hloc = {"benchmarks/reduction-table52/table52.cu",
                                  "t52", "hand-written", 1, 1};

/* Input element E of the case's array: small integers for +, +-1 for *,
   so every order of combining gives the exact serial result. */
static double elem(int op, long e) {
  uint32_t h = (uint32_t)e * 2654435761u;
  return op == 0 ? (double)((h >> 13) % 7) : ((h >> 17) & 1) ? -1.0 : 1.0;
}

/* Serial reference: the scalar S and the per-iteration results RES. */
static void reference(int p, int op, const double *in, long ni, long nj,
                      long nk, double *s, double *res, long *nres) {
  double id = op ? 1 : 0;
  *s = id;
  *nres = 0;
#define COMB(a, b) ((a) = op ? (a) * (b) : (a) + (b))
  if (p == P_GANG || p == P_GW)
    for (long i = 0; i < ni; i++)
      for (long j = 0; j < (p == P_GW ? nj : 1); j++)
        COMB(*s, in[(i * nj + j) * nk]);
  if (p == P_GWV || p == P_SAME)
    for (long e = 0; e < ni * nj * nk; e++)
      COMB(*s, in[e]);
  if (p == P_WORKER || p == P_WV)
    for (long i = 0; i < ni; i++, ++*nres) {
      res[i] = id;
      for (long j = 0; j < nj; j++)
        for (long k = 0; k < (p == P_WV ? nk : 1); k++)
          COMB(res[i], in[(i * nj + j) * nk + k]);
    }
  if (p == P_VECTOR)
    for (long r = 0; r < ni * nj; r++, ++*nres) {
      res[r] = id;
      for (long k = 0; k < nk; k++)
        COMB(res[r], in[r * nk + k]);
    }
#undef COMB
}

/* ---- The OpenACC side: the seven positions for type T and operator OP
   (named OPN), identity ID.  Each returns the scalar result (positions
   with a gang reduction) and leaves per-iteration results in RES. ---- */
#define P_(x) _Pragma(#x)
#define GEOM num_gangs(t52_ng) num_workers(t52_nw) vector_length(t52_nv)
#define IX(i, j, k) (((i) * nj + (j)) * nk + (k))
#define COPY_VEC(i, j)                                                        \
  P_(acc loop vector) for (long k = 0; k < nk; k++) out[IX(i, j, k)] =        \
      2 * in[IX(i, j, k)];
#define ACC_CASES(T, sfx, OPN, OP, ID)                                        \
  static T a_gang_##OPN##_##sfx(const T *in, T *out, T *res, long ni,        \
                                long nj, long nk) {                           \
    T s = ID;                                                                 \
    long n = ni * nj * nk;                                                    \
    (void)res;                                                                \
    P_(acc parallel loop gang reduction(OP:s) GEOM present(in[0:n], out[0:n]))\
    for (long i = 0; i < ni; i++) {                                           \
      P_(acc loop worker) for (long j = 0; j < nj; j++) { COPY_VEC(i, j) }    \
      s = s OP in[IX(i, 0, 0)];                                               \
    }                                                                         \
    return s;                                                                 \
  }                                                                           \
  static T a_worker_##OPN##_##sfx(const T *in, T *out, T *res, long ni,      \
                                  long nj, long nk) {                         \
    long n = ni * nj * nk;                                                    \
    P_(acc parallel loop gang GEOM present(in[0:n], out[0:n], res[0:ni]))     \
    for (long i = 0; i < ni; i++) {                                           \
      T s = ID;                                                               \
      P_(acc loop worker reduction(OP:s)) for (long j = 0; j < nj; j++) {     \
        COPY_VEC(i, j)                                                        \
        s = s OP in[IX(i, j, 0)];                                             \
      }                                                                       \
      res[i] = s;                                                             \
    }                                                                         \
    return ID;                                                                \
  }                                                                           \
  static T a_vector_##OPN##_##sfx(const T *in, T *out, T *res, long ni,      \
                                  long nj, long nk) {                         \
    long n = ni * nj * nk;                                                    \
    (void)out;                                                                \
    P_(acc parallel loop gang GEOM present(in[0:n], res[0:ni * nj]))          \
    for (long i = 0; i < ni; i++) {                                           \
      P_(acc loop worker) for (long j = 0; j < nj; j++) {                     \
        T s = ID;                                                             \
        P_(acc loop vector reduction(OP:s))                                   \
        for (long k = 0; k < nk; k++) s = s OP in[IX(i, j, k)];               \
        res[i * nj + j] = s;                                                  \
      }                                                                       \
    }                                                                         \
    return ID;                                                                \
  }                                                                           \
  static T a_gw_##OPN##_##sfx(const T *in, T *out, T *res, long ni, long nj, \
                              long nk) {                                      \
    T s = ID;                                                                 \
    long n = ni * nj * nk;                                                    \
    (void)res;                                                                \
    P_(acc parallel loop gang reduction(OP:s) GEOM present(in[0:n], out[0:n]))\
    for (long i = 0; i < ni; i++) {                                           \
      P_(acc loop worker reduction(OP:s)) for (long j = 0; j < nj; j++) {     \
        COPY_VEC(i, j)                                                        \
        s = s OP in[IX(i, j, 0)];                                             \
      }                                                                       \
    }                                                                         \
    return s;                                                                 \
  }                                                                           \
  static T a_wv_##OPN##_##sfx(const T *in, T *out, T *res, long ni, long nj, \
                              long nk) {                                      \
    long n = ni * nj * nk;                                                    \
    (void)out;                                                                \
    P_(acc parallel loop gang GEOM present(in[0:n], res[0:ni]))               \
    for (long i = 0; i < ni; i++) {                                           \
      T s = ID;                                                               \
      P_(acc loop worker reduction(OP:s)) for (long j = 0; j < nj; j++) {     \
        P_(acc loop vector reduction(OP:s))                                   \
        for (long k = 0; k < nk; k++) s = s OP in[IX(i, j, k)];               \
      }                                                                       \
      res[i] = s;                                                             \
    }                                                                         \
    return ID;                                                                \
  }                                                                           \
  static T a_gwv_##OPN##_##sfx(const T *in, T *out, T *res, long ni, long nj,\
                               long nk) {                                     \
    T s = ID;                                                                 \
    long n = ni * nj * nk;                                                    \
    (void)out, (void)res;                                                     \
    P_(acc parallel loop gang reduction(OP:s) GEOM present(in[0:n]))          \
    for (long i = 0; i < ni; i++) {                                           \
      P_(acc loop worker reduction(OP:s)) for (long j = 0; j < nj; j++) {     \
        P_(acc loop vector reduction(OP:s))                                   \
        for (long k = 0; k < nk; k++) s = s OP in[IX(i, j, k)];               \
      }                                                                       \
    }                                                                         \
    return s;                                                                 \
  }                                                                           \
  static T a_same_##OPN##_##sfx(const T *in, T *out, T *res, long ni,        \
                                long nj, long nk) {                           \
    T s = ID;                                                                 \
    long n = ni * nj * nk;                                                    \
    (void)out, (void)res;                                                     \
    P_(acc parallel loop gang worker vector reduction(OP:s) GEOM present(in[0:n]))\
    for (long e = 0; e < n; e++) s = s OP in[e];                              \
    return s;                                                                 \
  }                                                                           \
  static T (*const acc_##OPN##_##sfx[P_N])(const T *, T *, T *, long, long,  \
                                           long) = {                          \
      a_gang_##OPN##_##sfx, a_worker_##OPN##_##sfx, a_vector_##OPN##_##sfx,   \
      a_gw_##OPN##_##sfx,   a_wv_##OPN##_##sfx,     a_gwv_##OPN##_##sfx,      \
      a_same_##OPN##_##sfx};

ACC_CASES(int, i, add, +, 0)
ACC_CASES(int, i, mul, *, 1)
ACC_CASES(float, f, add, +, 0.0f)
ACC_CASES(float, f, mul, *, 1.0f)
ACC_CASES(double, d, add, +, 0.0)
ACC_CASES(double, d, mul, *, 1.0)

/* ---- One case: both kernels, their counts and results. ---- */
typedef struct run {
  counts acc, hand;  /* the most of one block */
  int ok_acc, ok_hand;
  double t_acc, t_hand; /* seconds, best of t52_reps */
} run;

static double t52_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static void t52_best(double *best, double t0) {
  double t = t52_now() - t0;
  if (t < *best)
    *best = t;
}

static int same_result(double got, double want) { return got == want; }

/* Runs case (P, OP) of type T (suffix SFX, type index TY) at trip count L:
   IN/OUT/RES are T arrays already present on the device. */
#define RUN_CASE(T, sfx)                                                      \
  static void run_##sfx(int p, int op, long L, const double *ind, T *in,     \
                        T *out, T *res, run *r) {                             \
    long ni, nj, nk, nres;                                                    \
    double sref, rref[64];                                                    \
    uint64_t blocks;                                                          \
    counts tot;                                                               \
    t52_dims(p, L, &ni, &nj, &nk);                                            \
    reference(p, op, ind, ni, nj, nk, &sref, rref, &nres);                    \
    T s = 0;                                                                  \
    r->t_acc = r->t_hand = 1e30;                                              \
    for (int rep = 0; rep < t52_reps; rep++) {                                \
      double t0 = t52_now();                                                  \
      s = (op ? acc_mul_##sfx : acc_add_##sfx)[p](in, out, res, ni, nj, nk);  \
      t52_best(&r->t_acc, t0);                                                \
    }                                                                         \
    accgpu_emu_counts_last(&tot, &r->acc, &blocks);                           \
    P_(acc update self(res[0:64]))                                            \
    r->ok_acc = nres ? 1 : same_result(s, sref);                              \
    for (long q = 0; q < nres; q++)                                           \
      r->ok_acc &= same_result(res[q], rref[q]);                              \
    T init = op ? 1 : 0;                                                      \
    T *ds = acc_malloc(sizeof(T));                                            \
    memset(res, 0, 64 * sizeof(T));                                           \
    P_(acc update device(res[0:64]))                                          \
    void *dres = acc_deviceptr(res), *dout = acc_deviceptr(out);              \
    void *din = acc_deviceptr(in);                                            \
    void *args[7] = {&ds, &dres, &dout, &din, &ni, &nj, &nk};                 \
    __accgpu_dim3 g = {(uint32_t)t52_ng, 1, 1};                               \
    __accgpu_dim3 b = {(uint32_t)t52_nv, (uint32_t)t52_nw, 1};                \
    for (int rep = 0; rep < t52_reps; rep++) { /* as the region does */      \
      double t0 = t52_now();                                                  \
      acc_memcpy_to_device(ds, &init, sizeof(T));                             \
      __accgpu_launch(&hloc, &hmod, kidx(sfx_ty_##sfx, op, p), g, b, 0,       \
                      acc_async_sync, args);                                  \
      acc_memcpy_from_device(&s, ds, sizeof(T));                              \
      t52_best(&r->t_hand, t0);                                               \
    }                                                                         \
    accgpu_emu_counts_last(&tot, &r->hand, &blocks);                          \
    acc_free(ds);                                                             \
    P_(acc update self(res[0:64]))                                            \
    r->ok_hand = nres ? 1 : same_result(s, sref);                             \
    for (long q = 0; q < nres; q++)                                           \
      r->ok_hand &= same_result(res[q], rref[q]);                             \
  }
enum { sfx_ty_i, sfx_ty_f, sfx_ty_d };
static unsigned kidx(int ty, int op, int p) {
  return (unsigned)((ty * 2 + op) * P_N + p);
}
RUN_CASE(int, i)
RUN_CASE(float, f)
RUN_CASE(double, d)

/* ---- Report. ---- */
static int wrong; /* cases with a wrong result: the exit status says so */
static uint64_t bars(const counts *c) { return c->v[C_BAR] + c->v[C_ROWBAR]; }
static uint64_t sh(const counts *c) { return c->v[C_SHLD] + c->v[C_SHST]; }
static uint64_t gl(const counts *c) { return c->v[C_GLLD] + c->v[C_GLST]; }

static void print_counts(const counts *c) {
  printf(" %3llu %5llu %4llu %2llu %5llu/%-4llu %8llu/%-7llu|",
         (unsigned long long)c->v[C_BAR], (unsigned long long)c->v[C_ROWBAR],
         (unsigned long long)c->v[C_SHFL], (unsigned long long)c->v[C_ATOM],
         (unsigned long long)c->v[C_SHLD], (unsigned long long)c->v[C_SHST],
         (unsigned long long)c->v[C_GLLD], (unsigned long long)c->v[C_GLST]);
}

/* One line: counts at L2 of both kernels, then the goals; returns the
   number of goals missed (a wrong result counts too). */
/* On a GPU: times at L2 and their ratio, the goal 1.2x. */
static int report_times(int p, int ty, int op, const run *r1, const run *r2) {
  int miss = 0;
  double ratio = r2->t_acc / r2->t_hand;
  printf("%-6s %-6s %s | %10.1f %10.1f %6.2f", pos_name[p], ty_name[ty],
         op_name[op], 1e6 * r2->t_acc, 1e6 * r2->t_hand, ratio);
  if (!r1->ok_acc || !r2->ok_acc)
    printf(" WRONG(accgpu)"), miss++, wrong++;
  if (!r1->ok_hand || !r2->ok_hand)
    printf(" WRONG(hand)"), miss++, wrong++;
  if (ratio > 1.2)
    printf(" slower>1.2x"), miss++;
  printf("%s\n", miss ? "" : " ok");
  return miss;
}

static int report(int p, int ty, int op, const run *r1, const run *r2) {
  int miss = 0;
  if (t52_gpu)
    return report_times(p, ty, op, r1, r2);
  printf("%-6s %-6s %s |", pos_name[p], ty_name[ty], op_name[op]);
  print_counts(&r2->acc);
  print_counts(&r2->hand);
  if (!r1->ok_acc || !r2->ok_acc)
    printf(" WRONG(accgpu)"), miss++, wrong++;
  if (!r1->ok_hand || !r2->ok_hand)
    printf(" WRONG(hand)"), miss++, wrong++;
  if (r2->acc.v[C_ATOM] > 1)
    printf(" atomics>1"), miss++;
  if (bars(&r1->acc) != bars(&r2->acc))
    printf(" barriers %llu->%llu", (unsigned long long)bars(&r1->acc),
           (unsigned long long)bars(&r2->acc)), miss++;
  if (sh(&r2->acc) > sh(&r2->hand))
    printf(" shared>hand"), miss++;
  if (gl(&r2->acc) > gl(&r2->hand))
    printf(" global>hand"), miss++;
  printf("%s\n", miss ? "" : " ok");
  return miss;
}

static long arg_long(const char *s, const char *what) {
  char *end;
  long v = strtol(s, &end, 10);
  if (*end || v < 1024 || v % 1024) {
    fprintf(stderr, "table52: %s '%s': a multiple of 1024 expected\n", what, s);
    exit(2);
  }
  return v;
}

/* The cases of type T (index TY). */
#define RUN_TYPE(T, sfx, ty)                                                  \
  static int type_##sfx(long L1, long L2, double *ind) {                     \
    long n = 64 * L2;                                                         \
    int missed = 0;                                                           \
    T *in = malloc(n * sizeof(T)), *out = malloc(n * sizeof(T));              \
    T *res = calloc(64, sizeof(T));                                           \
    P_(acc enter data create(in[0:n], out[0:n], res[0:64]))                   \
    for (int op = 0; op < 2; op++) {                                          \
      for (long e = 0; e < n; e++)                                            \
        in[e] = (T)(ind[e] = elem(op, e));                                    \
      P_(acc update device(in[0:n]))                                          \
      for (int p = 0; p < P_N; p++) {                                         \
        run r1, r2;                                                           \
        run_##sfx(p, op, L1, ind, in, out, res, &r1);                         \
        run_##sfx(p, op, L2, ind, in, out, res, &r2);                         \
        missed += report(p, ty, op, &r1, &r2) != 0;                           \
      }                                                                       \
    }                                                                         \
    P_(acc exit data delete(in[0:n], out[0:n], res[0:64]))                    \
    free(in), free(out), free(res);                                           \
    return missed;                                                            \
  }
RUN_TYPE(int, i, 0)
RUN_TYPE(float, f, 1)
RUN_TYPE(double, d, 2)

int main(int argc, char **argv) {
  t52_gpu = acc_get_device_type() == acc_device_nvidia;
  long L1 = t52_gpu ? 65536 : 4096, L2 = t52_gpu ? 1048576 : 16384;
  const char *trips = getenv("TABLE52_TRIPS"), *geom = getenv("TABLE52_GEOM");
  char a[32] = "", b[32] = "";
  if (argc == 3)
    L1 = arg_long(argv[1], "L1"), L2 = arg_long(argv[2], "L2");
  else if (trips && sscanf(trips, "%31s %31s", a, b) == 2)
    L1 = arg_long(a, "L1"), L2 = arg_long(b, "L2");
  if (geom && sscanf(geom, "%d %d %d", &t52_ng, &t52_nw, &t52_nv) != 3) {
    fprintf(stderr, "table52: TABLE52_GEOM='%s': \"gangs workers vector\"\n",
            geom);
    return 2;
  }
  if (t52_gpu) {
    if (!t52_ptx[0]) {
      printf("table52: built without the CUDA toolkit: no GPU kernels to time\n");
      return 0;
    }
    const char *reps = getenv("TABLE52_REPS");
    t52_reps = reps ? atoi(reps) : 10;
    if (t52_reps < 1) {
      fprintf(stderr, "table52: TABLE52_REPS='%s': a positive count\n", reps);
      return 2;
    }
    hmod.ptx = t52_ptx;
    printf("Seed 001 Table 5.2 reductions on the GPU: %d gangs, %d workers, "
           "vector %d; reducing trips %ld and %ld\n"
           "microseconds at %ld trips (best of %d, the region or the launch "
           "with its scalar's copies)\n%-15s | %10s %10s %6s | goals\n",
           t52_ng, t52_nw, t52_nv, L1, L2, L2, t52_reps, "case", "accgpu",
           "hand", "ratio");
  } else if (acc_get_device_type() == acc_device_emulator) {
    hmod.emu_image = t52_image;
    hmod.emu_image_size = (size_t)(t52_image_end - t52_image);
    accgpu_emu_count_set(1);
    printf("Seed 001 Table 5.2 reductions on the emulator: %d gangs, %d "
           "workers, vector %d; reducing trips %ld and %ld\n"
           "per block (the most of any block), at %ld trips: bar rowbar shfl "
           "atom sh.ld/st gl.ld/st\n%-15s |%-46s|%-46s| goals\n",
           t52_ng, t52_nw, t52_nv, L1, L2, L2, "case", " accgpu",
           " hand-written");
  } else {
    printf("table52: counts need the emulator (ACC_DEVICE_TYPE=emulator), "
           "times an NVIDIA GPU\n");
    return 0;
  }
  double *ind = malloc(64 * L2 * sizeof *ind);
  int missed = type_i(L1, L2, ind) + type_f(L1, L2, ind) + type_d(L1, L2, ind);
  free(ind);
  printf("%d of 42 cases meet every goal; %d wrong results\n", 42 - missed,
         wrong);
  return wrong != 0;
}
