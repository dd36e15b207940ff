/* routine_loop_surroundings.c — a routine whose acc loop has code before
 * and after it in the same block (its index declared outside the loop),
 * called from host code and from compute regions.  Before,
 * the host's copy of the routine lost every statement around its loop (the
 * loop was unlinked from the routine's body while its level was checked):
 * the `return` went, and the call returned whatever the register held. */
#include "e2e.h"

#define N 40

#pragma acc routine seq
static double scaled_sum(const double *v, int n, double scale)
{
  double s = 0.5;
  int count = 0, i;
#pragma acc loop seq reduction(+:s)
  for (i = 0; i < n; i++)
    s += v[i];
  count = n > 0 ? n : 1;
  return s * scale / count;
}

#pragma acc routine vector
static void fill(double *out, int n, double base)
{
  double step = base / 4;
  int i;
#pragma acc loop vector
  for (i = 0; i < n; i++)
    out[i] = base + step * i;
  out[0] = -base;
}

int main(void) {
  double v[N], w[N], r[N], ref_w[N];
  for (int i = 0; i < N; i++)
    v[i] = i * 0.25 - 3;

  double ref = 0.5;
  for (int i = 0; i < N; i++)
    ref += v[i];
  ref = ref * 3.0 / N;
  for (int i = 0; i < N; i++)
    ref_w[i] = i == 0 ? -2.0 : 2.0 + 0.5 * i;

  /* Host calls. */
  CHECK_REAL("host call", scaled_sum(v, N, 3.0), ref, 1e-12);
  CHECK_REAL("host call, no iteration", scaled_sum(v, 0, 3.0), 1.5, 0);
  fill(w, N, 2.0);
  for (int i = 0; i < N; i++)
    CHECK_REAL("host fill", w[i], ref_w[i], 0);

  /* Device calls. */
#pragma acc parallel loop copyin(v) copyout(r)
  for (int j = 0; j < N; j++)
    r[j] = scaled_sum(v, j, 2.0);
  for (int j = 0; j < N; j++) {
    double s = 0.5;
    for (int i = 0; i < j; i++)
      s += v[i];
    CHECK_REAL("device call", r[j], s * 2.0 / (j > 0 ? j : 1), 1e-12);
  }
#pragma acc parallel num_gangs(1) copyout(w)
  fill(w, N, 2.0);
  for (int i = 0; i < N; i++)
    CHECK_REAL("device fill", w[i], ref_w[i], 0);
  return e2e_done();
}
