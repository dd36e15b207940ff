/* gang_scalar_lane_store.c — a gang-level scalar (declared in gang-redundant
 * code, private or firstprivate on the construct or a gang loop) is one copy
 * per gang that its workers and vector lanes share (OpenACC 3.3 §2.5.13,
 * §2.6.1).  One lane's store in a worker or vector loop must reach the
 * gang's code after the loop: a search that keeps the matching index
 * (found by exactly one iteration: no race).  Each thread had its own copy,
 * so the gang read -1 on the emulator (and would on a GPU); shared-memory
 * devices hid it.  A scalar the lanes use as their own temporary stays
 * each lane's (the `t` rows; NVHPC privatizes it too).  Against serial
 * loops. */
#include "e2e.h"

enum { ROWS = 8, COLS = 100 };

typedef struct { float a[3]; } triple;

static int key_col(int i) { return (i * 13 + 5) % COLS; }

int main(void)
{
  static int a[ROWS * COLS], idx[ROWS], idx2[ROWS], r1[4], r2[4][8];
  static double t_rows[ROWS], b[ROWS * COLS];
  int key = -7, pos;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      a[i * COLS + j] = (i * 37 + j * 11) % 1000;
  for (int i = 0; i < ROWS; i++)
    a[i * COLS + key_col(i)] = key;

  /* Gang-local and gang-loop private, stored by one vector lane. */
#pragma acc parallel loop gang vector_length(32) copyin(a) copyout(idx, idx2, t_rows, b) private(pos)
  for (int i = 0; i < ROWS; i++) {
    int found = -1;
    double t = i; /* a gang value, then each lane's temporary */
    t_rows[i] = t * 2;
    pos = -1;
#pragma acc loop vector
    for (int j = 0; j < COLS; j++) {
      if (a[i * COLS + j] == key) {
        found = j;
        pos = j;
      }
      t = a[i * COLS + j] * 0.5;
      b[i * COLS + j] = t + 1;
    }
    idx[i] = found;
    idx2[i] = pos;
  }
  for (int i = 0; i < ROWS; i++) {
    CHECK_INT("gang-local found", idx[i], key_col(i));
    CHECK_INT("gang-private pos", idx2[i], key_col(i));
    CHECK_REAL("t before the loop", t_rows[i], 2.0 * i, 0);
    for (int j = 0; j < COLS; j++)
      CHECK_REAL("b (t each lane's own)", b[i * COLS + j],
                 a[i * COLS + j] * 0.5 + 1, 0);
  }

  /* A gang scalar stored in a worker loop; a worker scalar stored in the
     vector loop inside it (one copy per worker). */
#pragma acc parallel loop gang num_workers(4) vector_length(32) copyout(r1, r2)
  for (int g = 0; g < 4; g++) {
    int gs = -1;
#pragma acc loop worker
    for (int w = 0; w < 8; w++) {
      int ws = -1;
#pragma acc loop vector
      for (int v = 0; v < 64; v++)
        if (v == 40 + w)
          ws = v;
      r2[g][w] = ws;
      if (w == 3)
        gs = g * 10 + w;
    }
    r1[g] = gs;
  }
  for (int g = 0; g < 4; g++) {
    CHECK_INT("gang scalar set in a worker loop", r1[g], g * 10 + 3);
    for (int w = 0; w < 8; w++)
      CHECK_INT("worker scalar set in a vector loop", r2[g][w], 40 + w);
  }

  /* Firstprivate scalar and struct, private scalar on the construct. */
  int t0 = 0, p, c1 = -1, c2 = -1;
  triple s = {{0, 0, 0}};
  float c3 = -1;
#pragma acc parallel num_gangs(1) vector_length(32) firstprivate(t0, s) private(p) copyout(c1, c2, c3)
  {
    p = 0;
#pragma acc loop vector
    for (int i = 0; i < 32; i++)
      if (i == 5) {
        t0 = 42;
        p = 7;
        s.a[1] = 3.5f;
      }
    c1 = t0;
    c2 = p;
    c3 = s.a[1];
  }
  CHECK_INT("firstprivate scalar after the vector loop", c1, 42);
  CHECK_INT("private scalar after the vector loop", c2, 7);
  CHECK_REAL("firstprivate struct after the vector loop", c3, 3.5f, 0);
  return e2e_done();
}
