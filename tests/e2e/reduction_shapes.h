/* reduction_shapes.h — the body of reduction_shapes_*.c: one reduction
 * operator (OPTOK, combining like OPF) on type T at each position of the
 * seed's Table 5.2 (gang, worker, vector, gang worker, worker vector, gang
 * worker vector, same line), run on block shapes that are not powers of two
 * (vector_length 96, 40, 33, 1; num_workers 3, 1, 5; partial warps
 * included), against the same nests run serially.  Variables start at a
 * non-identity value that must take part.  The including file defines T
 * once, then, before each inclusion, OPTOK, OPF(a, b), INIT, VAL(k), NAME
 * and OPNAME (the suffix of this inclusion's functions: run_OPNAME()). */
#ifndef REDUCTION_SHAPES_H
#define REDUCTION_SHAPES_H 1
#include "e2e.h"

#define NK 6
#define NJ 10
#define NI 50
#define NT (NK * NJ * NI)
#define PR(x) _Pragma(#x)
#define AT(k, j, i) in[((k) * NJ + (j)) * NI + (i)]

static T in[NT];
static int out[NT];
static T rk[NK], rkj[NK * NJ], wk[NK], wkj[NK * NJ];

#define GEOM num_gangs(g) num_workers(w) vector_length(v)
#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define FN(x) CAT(x, OPNAME)
#endif

/* gang: the gang loop reduces; its worker and vector loops just work. */
static T FN(pos_gang)(int g, int w, int v) {
  T r = INIT;
  PR(acc parallel GEOM copyin(in) create(out) reduction(OPTOK:r))
  {
    PR(acc loop gang reduction(OPTOK:r))
    for (int k = 0; k < NK; k++) {
      PR(acc loop worker)
      for (int j = 0; j < NJ; j++) {
        PR(acc loop vector)
        for (int i = 0; i < NI; i++)
          out[(k * NJ + j) * NI + i] = (int)AT(k, j, i);
      }
      r = OPF(r, AT(k, 1, 2));
    }
  }
  return r;
}

/* worker (into rk) and vector (into rkj) reductions per gang iteration. */
static void FN(pos_worker_vector_rows)(int g, int w, int v) {
  PR(acc parallel GEOM copyin(in) copyout(rk, rkj))
  {
    PR(acc loop gang)
    for (int k = 0; k < NK; k++) {
      T rw = INIT;
      PR(acc loop worker reduction(OPTOK:rw))
      for (int j = 0; j < NJ; j++) {
        T rv = INIT;
        PR(acc loop vector reduction(OPTOK:rv))
        for (int i = 0; i < NI; i++)
          rv = OPF(rv, AT(k, j, i));
        rkj[k * NJ + j] = rv;
        rw = OPF(rw, AT(k, j, 3));
      }
      rk[k] = rw;
    }
  }
}

/* gang worker: the gang and worker loops reduce one variable. */
static T FN(pos_gang_worker)(int g, int w, int v) {
  T r = INIT;
  PR(acc parallel GEOM copyin(in) create(out) reduction(OPTOK:r))
  {
    PR(acc loop gang reduction(OPTOK:r))
    for (int k = 0; k < NK; k++) {
      PR(acc loop worker reduction(OPTOK:r))
      for (int j = 0; j < NJ; j++) {
        PR(acc loop vector)
        for (int i = 0; i < NI; i++)
          out[(k * NJ + j) * NI + i] = (int)AT(k, j, i);
        r = OPF(r, AT(k, j, 4));
      }
    }
  }
  return r;
}

/* worker vector: one variable over the worker and vector loops (wk), and
   the same with the clause on the worker loop only (wkj[0..NK-1]). */
static void FN(pos_wv)(int g, int w, int v) {
  PR(acc parallel GEOM copyin(in) copyout(wk, wkj))
  {
    PR(acc loop gang)
    for (int k = 0; k < NK; k++) {
      T r = INIT, q = INIT;
      PR(acc loop worker reduction(OPTOK:r) reduction(OPTOK:q))
      for (int j = 0; j < NJ; j++) {
        PR(acc loop vector reduction(OPTOK:r))
        for (int i = 0; i < NI; i++)
          r = OPF(r, AT(k, j, i));
        PR(acc loop vector)
        for (int i = 0; i < NI; i++)
          q = OPF(q, AT(k, j, i));
      }
      wk[k] = r;
      wkj[k] = q;
    }
  }
}

