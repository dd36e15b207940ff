/* compute_loop_unsigned_down.c — downward loops over unsigned indices
 * (u--, u -= s) run every iteration once with its own index: the step,
 * UINT_MAX for u--, was read as +4294967295 and the trip count came out
 * 0, so gang, vector, collapsed and tiled loops ran nothing on the GPU,
 * the emulator and multicore.  Checked against serial loops. */
#include <limits.h>
#include "e2e.h"

#define N 150
static int hit[N], hit2[6][N];
static unsigned seen[N];

static void clear(void) {
  for (int i = 0; i < N; i++) {
    hit[i] = 0, seen[i] = 0;
    for (int j = 0; j < 6; j++)
      hit2[j][i] = 0;
  }
}

/* Every (j, u) of the 6 x N nest once. */
static void check2(const char *what) {
  for (int j = 0; j < 6; j++)
    for (int i = 0; i < N; i++)
      CHECK_INT(what, hit2[j][i], 1);
}

static void check(const char *what, unsigned top, unsigned step) {
  for (unsigned s = 0; s < N; s++) {
    CHECK_INT(what, hit[s], 1);
    CHECK_INT(what, seen[s], top - s * step);
  }
}

int main(void) {
  clear();
#pragma acc parallel loop gang copy(hit, seen)
  for (unsigned u = N; u > 0; u--) {
    hit[N - u] += 1;
    seen[N - u] = u;
  }
  check("gang, u-- to 1", N, 1);

  clear();
#pragma acc parallel loop gang vector num_gangs(3) copy(hit, seen)
  for (unsigned u = UINT_MAX; u > UINT_MAX - N; u--) {
    hit[UINT_MAX - u] += 1;
    seen[UINT_MAX - u] = u;
  }
  check("gang vector from UINT_MAX", UINT_MAX, 1);

  unsigned s3 = 3;
  clear();
#pragma acc parallel loop gang num_gangs(2) copy(hit, seen)
  for (int r = 0; r < 1; r++) {
#pragma acc loop vector
    for (unsigned u = 3 * N + 10; u >= 13; u -= s3) {
      hit[(3 * N + 10 - u) / 3] += 1;
      seen[(3 * N + 10 - u) / 3] = u;
    }
  }
  check("vector, u -= variable 3, >=", 3 * N + 10, 3);

  clear();
#pragma acc parallel loop gang vector copy(hit, seen)
  for (unsigned short h = 2 * N + 1; h > 1; h -= 2) {
    hit[(2 * N + 1 - h) / 2] += 1;
    seen[(2 * N + 1 - h) / 2] = h;
  }
  check("unsigned short step -2", 2 * N + 1, 2);

  clear();
#pragma acc parallel loop gang collapse(2) num_gangs(4) copy(hit2)
  for (unsigned j = 6; j > 0; j--)
    for (unsigned u = N; u > 0; u--)
      hit2[j - 1][u - 1] += 1;
  check2("collapse(2) both down");

  clear();
#pragma acc parallel loop tile(4, 32) copy(hit2)
  for (unsigned j = 6; j > 0; j--)
    for (unsigned u = N; u > 0; u--)
      hit2[j - 1][u - 1] += 1;
  check2("tile(4, 32) both down");

  unsigned long long big = 0;
#pragma acc parallel loop gang vector reduction(+:big)
  for (unsigned long long x = 1ull << 40; x > (1ull << 40) - N; x--)
    big += x;
  CHECK_INT("unsigned long long reduction", (long long)big,
            (long long)(N * (1ull << 40) - (unsigned long long)N * (N - 1) / 2));
  return e2e_done();
}
