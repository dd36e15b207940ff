/* routine ... nohost: "all calls to this procedure must appear within
 * compute regions", and a routine calling it needs nohost too (OpenACC 3.3
 * §2.15.1).  A call from host code is an error at the call naming the
 * routine (GCC's own OpenACC drops the host version: an undefined
 * reference at link time); calls in compute regions and in nohost routines
 * are fine. */
/* accgpu-expect: error: 24: .twice. has .routine nohost..*only be called in compute regions */
/* accgpu-expect: error: 16: .twice. has .routine nohost..*host version of .quad..*needs .nohost. too */
#pragma acc routine seq nohost
double twice(double x) { return 2.0 * x; }

#pragma acc routine seq nohost
double triple(double x) { return twice(x) + x; } /* fine: nohost too */

#pragma acc routine seq
double quad(double x) { return twice(x) * 2.0; }

int main(void)
{
  double a[8];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 8; i++)
    a[i] = triple(i) + quad(i);  /* fine: in a compute region */
  return a[1] != twice(3.5);
}
