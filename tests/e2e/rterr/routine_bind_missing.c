/* bind("name") naming a function that no object of the program defines for
 * the device (units/bind_nodev.c defines it for the host only): the program
 * links, and the first launch that needs it stops with an error naming the
 * bound function, the routine whose bind names it with its directive's line,
 * and this file. */
/* accgpu-test: units bind_nodev.c */
/* accgpu-expect-stderr: accgpu: error: .*routine_bind_missing\.c:[0-9]+ .*routine 'bind_host_only', named by the bind clause of routine 'shift' \(.*routine_bind_missing\.c:10\), called on the device in .*routine_bind_missing\.c, is not defined for the device by any object of the program */
#include <stdio.h>

#pragma acc routine seq bind("bind_host_only")
double shift(double x) { return x - 1.0; }

int main(void)
{
  double a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = shift(i);
  printf("%g\n", a[63]);
  return 0;
}
