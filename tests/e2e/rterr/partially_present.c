/* Mapping a section that overlaps mapped data but extends past it is an
 * error (OpenACC 2.6, 2.6.4: data partially present); it names the line,
 * the section and the data it overlaps (session 13: b+tree's records
 * section ran into its nodes, and the message gave only their size). */
/* accgpu-expect-stderr: accgpu: error: .*partially_present\.c:13 .*is only partly present .*\(mapped: 'a\[0:n\]' \(160 bytes at */
#include <stdlib.h>

int main(void) {
  int n = 40;
  float *a = calloc(2 * n, sizeof *a);
#pragma acc data copyin(a[0:n])
  {
#pragma acc parallel loop copy(a[n / 2:n])
    for (int i = n / 2; i < n / 2 + n; i++)
      a[i] = 1.0f;
  }
  free(a);
  return 0;
}
