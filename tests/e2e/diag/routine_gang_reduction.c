/* A reduction on a gang loop of a `routine gang`: each gang would return
 * only its own part (a routine cannot wait for the other gangs), silently
 * wrong with more than one gang (the emulator gave 118656 for 499500 with
 * num_gangs(4)): an error at the clause naming the variable.  Worker and
 * vector reductions in a gang routine are fine (grows, below). */
/* accgpu-expect: error: 12: .reduction. of .t. on a .gang. loop of a .routine gang. is not supported */
#pragma acc routine gang
double gsum(const double *x, int n)
{
  double t = 0;
#pragma acc loop gang vector \
    reduction(+:t)
  for (int i = 0; i < n; i++)
    t += x[i];
  return t;
}

#pragma acc routine gang
void grows(double *out, const double *x, int n, int m)
{
#pragma acc loop gang
  for (int i = 0; i < n; i++) {
    double t = 0;
#pragma acc loop vector reduction(+:t)
    for (int j = 0; j < m; j++)
      t += x[i * m + j];
    out[i] = t;
  }
}
