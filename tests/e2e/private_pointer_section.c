/* private_pointer_section.c — `private(tmp[0:m])` and `firstprivate(w[lo:n])`
 * of a POINTER's section: each copy is a new array of the section's elements
 * (OpenACC 3.3 §2.5.13-14: one per gang on a compute construct; §2.9.10: one
 * per iteration on a loop, i.e. per gang, worker or lane of the loop's level).
 * Every construct and loop level, run-time lengths, a nonzero lower bound, two
 * private pointers, a routine called with the copy, the host's array and
 * pointer unchanged after the region, and copies that are not shared (each
 * iteration fills its copy with its own values, then reads them back with no
 * barrier between: a shared copy mixes iterations on the emulator and the
 * multicore device, and racecheck reports it).  Against serial loops. */
/* accgpu-test: accgpu-only */
/* accgpu-test: private-copies */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
#include "e2e.h"
#include <stdlib.h>

#define PRAGMA(x) _Pragma(#x)

#pragma acc routine seq
static double weighted(const double *t, int lo, int m)
{
  double s = 0;
  for (int k = lo; k < lo + m; k++)
    s += t[k] * (k - lo + 1);
  return s;
}

static double ref_weighted(int i, int lo, int m)
{
  double s = 0;
  for (int k = lo; k < lo + m; k++)
    s += (i * 0.5 + k) * (k - lo + 1);
  return s;
}

/* Loop levels: gang (the lanes of a gang share its copy: one lane reads
   what another wrote), worker, vector, seq. */
static void levels(int n, int m, double *tmp, double *out)
{
  /* gang: filled by a vector loop, read reversed by another */
#pragma acc parallel loop gang copyout(out[0:n * m]) private(tmp[0:m]) \
    vector_length(32)
  for (int i = 0; i < n; i++) {
#pragma acc loop vector
    for (int k = 0; k < m; k++)
      tmp[k] = i * 100 + k;
#pragma acc loop vector
    for (int k = 0; k < m; k++)
      out[i * m + k] = tmp[m - 1 - k];
  }
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      CHECK_REAL("gang copy", out[i * m + k], i * 100 + (m - 1 - k), 0);

  /* worker: the worker's lanes share its copy */
#pragma acc parallel copyout(out[0:n * m]) num_workers(4) vector_length(32)
#pragma acc loop gang worker private(tmp[0:m])
  for (int i = 0; i < n; i++) {
#pragma acc loop vector
    for (int k = 0; k < m; k++)
      tmp[k] = i * 10 - k;
#pragma acc loop vector
    for (int k = 0; k < m; k++)
      out[i * m + k] = tmp[(k + 1) % m];
  }
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      CHECK_REAL("worker copy", out[i * m + k], i * 10 - (k + 1) % m, 0);

  /* vector, and a seq loop inside a vector loop */
#pragma acc parallel loop gang copyout(out[0:n * m])
  for (int i = 0; i < n; i++) {
#pragma acc loop vector private(tmp[0:3])
    for (int k = 0; k < m; k++) {
      for (int j = 0; j < 3; j++)
        tmp[j] = i + k + j;
      double s = 0;
#pragma acc loop seq private(tmp[1:2])
      for (int j = 0; j < 2; j++) {
        tmp[1] = j;
        tmp[2] = 2 * j;
        s += tmp[1] + tmp[2];
      }
      out[i * m + k] = tmp[0] + tmp[1] + tmp[2] + s;
    }
  }
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      CHECK_REAL("vector/seq copies", out[i * m + k], 3.0 * (i + k) + 3 + 3, 0);
}

/* kernels loop, `[:m]`, serial loop, int and float elements, a worker
   loop on a combined line */
