/* routine_vector.c — a routine vector holding a vector loop with a
 * reduction, called once per gang from a gang loop (vector_length 64). */
#include "e2e.h"

#define ROWS 300
#define COLS 257
static float m[ROWS * COLS], rowsum[ROWS], rowmax[ROWS];

#pragma acc routine vector
static void row_stats(const float *row, int n, float *sum, float *mx) {
  float s = 0.0f, x = row[0];
#pragma acc loop vector reduction(+:s) reduction(max:x)
  for (int j = 0; j < n; j++) {
    s += row[j];
    x = row[j] > x ? row[j] : x;
  }
  *sum = s;
  *mx = x;
}

int main(void) {
  for (int i = 0; i < ROWS * COLS; i++)
    m[i] = (i * 13 % 97) * 0.25f;
#pragma acc parallel loop gang vector_length(64) copyin(m) \
    copyout(rowsum, rowmax)
  for (int i = 0; i < ROWS; i++)
    row_stats(&m[i * COLS], COLS, &rowsum[i], &rowmax[i]);
  for (int i = 0; i < ROWS; i++) {
    float s = 0.0f, x = m[i * COLS];
    for (int j = 0; j < COLS; j++) {
      s += m[i * COLS + j];
      x = m[i * COLS + j] > x ? m[i * COLS + j] : x;
    }
    CHECK_REAL("row sum", rowsum[i], s, 1e-6);
    CHECK_REAL("row max", rowmax[i], x, 0);
  }
  return e2e_done();
}
