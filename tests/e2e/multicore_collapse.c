/* multicore_collapse.c — collapsed loops visit every iteration of the
 * nest exactly once with the right indices, however the gangs' chunks cut
 * the rows: on multicore a gang's share is run along the innermost level
 * (runs that start and end inside a row, shares smaller than a row,
 * several rows per share), and collapsed worker/vector loops run whole in
 * a one-thread block.  Steps other than 1, downward loops, an empty level
 * and a reduction over a collapsed nest; checked against serial loops. */
/* accgpu-test: env ACC_NUM_CORES=3 */
#include "e2e.h"

#define A 5
#define B 7
#define C 11
static int hit[A][B][C], hit2[64][3];
static long idx[A][B][C];

static void clear(void) {
  for (int i = 0; i < A; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < C; k++)
        hit[i][j][k] = 0, idx[i][j][k] = -1;
}

/* Every (i, j, k) once, and the body saw its own indices. */
static void check_nest(const char *what) {
  for (int i = 0; i < A; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < C; k++) {
        CHECK_INT(what, hit[i][j][k], 1);
        CHECK_INT(what, (int)idx[i][j][k], (i * B + j) * C + k);
      }
}

/* collapse(3) over num_gangs(G): G from 1 (whole nest in one share) to
   more gangs than rows (shares inside a row). */
static void gangs(int g) {
  clear();
#pragma acc parallel loop gang vector collapse(3) num_gangs(g) \
    vector_length(32) copy(hit, idx)
  for (int i = 0; i < A; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < C; k++) {
        hit[i][j][k] += 1;
        idx[i][j][k] = (i * B + j) * C + k;
      }
  check_nest("collapse(3) gang vector");
}

int main(void) {
  int gs[] = {1, 2, 3, 4, 6, 13, 50, 200, 385, 1000};
  for (unsigned t = 0; t < sizeof gs / sizeof gs[0]; t++)
    gangs(gs[t]);

  /* Downward and strided levels: i = A-1..0, j = 0, 3, 6, ... < 3B. */
  clear();
#pragma acc parallel loop gang collapse(3) num_gangs(9) copy(hit, idx)
  for (int i = A - 1; i >= 0; i--)
    for (int j = 0; j < 3 * B; j += 3)
      for (long k = C - 1; k > -1; k--) {
        hit[i][j / 3][k] += 1;
        idx[i][j / 3][k] = (i * B + j / 3) * C + k;
      }
  check_nest("collapse(3) with steps -1 and 3");

  /* A collapsed vector nest inside a gang loop: one thread runs it all. */
  clear();
#pragma acc parallel loop gang num_gangs(4) copy(hit, idx)
  for (int i = 0; i < A; i++)
#pragma acc loop vector collapse(2)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < C; k++) {
        hit[i][j][k] += 1;
        idx[i][j][k] = (i * B + j) * C + k;
      }
  check_nest("gang loop over a vector collapse(2)");

  /* An empty level: nothing runs. */
  int n0 = 0, ran = 0;
#pragma acc parallel loop gang collapse(2) copy(ran)
  for (int i = 0; i < A; i++)
    for (int j = 0; j < n0; j++) {
#pragma acc atomic update
      ran += 1;
    }
  CHECK_INT("collapse(2) with an empty level", ran, 0);

  /* A sum over a collapsed nest with short rows, against serial. */
  long sum = 0, want = 0;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 3; j++)
      want += (long)(i + 1) * (j + 2), hit2[i][j] = 0;
#pragma acc parallel loop gang vector collapse(2) num_gangs(5) \
    reduction(+:sum) copy(hit2)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 3; j++) {
      sum += (long)(i + 1) * (j + 2);
      hit2[i][j] += 1;
    }
  CHECK_INT("collapse(2) sum", sum == want, 1);
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 3; j++)
      CHECK_INT("collapse(2) sum: each iteration once", hit2[i][j], 1);
  return e2e_done();
}
