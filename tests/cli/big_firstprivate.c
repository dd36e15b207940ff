/* Big firstprivate arrays in gang-vector loops (tests/cli/run.sh, 10): the
   kernel of `readonly` reads the table in its device buffer, the kernel of
   `per_gang` points at the gang's copy; neither declares the array as a
   thread's local variable (local memory on a GPU: 512 and 160 KB per
   thread). */
#define N 65536
#define M 20000

void readonly(double *out, int n)
{
  double tab[N];
  for (int k = 0; k < N; k++)
    tab[k] = k;
#pragma acc parallel loop gang vector firstprivate(tab) copyout(out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = tab[i % N] + tab[N - 1 - i % N];
}

void per_gang(double *out, int n)
{
  double tab[M];
  for (int k = 0; k < M; k++)
    tab[k] = k;
#pragma acc parallel num_gangs(4) firstprivate(tab) copyout(out[0:n])
  {
#pragma acc loop gang
    for (int g = 0; g < 4; g++) {
#pragma acc loop vector
      for (int k = 0; k < M; k++)
        tab[k] += g;
#pragma acc loop vector
      for (int i = g; i < n; i += 4)
        out[i] = tab[i % M];
    }
  }
}
