/* data_declare_params.c — `declare` of a function's parameters, every data
 * clause: copy, copyin, copyout, create of a pointer parameter named
 * without a range (by OpenACC the pointer variable itself: mapped while
 * the function runs, unmapped when it returns; the regions reach what it
 * points to as without the directive), copyin of scalar parameters,
 * present of a pointer whose data the caller's data region holds, and
 * deviceptr of device memory.  GCC 12 gives a declare in a function entry
 * and exit actions for its local variables only: until session 14,
 * copy(p) stopped with "map kind 3 is not valid on enter data" and
 * copyout/create left the parameter's own storage mapped after the
 * return (acc_is_present(&p) still 1).  Results against serial loops. */
/* accgpu-test: accgpu-only */ /* (GCC 12's libgomp asserts in GOACC_declare on
                                  copy(p) of a parameter) */
#include "e2e.h"
#include <stdlib.h>

#define N 40

static int sep;          /* e2e_separate_memory() */
static void *where;      /* the address of the last parameter declared */

/* While the function runs the parameter itself is mapped. */
static void check_in_scope(const char *what, void *addr)
{
  where = addr;
  if (sep)
    CHECK_INT(what, e2e_present(addr, sizeof(double *), 0), 1);
}

static void p_copy(double *p, int n)
{
#pragma acc declare copy(p)
  check_in_scope("copy(p): p mapped in scope", &p);
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    p[i] = 2 * p[i] + 1;
}

static void p_copyin(double *p, int n, double s)
{
#pragma acc declare copyin(p, n, s)
  check_in_scope("copyin(p): p mapped in scope", &p);
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    p[i] = p[i] * s;
}

static void p_copyout(double *p, int n)
{
#pragma acc declare copyout(p)
  check_in_scope("copyout(p): p mapped in scope", &p);
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    p[i] = 3.0 * i;
}

static void p_create(double *p, int n)
{
#pragma acc declare create(p)
  check_in_scope("create(p): p mapped in scope", &p);
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    p[i] -= 0.5;
}

/* The caller's data region holds what p points to. */
static void p_present(double *p, int n)
{
#pragma acc declare present(p)
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    p[i] += i;
}

static void p_deviceptr(double *d, int n)
{
#pragma acc declare deviceptr(d)
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    d[i] = d[i] * d[i];
}

/* After the return the parameter's storage is no longer mapped. */
static void check_gone(const char *what)
{
  if (sep)
    CHECK_INT(what, e2e_present(where, sizeof(double *), 0), 0);
}

static void check_all(const char *what, const double *got, const double *want)
{
  for (int i = 0; i < N; i++)
    CHECK_REAL(what, got[i], want[i], 0);
}

int main(void)
{
  double a[N], ref[N];
  sep = e2e_separate_memory();
  for (int i = 0; i < N; i++)
    a[i] = ref[i] = 0.25 * i;
  for (int rep = 0; rep < 3; rep++) { /* the mappings start afresh */
    p_copy(a, N);
    check_gone("copy(p): p unmapped after the return");
    for (int i = 0; i < N; i++)
      ref[i] = 2 * ref[i] + 1;
    check_all("copy(p)", a, ref);
    p_copyin(a, N, 1.5);
    check_gone("copyin(p): p unmapped after the return");
    for (int i = 0; i < N; i++)
      ref[i] *= 1.5;
    check_all("copyin(p)", a, ref);
    p_copyout(a, N);
    check_gone("copyout(p): p unmapped after the return");
    for (int i = 0; i < N; i++)
      ref[i] = 3.0 * i;
    check_all("copyout(p)", a, ref);
    p_create(a, N);
    check_gone("create(p): p unmapped after the return");
    for (int i = 0; i < N; i++)
      ref[i] -= 0.5;
    check_all("create(p)", a, ref);
  }
#pragma acc data copy(a)
  {
    p_present(a, N);
#ifdef _OPENACC
    p_deviceptr(acc_deviceptr(a), N);
#else
    p_deviceptr(a, N);
#endif
  }
  for (int i = 0; i < N; i++)
    ref[i] = (ref[i] + i) * (ref[i] + i);
  check_all("e2e_present(p, 0), deviceptr(d)", a, ref);
  return e2e_done();
}
