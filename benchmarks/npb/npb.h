/* npb.h — what the five NPB kernels share: the class letter, the NPB random
 * number generator, a wall-clock timer and the closing report.
 *
 * The generator is the one NPB specifies: x_{k+1} = a * x_k mod 2^46 with
 * a = 5^13, and the value handed out is x_{k+1} * 2^-46.  NPB describes it in
 * double precision arithmetic split into 23-bit halves; we keep the state as an
 * exact 46-bit integer, which gives bit-identical numbers and lets a kernel
 * jump ahead n steps with a^n mod 2^46 (binary powering).  All five
 * benchmarks use a = 5^13.
 *
 * Everything here is header-only so that each benchmark is one translation
 * unit and the same source builds serially, with GCC's OpenACC and with the
 * accgpu plugin.                                                           */
#ifndef NPB_H
#define NPB_H 1

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The OpenMP equivalent of the OpenACC construct just above it: the
   gcc -fopenmp build (make bench compares accgpu's multicore device with
   it) sees only these, the other builds only the OpenACC ones. */
#ifdef _OPENMP
#define NPB_OMP(directive) _Pragma(#directive)
#else
#define NPB_OMP(directive)
#endif

#define NPB_MULT   UINT64_C(1220703125)   /* 5^13 */
#define NPB_SEED   UINT64_C(314159265)
#define NPB_MASK46 ((UINT64_C(1) << 46) - 1)
#define NPB_MASK23 ((UINT64_C(1) << 23) - 1)

/* The generator is written as macros, not functions: compute regions then
   need no `#pragma acc routine` (the benchmarks exercise loops, data and
   reductions, and build with compilers whose routine support lags).
   Arguments are evaluated more than once: pass plain variables. */

/* a * x mod 2^46 for a, x < 2^46.  Both are split in 23-bit halves so every
   partial product fits in 64 bits: the high*high term vanishes mod 2^46 and
   the cross terms only matter mod 2^23. */
#define NPB_LO23(v) ((v) & NPB_MASK23)
#define NPB_MUL46(a, x)                                                      \
  (((NPB_LO23(((a) >> 23) * NPB_LO23(x) + NPB_LO23(a) * ((x) >> 23)) << 23) + \
    NPB_LO23(a) * NPB_LO23(x)) & NPB_MASK46)

/* Advances the uint64_t state x by one step of 5^13 and yields the new value
   in (0, 1): NPB's randlc(&x, 5^13). */
#define NPB_RANDLC(x) ((x) = NPB_MUL46(NPB_MULT, (x)), (double)(x) * 0x1p-46)

/* Sets r to the state NPB's stream from `seed` reaches after n steps
   (seed * 5^(13 n) mod 2^46), by binary powering: the next NPB_RANDLC(r)
   yields the stream's (n+1)-th number. */
#define NPB_SKIP(r, seed, n)                                              \
  do {                                                                    \
    uint64_t npb_a_ = NPB_MULT, npb_n_ = (n), npb_p_ = 1;                 \
    while (npb_n_ != 0) {                                                 \
      if (npb_n_ & 1)                                                     \
        npb_p_ = NPB_MUL46(npb_p_, npb_a_);                               \
      npb_a_ = NPB_MUL46(npb_a_, npb_a_);                                 \
      npb_n_ >>= 1;                                                       \
    }                                                                     \
    (r) = NPB_MUL46(npb_p_, (seed));                                      \
  } while (0)

/* Under -DNPB_NEGATIVE_CONTROL (test.sh's negative control only) each
   benchmark spoils its own result slightly before checking it: the check must
   then report UNSUCCESSFUL, which shows it can fail. */
#ifdef NPB_NEGATIVE_CONTROL
#define NPB_SPOIL(x) ((x) * (1.0 + 1e-6))
#define NPB_SPOIL_INT(x) ((x) + 1)
#else
#define NPB_SPOIL(x) (x)
#define NPB_SPOIL_INT(x) (x)
#endif

/* Returns seconds on a monotonic clock. */
static inline double npb_wtime(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Returns the problem class: argv[1] if given, else NPB_CLASS from the build
   (-DNPB_CLASS="'A'"), else 'S'.  Exits with status 2 on anything but
   S, W, A, B or C. */
static inline char npb_class(int argc, char **argv)
{
#ifdef NPB_CLASS
  char c = NPB_CLASS;
#else
  char c = 'S';
#endif
  if (argc > 1)
    c = argv[1][0];
  if (argc > 2 || (argc > 1 && argv[1][1] != '\0') || !strchr("SWABC", c) ||
      c == '\0') {
    fprintf(stderr, "%s: class must be one of S, W, A, B, C\n", argv[0]);
    exit(2);
  }
  return c;
}

/* Returns the index of class c in "SWABC" (tables are written in that order). */
static inline int npb_class_index(char c)
{
  return (int)(strchr("SWABC", c) - "SWABC");
}

/* Prints the closing NPB report.  Returns the process exit status: 0 when
   verified, 1 when not. */
static inline int npb_report(const char *name, char cls, const char *size,
                             int iterations, double seconds, double mops,
                             const char *optype, int verified)
{
  printf("\n %s Benchmark Completed.\n", name);
  printf(" Class           = %24c\n", cls);
  printf(" Size            = %24s\n", size);
  printf(" Iterations      = %24d\n", iterations);
  printf(" Time in seconds = %24.4f\n", seconds);
  printf(" Mop/s total     = %24.2f\n", mops);
  printf(" Operation type  = %24s\n", optype);
  printf(" Verification    = %24s\n", verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
#ifndef NPB_BUILD
#define NPB_BUILD "unnamed"
#endif
  printf(" Build           = %24s\n", NPB_BUILD);
  return verified ? 0 : 1;
}

/* Returns calloc'd memory for n elements of size sz; exits naming what when
   the host is out of memory.  The caller frees it. */
static inline void *npb_alloc(size_t n, size_t sz, const char *what)
{
  void *p = calloc(n ? n : 1, sz);
  if (!p) {
    fprintf(stderr, "npb: out of host memory for %s (%zu x %zu bytes)\n", what,
            n, sz);
    exit(3);
  }
  return p;
}

#endif /* NPB_H */
