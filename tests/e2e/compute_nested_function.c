/* OpenACC in GNU C nested functions that compile: a compute construct that
 * uses only the nested function's own variables, and data and update
 * directives on the enclosing function's variables (reached through the static
 * chain; the data side takes their addresses).  A compute construct there that
 * uses the enclosing function's variables is a "sorry"
 * (tests/e2e/diag/nested_function_frame.c). */
#include "e2e.h"

#define N 100

int main(void) {
  int base[4] = {1, 2, 3, 4}, r = 0, got[N];
  void own(void) {
    int a[N];
#pragma acc parallel loop copyout(a)
    for (int i = 0; i < N; i++)
      a[i] = 2 * i + 1;
    for (int i = 0; i < N; i++)
      got[i] = a[i];
  }
  void data(void) {
#pragma acc data copy(base)
    {
#pragma acc update self(base[0:2])
      r = base[1];
    }
#pragma acc enter data copyin(base)
#pragma acc exit data delete(base)
  }
  own();
  data();
  for (int i = 0; i < N; i++)
    CHECK_INT("own", got[i], 2 * i + 1);
  CHECK_INT("data", r, 2);
  return e2e_done();
}
