/* compute_kernels_forms.c — loop shapes the kernels dependence test
 * handles: a downward loop with a computed start, a step of 2 (even
 * elements written, odd ones read), a `while` loop, struct fields, a long
 * index with step 3 and an unknown read offset, a row pointer set in the
 * outer loop's body, an offset computed there, `continue`, a pointer into
 * the array set in the region (not distinct from it: sequential).  Every
 * result equals the serial computation. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#define N 1001
#define M 37

struct pt {
  double x, y;
  int n;
};

int main(void) {
  static double a[N * M], ra[N * M], b[N], rb[N];
  static struct pt p[N], rp[N];
  int n = N, m = M, i;
  long L = N;
  for (int k = 0; k < N * M; k++)
    a[k] = ra[k] = (k % 23) * 0.5;
  for (int k = 0; k < N; k++) {
    b[k] = rb[k] = k * 0.25;
    p[k].y = rp[k].y = k;
  }
#pragma acc kernels copy(a, b, p)
  {
    for (i = n - 1; i >= 0; i--)      /* accgpu-expect-note: across gangs and vector */
      b[i] = b[i] * 2.0 + 1.0;
    for (i = 0; i < n - 1; i += 2)    /* accgpu-expect-note: across gangs and vector */
      a[i] = a[i + 1] - 1.0;
    i = 0;                            /* accgpu-expect-note: across gangs and vector */
    while (i < n) {
      p[i].x = p[i].y * 2.0;
      p[i].n = i;
      i++;
    }
    for (long k = 0; k < L; k += 3)   /* accgpu-expect-note: across gangs and vector */
      a[M * N - 1 - k] = b[(k * 7) % n];
    for (i = 0; i < n; i++) {         /* accgpu-expect-note: across gangs$ */
      double *row = a + (long)i * m;  /* its value here: a + i*m */
      for (int j = 1; j < m; j++) {   /* accgpu-expect-note: across vector */
        if (row[j] > 5.0)
          continue;
        row[j] = row[j] + j;
      }
    }
    for (i = 0; i < n; i++) {         /* accgpu-expect-note: across gangs$ */
      int off = i * m;
      for (int j = 0; j < m; j++)     /* accgpu-expect-note: across vector */
        a[off + j] = a[off + j] * 0.5;
    }
    double *q = b + 1;
    for (i = 0; i < n - 1; i++)       /* accgpu-expect-note: not parallelized */
      q[i] = b[i] + q[i];
  }
  for (i = N - 1; i >= 0; i--)
    rb[i] = rb[i] * 2.0 + 1.0;
  for (i = 0; i < N - 1; i += 2)
    ra[i] = ra[i + 1] - 1.0;
  for (i = 0; i < N; i++) {
    rp[i].x = rp[i].y * 2.0;
    rp[i].n = i;
  }
  for (long k = 0; k < N; k += 3)
    ra[M * N - 1 - k] = rb[(k * 7) % N];
  for (i = 0; i < N; i++)
    for (int j = 1; j < M; j++)
      if (!(ra[(long)i * M + j] > 5.0))
        ra[(long)i * M + j] += j;
  for (i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ra[i * M + j] = ra[i * M + j] * 0.5;
  for (i = 0; i < N - 1; i++)
    rb[i + 1] = rb[i] + rb[i + 1];
  for (int k = 0; k < N * M; k++)
    CHECK_REAL("a", a[k], ra[k], 0);
  for (int k = 0; k < N; k++) {
    CHECK_REAL("b", b[k], rb[k], 0);
    CHECK_REAL("p.x", p[k].x, rp[k].x, 0);
    CHECK_INT("p.n", p[k].n, rp[k].n);
  }
  return e2e_done();
}
