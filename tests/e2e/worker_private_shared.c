/* worker_private_shared.c — what the vector lanes of one worker share.
 * 1. `private(w)` of an array on a `worker` (or `gang worker`) loop: one
 *    copy per worker that its lanes fill and read (OpenACC 3.3 §2.9.10);
 *    each lane had its own, uninitialized one (kernel-gen-loops.cc).
 * 2. Per-worker bounds of a vector loop through address-taken locals that
 *    a routine sets (`get_range(&lo, &hi)`): the gimplifier's `lo.0`,
 *    assigned in the vector loop's pre-body, was one copy per gang, so
 *    the workers ran with each other's bounds (privatize.cc, loop_effect).
 * 3. A global bound reloaded by every lane (`nx.5`): no race report.
 * Racecheck is on: on the emulator a race fails the test. */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
#include <stdlib.h>

#include "e2e.h"

#define NI 4
#define NW 8
#define MAXK 64

static int nx = 40;

#pragma acc routine seq
static void get_range(const int *cnt, int r, int *lo, int *hi)
{
  *lo = r % 3;
  *hi = cnt[r];
}

static void worker_private(void)
{
  int a[64], o[64], o2[64], w[8];
  for (int i = 0; i < 64; i++)
    a[i] = 3 * i + 1;
#pragma acc parallel loop gang num_workers(4) vector_length(32) copyin(a) copyout(o)
  for (int r = 0; r < 2; r++) {
#pragma acc loop worker private(w)
    for (int q = 0; q < 4; q++) {
#pragma acc loop vector
      for (int k = 0; k < 8; k++)
        w[k] = a[r * 32 + q * 8 + k];
#pragma acc loop vector
      for (int k = 0; k < 8; k++)
        o[r * 32 + q * 8 + k] = w[7 - k];
    }
  }
#pragma acc parallel loop gang worker num_workers(4) vector_length(32) private(w) copyin(a) copyout(o2)
  for (int q = 0; q < 8; q++) {
#pragma acc loop vector
    for (int k = 0; k < 8; k++)
      w[k] = a[q * 8 + k];
#pragma acc loop vector
    for (int k = 0; k < 8; k++)
      o2[q * 8 + k] = w[7 - k];
  }
  for (int i = 0; i < 64; i++) {
    CHECK_INT("worker private", o[i], a[i / 8 * 8 + 7 - i % 8]);
    CHECK_INT("gang worker private", o2[i], a[i / 8 * 8 + 7 - i % 8]);
  }
}

static void worker_bounds(void)
{
  int *cnt = malloc(sizeof(int) * NI * NW);
  double *b = calloc(NI * NW * MAXK, sizeof(double));
  for (int i = 0; i < NI * NW; i++)
    cnt[i] = 4 + (i * 37) % (MAXK - 4);
#pragma acc parallel loop gang num_workers(NW) vector_length(32) copyin(cnt[0:NI*NW]) copy(b[0:NI*NW*MAXK])
  for (int i = 0; i < NI; i++) {
#pragma acc loop worker
    for (int w = 0; w < NW; w++) {
      int lo, hi;
      get_range(cnt, i * NW + w, &lo, &hi);
#pragma acc loop vector
      for (int k = lo; k < hi; k++)
        b[(i * NW + w) * MAXK + k] = 1.0 + lo + hi;
    }
  }
  for (int r = 0; r < NI * NW; r++)
    for (int k = 0; k < MAXK; k++)
      CHECK_REAL("per-worker bounds", b[r * MAXK + k],
                 k >= r % 3 && k < cnt[r] ? 1.0 + r % 3 + cnt[r] : 0.0, 0);
  free(cnt);
  free(b);
}

static void global_bound(void)
{
  int n = 8;
  double *a = malloc(sizeof(double) * n * nx), *b = malloc(sizeof(double) * n * nx);
  for (int i = 0; i < n * nx; i++)
    a[i] = i;
#pragma acc parallel loop gang copyin(a[0:n*nx]) copyout(b[0:n*nx])
  for (int j = 0; j < n; j++) {
#pragma acc loop vector
    for (int i = 0; i < nx; i++)
      b[j * nx + i] = 2.0 * a[j * nx + i];
  }
  for (int i = 0; i < n * nx; i++)
    CHECK_REAL("global bound", b[i], 2.0 * i, 0);
  free(a);
  free(b);
}

int main(void)
{
  worker_private();
  worker_bounds();
  global_bound();
  return e2e_done();
}
