/* reduction items the compiler does not take: a member through a pointer
   or of an array element (an error at the item that says what to write),
   a member of something that is not a struct variable, a complex
   reduction with an operator other than + and *, and long double (a
   "sorry": no device arithmetic for it). */
/* accgpu-expect: error: 15: .p->x..*not supported.*store it back */
/* accgpu-expect: error: 18: .v\[1\].x..*not supported */
/* accgpu-expect: error: 21: .n. in a .reduction. clause is not a struct */
/* accgpu-expect: error|sorry: 24: .z. */
/* accgpu-expect: sorry: 27: long double variable.*: .q. */
/* accgpu-test: accgpu-only */
struct s { int x; };

double f(int n, struct s *p, struct s *v, double _Complex z, long double q) {
#pragma acc parallel loop reduction(+:p->x)
  for (int i = 0; i < n; i++)
    p->x += i;
#pragma acc parallel loop reduction(+:v[1].x)
  for (int i = 0; i < n; i++)
    v[1].x += i;
#pragma acc parallel loop reduction(+:n.x)
  for (int i = 0; i < 4; i++)
    p->x += i;
#pragma acc parallel loop reduction(&&:z)
  for (int i = 0; i < n; i++)
    z = z && i;
#pragma acc parallel loop reduction(+:q)
  for (int i = 0; i < n; i++)
    q += i;
  return p->x + v[1].x + __real__ z + q;
}
