/* variant_main.c — calls both builds of variant_unit.c; prints "ok". */
#include <stdio.h>

double scale1(double *a, int n);
double scale2(double *a, int n);

int main(void)
{
  double a[100], want = 0;
  for (int i = 0; i < 100; i++) {
    a[i] = i;
    want += 2.0 * i;
  }
  double s1 = scale1(a, 100), s2 = scale2(a, 100);
  puts(s1 == want && s2 == 2 * want ? "ok" : "wrong");
  return 0;
}
