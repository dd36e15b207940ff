/* clause_device_type.c — the device_type clause (OpenACC 3.3 §2.4, `dtype`
 * for short), which GCC 12's parser refuses.  accgpu compiles one kernel
 * for all its devices as an NVIDIA one, so the clauses after
 * device_type(nvidia) apply, else those after device_type(*), replacing the
 * default clauses of the same name; other types' clauses are dropped
 * (plugin/device-type.cc).  Seen here through gang-redundant counts
 * (num_gangs), a loop whose carried dependence is right only when the
 * nvidia group's seq replaces the default vector, a routine's device
 * binding, an update's queue, and a _Pragma line; each against serial
 * loops.  The host device runs one gang and its own functions. */
/* accgpu-test: accgpu-only */
#include <openacc.h>

#include "e2e.h"

enum { N = 1000 };

#pragma acc routine seq device_type(nvidia) bind(dev_scale) dtype(*) bind(other_scale)
double scale(double x) { return 2 * x; }
#pragma acc routine seq
double dev_scale(double x) { return 3 * x; }
#pragma acc routine seq
double other_scale(double x) { return 4 * x; }

static int gangs_counted(int which)
{
  int count = 0;
  switch (which) {
  case 0: /* the nvidia group replaces the default num_gangs */
#pragma acc parallel num_gangs(2) copy(count) device_type(nvidia) num_gangs(5)
    {
#pragma acc atomic update
      count++;
    }
    break;
  case 1: /* no nvidia group: `*`'s applies, radeon's does not */
#pragma acc parallel num_gangs(2) copy(count) dtype(radeon) num_gangs(9) dtype(*) num_gangs(3)
    {
#pragma acc atomic update
      count++;
    }
    break;
  case 2: /* only other types: the default stays */
#pragma acc parallel num_gangs(4) copy(count) device_type(radeon, host) num_gangs(9)
    {
#pragma acc atomic update
      count++;
    }
    break;
  default: /* acc_device_nvidia in a list, the clause written once */
#pragma acc parallel copy(count) device_type(host, acc_device_nvidia) num_gangs(6)
    {
#pragma acc atomic update
      count++;
    }
  }
  return count;
}

int main(void)
{
  static double a[N], b[N], c[N], ref[N];
  int dev = !acc_on_device(acc_device_host), host_run = 1;
#pragma acc serial copy(host_run)
  host_run = acc_on_device(acc_device_host);
#ifdef _OPENACC
  static const int want[4] = {5, 3, 4, 6};
  for (int w = 0; w < 4; w++)
    CHECK_INT("gang-redundant count", gangs_counted(w),
              host_run ? 1 : want[w]);
#endif
  (void)dev;
  for (int i = 0; i < N; i++)
    a[i] = (i % 17) - 8;
#pragma acc data copyin(a) create(b, c)
  {
    /* A carried dependence: right only as a sequential loop. */
#pragma acc parallel num_gangs(1)
#pragma acc loop vector device_type(nvidia) seq device_type(*) vector
    for (int i = 0; i < N; i++)
      b[i] = (i ? b[i - 1] : 0) + a[i];
#pragma acc parallel loop collapse(1) device_type(nvidia) gang vector vector_length(64) dtype(radeon) seq
    for (int i = 0; i < N; i++)
      c[i] = scale(a[i]) + b[i];
    _Pragma("acc parallel loop gang device_type(nvidia) vector_length(32) device_type(*) vector_length(256)")
    for (int i = 0; i < N; i++)
      c[i] += 1;
#pragma acc update self(b, c) device_type(nvidia) async(1) device_type(radeon) async(2)
#pragma acc wait(1)
  }
  double sum = 0;
  for (int i = 0; i < N; i++) {
    sum += a[i];
    ref[i] = sum;
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("b (prefix sums)", b[i], ref[i], 0);
#ifdef _OPENACC
    double s = host_run ? 2 * a[i] : 3 * a[i];
#else
    double s = 2 * a[i];
#endif
    CHECK_REAL("c", c[i], s + ref[i] + 1, 0);
  }
  return e2e_done();
}
