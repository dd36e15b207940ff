/* real5_cfeat_enum_index.c — acc loops over an enum-typed index, alone,
 * collapsed with a short index and counting down, against serial loops.
 * GCC 12's own OpenACC stops with an internal error on an enum loop index
 * (omp_extract_for_data), hence accgpu-only. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

enum { N = 70 };
typedef enum { RED, GREEN, BLUE, NCOL } color_t;

int main(void) {
  static int hit[NCOL * N], want[NCOL * N];
#pragma acc parallel loop collapse(2) copy(hit)
  for (color_t col = RED; col <= BLUE; col++)
    for (short j = 0; j < N; j++) hit[col * N + j] += col + 1;
#pragma acc parallel loop copy(hit)
  for (color_t col = BLUE; col > RED; col--) hit[col * N] += 10;
  for (color_t col = RED; col <= BLUE; col++)
    for (short j = 0; j < N; j++) want[col * N + j] += col + 1;
  for (color_t col = BLUE; col > RED; col--) want[col * N] += 10;
  for (int i = 0; i < NCOL * N; i++) CHECK_INT("enum index", hit[i], want[i]);
  return e2e_done();
}