static void forms(int n, int m, double *a)
{
  float *ft = malloc(m * sizeof *ft);
  int *ip = malloc(4 * sizeof *ip);
#pragma acc kernels loop copyout(a[0:n]) private(ft[:m])
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++)
      ft[k] = i * k;
    a[i] = ft[m - 1];
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("kernels loop private(ft[:m])", a[i], (float)(i * (m - 1)), 0);
#pragma acc serial loop copyout(a[0:n]) private(ft[2:m - 2])
  for (int i = 0; i < n; i++) {
    for (int k = 2; k < m; k++)
      ft[k] = i + k;
    a[i] = ft[2] + ft[m - 1];
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("serial loop private", a[i], 2.0 * i + 2 + m - 1, 0);
#pragma acc parallel loop worker copyout(a[0:n]) private(ip[0:4]) num_workers(8)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      ip[k] = i ^ k;
    a[i] = ip[3];
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("worker loop private(int)", a[i], i ^ 3, 0);
  free(ft);
  free(ip);
}

int main(void)
{
  int n = 257, m = 37, lo = 5;
  double *tmp = malloc((lo + m) * sizeof *tmp);
  double *t2 = malloc(m * sizeof *t2);
  double *w = malloc((lo + m) * sizeof *w);
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *out = malloc((size_t)n * m * sizeof *out);
  for (int k = 0; k < lo + m; k++)
    tmp[k] = -1.0, w[k] = k * 0.25;
  for (int k = 0; k < m; k++)
    t2[k] = -2.0;
  double *tmp0 = tmp;

  /* combined parallel loop (gang vector): a copy per iteration, a nonzero
     lower bound, a routine reading the copy, no barrier between fill and
     read */
#pragma acc parallel loop copyout(a[0:n]) private(tmp[lo:m])
  for (int i = 0; i < n; i++) {
    for (int k = lo; k < lo + m; k++)
      tmp[k] = i * 0.5 + k;
    a[i] = weighted(tmp, lo, m);
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("parallel loop private(tmp[lo:m])", a[i], ref_weighted(i, lo, m),
               1e-12);

  /* two private pointers on one loop */
#pragma acc parallel loop gang vector copyout(a[0:n], b[0:n]) \
    private(tmp[0:m], t2[0:m])
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++) {
      tmp[k] = i + k;
      t2[k] = i - k;
    }
    double s = 0, d = 0;
    for (int k = 0; k < m; k++)
      s += tmp[k] * t2[m - 1 - k], d += t2[k];
    a[i] = s;
    b[i] = d;
  }
  for (int i = 0; i < n; i++) {
    double s = 0, d = 0;
    for (int k = 0; k < m; k++)
      s += (double)(i + k) * (i - (m - 1 - k)), d += i - k;
    CHECK_REAL("two private pointers", a[i], s, 1e-12);
    CHECK_REAL("two private pointers (b)", b[i], d, 1e-12);
  }

  /* parallel private: one copy per gang, used across the gang loop */
#pragma acc parallel copyout(a[0:n]) private(tmp[0:m]) num_gangs(7)
  {
#pragma acc loop gang
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < m; k++)
        tmp[k] = i * k;
      double s = 0;
      for (int k = 0; k < m; k++)
        s += tmp[k];
      a[i] = s;
    }
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("parallel private", a[i], i * (m * (m - 1) / 2.0), 1e-12);

  /* serial private */
#pragma acc serial copyout(a[0:4]) private(tmp[0:m])
  {
    for (int k = 0; k < m; k++)
      tmp[k] = k;
    for (int j = 0; j < 4; j++)
      a[j] = tmp[m - 1 - j];
  }
  for (int j = 0; j < 4; j++)
    CHECK_REAL("serial private", a[j], m - 1 - j, 0);

  /* kernels private (NVHPC's): the loop's copies */
#pragma acc kernels copyout(a[0:n]) private(tmp[0:m])
  {
#pragma acc loop independent
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < m; k++)
        tmp[k] = 2.0 * i + k;
      a[i] = tmp[0] + tmp[m - 1];
    }
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("kernels private", a[i], 4.0 * i + m - 1, 0);

  /* kernels around a time loop (the host runs it, one launch a step) */
  for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma acc kernels copy(a[0:n]) private(tmp[0:m])
  for (int t = 0; t < 3; t++) {
#pragma acc loop independent
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < m; k++)
        tmp[k] = a[i] + k;
      a[i] = tmp[m - 1];
    }
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("kernels time loop private", a[i], 3.0 * (m - 1), 0);

  /* firstprivate: each gang's copy starts as w[lo:m] and is changed */
