/* atomic_update.c — atomic update in its forms (x++, ++x, x--, x += e,
 * x = x op e, x = e op x, and the bare atomic directive) on int, unsigned,
 * long long, float and double: histograms and totals every iteration adds
 * to, exact (float values are multiples of 1/4). */
#include "e2e.h"

#define N 20000
#define K 17
static int hist[K], ref_hist[K];

int main(void) {
  int cnt = 0, down = N;
  unsigned ubits = 0;
  long long big = 0;
  float fsum = 0.0f;
  double dsum = 0.0, dprod = 1.0;

#pragma acc parallel loop copy(hist, cnt, down, ubits, big, fsum, dsum, dprod)
  for (int i = 0; i < N; i++) {
#pragma acc atomic update
    hist[(i * 7) % K]++;
#pragma acc atomic
    ++cnt;
#pragma acc atomic update
    down--;
#pragma acc atomic update
    ubits |= 1u << (i % 32);
#pragma acc atomic update
    big += (long long)i * 100000;
#pragma acc atomic update
    fsum = fsum + (i % 8) * 0.25f;
#pragma acc atomic update
    dsum = (i % 5) * 0.5 + dsum;
    if (i % 4000 == 3) {
#pragma acc atomic update
      dprod *= 2.0;
    }
  }
  for (int i = 0; i < N; i++)
    ref_hist[(i * 7) % K]++;
  for (int k = 0; k < K; k++)
    CHECK_INT("hist", hist[k], ref_hist[k]);
  double want_f = 0, want_d = 0;
  long long want_big = 0;
  for (int i = 0; i < N; i++) {
    want_f += (i % 8) * 0.25;
    want_d += (i % 5) * 0.5;
    want_big += (long long)i * 100000;
  }
  CHECK_INT("cnt", cnt, N);
  CHECK_INT("down", down, 0);
  CHECK_INT("ubits", ubits, 0xffffffffu);
  CHECK_INT("big", big, want_big);
  CHECK_REAL("fsum", fsum, want_f, 0);
  CHECK_REAL("dsum", dsum, want_d, 0);
  CHECK_REAL("dprod", dprod, 32.0, 0);
  return e2e_done();
}
