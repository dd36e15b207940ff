/* A C89 program (tests/cli/run.sh): with -std=c89 -pedantic-errors the
   plugin adds nothing that is not C89 (its own variadic macros included). */
#include <openacc.h>
#include <stdio.h>
int main(void) {
  int a[100], i, s = 0;
  for (i = 0; i < 100; i++) a[i] = i;
#pragma acc parallel loop copy(a)
  for (i = 0; i < 100; i++)
    a[i] = 2 * a[i];
  for (i = 0; i < 100; i++) s += a[i];
  printf("%s\n", s == 9900 ? "ok" : "bad");
  return s != 9900;
}
