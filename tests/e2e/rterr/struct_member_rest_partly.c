/* A compute construct names one member of a struct (present(s.v)) and its
 * region reads another (s.c) with no clause: the whole struct is then
 * implicitly mapped (OpenACC 3.3 §2.6.2; data_struct_member_implicit_rest).
 * Only s.v was entered: s is partly present, an error naming s and the
 * construct's line.  Before, the kernel read s.c in host memory. */
/* accgpu-expect-stderr: accgpu: error: .*struct_member_rest_partly\.c:17 \(parallel in main\): 's' \(520 bytes at .*\) is only partly present .*mapped: 's\.v' */
#include <stdio.h>

struct S {
  double v[64];
  double c;
};
static struct S s;

int main(void) {
#pragma acc enter data copyin(s.v)
#pragma acc parallel loop present(s.v)
  for (int i = 0; i < 64; i++)
    s.v[i] *= s.c;
#pragma acc exit data copyout(s.v)
  printf("%g\n", s.v[1]);
  return 0;
}
