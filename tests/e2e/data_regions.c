/* data_regions.c — structured data: a data region maps on entry and
 * releases on exit (copyout visible after, not before), nested regions
 * share the outer mapping, if() disables a region, present/no_create/
 * deviceptr/struct members, host_data use_device hands the device address
 * to host code, and declare in a function maps for the scope's lifetime. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define N 256

struct vec {
  int n;
  double *v;
  double scale;
};

#ifdef _OPENACC
static int present(void *p, size_t b) { return acc_is_present(p, b); }
static double dev_value(double *host)
{
  double v;
  acc_memcpy_from_device(&v, acc_deviceptr(host), sizeof v);
  return v;
}
#else
static int present(void *p, size_t b) { (void)p, (void)b; return 1; }
static double dev_value(double *host) { return *host; }
#endif

/* host_data: P is the device address of a; read it through the API. */
static double *seen_devptr;
static void record(double *p) { seen_devptr = p; }

/* declare in a function: copyin/create map for the scope, and the
   scope's end releases them, also when left early by return.  *WHERE gets
   loc's address so the caller can ask the present table about it (the
   address is only compared, never dereferenced). */
static void declare_scope(int n, double *out, uintptr_t *where)
{
  double loc[N], tmp[N];
  for (int i = 0; i < n; i++)
    loc[i] = i + 0.5;
#pragma acc declare copyin(loc) create(tmp)
  CHECK_TRUE("declare maps loc", present(loc, sizeof loc));
  CHECK_TRUE("declare maps tmp", present(tmp, sizeof tmp));
  *where = (uintptr_t)loc;
  loc[3] = -1;
  *out = dev_value(&loc[3]);
  if (n > 0)
    return;
  loc[0] = 0;
}

int main(void)
{
  int n = N, sep = e2e_separate_memory();
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++)
    a[i] = i, b[i] = 0;

#pragma acc data copyin(a[0:n]) copyout(b[0:n])
  {
    CHECK_TRUE("a present in region", present(a, n * sizeof *a));
    CHECK_TRUE("b present in region", present(b, n * sizeof *b));
    a[5] = 99;
    CHECK_REAL("device a[5] is the entry value", dev_value(&a[5]),
               sep ? 5 : 99, 0);
    /* Nested: present() finds the outer copy. */
#pragma acc data present(a[0:n])
    {
      CHECK_REAL("nested sees outer copy", dev_value(&a[5]), sep ? 5 : 99, 0);
    }
    CHECK_TRUE("a still present after nested", present(a, n * sizeof *a));
#ifdef _OPENACC
    /* Give the device copy of b known values; copyout brings them back. */
    for (int i = 0; i < n; i++)
      b[i] = 2.0 * i;
    acc_memcpy_to_device(acc_deviceptr(b), b, n * sizeof *b);
    for (int i = 0; i < n; i++)
      b[i] = -3;
#endif
  }
  if (sep) {
    CHECK_INT("a released", present(a, n * sizeof *a), 0);
    CHECK_INT("b released", present(b, n * sizeof *b), 0);
  }
#ifdef _OPENACC
  for (int i = 0; i < n; i++)
    CHECK_REAL("b copied out", b[i], sep ? 2.0 * i : -3, 0);
#endif

  /* if(0): nothing mapped. */
  int off = n < 0;
#pragma acc data copy(a[0:n]) if(off)
  {
    if (sep)
      CHECK_INT("if(0) region maps nothing", present(a, n * sizeof *a), 0);
  }

  /* Struct member and the pointer inside it. */
  struct vec s = {n, b, 2.0};
#pragma acc data copyin(s) copyin(s.v[0:n])
  {
    CHECK_TRUE("s present", present(&s, sizeof s));
    CHECK_TRUE("s.v[0:n] present", present(s.v, n * sizeof *s.v));
  }

  /* no_create: maps nothing when absent, uses the copy when present. */
#pragma acc data no_create(a[0:n])
  {
    if (sep)
      CHECK_INT("no_create creates nothing", present(a, n * sizeof *a), 0);
  }
#pragma acc enter data copyin(a[0:n])
#pragma acc data no_create(a[0:n])
  {
    CHECK_TRUE("no_create keeps present data", present(a, n * sizeof *a));
  }

  /* host_data: host code gets the device address. */
#pragma acc host_data use_device(a)
  {
    record(a);
  }
#ifdef _OPENACC
  CHECK_TRUE("use_device gives acc_deviceptr(a)",
             seen_devptr == acc_deviceptr(a));
#endif
  /* host_data if(0) and if_present on absent data keep host addresses;
     an array variable gets its device copy's address too. */
  static double arr[16];
  int no = n < 0;
  double *seen_b = NULL;
#pragma acc host_data use_device(a) if(no)
  {
    record(a);
  }
  CHECK_TRUE("host_data if(0) keeps the host address", seen_devptr == a);
#pragma acc host_data use_device(b) if_present
  {
    seen_b = b;
  }
  CHECK_TRUE("if_present on absent data keeps the host address", seen_b == b);
#pragma acc enter data create(arr)
#pragma acc host_data use_device(arr)
  {
    record(arr);
  }
#ifdef _OPENACC
  CHECK_TRUE("use_device on an array", seen_devptr == acc_deviceptr(arr));
#endif
#pragma acc host_data use_device(arr) if_present
  {
    record(&arr[2]);
  }
#ifdef _OPENACC
  CHECK_TRUE("if_present on present data",
             seen_devptr == (double *)acc_deviceptr(arr) + 2);
#endif
#pragma acc exit data delete(arr)
#pragma acc exit data delete(a[0:n])

  /* deviceptr: a device buffer passes through unchanged. */
#ifdef _OPENACC
  double *d = acc_malloc(n * sizeof *d);
#pragma acc data deviceptr(d) copyin(a[0:n])
  {
    acc_memcpy_to_device(d, a, n * sizeof *a);
  }
  acc_memcpy_from_device(b, d, n * sizeof *b);
  for (int i = 0; i < n; i++)
    CHECK_REAL("deviceptr buffer", b[i], a[i], 0);
  acc_free(d);
#endif

  double dv = 0;
  uintptr_t where = 0;
  declare_scope(n, &dv, &where);
  CHECK_REAL("declare copyin snapshot", dv, sep ? 3.5 : -1, 0);
  if (sep)
    CHECK_INT("declare released at return", present((void *)where, 1), 0);

  free(a), free(b);
  return e2e_done();
}
