/* table52-acc.h — the OpenACC side of the Table 5.2 reductions (table52.h
 * gives the loops): one source for every compiler that times it, accgpu's
 * plugin (table52.c) and GCC's own -foffload=nvptx-none (table52-gomp.c).
 * For type T and operator OP (named OPN), identity ID, the seven positions
 * acc_OPN_SFX[P]; each returns the scalar result (positions with a gang
 * reduction) and leaves per-iteration results in RES.  IN, OUT and RES are
 * present on the device. */
#ifndef TABLE52_ACC_H
#define TABLE52_ACC_H 1

#include "table52.h"

/* Gangs, workers, vector length of every region (TABLE52_GEOM). */
static int t52_ng = 192, t52_nw = 8, t52_nv = 128;

#define P_(x) _Pragma(#x)
/* GCC's nvptx offloading takes a vector length only as a constant (it
   ignores a run-time one and uses 32): its build fixes one (table52-gomp.c). */
#ifdef T52_VECTOR_LENGTH
#define T52_VL T52_VECTOR_LENGTH
#else
#define T52_VL t52_nv
#endif
#define GEOM num_gangs(t52_ng) num_workers(t52_nw) vector_length(T52_VL)
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

#endif
