/* routine ... bind: a name that is no function of this file (an identifier
 * is checked; a string may name a routine of another file), a bound
 * function of another type, a clause without one name, bind in a _Pragma:
 * errors at the clause, naming the function. */
/* accgpu-expect: error: 10: .nowhere. in .bind. of .f. is not a function declared */
/* accgpu-expect: error: 14: .g2..*bound to .g..*different type */
/* accgpu-expect: error: 18: .bind. takes the name of a function */
/* accgpu-expect: error: 21: .bind. takes the name of a function */
/* accgpu-expect: error: 24: .bind. in a directive written with ._Pragma. */
#pragma acc routine seq bind(nowhere)
double f(double x) { return x; }

float g2(float x) { return x; }
#pragma acc routine seq bind(g2)
double g(double x) { return x; }

double dev_h(double x) { return x; }
#pragma acc routine seq bind(dev_h dev_h)
double h(double x) { return x; }

#pragma acc routine seq bind()
double k(double x) { return x; }

_Pragma("acc routine seq bind(dev_h)")
double m(double x) { return x; }

int main(void)
{
  double a[8];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 8; i++)
    a[i] = f(i) + g(i) + h(i) + k(i) + m(i);
  return a[1] != 5.0;
}
