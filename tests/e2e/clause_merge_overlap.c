/* clause_merge_overlap.c — data clauses of one directive whose lists of
 * plain names overlap without being equal, as PolyBench-ACC's fdtd-apml
 * writes them (`copyin(Ax,Ry,Ex,Ey,Hz,...) copyout(Bza,Ex,Ey,Hz)`), which
 * NVHPC accepts and GCC 12 rejects ("appears more than once in data
 * clauses"): each shared name takes the directions of every clause naming
 * it (copyin + copyout is copy, create + copyout is copyout, create +
 * copyin is copyin), the others keep their clause's. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 300

static double a[N], x[N], y[N], z[N], t[N], u[N], v[N];

int main(void) {
  int separate = e2e_separate_memory();
  for (int i = 0; i < N; i++)
    a[i] = i, x[i] = 2 * i, y[i] = 1, z[i] = -1, t[i] = -2, u[i] = 3, v[i] = 4;
  /* y: copyin + copyout (copy); a, x: copyin; z: copyout */
#pragma acc data copyin(a, x, y) copyout(z, y)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
      z[i] = a[i] + x[i] + y[i];
      y[i] = 2 * y[i] + i;
      x[i] = 0; /* copyin only: the host keeps its x */
    }
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("z", z[i], 3.0 * i + 1, 0);
    CHECK_REAL("y", y[i], 2.0 + i, 0);
    CHECK_REAL("x", x[i], separate ? 2.0 * i : 0, 0);
  }
  /* three clauses on a compute construct: t create + copyout (copyout),
     u create + copyin (copyin), v copyin + copyout (copy) */
#pragma acc parallel loop create(t, u) copyin(u, v) copyout(v, t)
  for (int i = 0; i < N; i++) {
    t[i] = u[i] + v[i] + i;
    v[i] = v[i] * u[i];
    u[i] = -1;
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("t", t[i], 7.0 + i, 0);
    CHECK_REAL("v", v[i], 12, 0);
    CHECK_REAL("u", u[i], separate ? 3 : -1, 0);
  }
  return e2e_done();
}
