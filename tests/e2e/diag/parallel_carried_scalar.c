/* A scalar of the code around a `parallel` construct (implicitly
 * firstprivate) that an iteration of a partitioned loop reads before
 * assigning it, and assigns later: the program means to carry a value from
 * one iteration to the next, but each gang, worker or lane has its own
 * copy (implicit-reductions.cc, warn_carried; the answer was silently the
 * schedule's).  Not for a scalar each iteration assigns first, one an
 * implicit reduction takes, a private one, or a `loop seq`.  -Werror makes
 * the warning an error to match it. */
/* accgpu-test: cflags -Werror */
/* accgpu-expect: error: 18: .prev. is read in an iteration of this loop before it is assigned */
/* accgpu-expect: error: 29: .carry. is read in an iteration of this loop before it is assigned */
void f(int n, const double *a, double *b)
{
  double prev = 0.0, last, s = 0.0, t;
  int carry = 0;
#pragma acc data copyin(a[0:n]) copyout(b[0:n])
  {
#pragma acc parallel loop
    for (int i = 0; i < n; i++) {
      last = a[i]; /* assigned first: no warning for last */
      b[i] = last + prev;
      prev = last;
    }
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < n; i++)
      s += a[i]; /* a reduction */
#pragma acc parallel
    {
#pragma acc loop gang
      for (int i = 0; i < n; i++) {
#pragma acc loop vector
        for (int k = 0; k < 4; k++)
          carry = carry + k;
        b[i] = carry;
      }
#pragma acc loop seq
      for (int i = 1; i < n; i++)
        b[i] += b[i - 1] + t;
    }
#pragma acc parallel loop private(t)
    for (int i = 0; i < n; i++) {
      t = a[i] * 2;
      b[i] += t;
    }
  }
  b[0] = s + t;
}
