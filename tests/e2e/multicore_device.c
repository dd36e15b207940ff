/* multicore_device.c — the multicore device (acc_device_multicore, what
 * ACC_DEVICE_TYPE=multicore selects), whatever device the run started on:
 * it shares the host's memory; its regions run the module's multicore
 * kernels (acc_on_device says so) over several blocks, each gang loop
 * iteration exactly once (contiguous chunks per block, uneven trip counts,
 * collapse, tile, gang(static:N), triangular nests dealt dynamically);
 * num_gangs(n) runs redundant code n times; reductions and async work. */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACC_NUM_CORES=3 */
#include "e2e.h"

#define N 10007
#define M 37
static int seen[N], grid[M][M + 3], on_mc[N], on_host[N];
static double tri[M];

static void clear(void) {
  for (int i = 0; i < N; i++)
    seen[i] = 0;
}

static void check_once(const char *what, int n) {
  for (int i = 0; i < n; i++)
    CHECK_INT(what, seen[i], 1);
}

int main(void) {
  CHECK_INT("one multicore device", acc_get_num_devices(acc_device_multicore), 1);
  acc_set_device_type(acc_device_multicore);
  CHECK_INT("current type", acc_get_device_type(), acc_device_multicore);
  CHECK_INT("shared memory", (int)acc_get_property(0, acc_device_multicore,
                                   acc_property_shared_memory_support), 1);
  /* create() moves nothing: the region writes the host's array. */
#pragma acc parallel loop create(seen[0:N], on_mc[0:N], on_host[0:N])
  for (int i = 0; i < N; i++) {
    seen[i] += 1;
    on_mc[i] = acc_on_device(acc_device_multicore);
    on_host[i] = acc_on_device(acc_device_host);
  }
  check_once("gang vector loop, create()", N);
  for (int i = 0; i < N; i++) {
    CHECK_INT("acc_on_device(multicore) in a region", on_mc[i], 1);
    CHECK_INT("acc_on_device(host) in a region", on_host[i], 0);
  }
  clear();
#pragma acc parallel loop gang num_gangs(7) copy(seen[0:N])
  for (int i = 0; i < N - 5; i++)
#pragma acc loop vector
    for (int k = 0; k < 1; k++)
      seen[i + k] += 1;
  check_once("gang loop over 7 gangs", N - 5);
  clear();
#pragma acc parallel loop gang(static:4) num_gangs(3) copy(seen[0:N])
  for (int i = 0; i < N; i++)
    seen[i] += 1;
  check_once("gang(static:4)", N);
  for (int r = 0; r < M; r++)
    for (int c = 0; c < M + 3; c++)
      grid[r][c] = 0;
#pragma acc parallel loop collapse(2) copy(grid)
  for (int r = 0; r < M; r++)
    for (int c = 0; c < M + 3; c++)
      grid[r][c] += r + c;
#pragma acc parallel loop tile(8, 8) copy(grid)
  for (int r = 0; r < M; r++)
    for (int c = 0; c < M + 3; c++)
      grid[r][c] += 1;
  for (int r = 0; r < M; r++)
    for (int c = 0; c < M + 3; c++)
      CHECK_INT("collapse(2) then tile(8, 8)", grid[r][c], r + c + 1);

  int redundant = 0;
#pragma acc parallel num_gangs(5) copy(redundant)
  {
#pragma acc atomic update
    redundant += 1;
  }
  CHECK_INT("num_gangs(5) runs redundant code 5 times", redundant, 5);

  /* Triangular rows: uneven per gang, repeated so the scheduler sees it. */
  for (int rep = 0; rep < 4; rep++) {
#pragma acc parallel loop gang copyout(tri[0:M])
    for (int r = 0; r < M; r++) {
      double s = 0;
#pragma acc loop vector reduction(+:s)
      for (int c = 0; c <= r * 2000; c++)
        s += 1.0;
      tri[r] = s;
    }
    for (int r = 0; r < M; r++)
      CHECK_REAL("triangular row", tri[r], r * 2000.0 + 1, 0);
  }

  long total = 0;
#pragma acc parallel loop gang vector reduction(+:total)
  for (int i = 0; i < N; i++)
    total += i;
  CHECK_INT("reduction", total == (long)N * (N - 1) / 2, 1);

  clear();
#pragma acc parallel loop async(1) copy(seen[0:N])
  for (int i = 0; i < N; i++)
    seen[i] += 1;
#pragma acc wait(1)
  check_once("async(1)", N);
  return e2e_done();
}
