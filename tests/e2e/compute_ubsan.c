/* -fsanitize=undefined on compute regions: the checked arithmetic, the
 * division, shift and bounds checks stay in the host fallback and are left
 * out of the kernel (a note says so), and both compute what the serial
 * loop does (it used to be a "sorry" about an internal call). */
/* accgpu-test: cflags -fsanitize=undefined */
#include <stdio.h>

#define N 1000

int main(void)
{
  int a[N], b[N], want[N], d = 7, sh = 3;
  for (int i = 0; i < N; i++)
    a[i] = i - 500, b[i] = 0;
  for (int i = 0; i < N; i++)
    want[i] = (a[i] * 3 + 11 - a[(i + 1) % N]) / d + (i << sh) % 97;
#pragma acc parallel loop copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    b[i] = (a[i] * 3 + 11 - a[(i + 1) % N]) / d + (i << sh) % 97;
  for (int i = 0; i < N; i++)
    if (b[i] != want[i]) {
      printf("b[%d] = %d, want %d\n", i, b[i], want[i]);
      return 1;
    }
  puts("ok");
  return 0;
}
