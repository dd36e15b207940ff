/* atomic read and atomic write of 1-, 2-, 4- and 8-byte objects (char,
 * short, int, float, long long, double): one relaxed load or store each
 * (kernel-gen-stmt.cc), where a CAS loop wrote back every read word.  Each
 * thread writes its own slot with atomic write, a later kernel reads the
 * slots with atomic read (through a permutation), and a swap capture
 * ({v = x; x = e;}) keeps its compare-and-swap loop; all against the
 * serial values. */
/* accgpu-test: env ACCGPU_EMU_INITCHECK=1 */
#include <stdio.h>

#define N 1000

int main(void) {
  static signed char c[N], rc[N];
  static short s[N], rs[N];
  static int x[N], rx[N];
  static float f[N], rf[N];
  static long long l[N], rl[N];
  static double d[N], rd[N];
  static int old[N], swp[N];
#pragma acc data create(c, s, x, f, l, d, swp) copyout(rc, rs, rx, rf, rl, rd, old)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
#pragma acc atomic write
      c[i] = (signed char)(i % 127 - 60);
#pragma acc atomic write
      s[i] = (short)(i * 31 - 9000);
#pragma acc atomic write
      x[i] = i * 1000003;
#pragma acc atomic write
      f[i] = 0.25f * (float)i - 3.0f;
#pragma acc atomic write
      l[i] = (long long)i * 4000000007LL;
#pragma acc atomic write
      d[i] = 1.0 / (i + 1);
#pragma acc atomic write
      swp[i] = -i;
    }
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
      int j = (i * 7 + 3) % N; /* another thread's slot */
#pragma acc atomic read
      rc[i] = c[j];
#pragma acc atomic read
      rs[i] = s[j];
#pragma acc atomic read
      rx[i] = x[j];
#pragma acc atomic read
      rf[i] = f[j];
#pragma acc atomic read
      rl[i] = l[j];
#pragma acc atomic read
      rd[i] = d[j];
#pragma acc atomic capture
      { old[i] = swp[i]; swp[i] = 2 * i; }
    }
  }
  int bad = 0;
  for (int i = 0; i < N; i++) {
    int j = (i * 7 + 3) % N;
    bad += rc[i] != (signed char)(j % 127 - 60);
    bad += rs[i] != (short)(j * 31 - 9000);
    bad += rx[i] != j * 1000003;
    bad += rf[i] != 0.25f * (float)j - 3.0f;
    bad += rl[i] != (long long)j * 4000000007LL;
    bad += rd[i] != 1.0 / (j + 1);
    bad += old[i] != -i;
  }
  if (bad) {
    fprintf(stderr, "%d values differ\n", bad);
    return 1;
  }
  printf("ok\n");
  return 0;
}
