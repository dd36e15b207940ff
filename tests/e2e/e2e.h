/* e2e.h — checks shared by the end-to-end tests.  Host code only: every test
 * computes its reference with plain serial loops and compares with these.
 * A mismatch prints one line on stderr (the first 10 of them); e2e_done()
 * returns the exit status for main. */
#ifndef ACCGPU_E2E_H
#define ACCGPU_E2E_H 1

#include <math.h>
#include <stdio.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

static int e2e_errors;

static inline void e2e_report(const char *what, int line, const char *got,
                       const char *want) {
  if (++e2e_errors <= 10)
    fprintf(stderr, "line %d: %s: got %s, want %s\n", line, what, got, want);
}

/* Exact comparison of integers (any integer type, widened). */
static inline void e2e_check_int(const char *what, int line, long long got,
                          long long want) {
  char g[32], w[32];
  if (got == want)
    return;
  snprintf(g, sizeof g, "%lld", got);
  snprintf(w, sizeof w, "%lld", want);
  e2e_report(what, line, g, w);
}

/* Relative comparison of floating-point values: |got-want| <= rtol*|want|
   (absolute rtol when want is 0).  rtol 0 asks for equality. */
static inline void e2e_check_real(const char *what, int line, double got,
                           double want, double rtol) {
  char g[40], w[40];
  double tol = want == 0 ? rtol : rtol * fabs(want);
  if (fabs(got - want) <= tol)
    return;
  snprintf(g, sizeof g, "%.17g", got);
  snprintf(w, sizeof w, "%.17g", want);
  e2e_report(what, line, g, w);
}

/* |GOT - WANT| <= ATOL: for results that cancel, whose error scales with
   the terms that made them, not with the result. */
static inline void e2e_check_abs(const char *what, int line, double got,
                                 double want, double atol) {
  char g[40], w[40];
  if (fabs(got - want) <= atol)
    return;
  snprintf(g, sizeof g, "%.17g", got);
  snprintf(w, sizeof w, "%.17g", want);
  e2e_report(what, line, g, w);
}

#define CHECK_INT(what, got, want) e2e_check_int(what, __LINE__, got, want)
#define CHECK_ABS(what, got, want, atol)                                      \
  e2e_check_abs(what, __LINE__, got, want, atol)
#define CHECK_REAL(what, got, want, rtol)                                     \
  e2e_check_real(what, __LINE__, got, want, rtol)
#define CHECK_TRUE(what, cond) e2e_check_int(what, __LINE__, !!(cond), 1)

/* 1 when compute regions run with their own copy of the data (emulator,
   GPU), 0 when they share host memory (host device, serial build): the
   observable effects of data clauses differ. */
static inline int e2e_separate_memory(void) {
#if defined(_OPENACC) && defined(OPENACC_H) /* accgpu's openacc.h */
  /* The host, and accgpu's multicore device, share the host's memory. */
  acc_device_t t = acc_get_device_type();
  return t != acc_device_host &&
         !acc_get_property(acc_get_device_num(t), t,
                           acc_property_shared_memory_support);
#elif defined(_OPENACC) /* GCC's own: no shared_memory_support property */
  return acc_get_device_type() != acc_device_host;
#else
  return 0;
#endif
}

/* 1 when compute regions run on a device (emulator, GPU, multicore), with
   the gangs, workers and vector lanes they ask for; 0 on the host
   fallback and in the serial build (one of each). */
static inline int e2e_offloaded(void) {
#ifdef _OPENACC
  return acc_get_device_type() != acc_device_host;
#else
  return 0;
#endif
}

/* acc_is_present(P, BYTES); DFLT in the serial build (no runtime). */
static inline int e2e_present(void *p, size_t bytes, int dflt) {
#ifdef _OPENACC
  (void)dflt;
  return acc_is_present(p, bytes);
#else
  (void)p, (void)bytes;
  return dflt;
#endif
}

/* Exit status for main: 0 when every check held. */
static inline int e2e_done(void) {
  if (e2e_errors > 10)
    fprintf(stderr, "... %d mismatches in all\n", e2e_errors);
  return e2e_errors != 0;
}

#endif