/* gang worker vector: every loop of the nest reduces one variable. */
static T FN(pos_gwv)(int g, int w, int v) {
  T r = INIT;
  PR(acc parallel GEOM copyin(in) reduction(OPTOK:r))
  {
    PR(acc loop gang reduction(OPTOK:r))
    for (int k = 0; k < NK; k++) {
      PR(acc loop worker reduction(OPTOK:r))
      for (int j = 0; j < NJ; j++) {
        PR(acc loop vector reduction(OPTOK:r))
        for (int i = 0; i < NI; i++)
          r = OPF(r, AT(k, j, i));
      }
    }
  }
  return r;
}

/* same line: one loop over gangs, workers and vector lanes. */
static T FN(pos_same_line)(int g, int w, int v) {
  T r = INIT;
  PR(acc parallel loop gang worker vector GEOM copyin(in) reduction(OPTOK:r))
  for (int k = 0; k < NT; k++)
    r = OPF(r, in[k]);
  return r;
}

static void FN(check_shape)(int g, int w, int v) {
  T all = INIT, gang = INIT, gw = INIT;
  for (int k = 0; k < NT; k++)
    all = OPF(all, in[k]);
  for (int k = 0; k < NK; k++) {
    gang = OPF(gang, AT(k, 1, 2));
    for (int j = 0; j < NJ; j++)
      gw = OPF(gw, AT(k, j, 4));
  }
  char what[96];
  snprintf(what, sizeof what, NAME " gang %d,%d,%d", g, w, v);
  CHECK_REAL(what, FN(pos_gang)(g, w, v), gang, 0);
  snprintf(what, sizeof what, NAME " gang worker %d,%d,%d", g, w, v);
  CHECK_REAL(what, FN(pos_gang_worker)(g, w, v), gw, 0);
  snprintf(what, sizeof what, NAME " gang worker vector %d,%d,%d", g, w, v);
  CHECK_REAL(what, FN(pos_gwv)(g, w, v), all, 0);
  snprintf(what, sizeof what, NAME " same line %d,%d,%d", g, w, v);
  CHECK_REAL(what, FN(pos_same_line)(g, w, v), all, 0);
  FN(pos_worker_vector_rows)(g, w, v);
  FN(pos_wv)(g, w, v);
  for (int k = 0; k < NK; k++) {
    T rw = INIT, r = INIT;
    for (int j = 0; j < NJ; j++) {
      T rv = INIT;
      for (int i = 0; i < NI; i++) {
        rv = OPF(rv, AT(k, j, i));
        r = OPF(r, AT(k, j, i));
      }
      snprintf(what, sizeof what, NAME " vector %d,%d,%d", g, w, v);
      CHECK_REAL(what, rkj[k * NJ + j], rv, 0);
      rw = OPF(rw, AT(k, j, 3));
    }
    snprintf(what, sizeof what, NAME " worker %d,%d,%d", g, w, v);
    CHECK_REAL(what, rk[k], rw, 0);
    snprintf(what, sizeof what, NAME " worker vector %d,%d,%d", g, w, v);
    CHECK_REAL(what, wk[k], r, 0);
    snprintf(what, sizeof what, NAME " worker (outer clause) %d,%d,%d", g, w,
             v);
    CHECK_REAL(what, wkj[k], r, 0);
  }
}

static void FN(run)(void) {
  for (int k = 0; k < NT; k++)
    in[k] = VAL(k);
  static const int shapes[][3] = {{5, 3, 96}, {3, 1, 40}, {2, 5, 40},
                                  {7, 3, 33}, {4, 1, 1}, {1, 1, 96}};
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    FN(check_shape)(shapes[s][0], shapes[s][1], shapes[s][2]);
}
