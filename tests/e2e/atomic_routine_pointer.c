/* atomic_routine_pointer.c — atomics in routines through pointer
 * parameters, called with the address of the caller's local (a thread's
 * local memory, where a GPU faults on an atomic: found on an H200) and
 * with the address of mapped, shared data.  The generated code chooses at
 * run time (__accgpu_is_local): plain code on a local, the atomic
 * otherwise.  Update (native atomic), capture (CAS loop), a product (CAS loop on a
 * double), a 2-byte update (CAS on its word), read and write; then an
 * atomic in a kernel through a pointer set to a local or to mapped data.
 * Counted against serial loops. */
#include "e2e.h"

#define N 3000
#define B 7

#pragma acc routine seq
static int bump(int *c, int by) {
  int old;
#pragma acc atomic capture
  { old = *c; *c += by; }
  return old;
}

#pragma acc routine seq
static void add(int *c, int by) {
#pragma acc atomic update
  *c += by;
}

#pragma acc routine seq
static void scale(double *m, double v) {
#pragma acc atomic update
  *m *= v;
}

#pragma acc routine seq
static void tick(short *s) {
#pragma acc atomic update
  (*s)++;
}

#pragma acc routine seq
static void put(long long *d, long long v) {
#pragma acc atomic write
  *d = v;
}

#pragma acc routine seq
static long long get(long long *d) {
  long long v;
#pragma acc atomic read
  v = *d;
  return v;
}

int main(void) {
  static int hist[B], out[N], ref_out[N], ref_hist[B];
  static double prod[B], ref_prod[B];
  static long long rw[N];
  int total = 0;
  for (int b = 0; b < B; b++)
    prod[b] = ref_prod[b] = 1.0;
  for (int i = 0; i < N; i++) {
    int cnt = i % 5, olds = 0;
    double m = 100.0 + i % 13;
    short s = (short)(i % 3);
    olds += cnt;
    cnt += 3;
    cnt += i % 4;
    m *= i % 11;
    s++;
    ref_out[i] = cnt * 1000 + olds * 100 + (int)m * 10 + s + 2 * i;
    ref_hist[i % B] += i % 9;
    ref_prod[i % B] *= i % 3 ? 1.0 : 2.0; /* exact in any order */
  }
#pragma acc parallel loop copy(hist, prod, total) copyout(out, rw)
  for (int i = 0; i < N; i++) {
    int cnt = i % 5;
    double m = 100.0 + i % 13;
    short s = (short)(i % 3);
    long long v;
    int olds = bump(&cnt, 3); /* the thread's own locals */
    add(&cnt, i % 4);
    scale(&m, i % 11);
    tick(&s);
    put(&v, 2LL * i);
    add(&hist[i % B], i % 9); /* shared with the other threads */
    scale(&prod[i % B], i % 3 ? 1.0 : 2.0);
    bump(&total, 1);
    put(&rw[i], get(&v));
    out[i] = cnt * 1000 + olds * 100 + (int)m * 10 + s + (int)get(&rw[i]);
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("out", out[i], ref_out[i]);
  for (int b = 0; b < B; b++) {
    CHECK_INT("hist", hist[b], ref_hist[b]);
    CHECK_REAL("prod", prod[b], ref_prod[b], 0);
  }
  CHECK_INT("total", total, N);

  static int odd[B], mine[N];
  int ref_odd[B] = {0};
#pragma acc parallel loop copy(odd) copyout(mine)
  for (int i = 0; i < N; i++) {
    int cnt = i;
    int *p = i % 2 ? &odd[i % B] : &cnt;
#pragma acc atomic update
    *p += 2;
    mine[i] = cnt;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("mine", mine[i], i % 2 ? i : i + 2);
    ref_odd[i % B] += i % 2 ? 2 : 0;
  }
  for (int b = 0; b < B; b++)
    CHECK_INT("odd", odd[b], ref_odd[b]);
  return e2e_done();
}
