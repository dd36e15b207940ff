/* reduction items the compiler does not take: a member through a pointer
   or of an array element (an error at the item that says what to write),
   a member of something that is not a struct variable, a complex
   reduction with an operator other than + and *, long double with async
   (a "sorry": stored back after the construct), a member on async (its
   result would be stored before the construct ends). */
/* accgpu-expect: error: 17: .p->x..*not supported.*store it back */
/* accgpu-expect: error: 20: .v\[1\].x..*not supported */
/* accgpu-expect: error: 23: .n. in a .reduction. clause is not a struct */
/* accgpu-expect: error|sorry: 26: .z. */
/* accgpu-expect: sorry: 29: long double.*variable .q. with .async */
/* accgpu-expect: error: 33: .t.x. with .async. is not supported */
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
#pragma acc parallel loop reduction(+:q) async(2)
  for (int i = 0; i < n; i++)
    q += i;
  struct s t = {0};
#pragma acc parallel loop reduction(+:t.x) async(1)
  for (int i = 0; i < n; i++)
    t.x += i;
#pragma acc wait
  return p->x + v[1].x + __real__ z + q + t.x;
}
