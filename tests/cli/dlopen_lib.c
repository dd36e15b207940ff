/* A library built with the plugin, loaded with dlopen by a program that
   does not link libaccgpu (tests/cli/run.sh, 12: a Python extension's
   case).  libaccgpu and the kernel images then come after the program's
   start, so their thread-local state is dynamic TLS, which each thread
   reaches on its first construct.  Exact sums (multiples of 1/4), so every
   device and order gives the serial result. */
double lib_sum_squares(int n, int seed);
double lib_sum_squares(int n, int seed) {
  double a[n], s = 0;
  for (int i = 0; i < n; i++)
    a[i] = (i * seed) % 17 * 0.5;
#pragma acc parallel loop reduction(+:s) copyin(a[0:n])
  for (int i = 0; i < n; i++)
    s += a[i] * a[i];
  return s;
}

/* Rows scaled on the device's async queue (the queue's own thread). */
double lib_scaled_rows(int nr, int nc, int seed);
double lib_scaled_rows(int nr, int nc, int seed) {
  double m[nr * nc], t = 0;
  for (int i = 0; i < nr * nc; i++)
    m[i] = (i + seed) % 9 * 0.25;
#pragma acc parallel loop gang copy(m[0:nr*nc]) async(1)
  for (int r = 0; r < nr; r++) {
#pragma acc loop vector
    for (int c = 0; c < nc; c++)
      m[r * nc + c] *= (double)(r % 4 + 1);
  }
#pragma acc wait(1)
  for (int i = 0; i < nr * nc; i++)
    t += m[i];
  return t;
}
