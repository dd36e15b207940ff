/* An array used without a data clause whose inferred section (here
 * a[0:h + 4]) overlaps what `enter data` made present (a[0:h]) without
 * lying in it: an error naming the section, the array and the construct's
 * line (accgpu neither copies over the present part nor uses it short). */
/* accgpu-expect-stderr: accgpu: error: .*implicit_array_partly\.c:14 \(parallel in main\): 'a\[0:h \+ 4\]', what this construct uses of 'a' without a data clause .* is only partly present */
#include <stdio.h>

#define N 40
static float a[N];

int main(void) {
  int h = N / 2;
#pragma acc enter data copyin(a[0:h])
#pragma acc parallel loop
  for (int i = 0; i < h + 4; i++)
    a[i] += 1.0f;
#pragma acc exit data copyout(a[0:h])
  printf("%g\n", a[0]);
  return 0;
}
