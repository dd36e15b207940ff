/* compute_const_locals.c — C locals of every kind inside compute regions
 * and routines: `const` scalars (computed, and constant), initialized
 * arrays (`double w[3] = {...}`, `const int tab[] = {...}`, one large
 * enough for GCC to copy it from a constant), the same name declared in
 * nested blocks with other types and values, `static const` scalars,
 * tables, 2-D tables, structs and strings (in the region, in the function
 * around it, at file scope).  In parallel loops, kernels, serial, and
 * routine seq and vector.  Every value equals a serial computation
 * written without those declarations. */
#include "e2e.h"

#define N 300
#define BIG 80

struct coef {
  int k;
  double w;
  short s[2];
};

static const double gtab[4] = {0.5, 1.5, 2.5, 3.5}; /* file scope */
#pragma acc declare copyin(gtab)

static double a[N], out[N], ref[N];

/* The serial reference: plain arithmetic, no tables. */
static double expect(int i) {
  double d = 0.5 * a[i];
  double w = (double)(i % 3 + 1);                 /* w[3] = {1,2,3} */
  int tab = (i % 5) * 2 + 1;                      /* {1,3,5,7,9} */
  int big = ((i % BIG) * 7) % 11;                 /* big[] */
  double inner = 2.5 * i + 7;                     /* shadowing */
  double st = (i % 3 == 1 ? 0.5 : 0.25) + 3 + 0.125 + (i % 2 ? 9 : 8) +
              (i % 2 ? 4 + (i % 3) : 1 + (i % 3)) + "acc"[i % 3];
  return d * 3 + w + tab + big + inner + (i % 7) + st + (i % 4 + 0.5) +
         (double)(i % 4) * 0.25;
}

/* The body every construct runs, as a macro so that each has its own
   declarations. */
#define BODY(i)                                                                \
  {                                                                            \
    const double d = 0.5 * a[i];                                               \
    const int c = 3;                                                           \
    double w[3] = {1, 2, 3};                                                   \
    const int tab[] = {1, 3, 5, 7, 9};                                         \
    const int big[BIG] = BIG_INIT;                                             \
    static const double half[3] = {0.25, 0.5, 0.25};                           \
    static const struct coef cf = {3, 0.125, {8, 9}};                          \
    static const int t2[2][3] = {{1, 2, 3}, {4, 5, 6}};                        \
    static const char name[4] = "acc";                                         \
    static const int seven = 7;                                                \
    double r = d * c + w[(i) % 3] + tab[(i) % 5] + big[(i) % BIG];             \
    {                                                                          \
      int x = (i) % seven;                                                     \
      {                                                                        \
        double x = 2.5 * (i);                                                  \
        {                                                                      \
          const long x = 7;                                                    \
          r += x;                                                              \
        }                                                                      \
        r += x;                                                                \
      }                                                                        \
      r += x;                                                                  \
    }                                                                          \
    r += half[(i) % 3] + cf.k + cf.w + cf.s[(i) % 2] + t2[(i) % 2][(i) % 3] +  \
         name[(i) % 3];                                                        \
    r += gtab[(i) % 4] + quarter[(i) % 4];                                     \
    out[i] = r;                                                                \
  }

/* ((k * 7) % 11) for k = 0..79 */
#define BIG_INIT                                                               \
  {0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1,               \
   8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9,               \
   5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6,               \
   2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3}

/* The routines' parameters A and OUT stand for the arrays. */
#pragma acc routine seq
static void body_seq(const double *a, double *out, int i) {
  static const double quarter[4] = {0.0, 0.25, 0.5, 0.75};
  BODY(i)
}

#pragma acc routine vector
static void body_vector(const double *a, double *out, int lo, int hi) {
  static const double quarter[4] = {0.0, 0.25, 0.5, 0.75};
#pragma acc loop vector
  for (int i = lo; i < hi; i++)
    BODY(i)
}

static void check(const char *what) {
  for (int i = 0; i < N; i++) {
    CHECK_REAL(what, out[i], ref[i], 1e-15);
    out[i] = -1.0;
  }
}

int main(void) {
  static const double quarter[4] = {0.0, 0.25, 0.5, 0.75}; /* function scope */
  for (int i = 0; i < N; i++)
    a[i] = (i * 37 % 101) * 0.5;
  for (int i = 0; i < N; i++)
    ref[i] = expect(i);

#pragma acc data copyin(a) copy(out)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      BODY(i)
#pragma acc update self(out)
    check("parallel loop");
#pragma acc update device(out)

#pragma acc kernels
    {
#pragma acc loop independent
      for (int i = 0; i < N; i++)
        BODY(i)
    }
#pragma acc update self(out)
    check("kernels");
#pragma acc update device(out)

#pragma acc serial
    {
      for (int i = 0; i < N; i++)
        BODY(i)
    }
#pragma acc update self(out)
    check("serial");
#pragma acc update device(out)

#pragma acc parallel loop gang
    for (int i = 0; i < N; i++)
      body_seq(a, out, i);
#pragma acc update self(out)
    check("routine seq");
#pragma acc update device(out)

#pragma acc parallel loop gang
    for (int g = 0; g < N; g += 50)
      body_vector(a, out, g, g + 50);
#pragma acc update self(out)
    check("routine vector");
  }
  return e2e_done();
}
