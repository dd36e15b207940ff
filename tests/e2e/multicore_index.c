/* multicore_index.c — loop indices of every integer type, steps up and
 * down, and ranges at the ends of their types, as gang, vector, gang
 * vector and collapsed-innermost loops: each iteration runs once and sees
 * its own index.  On multicore the index is a counter of its own type
 * advanced by the step (kernel-gen-loops.cc, emit_mc_counter), elsewhere
 * computed from the iteration number; checked against serial loops. */
/* accgpu-test: env ACC_NUM_CORES=3 */
#include <limits.h>
#include "e2e.h"

#define N 203
static int hit[N];
static long long seen[N];

static void clear(void) {
  for (int i = 0; i < N; i++)
    hit[i] = 0, seen[i] = 0;
}

/* Slot s ran once with index WANT(s), for the N0 slots used. */
#define CHECK_SLOTS(what, n0, want)                                           \
  do {                                                                        \
    for (int s = 0; s < N; s++) {                                             \
      CHECK_INT(what, hit[s], s < (n0));                                      \
      if (s < (n0))                                                           \
        CHECK_INT(what, seen[s], (long long)(want));                          \
    }                                                                         \
  } while (0)

int main(void) {
  /* int, step 3, gang over num_gangs chunks that cut anywhere. */
  for (int g = 1; g <= 7; g += 3) {
    clear();
#pragma acc parallel loop gang num_gangs(g) copy(hit, seen)
    for (int i = 5; i < 3 * N + 5; i += 3) {
      hit[(i - 5) / 3] += 1;
      seen[(i - 5) / 3] = i;
    }
    CHECK_SLOTS("int gang step 3", N, 5 + 3 * s);
  }

  /* int going down to INT_MIN's neighbourhood, gang vector. */
  clear();
#pragma acc parallel loop gang vector num_gangs(4) copy(hit, seen)
  for (int i = INT_MIN + N; i > INT_MIN; i--) {
    hit[i - INT_MIN - 1] += 1;
    seen[i - INT_MIN - 1] = i;
  }
  CHECK_SLOTS("int down to INT_MIN + 1", N, (long long)INT_MIN + 1 + s);

  /* int up to INT_MAX with <=: the user's loop never steps past it. */
  clear();
#pragma acc parallel loop gang num_gangs(5) copy(hit, seen)
  for (int i = INT_MAX - (N - 1); i <= INT_MAX - 1; i++) {
    hit[i - (INT_MAX - (N - 1))] += 1;
    seen[i - (INT_MAX - (N - 1))] = i;
  }
  CHECK_SLOTS("int up to INT_MAX - 1", N - 1, (long long)INT_MAX - (N - 1) + s);

  /* unsigned going up to UINT_MAX - 1 (the downward ones:
     compute_loop_unsigned_down.c). */
  clear();
#pragma acc parallel loop gang vector num_gangs(3) copy(hit, seen)
  for (unsigned u = UINT_MAX - N; u < UINT_MAX; u++) {
    hit[u - (UINT_MAX - N)] += 1;
    seen[u - (UINT_MAX - N)] = u;
  }
  CHECK_SLOTS("unsigned up to UINT_MAX", N, (long long)UINT_MAX - N + s);

  /* short and signed char indices, step 2 and -1. */
  clear();
#pragma acc parallel loop gang vector copy(hit, seen)
  for (short h = -200; h < 206; h += 2) {
    hit[(h + 200) / 2] += 1;
    seen[(h + 200) / 2] = h;
  }
  CHECK_SLOTS("short step 2", N, -200 + 2 * s);
  clear();
#pragma acc parallel loop gang num_gangs(6) copy(hit, seen)
  for (signed char c = 127; c > -76; c--) {
    hit[127 - c] += 1;
    seen[127 - c] = c;
  }
  CHECK_SLOTS("signed char down", N, 127 - s);

  /* long long beyond 32 bits and unsigned long long step 5. */
  clear();
#pragma acc parallel loop gang vector num_gangs(2) copy(hit, seen)
  for (long long x = 1LL << 40; x < (1LL << 40) + N; x++) {
    hit[x - (1LL << 40)] += 1;
    seen[x - (1LL << 40)] = x;
  }
  CHECK_SLOTS("long long above 2^32", N, (1LL << 40) + s);
  clear();
#pragma acc parallel loop gang num_gangs(7) copy(hit, seen)
  for (unsigned long long x = 7; x < 7 + 5ull * N; x += 5) {
    hit[(x - 7) / 5] += 1;
    seen[(x - 7) / 5] = (long long)x;
  }
  CHECK_SLOTS("unsigned long long step 5", N, 7 + 5 * s);

  /* A step held in a variable. */
  int st = 4;
  clear();
#pragma acc parallel loop gang vector num_gangs(3) copy(hit, seen)
  for (int i = 0; i < 4 * N; i += st) {
    hit[i / 4] += 1;
    seen[i / 4] = i;
  }
  CHECK_SLOTS("variable step", N, 4 * s);

  /* Collapsed nest: the innermost level (int, step -2) is the counter. */
  clear();
#pragma acc parallel loop gang collapse(2) num_gangs(5) copy(hit, seen)
  for (int i = 0; i < 7; i++)
    for (int j = 56; j > 0; j -= 2) {
      hit[i * 28 + (56 - j) / 2] += 1;
      seen[i * 28 + (56 - j) / 2] = j;
    }
  CHECK_SLOTS("collapse(2), inner step -2", 7 * 28, 56 - 2 * (s % 28));

  /* A body that continues: the next iteration still gets its own index. */
  clear();
#pragma acc parallel loop gang vector num_gangs(2) copy(hit, seen)
  for (int i = 0; i < N; i++) {
    if (i % 3 == 1)
      continue;
    hit[i] += 1;
    seen[i] = i;
  }
  for (int s = 0; s < N; s++) {
    CHECK_INT("continue", hit[s], s % 3 != 1);
    CHECK_INT("continue", seen[s], s % 3 != 1 ? s : 0);
  }
  return e2e_done();
}
