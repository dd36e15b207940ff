/* real4_device_ptrs.c — device memory handled by hand, as libraries and
 * CUDA-interop codes do: `acc_malloc` buffers used through `deviceptr(d)`
 * on `parallel loop` and `kernels`, filled with `acc_memcpy_to_device` and
 * read back with `acc_memcpy_from_device`; a host array given a device
 * buffer with `acc_map_data(h, d, bytes)` then used with `present(h[0:n])`
 * and `update self(h[0:n])`, then `acc_unmap_data`; `acc_deviceptr(h)` of a
 * mapped array handed to a function whose parameter is a device pointer
 * (`deviceptr(dp)` inside it), and `host_data use_device(a, b)` passing the
 * device addresses to a "library" routine that launches its own kernel
 * with `deviceptr`; a struct holding device pointers passed by value into a
 * kernel (`firstprivate(s)`, the members used with no clause: they are
 * device addresses already); `acc_is_present` and `acc_hostptr` checks.
 * All guarded by `#ifdef _OPENACC` and `acc_get_num_devices(...)` as
 * codes do. Against serial loops. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define N 3000

/* a "library" entry that takes device pointers (like cuBLAS daxpy) */
static void lib_daxpy(int n, double a, const double *restrict dx,
                      double *restrict dy)
{
#pragma acc parallel loop deviceptr(dx, dy)
  for (int i = 0; i < n; i++)
    dy[i] += a * dx[i];
}

static double lib_dsum(int n, const double *dx)
{
  double s = 0;
#pragma acc parallel loop deviceptr(dx) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += dx[i];
  return s;
}

typedef struct {
  int n;
  double *dval;  /* device addresses */
  int *didx;
} DevView;

static void test_acc_malloc(void)
{
  double h[N], r[N];
  for (int i = 0; i < N; i++)
    h[i] = r[i] = 0.5 * i;
#ifdef _OPENACC
  double *d = (double *)acc_malloc(N * sizeof(double));
  double *d2 = (double *)acc_malloc(N * sizeof(double));
  CHECK_TRUE("acc_malloc", d != NULL && d2 != NULL);
  acc_memcpy_to_device(d, h, N * sizeof(double));
#pragma acc parallel loop deviceptr(d, d2)
  for (int i = 0; i < N; i++)
    d2[i] = d[i] * 2.0 + 1.0;
#pragma acc kernels deviceptr(d, d2)
  for (int i = 0; i < N; i++)
    d[i] = d2[i] - d[i];
  lib_daxpy(N, 0.25, d2, d);
  double s = lib_dsum(N, d);
  acc_memcpy_from_device(h, d, N * sizeof(double));
  acc_free(d2);
  acc_free(d);
#else
  double s = 0;
#endif
  double rs = 0;
  for (int i = 0; i < N; i++) {
    double r2 = r[i] * 2.0 + 1.0;
    r[i] = r2 - r[i];
    r[i] += 0.25 * r2;
    rs += r[i];
  }
#ifdef _OPENACC
  for (int i = 0; i < N; i++)
    CHECK_REAL("acc_malloc deviceptr", h[i], r[i], 1e-14);
  CHECK_REAL("acc_malloc sum", s, rs, 1e-12);
#endif
}

static void test_map_data(void)
{
#ifdef _OPENACC
  if (acc_get_num_devices(acc_get_device_type()) < 1)
    return;
  int n = N;
  float *h = malloc(n * sizeof *h);
  for (int i = 0; i < n; i++)
    h[i] = (float)(i % 17);
  if (e2e_separate_memory()) {
    void *d = acc_malloc(n * sizeof *h);
    acc_map_data(h, d, n * sizeof *h);
    CHECK_TRUE("map_data present", acc_is_present(h, n * sizeof *h));
    CHECK_TRUE("map_data deviceptr", acc_deviceptr(h) == d);
    CHECK_TRUE("map_data hostptr", acc_hostptr(d) == h);
#pragma acc update device(h[0:n])
#pragma acc parallel loop present(h[0:n])
    for (int i = 0; i < n; i++)
      h[i] = h[i] * 3.0f + 1.0f;
#pragma acc update self(h[0:n/2])
    for (int i = n / 2; i < n; i++)
      CHECK_REAL("map_data not updated", h[i], (float)(i % 17), 0);
#pragma acc update self(h[n/2:n-n/2])
    acc_unmap_data(h);
    CHECK_TRUE("unmapped", !acc_is_present(h, n * sizeof *h));
    acc_free(d);
  } else {
    for (int i = 0; i < n; i++)
      h[i] = h[i] * 3.0f + 1.0f;
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("map_data", h[i], (float)(i % 17) * 3.0f + 1.0f, 0);
  free(h);
#endif
}

static void test_host_data(void)
{
  int n = N;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double rb[N];
  for (int i = 0; i < n; i++) {
    a[i] = 1.0 / (i + 1);
    b[i] = rb[i] = i * 0.125;
  }
  double s = 0;
#pragma acc data copyin(a[0:n]) copy(b[0:n])
  {
#pragma acc host_data use_device(a, b)
    {
      lib_daxpy(n, 2.0, a, b);
      s = lib_dsum(n, b);
    }
#ifdef _OPENACC
    /* acc_deviceptr gives the same addresses outside host_data */
    double *db = (double *)acc_deviceptr(b);
    double *da = (double *)acc_deviceptr(a);
    lib_daxpy(n, -0.5, da, db);
#else
    for (int i = 0; i < n; i++)
      b[i] += -0.5 * a[i];
#endif
  }
  double rs = 0;
  for (int i = 0; i < n; i++) {
    rb[i] += 2.0 * (1.0 / (i + 1));
    rs += rb[i];
    rb[i] += -0.5 * (1.0 / (i + 1));
  }
  CHECK_REAL("host_data sum", s, rs, 1e-12);
  for (int i = 0; i < n; i++)
    CHECK_REAL("host_data b", b[i], rb[i], 1e-14);
  free(a);
  free(b);
}

static void test_struct_of_devptrs(void)
{
  int n = N;
  double *val = malloc(n * sizeof *val);
  int *idx = malloc(n * sizeof *idx);
  double out[N];
  for (int i = 0; i < n; i++) {
    val[i] = i * 0.5;
    idx[i] = (i * 7) % n;
  }
#pragma acc data copyin(val[0:n], idx[0:n]) copyout(out[0:n])
  {
    DevView v;
    v.n = n;
#ifdef _OPENACC
    v.dval = (double *)acc_deviceptr(val);
    v.didx = (int *)acc_deviceptr(idx);
#else
    v.dval = val;
    v.didx = idx;
#endif
    double *dv = v.dval;
    int *di = v.didx;
#pragma acc parallel loop deviceptr(dv, di) present(out[0:n])
    for (int i = 0; i < v.n; i++)
      out[i] = dv[di[i]] + 1.0;
#pragma acc parallel loop firstprivate(v) present(out[0:n])
    for (int i = 0; i < v.n; i++)
      out[i] += v.dval[v.didx[i]] * 2.0;
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("struct devptrs", out[i], ((i * 7) % n) * 1.5 + 1.0, 0);
  free(val);
  free(idx);
}

int main(void)
{
#ifdef _OPENACC
  CHECK_TRUE("num_devices", acc_get_num_devices(acc_device_nvidia) >= 0);
#endif
  test_acc_malloc();
  test_map_data();
  test_host_data();
  test_struct_of_devptrs();
  return e2e_done();
}
