/* bench.h — shared by the kernel benchmarks.  Each program times its
 * OpenACC kernels (data already on the device; the best of several runs,
 * or the whole solve for the iterative ones), recomputes the same thing
 * with plain serial loops, and prints one line:
 *     NAME SIZE TIME_S RATE UNIT verified|FAILED
 * Built without the plugin (pragmas ignored) the timed code is the serial
 * baseline that benchmarks/kernels/run.sh compares against.
 * Usage: PROGRAM [small|large] [demo]                                     */
#ifndef ACCGPU_BENCH_H
#define ACCGPU_BENCH_H 1

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

/* The OpenMP equivalent of the OpenACC construct just above it, seen only
   by the gcc -fopenmp build (NAME.omp, compared with the multicore device
   by benchmarks/kernels/run.sh). */
#ifdef _OPENMP
#define BENCH_OMP(directive) _Pragma(#directive)
#else
#define BENCH_OMP(directive)
#endif

/* Returns 1 when argv asks for WORD ("large", "demo"). */
static inline int bench_arg(int argc, char **argv, const char *word) {
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], word) == 0)
      return 1;
  return 0;
}

/* Monotonic wall clock, seconds. */
static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Name of the device the regions run on ("serial" without OpenACC). */
static inline const char *bench_device(void) {
#ifdef _OPENACC
  switch (acc_get_device_type()) {
  case acc_device_host:
    return "host";
  case acc_device_nvidia:
    return "nvidia";
  case acc_device_multicore:
    return "multicore";
  default:
    return "emulator";
  }
#elif defined(_OPENMP)
  return "openmp";
#else
  return "serial";
#endif
}

/* Largest relative difference between GOT and WANT (n doubles), measured
   against max(|want|, floor) so values near zero do not dominate. */
static inline double bench_maxrel(const double *got, const double *want,
                                  long n, double floor) {
  double worst = 0;
  for (long i = 0; i < n; i++) {
    double d = fabs(got[i] - want[i]) / fmax(fabs(want[i]), floor);
    if (!(d <= worst)) /* also catches NaN */
      worst = isnan(d) ? INFINITY : d;
  }
  return worst;
}

static inline double bench_maxrelf(const float *got, const float *want,
                                   long n, double floor) {
  double worst = 0;
  for (long i = 0; i < n; i++) {
    double d = fabs((double)got[i] - want[i]) / fmax(fabs(want[i]), floor);
    if (!(d <= worst))
      worst = isnan(d) ? INFINITY : d;
  }
  return worst;
}

/* Prints the result line; returns the exit status (0 when verified). */
static inline int bench_report(const char *name, const char *size,
                               double seconds, double rate, const char *unit,
                               int ok) {
  printf("%s %s %.6f %.3f %s %s\n", name, size, seconds, rate, unit,
         ok ? "verified" : "FAILED");
  return ok ? 0 : 1;
}

/* Allocates N elements of SIZE bytes or exits with a message. */
static inline void *bench_alloc(size_t n, size_t size) {
  void *p = calloc(n, size);
  if (!p) {
    fprintf(stderr, "bench: out of memory (%zu x %zu bytes)\n", n, size);
    exit(2);
  }
  return p;
}

#endif
