/* reduction_leader.c — where a loop's combined value goes to the first
 * thread only (docs/reductions.md, "Who gets the value"): a local stored
 * once or twice after its worker or vector loop (first thread only), and
 * the same local also used by every thread after the loop (a vector loop
 * that reads it, a redundant computation: broadcast to all); gang `*`
 * reductions whose CAS loop starts from a relaxed load of the target. */
#include "e2e.h"

#define NK 5
#define NJ 37
#define NI 70
static int in[NK][NJ][NI];
static int once[NK], twice[NK], twice2[NK], scaled[NK][NI], rows[NK][NJ],
    plus1[NK][NJ];

static void check_worker_vector(void) {
  for (int k = 0; k < NK; k++) {
    int want = k;
    for (int j = 0; j < NJ; j++) {
      int r = 0;
      for (int i = 0; i < NI; i++)
        r += in[k][j][i];
      want += in[k][j][0];
      CHECK_INT("row sum stored once", rows[k][j], r);
      CHECK_INT("row sum used redundantly", plus1[k][j], 2 * r + 1);
    }
    CHECK_INT("worker sum stored once", once[k], want);
    CHECK_INT("worker sum stored twice", twice[k], want);
    CHECK_INT("worker sum stored twice (2nd)", twice2[k], want);
    for (int i = 0; i < NI; i++)
      CHECK_INT("worker sum read by a vector loop", scaled[k][i],
                in[k][0][i] + want);
  }
}

int main(void) {
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      for (int i = 0; i < NI; i++)
        in[k][j][i] = (k * 5 + j * 3 + i) % 9 - 4;

#pragma acc parallel num_gangs(3) num_workers(4) vector_length(64) \
    copyin(in) copyout(once, twice, twice2, scaled, rows, plus1)
  {
#pragma acc loop gang
    for (int k = 0; k < NK; k++) {
      int a = k, b = k, c = k;
#pragma acc loop worker reduction(+:a, b, c)
      for (int j = 0; j < NJ; j++) {
        int r = 0;
#pragma acc loop vector reduction(+:r)
        for (int i = 0; i < NI; i++)
          r += in[k][j][i];
        rows[k][j] = r;
        int r2 = 0;
#pragma acc loop vector reduction(+:r2)
        for (int i = 0; i < NI; i++)
          r2 += in[k][j][i];
        int t = 2 * r2 + 1;
        plus1[k][j] = t;
        a += in[k][j][0];
        b += in[k][j][0];
        c += in[k][j][0];
      }
      once[k] = a;
      twice[k] = b;
      twice2[k] = b;
#pragma acc loop vector
      for (int i = 0; i < NI; i++)
        scaled[k][i] = in[k][0][i] + c;
    }
  }
  check_worker_vector();

  float pf = 1.0f;
  double pd = -1.0;
  int pi = 3;
#pragma acc parallel loop gang worker vector num_gangs(6) num_workers(2) \
    vector_length(64) reduction(*:pf, pd, pi) copyin(in)
  for (int e = 0; e < NK * NJ * NI; e++) {
    int v = ((int *)in)[e];
    float f = v > 0 ? -1.0f : 1.0f;
    pf *= f;
    pd *= (double)f;
    pi *= e % 97 == 0 ? -1 : 1;
  }
  float wf = 1.0f;
  double wd = -1.0;
  int wi = 3;
  for (int e = 0; e < NK * NJ * NI; e++) {
    float f = ((int *)in)[e] > 0 ? -1.0f : 1.0f;
    wf *= f;
    wd *= (double)f;
    wi *= e % 97 == 0 ? -1 : 1;
  }
  CHECK_INT("float * across gangs", (int)pf, (int)wf);
  CHECK_INT("double * across gangs", (int)pd, (int)wd);
  CHECK_INT("int * across gangs", pi, wi);
  return e2e_errors != 0;
}
