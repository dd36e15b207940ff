/* table52-run.h — what the programs timing the Table 5.2 reductions share
 * (table52.c with accgpu's plugin, table52-gomp.c with GCC's own
 * offloading): the inputs, the serial reference, the timed run of an
 * OpenACC case and its check, the options, the loop over the cases.
 * Included once, by the program's one source file. */
#ifndef TABLE52_RUN_H
#define TABLE52_RUN_H 1

#include <openacc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "table52-acc.h"

static const char *t52_prog = "table52"; /* names the program in errors */
static int t52_reps = 1;                 /* timed runs per kernel */
static const char *const pos_name[P_N] = {"gang", "worker", "vector", "gw",
                                          "wv", "gwv", "same"};
static const char *const ty_name[3] = {"int", "float", "double"};
static const char *const op_name[2] = {"+", "*"};


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

/* A case at one trip count: its extents and reference results. */
typedef struct t52_case {
  long ni, nj, nk, nres;
  double s, r[64];
} t52_case;

static void t52_case_init(t52_case *c, int p, int op, long L,
                          const double *ind) {
  t52_dims(p, L, &c->ni, &c->nj, &c->nk);
  reference(p, op, ind, c->ni, c->nj, c->nk, &c->s, c->r, &c->nres);
}

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

/* For type T: t52_ok_SFX, whether a kernel's results (the scalar S, or the
   per-iteration results in RES, on the host) are C's; t52_acc_SFX, the
   OpenACC case (P, OP) run t52_reps times, the best time in *BEST, its
   results checked (IN/OUT/RES present on the device). */
#define T52_ACC_RUN(T, sfx)                                                   \
  static int t52_ok_##sfx(const t52_case *c, T s, const T *res) {            \
    int ok = c->nres ? 1 : same_result(s, c->s);                              \
    for (long q = 0; q < c->nres; q++)                                        \
      ok &= same_result(res[q], c->r[q]);                                     \
    return ok;                                                                \
  }                                                                           \
  static int t52_acc_##sfx(int p, int op, const t52_case *c, T *in, T *out,  \
                           T *res, double *best) {                            \
    T s = 0;                                                                  \
    *best = 1e30;                                                             \
    for (int rep = 0; rep < t52_reps; rep++) {                                \
      double t0 = t52_now();                                                  \
      s = (op ? acc_mul_##sfx : acc_add_##sfx)[p](in, out, res, c->ni, c->nj, \
                                                  c->nk);                     \
      t52_best(best, t0);                                                     \
    }                                                                         \
    P_(acc update self(res[0:64]))                                            \
    return t52_ok_##sfx(c, s, res);                                           \
  }
T52_ACC_RUN(int, i)
T52_ACC_RUN(float, f)
T52_ACC_RUN(double, d)

static long arg_long(const char *s, const char *what) {
  char *end;
  long v = strtol(s, &end, 10);
  if (*end || v < 1024 || v % 1024) {
    fprintf(stderr, "%s: %s '%s': a multiple of 1024 expected\n", t52_prog,
            what, s);
    exit(2);
  }
  return v;
}

/* The trip counts (defaults L1, L2; arguments or TABLE52_TRIPS) and the
   geometry (TABLE52_GEOM); exits 2 on a bad one. */
static void t52_options(int argc, char **argv, long *L1, long *L2) {
  const char *trips = getenv("TABLE52_TRIPS"), *geom = getenv("TABLE52_GEOM");
  char a[32] = "", b[32] = "";
  if (argc == 3)
    *L1 = arg_long(argv[1], "L1"), *L2 = arg_long(argv[2], "L2");
  else if (trips && sscanf(trips, "%31s %31s", a, b) == 2)
    *L1 = arg_long(a, "L1"), *L2 = arg_long(b, "L2");
  if (geom && sscanf(geom, "%d %d %d", &t52_ng, &t52_nw, &t52_nv) != 3) {
    fprintf(stderr, "%s: TABLE52_GEOM='%s': \"gangs workers vector\"\n",
            t52_prog, geom);
    exit(2);
  }
}

/* Timed runs per kernel on a GPU: TABLE52_REPS (default 10); exits 2 on a
   bad count. */
static void t52_reps_option(void) {
  const char *reps = getenv("TABLE52_REPS");
  t52_reps = reps ? atoi(reps) : 10;
  if (t52_reps < 1) {
    fprintf(stderr, "%s: TABLE52_REPS='%s': a positive count\n", t52_prog,
            reps);
    exit(2);
  }
}

/* type_SFX: the cases of type T (index TY), each at trip counts L1 and L2
   through the program's run_SFX, reported by its report(); returns the
   number of cases that missed a goal. */
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

#endif
