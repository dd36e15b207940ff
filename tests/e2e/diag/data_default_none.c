/* default(none) on a data construct (plugin/data-default.cc) reaches the
   compute constructs inside it: a variable they use without a clause is
   GCC's error there, naming it; one with its own default is its own. */
/* accgpu-expect: error: 12: .a. not specified in enclosing OpenACC .parallel. construct */
/* accgpu-test: accgpu-only */
void f(double *a, int n)
{
#pragma acc data default(none) copyin(n)
  {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] = i;
#pragma acc parallel loop default(present) firstprivate(a)
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
}
