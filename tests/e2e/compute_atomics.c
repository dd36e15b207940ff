/* compute_atomics.c — atomic update/read/write/capture on int, unsigned,
 * long long, float and double from many threads (CAS loops). */
#include "e2e.h"

#define N 5000

int main(void) {
  static int hist[16];
  static long long lsum[1];
  static double dsum[1];
  static float fmaxv[1]; /* a float sum */
  static int ticket[N];
  unsigned umul[1] = {1};
  int counter = 0;
#pragma acc parallel loop copy(hist, lsum, dsum, fmaxv, counter, umul) copyout(ticket)
  for (int i = 0; i < N; i++) {
#pragma acc atomic update
    hist[i % 16] += 1;
#pragma acc atomic
    lsum[0] += (long long)i * 1000003;
#pragma acc atomic update
    dsum[0] += i * 0.5;
    float v = (float)(i % 4); /* exact in float: any order gives the same */
#pragma acc atomic update
    fmaxv[0] += v;
    int t;
#pragma acc atomic capture
    t = counter++;
    ticket[i] = t;
    if (i % 1000 == 0) {
#pragma acc atomic update
      umul[0] *= 3u;
    }
  }
  long long rl = 0;
  double rd = 0;
  for (int i = 0; i < N; i++) {
    rl += (long long)i * 1000003;
    rd += i * 0.5;
  }
  for (int b = 0; b < 16; b++)
    CHECK_INT("histogram", hist[b], N / 16 + (b < N % 16));
  CHECK_INT("long long sum", lsum[0], rl);
  CHECK_REAL("double sum", dsum[0], rd, 0);
  CHECK_REAL("float sum", fmaxv[0], 1.5 * N, 0);
  CHECK_INT("counter", counter, N);
  CHECK_INT("unsigned product", umul[0], 243);
  /* Captured tickets are a permutation of 0..N-1. */
  static char seen[N];
  for (int i = 0; i < N; i++)
    if (ticket[i] >= 0 && ticket[i] < N)
      seen[ticket[i]] = 1;
  int all = 1;
  for (int i = 0; i < N; i++)
    all &= seen[i];
  CHECK_TRUE("tickets unique", all);

  /* Capture in gang-redundant code (one thread per gang does it) whose
     value every vector lane then uses. */
  int next = 100;
  static int slot[4 * 64];
#pragma acc parallel num_gangs(4) vector_length(64) copy(next) copyout(slot)
  {
#pragma acc loop gang
    for (int g = 0; g < 4; g++) {
      int mine;
#pragma acc atomic capture
      mine = next++;
#pragma acc loop vector
      for (int j = 0; j < 64; j++)
        slot[g * 64 + j] = mine;
    }
  }
  CHECK_INT("gang captures", next, 104);
  int okv = 1;
  for (int g = 0; g < 4; g++)
    for (int j = 0; j < 64; j++)
      okv &= slot[g * 64 + j] == slot[g * 64] && slot[g * 64] >= 100 &&
             slot[g * 64] < 104;
  CHECK_TRUE("every lane sees its gang's capture", okv);

  int x = 5, y = 0;
#pragma acc serial copy(x, y)
  {
#pragma acc atomic write
    x = 42;
#pragma acc atomic read
    y = x;
  }
  CHECK_INT("atomic write", x, 42);
  CHECK_INT("atomic read", y, 42);
  return e2e_done();
}
