/* loop_private_then_firstprivate.c — NPB CG's last step (UH NPB-ACC):
 * `d` is reset in each row of a gang loop and summed by the row's worker/
 * vector reduction, then a later `parallel loop` uses `d` again, assigning
 * it first (`d = x[j] - r[j]`).  That construct's implicit firstprivate
 * was taken for a read of the first loop's last value, so `d` stayed one
 * copy for all gangs (racecheck: write-after-write hazard on 'd'; a GPU's
 * gangs would mix their rows).  Now `d` is private to the rows.  Results
 * equal the serial computation. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
#include "e2e.h"

#define ROWS 300
#define MAXLEN 24

static int rowstr[ROWS + 1], col[ROWS * MAXLEN];
static double a[ROWS * MAXLEN], x[ROWS], z[ROWS], r[ROWS];

int main(void) {
  int n = ROWS, nnz = 0, j, k;
  rowstr[0] = 0;
  for (j = 0; j < n; j++) {
    int len = (j * 7) % MAXLEN;
    for (k = 0; k < len; k++, nnz++) {
      col[nnz] = (j + 3 * k) % n;
      a[nnz] = 1.0 + (k % 5);
    }
    rowstr[j + 1] = nnz;
    x[j] = 0.5 * j;
    z[j] = 1.0 + (j % 3);
  }
  double d, sum = 0.0;
#pragma acc data copyin(rowstr, col, a, z, x) copyout(r)
  {
#pragma acc parallel loop gang num_gangs(n) num_workers(4) vector_length(32) /* accgpu-expect-note: .d. is private to each iteration */
    for (j = 0; j < n; j++) {
      d = 0.0;
#pragma acc loop worker vector reduction(+:d)
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)
        d = d + a[k] * z[col[k]];
      r[j] = d;
    }
#pragma acc parallel loop gang worker vector reduction(+:sum)
    for (j = 0; j < n; j++) {
      d = x[j] - r[j];
      sum = sum + d * d;
    }
  }
  double rsum = 0.0;
  for (j = 0; j < n; j++) {
    double s = 0.0;
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      s += a[k] * z[col[k]];
    CHECK_REAL("row", r[j], s, 0);
    rsum += (x[j] - s) * (x[j] - s);
  }
  CHECK_REAL("residual", sum, rsum, 1e-12);
  return e2e_done();
}
