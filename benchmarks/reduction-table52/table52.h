/* table52.h — the cases of seed 001 Table 5.2 (benchmarks/reduction-table52):
 * shared by the OpenACC side (table52.c) and the hand-written CUDA C
 * kernels (table52.cu).  Loops: gang i, worker j, vector k over in[NI][NJ][NK];
 * L is the reducing trip count (split over the reducing loops when there
 * are several), the other loops run 2 and 32 times.
 *
 *   gang    NI=L    NJ=2    NK=32   s op= in[i][0][0] once per gang iteration;
 *                                   worker and vector copy out = 2*in
 *   worker  NI=2    NJ=L    NK=32   res[i] = op over j of in[i][j][0];
 *                                   vector copies
 *   vector  NI=2    NJ=32   NK=L    res[i][j] = op over k of in[i][j][k]
 *   gw      NI=L/32 NJ=32   NK=32   s op= in[i][j][0]; vector copies
 *   wv      NI=2    NJ=L/128 NK=128 res[i] = op over j, k
 *   gwv     NI=L/64 NJ=2    NK=32   s op= in[i][j][k]
 *   same    one loop of L trips, gang worker vector                     */
#ifndef TABLE52_H
#define TABLE52_H 1

enum { P_GANG, P_WORKER, P_VECTOR, P_GW, P_WV, P_GWV, P_SAME, P_N };

/* Extents of position P for reducing trip count L. */
static inline void t52_dims(int p, long L, long *ni, long *nj, long *nk) {
  static const long fixed[P_N][3] = {{0, 2, 32},  {2, 0, 32},   {2, 32, 0},
                                     {0, 32, 32}, {2, 0, 128},  {0, 2, 32},
                                     {0, 1, 1}};
  static const long div[P_N] = {1, 1, 1, 32, 128, 64, 1};
  *ni = fixed[p][0] ? fixed[p][0] : L / div[p];
  *nj = fixed[p][1] ? fixed[p][1] : L / div[p];
  *nk = fixed[p][2] ? fixed[p][2] : L / div[p];
}

#endif
