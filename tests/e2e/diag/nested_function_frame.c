/* A compute construct in a GNU C nested function that uses variables of an
 * enclosing function (plugin/passes/nested-frame.cc): GCC reaches them through
 * the static chain, a pointer to the enclosing function's frame in host memory,
 * and accgpu's lowering crashed on that form (an internal compiler error in
 * ipa-prop.cc at -O2, expr.cc at -O0).  Now a "sorry" at the construct for
 * each such variable, naming the function that owns it.  The nested function's
 * own variables, data constructs, and a construct of the enclosing function
 * itself compile as before (tests/e2e/compute_nested_function.c). */
/* accgpu-expect: sorry: 19: cannot use .base. of the enclosing function .main. */
/* accgpu-expect: sorry: 32: cannot use .m. of the enclosing function .mid. */
/* accgpu-expect: sorry: 32: cannot use .g. of the enclosing function .main. */
/* accgpu-expect: sorry: 39: cannot use .n. of the enclosing function .main. */
#include <stdio.h>

int main(void) {
  int base = 5, r = 0, n = 100, g = 1;
  void work(void) {
    int a[100];
#pragma acc parallel loop copyout(a) copyin(base)
    for (int i = 0; i < 100; i++)
      a[i] = i + base;
    r = a[10];
  }
  work();
  printf("%d\n", r);
  int mid(void) {
    int m = 2;
    int inner(void) {
      int s = 0;
#pragma acc data copy(s)
      {
#pragma acc parallel loop reduction(+:s)
        for (int i = 0; i < 10; i++)
          s += g + m;
      }
      return s;
    }
    int t = 0;
#pragma acc kernels copy(t)
    for (int i = 0; i < n; i++)
      t += i;
    return inner() + t;
  }
  return r != 15 || mid() != 30;
}
