/* atomic_gang_private.c — atomics on gang-private and firstprivate scalars.
 * A scalar declared in gang-redundant code (or firstprivate on the
 * construct) is one copy per gang that the gang's workers and vector lanes
 * share (OpenACC 3.3 §2.5.1): an atomic from those lanes updates that copy
 * (kernel-gen-stmt.cc maybe_share, kernel-gen.cc fp_atomic_scalars), and
 * one on a lane's own local is plain code (a CUDA atomic on a local
 * address faults on the GPU).  Counts at gang/vector, gang/worker,
 * gang/worker/vector levels and per worker, a count read then reset
 * between two loops, tickets from an atomic capture
 * (each gang's a permutation), a firstprivate counter, a local of the
 * vector loop and a gang-only kernel; the host fallback's two copies of
 * such a construct (lower-compute.cc) are checked too.  All against
 * serial computations. */
#include "e2e.h"
#include <string.h>

#define N 64
#define M 200
#define W 4

#pragma acc routine seq
static int hit(int i, int j) { return (i + j) % 3 == 0; }

static int want_count(int i) {
  int c = 0;
  for (int j = 0; j < M; j++)
    c += hit(i, j);
  return c;
}

/* gang/vector; then the gang reads its counter and resets it for a
   second loop: the reset waits until every lane has read it (racecheck). */
static void gang_vector(void) {
  int out[N], out2[N];
#pragma acc parallel loop gang copyout(out, out2) vector_length(32)
  for (int i = 0; i < N; i++) {
    int cnt = 0;
#pragma acc loop vector
    for (int j = 0; j < M; j++)
      if ((i + j) % 3 == 0) {
#pragma acc atomic update
        cnt++;
      }
    int first = cnt;
    cnt = 5;
#pragma acc loop vector
    for (int j = 0; j < M; j++) {
#pragma acc atomic
      cnt += (i + j) % 2;
    }
    out[i] = first;
    out2[i] = cnt;
  }
  for (int i = 0; i < N; i++) {
    int c2 = 5;
    for (int j = 0; j < M; j++)
      c2 += (i + j) % 2;
    CHECK_INT("gang/vector count", out[i], want_count(i));
    CHECK_INT("count after the reset", out2[i], c2);
  }
}

static void gang_worker(void) {
  int out[N];
#pragma acc parallel loop gang copyout(out) num_workers(W)
  for (int i = 0; i < N; i++) {
    int cnt = 0;
#pragma acc loop worker
    for (int j = 0; j < M; j++)
      if ((i + j) % 3 == 0) {
#pragma acc atomic
        cnt += 1;
      }
    out[i] = cnt;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("gang/worker count", out[i], want_count(i));
}

/* cnt of the gang, updated from every worker's lanes; per of each
   worker's iteration k, from its own lanes only. */
static void gang_worker_vector(void) {
  int out[N], per[N][8];
#pragma acc parallel loop gang copyout(out, per) num_workers(W) \
    vector_length(32)
  for (int i = 0; i < N; i++) {
    int cnt = 0;
#pragma acc loop worker
    for (int k = 0; k < 8; k++) {
      int mine = k;
#pragma acc loop vector
      for (int j = 0; j < M; j++)
        if ((i + j + k) % 3 == 0) {
#pragma acc atomic update
          cnt++;
#pragma acc atomic update
          mine += 2;
        }
      per[i][k] = mine;
    }
    out[i] = cnt;
  }
  for (int i = 0; i < N; i++) {
    int c = 0;
    for (int k = 0; k < 8; k++) {
      int m = 0;
      for (int j = 0; j < M; j++)
        m += (i + j + k) % 3 == 0;
      c += m;
      CHECK_INT("per-worker count", per[i][k], k + 2 * m);
    }
    CHECK_INT("gang/worker/vector count", out[i], c);
  }
}

/* Each hit takes a ticket from the gang's counter: a gang's tickets are
   0..count-1, each once. */
static void tickets(void) {
  static int tick[N][M];
  int out[N];
#pragma acc parallel loop gang copyout(out, tick) vector_length(32)
  for (int i = 0; i < N; i++) {
    int next = 0;
#pragma acc loop vector
    for (int j = 0; j < M; j++) {
      int t = -1;
      if (hit(i, j)) {
#pragma acc atomic capture
        t = next++;
      }
      tick[i][j] = t;
    }
    out[i] = next;
  }
  for (int i = 0; i < N; i++) {
    char seen[M];
    memset(seen, 0, sizeof seen);
    int c = want_count(i);
    CHECK_INT("tickets handed out", out[i], c);
    for (int j = 0; j < M; j++) {
      int t = tick[i][j];
      if (!hit(i, j)) {
        CHECK_INT("no ticket", t, -1);
        continue;
      }
      int ok = t >= 0 && t < c && !seen[t];
      CHECK_INT("ticket fresh and in range", ok, 1);
      if (ok)
        seen[t] = 1;
    }
  }
}

/* firstprivate(cnt): each of 4 gangs counts into its own copy, which
   starts at 7, from all its lanes (every gang runs the loop). */
static void firstprivate_counter(void) {
  int cnt = 7, out = -1, wout = -1;
#pragma acc parallel num_gangs(4) vector_length(32) firstprivate(cnt) \
    copyout(out)
  {
#pragma acc loop vector
    for (int j = 0; j < M; j++)
      if (hit(5, j)) {
#pragma acc atomic update
        cnt++;
      }
    out = cnt;
  }
  CHECK_INT("firstprivate counter", out, 7 + want_count(5));
  CHECK_INT("host copy unchanged", cnt, 7);
#pragma acc parallel num_gangs(2) num_workers(W) vector_length(32) \
    firstprivate(cnt) copyout(wout)
  {
#pragma acc loop worker vector
    for (int j = 0; j < M; j++)
      if (hit(1, j)) {
#pragma acc atomic update
        cnt += 3;
      }
    wout = cnt;
  }
  CHECK_INT("firstprivate counter (workers)", wout, 7 + 3 * want_count(1));
}

/* A local of the vector loop (each lane's own) and a gang-only kernel's
   gang-level local: plain updates. */
static void thread_locals(void) {
  static int val[N][M];
  int out[N];
#pragma acc parallel loop gang copyout(val) vector_length(32)
  for (int i = 0; i < N; i++) {
#pragma acc loop vector
    for (int j = 0; j < M; j++) {
      int loc = i - j, old;
#pragma acc atomic capture
      { old = loc; loc = loc * 2 + 1; }
#pragma acc atomic update
      loc += old;
      val[i][j] = loc;
    }
  }
#pragma acc parallel loop gang copyout(out)
  for (int i = 0; i < N; i++) {
    int cnt = 0;
    for (int j = 0; j < M; j++)
      if (hit(i, j)) {
#pragma acc atomic update
        cnt++;
      }
    out[i] = cnt;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("gang-only count", out[i], want_count(i));
    for (int j = 0; j < M; j++)
      CHECK_INT("vector-loop local", val[i][j], 3 * (i - j) + 1);
  }
}

int main(void) {
  gang_vector();
  gang_worker();
  gang_worker_vector();
  tickets();
  firstprivate_counter();
  thread_locals();
  return e2e_done();
}
