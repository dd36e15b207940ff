/* An acc loop whose index is a pointer (for (p = a; p < a + n; p++)) is not
 * supported yet: a sorry at the loop naming the index, not an internal
 * compiler error (section-ranges.cc built `n2 - 1` in a pointer type while
 * working out which part of the implicitly mapped array the loop touches;
 * GCC's parallel-loop-1). */
/* accgpu-expect: sorry: 12: unsupported loop increment .pointer or non-additive.: .p. */
/* accgpu-expect: sorry: 15: unsupported loop increment .pointer or non-additive.: .q. */
void f(int *a)
{
  int *p, *q;
#pragma acc parallel loop
  for (p = a; p < &a[100]; p++)
    *p += 2;
#pragma acc kernels loop
  for (q = &a[99]; q >= a; q--)
    *q -= 1;
}
