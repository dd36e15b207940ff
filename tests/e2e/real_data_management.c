/* real_data_management.c — data management as application codes write
 * it: `enter data`/`exit data` in init/finalize functions of a module
 * whose arrays are file-scope pointers, `update self`/`update device` of
 * parts of them between compute regions, `acc_malloc` + `deviceptr`, a
 * library routine called inside `host_data use_device` (here a routine of
 * ours taking device pointers), `acc_copyin`/`acc_copyout` and
 * `acc_is_present`, `static` globals with `declare create` and `update`,
 * `copyin(s) copyin(s.a[0:n])` of a struct holding pointers (attach), and
 * an `if(n > threshold)` clause. Each against a serial computation. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

/* ---- a module with init/finalize ---- */
static double *u, *unew;
static int nglob;

static void field_init(int n)
{
  nglob = n;
  u = malloc(n * sizeof *u);
  unew = malloc(n * sizeof *unew);
  for (int i = 0; i < n; i++)
    u[i] = (i % 10) * 0.5;
#pragma acc enter data copyin(u[0:n]) create(unew[0:n])
}

static void field_step(void)
{
  int n = nglob;
#pragma acc parallel loop present(u[0:n], unew[0:n])
  for (int i = 0; i < n; i++)
    unew[i] = 0.5 * u[i] + 0.25 * (u[(i + n - 1) % n] + u[(i + 1) % n]);
#pragma acc parallel loop present(u[0:n], unew[0:n])
  for (int i = 0; i < n; i++)
    u[i] = unew[i];
}

static void field_finalize(double *out)
{
  int n = nglob;
#pragma acc exit data copyout(u[0:n]) delete(unew[0:n])
  memcpy(out, u, n * sizeof *u);
  free(u);
  free(unew);
}

