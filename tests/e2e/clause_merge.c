/* clause_merge.c — one list in two data clauses of a directive, which
 * NVHPC accepts and GCC 12 rejects ("appears more than once in data
 * clauses"): the clauses' directions add up (copyin + copyout is copy,
 * create(zero:) + copyout is copyout(zero:)); also lists that share only
 * some of their names. */
/* accgpu-test: accgpu-only */
#include <stdlib.h>

#include "e2e.h"

#define N 500

/* Lists that share some names (PolyBench-ACC's fdtd-apml: copyin(Ax, Ex,
   Hz, ...) copyout(Bza, Ex, Hz); its 2mm: present_or_copyin(A, B)
   present_or_copyout(A, B, tmp)): each shared name takes both
   directions, the others keep their own. */
static void partial_lists(int shared) {
  enum { M = 64 };
  static double in1[M], both1[M], both2[M], out1[M], made[M], p[M], q[M];
  for (int i = 0; i < M; i++) {
    in1[i] = i;
    both1[i] = 2 * i;
    both2[i] = 3 * i;
    out1[i] = -1;
    made[i] = -2;
    p[i] = i + 0.5;
    q[i] = 7;
  }
#pragma acc data create(made) copyin(in1, both1, both2) copyout(out1, both2, both1)
  {
#pragma acc parallel loop present_or_copyin(p, q) present_or_copyout(p, q, made)
    for (int i = 0; i < M; i++) {
      made[i] = in1[i] + p[i];
      p[i] += 1;
      q[i] *= 2;
    }
#pragma acc parallel loop
    for (int i = 0; i < M; i++) {
      out1[i] = made[i] * 2;
      both1[i] += 1;
      both2[i] -= in1[i];
      in1[i] = -5; /* copyin only: not copied back */
    }
  }
  for (int i = 0; i < M; i++) {
    double m = i + (i + 0.5);
    e2e_check_real("copyout only", __LINE__, out1[i], 2 * m, 0);
    e2e_check_real("copyin+copyout (second list)", __LINE__, both1[i],
                   2 * i + 1, 0);
    e2e_check_real("copyin+copyout (reordered)", __LINE__, both2[i], 2 * i, 0);
    e2e_check_real("copyin only", __LINE__, in1[i], shared ? -5 : i, 0);
    e2e_check_real("pcopyin+pcopyout p", __LINE__, p[i], i + 1.5, 0);
    e2e_check_real("pcopyin+pcopyout q", __LINE__, q[i], 14, 0);
    e2e_check_real("create: present inside", __LINE__, made[i],
                   shared ? m : -2, 0);
  }
}

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  int shared = !e2e_separate_memory();
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 1;
  }
  /* copyin + copyout: the values go in and come back. */
#pragma acc parallel loop copyin(a[0:N]) copyout(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = 2 * a[i] + 1;
  for (int i = 0; i < N; i++)
    e2e_check_real("copyin+copyout", __LINE__, a[i], 2.0 * i + 1, 0);
  /* copyout + copy of a reduction variable */
  double t = 10;
#pragma acc parallel loop copyout(t) copy(t) reduction(+:t)
  for (int i = 0; i < N; i++)
    t += 1;
  e2e_check_real("copyout+copy reduction", __LINE__, t, 10 + N, 0);
  /* create(zero:) + copyout on data */
#pragma acc data copyin(a[0:N]) create(zero: b[0:N]) copyout(b[0:N])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      b[i] += a[i];
  }
  for (int i = 0; i < N; i++)
    e2e_check_real("create(zero:)+copyout", __LINE__, b[i],
                   a[i] + (shared ? 1 : 0), 0);
  /* a list of two, and a present_or_ spelling */
  int x = 3, y = 4;
#pragma acc serial pcopyin(x, y) copyout(x, y)
  {
    x *= 10;
    y *= 10;
  }
  e2e_check_int("pcopyin+copyout x", __LINE__, x, 30);
  e2e_check_int("pcopyin+copyout y", __LINE__, y, 40);
  partial_lists(shared);
  free(a);
  free(b);
  return e2e_done();
}
