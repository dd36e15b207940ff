/* real3_streams.c — asynchronous pipelines as applications overlap copies
 * and kernels: double buffering over a `static double buf[2][CH]` (rows of
 * a 2-D array updated on queue `slot`, `present(buf)` kernels on the same
 * queue, `update self` of the row on it, host work while the other slot
 * runs, `wait(slot)` before reuse), `enter data copyin(...) async(q)` and
 * `exit data copyout(...) async(q)` per chunk of a large array with one
 * `wait` for all, polling with `acc_async_test` while the host does its
 * own part, a chain of dependent queues (`wait(1) async(2)`, `wait(2)
 * async(3)`) and `acc_wait_all_async` into a queue before a last kernel.
 * Each against the same work done serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define CH 1000
#define NCH 9

static double buf[2][CH];

static double chunk_value(int c, int i)
{
  return (c * 31 + i % 97) * 0.25;
}

static void test_double_buffer(void)
{
  double out[NCH], ref[NCH];
  double host_side = 0, rhost = 0;
#pragma acc data create(buf)
  {
    for (int c = 0; c < NCH + 1; c++) {
      int slot = c % 2;
      if (c < NCH) {
#pragma acc wait(slot)
        for (int i = 0; i < CH; i++)
          buf[slot][i] = chunk_value(c, i);
#pragma acc update device(buf[slot][0:CH]) async(slot)
#pragma acc parallel loop present(buf) async(slot)
        for (int i = 0; i < CH; i++)
          buf[slot][i] = buf[slot][i] * 2.0 + i;
#pragma acc update self(buf[slot][0:CH]) async(slot)
      }
      /* host work while the device runs */
      for (int i = 0; i < 1000; i++)
        host_side += (c * i) % 7;
      if (c > 0) {
        int prev = (c - 1) % 2;
#pragma acc wait(prev)
        double s = 0;
        for (int i = 0; i < CH; i++)
          s += buf[prev][i];
        out[c - 1] = s;
      }
    }
  }
  for (int c = 0; c < NCH; c++) {
    ref[c] = 0;
    for (int i = 0; i < CH; i++)
      ref[c] += chunk_value(c, i) * 2.0 + i;
    CHECK_REAL("double buffer", out[c], ref[c], 1e-12);
  }
  for (int c = 0; c < NCH + 1; c++)
    for (int i = 0; i < 1000; i++)
      rhost += (c * i) % 7;
  CHECK_REAL("double buffer host", host_side, rhost, 0);
}

static void test_chunked_enter_exit(void)
{
  const int n = 12000, nq = 4, chunk = n / nq;
  float *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = (float)(i % 1000);
  for (int q = 0; q < nq; q++) {
    int lo = q * chunk;
#pragma acc enter data copyin(a[lo:chunk]) async(q + 1)
#pragma acc parallel loop present(a[lo:chunk]) async(q + 1)
    for (int i = lo; i < lo + chunk; i++)
      a[i] = a[i] * 0.5f + (float)q;
#pragma acc exit data copyout(a[lo:chunk]) async(q + 1)
  }
  /* the host polls while the queues drain */
  long spins = 0;
  for (int q = 1; q <= nq; q++)
    while (!acc_async_test(q))
      spins++;
#pragma acc wait
  for (int i = 0; i < n; i++)
    CHECK_REAL("chunked", a[i], (float)(i % 1000) * 0.5f + (float)(i / chunk),
               0);
  CHECK_TRUE("chunked gone", !acc_is_present(a, sizeof *a) ||
                                 !e2e_separate_memory());
  CHECK_TRUE("spins", spins >= 0);
  free(a);
}

static void test_queue_chain(void)
{
  const int n = 5000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  double *z = malloc(n * sizeof *z), *v = malloc(n * sizeof *v);
  for (int i = 0; i < n; i++)
    x[i] = i, y[i] = 0, z[i] = 0, v[i] = i + 1;
  double total = 0;
#pragma acc data copyin(x[0:n], v[0:n]) create(y[0:n], z[0:n])
  {
#pragma acc parallel loop present(x[0:n]) async(1)
    for (int i = 0; i < n; i++)
      x[i] = x[i] + 1;
#pragma acc parallel loop present(x[0:n], y[0:n]) wait(1) async(2)
    for (int i = 0; i < n; i++)
      y[i] = x[(i + 1) % n] * 2;
#pragma acc parallel loop present(y[0:n], z[0:n]) wait(2) async(3)
    for (int i = 0; i < n; i++)
      z[i] = y[(i + 7) % n] + 1;
#pragma acc parallel loop present(v[0:n]) async(4)
    for (int i = 0; i < n; i++)
      v[i] = -v[i];
    acc_wait_all_async(5);
#pragma acc parallel loop present(v[0:n], z[0:n]) reduction(+:total) async(5)
    for (int i = 0; i < n; i++)
      total += z[i] + v[i];
#pragma acc wait(5)
#pragma acc update self(z[0:n])
  }
  double rtotal = 0;
  for (int i = 0; i < n; i++) {
    int j = (i + 7) % n;
    double yj = (double)((j + 1) % n + 1) * 2;
    double zi = yj + 1;
    CHECK_REAL("chain z", z[i], zi, 0);
    rtotal += zi - (i + 1);
  }
  CHECK_REAL("chain total", total, rtotal, 1e-12);
  free(x), free(y), free(z), free(v);
}

int main(void)
{
  test_double_buffer();
  test_chunked_enter_exit();
  test_queue_chain();
  return e2e_done();
}