#pragma acc parallel copyout(a[0:n]) firstprivate(w[lo:m]) num_gangs(5)
  {
#pragma acc loop gang
    for (int i = 0; i < n; i++) {
      w[lo + i % m] += 1.0; /* the gang's copy only */
      a[i] = w[lo] + w[lo + m - 1];
    }
  }
  {
    /* gang g runs i = g, g + 5, ... in order (static spread): its copy has
       had w[lo + j % m] raised once for each earlier i of the gang */
    for (int i = 0; i < n; i++) {
      CHECK_TRUE("firstprivate starts from w", a[i] >= w[lo] + w[lo + m - 1]);
    }
  }
  /* firstprivate on a combined construct, values only read */
#pragma acc parallel loop copyout(a[0:n]) firstprivate(w[lo:m])
  for (int i = 0; i < n; i++)
    a[i] = w[lo + i % m] * 2;
  for (int i = 0; i < n; i++)
    CHECK_REAL("parallel loop firstprivate", a[i], (lo + i % m) * 0.5, 0);

  levels(n / 4, m, tmp, out);
  forms(n, m, a);

  /* a _Pragma directive, beside a scalar reduction */
  double total = 0;
  PRAGMA(acc parallel loop copyout(a[0:n]) reduction(+:total) private(tmp[0:m]))
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++)
      tmp[k] = i - k;
    a[i] = tmp[m - 1];
    total += tmp[0];
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("_Pragma private", a[i], i - (m - 1), 0);
  CHECK_REAL("_Pragma reduction", total, n * (n - 1) / 2.0, 0);

  /* async: the copies live until the queue has run the kernel */
  for (int rep = 0; rep < 3; rep++) {
#pragma acc parallel loop copyout(a[0:n]) private(tmp[0:m]) async(1)
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < m; k++)
        tmp[k] = i + k + rep;
      double s = 0;
      for (int k = 0; k < m; k++)
        s += tmp[k];
      a[i] = s;
    }
#pragma acc wait(1)
    for (int i = 0; i < n; i++)
      CHECK_REAL("async private", a[i], (double)m * (i + rep) + m * (m - 1) / 2,
                 0);
  }

  /* firstprivate of a section present on the device: the device copy's
     values (shared-memory devices: the host's, the same memory) */
#pragma acc data copyin(w[0:lo + m])
  {
    for (int k = 0; k < lo + m; k++)
      w[k] = -w[k]; /* the host's only */
#pragma acc parallel loop copyout(a[0:n]) firstprivate(w[lo:m])
    for (int i = 0; i < n; i++)
      a[i] = w[lo + i % m];
    int shared = acc_get_device_type() == acc_device_host ||
                 acc_get_device_type() == acc_device_multicore;
    for (int i = 0; i < n; i++)
      CHECK_REAL("firstprivate of a present section", a[i],
                 (shared ? -0.25 : 0.25) * (lo + i % m), 0);
    for (int k = 0; k < lo + m; k++)
      w[k] = -w[k];
  }

  /* after the regions: the host's pointers and arrays are untouched */
  CHECK_TRUE("tmp still points at its array", tmp == tmp0);
  for (int k = 0; k < lo + m; k++) {
    CHECK_REAL("host tmp unchanged", tmp[k], -1.0, 0);
    CHECK_REAL("host w unchanged", w[k], k * 0.25, 0);
  }
  for (int k = 0; k < m; k++)
    CHECK_REAL("host t2 unchanged", t2[k], -2.0, 0);
  free(tmp), free(t2), free(w), free(a), free(b), free(out);
  return e2e_done();
}