static void test_module(void)
{
  enum { N = 300, STEPS = 4 };
  static double out[N], r[N], rn[N];
  field_init(N);
  for (int t = 0; t < STEPS; t++)
    field_step();
  /* read the middle part, change it on the host, send it back */
#pragma acc update self(u[100:50])
  for (int i = 100; i < 150; i++)
    u[i] += 1.0;
#pragma acc update device(u[100:50])
  field_step();
  field_finalize(out);
  for (int i = 0; i < N; i++)
    r[i] = (i % 10) * 0.5;
  for (int t = 0; t <= STEPS; t++) {
    if (t == STEPS)
      for (int i = 100; i < 150; i++)
        r[i] += 1.0;
    for (int i = 0; i < N; i++)
      rn[i] = 0.5 * r[i] + 0.25 * (r[(i + N - 1) % N] + r[(i + 1) % N]);
    memcpy(r, rn, sizeof r);
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("enter/exit data module", out[i], r[i], 1e-14);
}

/* ---- acc_malloc + deviceptr, host_data use_device ---- */
static void scale_on_device(int n, double s, double *d_x)
{
#pragma acc parallel loop deviceptr(d_x)
  for (int i = 0; i < n; i++)
    d_x[i] *= s;
}

static void test_device_pointers(void)
{
  enum { N = 500 };
  static double h[N], back[N];
  for (int i = 0; i < N; i++)
    h[i] = i;
  double *d = acc_malloc(N * sizeof *d);
  acc_memcpy_to_device(d, h, N * sizeof *d);
  scale_on_device(N, 3.0, d);
  double *dd = d;
  double total = 0;
#pragma acc parallel loop deviceptr(dd) reduction(+:total)
  for (int i = 0; i < N; i++)
    total += dd[i];
  acc_memcpy_from_device(back, d, N * sizeof *d);
  acc_free(d);
  for (int i = 0; i < N; i++)
    CHECK_REAL("acc_malloc + deviceptr", back[i], 3.0 * i, 0);
  CHECK_REAL("deviceptr reduction", total, 3.0 * N * (N - 1) / 2, 0);

  /* host_data: the device address goes to a routine taking deviceptr */
  for (int i = 0; i < N; i++)
    h[i] = i;
#pragma acc data copy(h)
  {
#pragma acc host_data use_device(h)
    scale_on_device(N, 0.5, h);
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("host_data use_device", h[i], 0.5 * i, 0);

  /* the API's data calls around a present clause */
  double *p = malloc(N * sizeof *p);
  for (int i = 0; i < N; i++)
    p[i] = -i;
  acc_copyin(p, N * sizeof *p);
  CHECK_TRUE("acc_is_present", acc_is_present(p, N * sizeof *p));
#pragma acc parallel loop present(p[0:N])
  for (int i = 0; i < N; i++)
    p[i] = p[i] * p[i];
  acc_copyout(p, N * sizeof *p);
  for (int i = 0; i < N; i++)
    CHECK_REAL("acc_copyin/acc_copyout", p[i], (double)i * i, 0);
  free(p);
}

/* ---- declare create on static globals ---- */
#define NG 256
static float gx[NG], gy[NG];
static float galpha;
#pragma acc declare create(gx, gy, galpha)

static void global_axpy(void)
{
#pragma acc parallel loop present(gx, gy, galpha)
  for (int i = 0; i < NG; i++)
    gy[i] += galpha * gx[i];
}

static void test_declare(void)
{
  for (int i = 0; i < NG; i++) {
    gx[i] = i;
    gy[i] = 1;
  }
  galpha = 2;
#pragma acc update device(gx, gy, galpha)
  global_axpy();
  galpha = 3;
#pragma acc update device(galpha)
  global_axpy();
#pragma acc update self(gy)
  for (int i = 0; i < NG; i++)
    CHECK_REAL("declare create + update", gy[i], 1 + 5.0f * i, 0);
}

/* ---- structs holding pointers ---- */
typedef struct {
  int n;
  double *a;
  double *b;
} vecpair;

static void test_struct(void)
{
  enum { N = 200 };
  vecpair s;
  s.n = N;
  s.a = malloc(N * sizeof(double));
  s.b = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) {
    s.a[i] = i;
    s.b[i] = 0;
  }
#pragma acc data copyin(s) copyin(s.a[0:N]) copyout(s.b[0:N])
  {
#pragma acc parallel loop present(s)
    for (int i = 0; i < s.n; i++)
      s.b[i] = 2 * s.a[i] + 1;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("struct members (attach)", s.b[i], 2.0 * i + 1, 0);
  /* enter data of the struct, then its members */
  vecpair *ps = &s;
#pragma acc enter data copyin(ps[0:1])
#pragma acc enter data copyin(ps->a[0:N]) create(ps->b[0:N])
#pragma acc parallel loop present(ps[0:1])
  for (int i = 0; i < N; i++)
    ps->b[i] = ps->a[i] * ps->a[i];
#pragma acc exit data copyout(ps->b[0:N]) delete(ps->a[0:N])
#pragma acc exit data delete(ps[0:1])
  for (int i = 0; i < N; i++)
    CHECK_REAL("struct pointer members", s.b[i], (double)i * i, 0);
  /* sections that start inside the block: the pointer is attached with
     its bias (the device s.a points where the host's does) */
  for (int i = 0; i < N; i++)
    s.b[i] = -1;
#pragma acc data copyin(s) copyin(s.a[2:N-4]) copy(s.b[1:N-2])
  {
#pragma acc parallel loop present(s)
    for (int i = 2; i < N - 2; i++)
      s.b[i] = s.a[i] + 0.5;
  }
#pragma acc enter data copyin(ps[0:1])
#pragma acc enter data copyin(ps->a[3:N-6])
  double t = -1;
#pragma acc serial present(ps[0:1]) copy(t)
  for (int i = 3; i < N - 3; i++)
    t += ps->a[i];
#pragma acc exit data delete(ps->a[3:N-6])
#pragma acc exit data delete(ps[0:1])
  double want0 = -1;
  for (int i = 3; i < N - 3; i++)
    want0 += i;
  CHECK_REAL("section at an offset, enter data", t, want0, 0);
  for (int i = 0; i < N; i++)
    CHECK_REAL("sections at an offset", s.b[i],
               i >= 2 && i < N - 2 ? i + 0.5 : -1, 0);
  free(s.a);
  free(s.b);
}

/* ---- if clause ---- */
static void scale_if(int n, double *x, int threshold)
{
#pragma acc parallel loop if(n > threshold) copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = x[i] * 2 + (acc_on_device(acc_device_host) ? 0 : 0);
}

static void test_if(void)
{
  enum { N = 100 };
  double x[N];
  for (int i = 0; i < N; i++)
    x[i] = i;
  scale_if(N, x, 1000); /* on the host */
  scale_if(N, x, 10);   /* on the device */
  for (int i = 0; i < N; i++)
    CHECK_REAL("if clause", x[i], 4.0 * i, 0);
}

int main(void)
{
  test_module();
  test_device_pointers();
  test_declare();
  test_struct();
  test_if();
  return e2e_done();
}
