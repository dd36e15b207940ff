/* An item is named as written when its bounds use `/`, `%`, `>>`, `<<` or
 * the bitwise operators, with the parentheses C needs (data-maps.cc,
 * other_op; they printed as '?' before session 22). */
/* accgpu-expect-stderr: accgpu: error: .*:13 \(update in main\): 'field\[\(n \+ 1\) / 2:\(n >> 1\) \+ \(n % 7\) \* 2\]' .* only partly present */
/* accgpu-test: emulator-only */
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 100 + argc;
  float *field = malloc(4 * n * sizeof(float));
#pragma acc enter data create(field[0:n])
#pragma acc update device(field[(n + 1) / 2:(n >> 1) + n % 7 * 2])
  free(field);
  return 0;
}
