/* omp_threads_acc.c — OpenACC constructs inside OpenMP ones, as multi-GPU
 * codes with one OpenMP thread per device write them (NVHPC compiles
 * these; GCC 12 says "OpenACC construct inside of non-OpenACC region"):
 * a Jacobi sweep split in row blocks, one per thread, each thread on
 * device `t % ndev` with a `data` region of its block, two `kernels`
 * regions (the first with a max reduction of the change, the second a
 * copy run as a host loop), halo rows through `update self`/`update
 * device` naming the 2-D array twice, `omp barrier` and `critical`
 * between; a `parallel loop` inside `omp parallel for` iterations; one
 * inside `omp single`; `async(t + 1)` queues per thread.
 * Against the same steps computed serially. */
/* accgpu-test: cflags -fopenmp */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 OMP_NUM_THREADS=3 */
#include "e2e.h"
#include <math.h>
#include <omp.h>

#define NY 40
#define NX 24
#define ITERS 7
#define NT 3

static double A[NY][NX], Anew[NY][NX], R[NY][NX];
static double rA[NY][NX], rAnew[NY][NX];

static double init_val(int y, int x)
{
  return (x * 5 + y * 11) % 13 * 0.5 + (y == 0 ? 2.0 : 0.0);
}

static double serial_jacobi(void)
{
  double err = 0;
  for (int it = 0; it < ITERS; it++) {
    err = 0;
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++) {
        rAnew[y][x] = 0.25 * (rA[y][x + 1] + rA[y][x - 1] + rA[y - 1][x] +
                              rA[y + 1][x]) + R[y][x];
        err = fmax(err, fabs(rAnew[y][x] - rA[y][x]));
      }
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        rA[y][x] = rAnew[y][x];
  }
  return err;
}

/* One thread's block of rows [lo, hi): its own device and data region. */
static double thread_jacobi(int lo, int hi, double *shared_err)
{
  double err = 0;
#pragma acc data copy(A[lo - 1:hi - lo + 2][0:NX]) copyin(R[lo:hi - lo][0:NX]) create(Anew[lo:hi - lo][0:NX])
  for (int it = 0; it < ITERS; it++) {
    err = 0;
#pragma acc kernels present(A[lo - 1:hi - lo + 2][0:NX], R[lo:hi - lo][0:NX], Anew[lo:hi - lo][0:NX])
    for (int y = lo; y < hi; y++)
      for (int x = 1; x < NX - 1; x++) {
        Anew[y][x] = 0.25 * (A[y][x + 1] + A[y][x - 1] + A[y - 1][x] +
                             A[y + 1][x]) + R[y][x];
        err = fmax(err, fabs(Anew[y][x] - A[y][x]));
      }
#pragma omp barrier /* host and multicore: A is the threads' shared A */
#pragma acc kernels present(A[lo:hi - lo][0:NX], Anew[lo:hi - lo][0:NX])
    for (int y = lo; y < hi; y++)
      for (int x = 1; x < NX - 1; x++)
        A[y][x] = Anew[y][x];
#pragma acc update self(A[lo:1][0:NX], A[hi - 1:1][0:NX])
#pragma omp barrier
#pragma acc update device(A[lo - 1:1][0:NX], A[hi:1][0:NX])
#pragma omp barrier
  }
#pragma omp critical
  *shared_err = fmax(*shared_err, err);
  return err;
}

static void test_jacobi_threads(void)
{
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      A[y][x] = rA[y][x] = init_val(y, x);
      R[y][x] = ((x + y) % 3) * 0.01;
    }
  double want = serial_jacobi(), got = 0;
  int ndev = acc_get_num_devices(acc_get_device_type());
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    if (ndev > 1)
      acc_set_device_num(t % ndev, acc_get_device_type());
    int lo = 1 + t * (NY - 2) / nt, hi = 1 + (t + 1) * (NY - 2) / nt;
    /* the device each thread chose stays its own */
    CHECK_INT("thread's device", acc_get_device_num(acc_get_device_type()),
              ndev > 1 ? t % ndev : acc_get_device_num(acc_get_device_type()));
    thread_jacobi(lo, hi, &got);
  }
  CHECK_REAL("max change", got, want, 1e-12);
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      CHECK_REAL("A", A[y][x], rA[y][x], 1e-12);
}

/* A parallel loop in each iteration of an `omp parallel for`, and one in
   an `omp single`: temporaries each thread's own. */
static void test_omp_for_and_single(void)
{
  enum { ROWS = 12, COLS = 50 };
  static double m[ROWS][COLS];
  static long sums[ROWS];
  long total = 0;
#pragma omp parallel for schedule(dynamic, 1)
  for (int r = 0; r < ROWS; r++) {
    double *row = m[r];
    long s = 0;
#pragma acc parallel loop copyout(row[0:COLS]) reduction(+:s)
    for (int c = 0; c < COLS; c++) {
      row[c] = r * 100.0 + c;
      s += r * c;
    }
    sums[r] = s;
  }
#pragma omp parallel
  {
#pragma omp single
    {
#pragma acc parallel loop copyin(sums[0:ROWS]) reduction(+:total)
      for (int r = 0; r < ROWS; r++)
        total += sums[r];
    }
  }
  long want = 0;
  for (int r = 0; r < ROWS; r++) {
    CHECK_INT("row sum", sums[r], (long)r * (COLS * (COLS - 1) / 2));
    want += sums[r];
    for (int c = 0; c < COLS; c++)
      CHECK_REAL("m", m[r][c], r * 100.0 + c, 0);
  }
  CHECK_INT("total", total, want);
}

/* Each thread queues work on its own async queue and waits for it. */
static void test_async_per_thread(void)
{
  enum { N = 300 };
  static float v[NT][N];
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num();
    float *p = v[t];
#pragma acc enter data create(p[0:N]) async(t + 1)
#pragma acc parallel loop present(p[0:N]) async(t + 1)
    for (int i = 0; i < N; i++)
      p[i] = (float)(i * (t + 1));
#pragma acc parallel loop present(p[0:N]) async(t + 1)
    for (int i = 0; i < N; i++)
      p[i] += 1.0f;
#pragma acc exit data copyout(p[0:N]) async(t + 1)
#pragma acc wait(t + 1)
  }
  for (int t = 0; t < NT; t++)
    for (int i = 0; i < N; i++)
      CHECK_REAL("v", v[t][i], (float)(i * (t + 1)) + 1.0f, 0);
}

int main(void)
{
  test_jacobi_threads();
  test_omp_for_and_single();
  test_async_per_thread();
  return e2e_done();
}
