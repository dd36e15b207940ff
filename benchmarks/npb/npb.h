/* npb.h — what the five NPB kernels share: the class letter, the NPB random
 * number generator, a wall-clock timer and the closing report.
 *
 * The generator is the one NPB specifies: x_{k+1} = a * x_k mod 2^46 with
 * a = 5^13, and the value handed out is x_{k+1} * 2^-46.  NPB describes it in
 * double precision arithmetic split into 23-bit halves; we keep the state as an
 * exact 46-bit integer, which gives bit-identical numbers and lets a kernel
 * jump ahead n steps with a^n mod 2^46 (binary powering).
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

#define NPB_MULT   UINT64_C(1220703125)   /* 5^13 */
#define NPB_SEED   UINT64_C(314159265)
#define NPB_MASK46 ((UINT64_C(1) << 46) - 1)
#define NPB_MASK23 ((UINT64_C(1) << 23) - 1)

/* Returns a * x mod 2^46 for a, x < 2^46.  Both are split in 23-bit halves so
   every partial product fits in 64 bits: the high*high term vanishes mod 2^46
   and the cross terms only matter mod 2^23. */
#pragma acc routine seq
static inline uint64_t npb_mul46(uint64_t a, uint64_t x)
{
  uint64_t ah = a >> 23, al = a & NPB_MASK23;
  uint64_t xh = x >> 23, xl = x & NPB_MASK23;
  uint64_t cross = (ah * xl + al * xh) & NPB_MASK23;
  return ((cross << 23) + al * xl) & NPB_MASK46;
}

/* Returns a^n mod 2^46 (the multiplier that jumps a sequence n steps). */
#pragma acc routine seq
static inline uint64_t npb_pow46(uint64_t a, uint64_t n)
{
  uint64_t r = 1;
  while (n != 0) {
    if (n & 1)
      r = npb_mul46(r, a);
    a = npb_mul46(a, a);
    n >>= 1;
  }
  return r;
}

/* Advances *x by one step of multiplier a and returns the new value in
   (0, 1): NPB's randlc. */
#pragma acc routine seq
static inline double npb_randlc(uint64_t *x, uint64_t a)
{
  *x = npb_mul46(a, *x);
  return (double)*x * 0x1p-46;
}

/* Returns the seed that NPB's stream starting at SEED reaches after n steps,
   so the next randlc from it yields the (n+1)-th number of the stream. */
#pragma acc routine seq
static inline uint64_t npb_skip(uint64_t seed, uint64_t n)
{
  return npb_mul46(npb_pow46(NPB_MULT, n), seed);
}

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
