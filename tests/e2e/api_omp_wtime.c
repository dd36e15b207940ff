/* api_omp_wtime.c — omp_get_wtime/omp_get_wtick in an OpenACC program
 * built without -fopenmp, as NVIDIA's OpenACC labs time their Jacobi
 * (NVHPC's runtime defines them; with GCC the link failed: "undefined
 * reference to `omp_get_wtime'").  Against clock_gettime around a sleep. */
#include "e2e.h"
#include <omp.h>
#include <time.h>

static double mono(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void)
{
  enum { N = 1000 };
  static double a[N];
  double c0 = mono(), t0 = omp_get_wtime();
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < N; i++)
    a[i] = i * 0.5;
  struct timespec nap = {0, 20 * 1000 * 1000};
  nanosleep(&nap, NULL);
  double t1 = omp_get_wtime(), c1 = mono();
  CHECK_TRUE("wtime advances over a 20 ms sleep", t1 - t0 >= 0.019);
  CHECK_TRUE("no more than the clock around it", t1 - t0 <= c1 - c0 + 1e-6);
  CHECK_TRUE("wtick positive and fine", omp_get_wtick() > 0 &&
                                        omp_get_wtick() <= 0.01);
  CHECK_REAL("a", a[N - 1], (N - 1) * 0.5, 0);
  return e2e_done();
}
