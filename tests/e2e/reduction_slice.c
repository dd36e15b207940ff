/* reduction_slice.c — reduction updates in redundant code that only the
 * first thread runs (docs/reductions.md): a gang reduction updated in
 * gang-redundant code between worker loops, a worker reduction updated in
 * vector-single code, a value both added and stored (computed by all), an
 * update that is not of the form s = s OP x (every thread), and `*`. */
#include "e2e.h"

#define NI 23
#define NJ 7
#define NK 50

int main(void) {
  static int in[NI][NJ][NK], out[NI][NJ][NK], out2[NI][NJ][NK], keep[NI][NJ],
      wsum[NI];
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        in[i][j][k] = (i * 11 + j * 5 + k) % 9 - 4;
  int g = 1, h = 0;
  double p = 1.0;
#pragma acc parallel loop gang reduction(+:g, h) reduction(*:p) \
    num_gangs(5) num_workers(3) vector_length(64) copyin(in) copyout(out)
  for (int i = 0; i < NI; i++) {
#pragma acc loop worker
    for (int j = 0; j < NJ; j++) {
#pragma acc loop vector
      for (int k = 0; k < NK; k++)
        out[i][j][k] = in[i][j][k] + 1;
    }
    g += in[i][0][0] * 3 + in[i][1][2];
    h = (h + in[i][2][0]) % 1000003;
    p *= in[i][0][1] < 0 ? -1.0 : 1.0;
  }
#pragma acc parallel loop gang num_gangs(4) num_workers(3) vector_length(64) \
    copyin(in) copyout(keep, wsum, out2)
  for (int i = 0; i < NI; i++) {
    int s = 0;
#pragma acc loop worker reduction(+:s)
    for (int j = 0; j < NJ; j++) {
#pragma acc loop vector
      for (int k = 0; k < NK; k++)
        out2[i][j][k] = in[i][j][k] - 1;
      int t = in[i][j][3];
      s += t * 2;
      keep[i][j] = t;
    }
    wsum[i] = s;
  }
  int wg = 1, wh = 0;
  double wp = 1.0;
  for (int i = 0; i < NI; i++) {
    wg += in[i][0][0] * 3 + in[i][1][2];
    wh = (wh + in[i][2][0]) % 1000003;
    wp *= in[i][0][1] < 0 ? -1.0 : 1.0;
    int s = 0;
    for (int j = 0; j < NJ; j++) {
      s += in[i][j][3] * 2;
      CHECK_INT("value added and stored", keep[i][j], in[i][j][3]);
    }
    CHECK_INT("worker sum updated in vector-single code", wsum[i], s);
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        CHECK_INT("copy", out[i][j][k] - out2[i][j][k], 2);
  }
  CHECK_INT("gang sum updated in gang-redundant code", g, wg);
  CHECK_INT("gang reduction not of the form s = s OP x", h, wh);
  CHECK_INT("gang product", (int)p, (int)wp);
  return e2e_errors != 0;
}
