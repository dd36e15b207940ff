/* compile_debug_macros.c — built with -g3, which records every macro in the
 * debug info: the plugin defines its own (conditional) macros before the
 * first line is read, and GCC's -g3 callback then crashed (an internal
 * compiler error on any file).  They are kept out of the debug info
 * (plugin/plugin.cc, accgpu_cpp_define).  Checked against a serial loop. */
/* accgpu-test: cflags -g3 */
#include "e2e.h"

#define N 1000
#define SCALE(x) (2.5 * (x))

int main(void)
{
  static double a[N];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < N; i++)
    a[i] = SCALE(i);
  for (int i = 0; i < N; i++)
    CHECK_REAL("a", a[i], 2.5 * i, 0);
  return e2e_done();
}
