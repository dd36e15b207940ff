/* Reductions on long double arrays, sections and elements: long double
 * scalars are reduced in double on the device (plugin/ldouble-reduction.cc),
 * these are not (yet): a "sorry" naming the variable at the construct. */
/* accgpu-expect: sorry: 14: long double array, section or element.*.arr. */
/* accgpu-expect: sorry: 21: long double array, section or element.*.whole. */
/* accgpu-expect: sorry: 28: long double array, section or element.*.el. */
#define N 100
#define M 4

long double arr[M], whole[M], el[M];

void f(const long double *x)
{
#pragma acc parallel loop reduction(+:arr[0:M]) copyin(x[0:N])
  for (int i = 0; i < N; i++)
    arr[i % M] += x[i];
}

void g(const long double *x)
{
#pragma acc parallel loop reduction(max:whole) copyin(x[0:N])
  for (int i = 0; i < N; i++)
    whole[i % M] = x[i] > whole[i % M] ? x[i] : whole[i % M];
}

void h(const long double *x)
{
#pragma acc parallel loop reduction(+:el[2]) copyin(x[0:N])
  for (int i = 0; i < N; i++)
    el[2] += x[i];
}
