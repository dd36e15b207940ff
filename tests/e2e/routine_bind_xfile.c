/* `routine seq bind("name")` naming a routine of another file
 * (tests/e2e/units/bind_dev.c), and bind(name) with its prototype here:
 * device calls of the routine run that file's function (device linking),
 * host calls run the routine.  Reference: serial computations of both,
 * chosen by where the region reports it ran. */
/* accgpu-test: units bind_dev.c */
/* accgpu-test: accgpu-only */
#include <openacc.h>
#include <stdio.h>

#pragma acc routine seq bind("bind_dev_scale")
static double scale(double x) { return 2.0 * x; }

int bind_dev_clamp(int v, int hi);
#pragma acc routine seq bind(bind_dev_clamp)
int clamp(int v, int hi) { return v > hi ? hi : v; }

enum { N = 500 };

int main(void)
{
  static double s[N];
  static int c[N];
  int dev = 0;
#pragma acc parallel loop copyout(s, c) copy(dev)
  for (int i = 0; i < N; i++) {
    s[i] = scale(i);
    c[i] = clamp(i % 37, 20);
    if (i == 0)
      dev = !acc_on_device(acc_device_host);
  }
  for (int i = 0; i < N; i++) {
    double ws = dev ? 10.0 * i + 1.0 : 2.0 * i;
    int v = i % 37, wc = v > 20 ? 20 : dev ? -v : v;
    if (s[i] != ws || c[i] != wc) {
      fprintf(stderr, "i=%d: scale %g (want %g), clamp %d (want %d)\n", i,
              s[i], ws, c[i], wc);
      return 1;
    }
  }
  if (scale(1.0) != 2.0 || clamp(5, 20) != 5) {
    fprintf(stderr, "host calls ran the bound functions\n");
    return 1;
  }
  return 0;
}
