/* A `declare link` global that a routine reads in a construct while no data
   clause has mapped it: the construct's error names it and its line. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*declare_link_absent.c:19 \(parallel in main\): .glink. \(512 bytes at 0x[0-9a-f]+\) is not present on device 0 \(emulator\) */
#include <stdio.h>

enum { N = 64 };
double glink[N];
#pragma acc declare link(glink)

#pragma acc routine seq
static double get(int i) { return glink[i]; }

int main(void)
{
  double out[N];
  for (int i = 0; i < N; i++)
    glink[i] = i;
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = get(i);
  printf("%g\n", out[1]);
  return 0;
}
