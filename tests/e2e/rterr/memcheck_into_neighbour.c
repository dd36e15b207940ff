/* An index far past its section, a[i + n + 40] with copyin(a[0:n]): with
 * a fixed 64-byte redzone after each block it landed in the next device
 * block (b's), read b's values silently, as on a GPU.  The emulator's
 * redzone after a block is now as long as the block (session 24), so an
 * index off by up to the section's length is reported, naming a. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_into_neighbour\.c:19 */
/* accgpu-expect-stderr: memcheck: invalid read of 8 bytes .*is past the end of a device allocation: 'a\[0:n\]' \(8000 bytes, device \[[^)]*\), host 0x[0-9a-f]+\), at byte [0-9]+$ */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *c = malloc(n * sizeof *c);
  for (int i = 0; i < n; i++)
    a[i] = i, b[i] = -i;
#pragma acc data copyin(a[0:n], b[0:n])
#pragma acc parallel loop copyout(c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = i < n / 2 ? a[i + n + 40] : 0; /* a 41st element past a's end */
  printf("%g\n", c[1]);
  free(a);
  free(b);
  free(c);
  return 0;
}
