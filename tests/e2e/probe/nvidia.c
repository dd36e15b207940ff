/* nvidia.c — tests/e2e/run.sh's probe for an NVIDIA GPU the runtime can use.
 * Prints "none" when acc_get_num_devices(acc_device_nvidia) is 0; else runs
 * a parallel loop on nvidia device 0, checks its result against the host's,
 * and prints "nvidia N NAME".  Any failure (no PTX and no JIT, a launch that
 * fails, a wrong result) exits non-zero with the runtime's message. */
#include <stdio.h>

#include <openacc.h>

#define N 4096

int main(void)
{
  static float a[N];
  int n = acc_get_num_devices(acc_device_nvidia);
  if (n <= 0) {
    puts("none");
    return 0;
  }
  acc_set_device_num(0, acc_device_nvidia);
  if (acc_get_device_type() == acc_device_host) {
    fprintf(stderr, "probe: acc_set_device_num(0, acc_device_nvidia) "
            "selected the host\n");
    return 1;
  }
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < N; i++)
    a[i] = 2.0f * i + 1.0f;
  for (int i = 0; i < N; i++)
    if (a[i] != 2.0f * i + 1.0f) {
      fprintf(stderr, "probe: a[%d] = %g, want %g\n", i, a[i],
              2.0f * i + 1.0f);
      return 1;
    }
  const char *name =
      acc_get_property_string(0, acc_device_nvidia, acc_property_name);
  printf("nvidia %d %s\n", n, name ? name : "?");
  return 0;
}
