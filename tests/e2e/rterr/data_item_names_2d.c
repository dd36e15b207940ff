/* Rows of a 2-D array and a row reached through a pointer to pointers are
 * named as written when they are not present. */
/* accgpu-expect-stderr: accgpu: error: .*data_item_names_2d\.c:13 */
/* accgpu-expect-stderr: grid\[1:2\]\[0:10\].*not present */
#include <stdlib.h>

static double grid[8][10];

int main(void) {
  double **rows = calloc(4, sizeof *rows);
  rows[2] = calloc(16, sizeof **rows);
#pragma acc update device(rows[2][0:16]) if_present
#pragma acc update device(grid[1:2][0:10])
  free(rows[2]);
  free(rows);
  return 0;
}
