/* multicore_default_gangs.c — how many gangs a construct without num_gangs
 * gets on the multicore device: one per thread while its blocks are dealt
 * statically (ACCGPU_MC_SCHEDULE=static here; more blocks would only add
 * set-up, each thread's run of them covering one contiguous range anyway),
 * four per thread when they are dealt dynamically (the second run,
 * multicore_default_gangs_dynamic.c), never more than the gang loop has
 * iterations.  Gang-redundant code counts the gangs; every loop iteration
 * still runs once and the reductions are exact. */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACC_NUM_CORES=3 ACCGPU_MC_SCHEDULE=static */
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define N 10007
#define THREADS 3
static int seen[N];

/* Gangs of a construct over N gang-loop iterations; checks each ran once. */
static int gangs_of(int n) {
  int gangs = 0;
  for (int i = 0; i < N; i++)
    seen[i] = 0;
#pragma acc parallel copy(gangs, seen[0:N])
  {
#pragma acc loop gang
    for (int i = 0; i < n; i++)
      seen[i] += 1;
#pragma acc atomic update
    gangs += 1;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("iterations run once", seen[i], i < n ? 1 : 0);
  return gangs;
}

int main(void) {
  const char *s = getenv("ACCGPU_MC_SCHEDULE");
  int per_thread = s && !strcmp(s, "dynamic") ? 4 : 1;
  acc_set_device_type(acc_device_multicore);
  /* The first launch loads the module's image when it was not loaded at
     start-up (another device first); until then the device's own default
     applies. */
  gangs_of(N);
  for (int rep = 0; rep < 3; rep++)
    CHECK_INT("default gangs", gangs_of(N), THREADS * per_thread);
  CHECK_INT("no more gangs than iterations", gangs_of(2), 2);
  int redundant = 0;
#pragma acc parallel num_gangs(5) copy(redundant)
  {
#pragma acc atomic update
    redundant += 1;
  }
  CHECK_INT("num_gangs(5) runs redundant code 5 times", redundant, 5);

  long total = 0;
  double sum = 0;
#pragma acc parallel loop gang vector reduction(+:total, sum)
  for (int i = 0; i < N; i++) {
    total += i;
    sum += 0.5 * i;
  }
  CHECK_INT("long sum", total, (long)N * (N - 1) / 2);
  CHECK_REAL("double sum", sum, 0.25 * N * (N - 1.0), 0);
  return e2e_done();
}
