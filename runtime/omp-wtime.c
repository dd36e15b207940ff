/* omp-wtime.c — omp_get_wtime and omp_get_wtick for OpenACC programs that
 * time themselves with them without building for OpenMP (NVIDIA's OpenACC
 * training labs, among others: NVHPC's runtime defines both).  Weak, so
 * that libgomp's (a program built with -fopenmp, or the multicore device's)
 * is the one used when both are linked; either is wall time in seconds. */
#include <time.h>

__attribute__((weak)) double omp_get_wtime(void);
__attribute__((weak)) double omp_get_wtick(void);

double omp_get_wtime(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double omp_get_wtick(void)
{
  struct timespec ts;
  clock_getres(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
