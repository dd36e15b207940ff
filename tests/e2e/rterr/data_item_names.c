/* A data error names the item as written: a section of a pointer inside a
 * struct, with an offset and a computed length, and the directive's line. */
/* accgpu-expect-stderr: accgpu: error: .*data_item_names\.c:16 */
/* accgpu-expect-stderr: s\.v\[2:n - 2\].*not present */
#include <stdlib.h>

struct vec {
  int n;
  double *v;
};

int main(void) {
  int n = 40;
  struct vec s = {n, calloc(n, sizeof(double))};
#pragma acc update self(s.v[2:n-2]) if_present
#pragma acc update self(s.v[2:n-2])
  free(s.v);
  return 0;
}
