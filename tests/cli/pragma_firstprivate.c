/* A pointer named in a written firstprivate clause is the pointer alone, and
   an implicit one gets a section inferred: the same whether the directive is
   a #pragma line or a _Pragma from a macro (whose tokens all have the
   construct's location, so only the recorded clauses tell them apart). */
#define GO(x) _Pragma(#x)
void f(double *p, double *q, int n)
{
  GO(acc parallel loop firstprivate(p))
  for (int i = 0; i < n; i++)
    p[i] += q[i];
#pragma acc parallel loop firstprivate(p)
  for (int i = 0; i < n; i++)
    p[i] += q[i];
}
