/* loop_pointer_index.c — acc loops whose index is a pointer (OpenACC 3.3
 * §2.9: "The loop variable must be of integer, C/C++ pointer ... type"),
 * going up by one and by three elements, going down, and in a collapse
 * with an integer index; and a 64-bit unsigned index whose bounds straddle
 * LLONG_MAX.  Before, pointer indices were refused ("unsupported loop
 * increment (pointer or non-additive)") and the unsigned loop ran no
 * iteration on the emulator and multicore devices (its bounds were
 * compared as long long); GCC's parallel-loop-1. */
#include "e2e.h"
#include <limits.h>

#define N 300

static int a[N], ref_a[N];
static float f[N], ref_f[N];
static double g[8][40], ref_g[8][40];

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = ref_a[i] = i;
    f[i] = ref_f[i] = i * 0.5f;
  }
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 40; c++)
      g[r][c] = ref_g[r][c] = r - c;

  int *p;
#pragma acc parallel loop copy(a)
  for (p = a; p < &a[N]; p++)
    *p += 2;
  for (int i = 0; i < N; i++)
    ref_a[i] += 2;

#pragma acc kernels loop independent copy(a)
  for (int *q = &a[N - 1]; q >= a; q--)
    *q = *q * 3 - (int)(q - a);
  for (int i = N - 1; i >= 0; i--)
    ref_a[i] = ref_a[i] * 3 - i;

#pragma acc parallel loop gang vector copy(f)
  for (float *r = &f[1]; r < &f[N]; r += 3)
    *r = -*r;
  for (int i = 1; i < N; i += 3)
    ref_f[i] = -ref_f[i];

#pragma acc parallel loop collapse(2) copy(g)
  for (double *row = &g[0][0]; row < &g[8][0]; row += 40)
    for (int c = 0; c < 40; c += 2)
      row[c] += (row - &g[0][0]) / 40 * 100;
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 40; c += 2)
      ref_g[r][c] += r * 100;

  unsigned long long u;
  int hits[N] = {0}, ref_hits[N] = {0};
#pragma acc parallel loop copy(hits)
  for (u = LLONG_MAX + 900ULL - 27; u > LLONG_MAX - 27ULL; u -= 3)
    hits[(u + 26 - LLONG_MAX) / 3] += 1;
  for (u = LLONG_MAX + 900ULL - 27; u > LLONG_MAX - 27ULL; u -= 3)
    ref_hits[(u + 26 - LLONG_MAX) / 3] += 1;

  for (int i = 0; i < N; i++) {
    CHECK_INT("a", a[i], ref_a[i]);
    CHECK_REAL("f", f[i], ref_f[i], 0);
    CHECK_INT("hits", hits[i], ref_hits[i]);
  }
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 40; c++)
      CHECK_REAL("g", g[r][c], ref_g[r][c], 0);
  return e2e_done();
}
