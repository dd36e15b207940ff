/* multicore_threads.c — a program that only launches synchronously on the
 * multicore device starts no thread of its own beyond libgomp's team (here
 * none: one core), so its first launch does not pay for a queue thread;
 * the first async operation starts the queue's thread, and the work queued
 * on it is done when `wait` returns. */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACC_NUM_CORES=1 */
#include <dirent.h>

#include "e2e.h"

#define N 4096
static double a[N];

/* Threads of this process (entries of /proc/self/task). */
static int threads(void) {
  DIR *d = opendir("/proc/self/task");
  int n = 0;
  if (!d)
    return -1;
  for (struct dirent *e; (e = readdir(d));)
    n += e->d_name[0] != '.';
  closedir(d);
  return n;
}

int main(void) {
  acc_set_device_type(acc_device_multicore);
  int before = threads();
  double sum = 0;
#pragma acc data copy(a[0:N])
  {
    for (int r = 0; r < 3; r++) {
#pragma acc parallel loop present(a[0:N])
      for (int i = 0; i < N; i++)
        a[i] += i;
    }
#pragma acc parallel loop present(a[0:N]) reduction(+:sum)
    for (int i = 0; i < N; i++)
      sum += a[i];
#pragma acc update self(a[0:N])
  }
  CHECK_INT("no new thread for synchronous work", threads(), before);
  CHECK_REAL("sum", sum, 3.0 * N * (N - 1) / 2, 0);
#pragma acc parallel loop async(2) copy(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = -a[i];
#pragma acc wait(2)
  CHECK_TRUE("a queue thread for async work", threads() > before);
  for (int i = 0; i < N; i++)
    CHECK_REAL("a[i] after the async launch", a[i], -3.0 * i, 0);
  return e2e_done();
}
