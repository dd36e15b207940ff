/* A routine seq may not contain a gang loop (GCC itself notices only in a
 * late pass, and not at -O2: the plugin must say so). */
/* accgpu-expect: error: 6: parallelism|gang|routine */
#pragma acc routine seq
static int fill(int *a, int n) {
#pragma acc loop gang
  for (int i = 0; i < n; i++)
    a[i] = 1;
  return 0;
}

int g(int *a, int n) {
  int r = 0;
#pragma acc parallel copy(a[0:n]) copy(r)
  r = fill(a, n);
  return r;
}
