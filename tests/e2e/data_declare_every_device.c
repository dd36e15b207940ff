/* data_declare_every_device.c — globals with `declare create` and
 * `declare copyin` exist on every device the program uses, not only the
 * one current when it started (runtime/declare.c): each of two emulated
 * devices chosen with acc_set_device_num (the MPI pattern), the device
 * opened again after acc_shutdown + acc_init, and a device type chosen with
 * acc_set_device_type.  Routines and constructs read them; each device
 * keeps its own copy where memory is separate; a copy starts as the
 * variable started. */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 */
#include "e2e.h"

#define N 100

double gtab[N];
#pragma acc declare create(gtab)
int ctab[4] = {3, 1, 4, 1};
#pragma acc declare copyin(ctab)

#pragma acc routine seq
static double term(int i) { return gtab[i] * ctab[i % 4]; }

/* Sum of term(i) on the current device. */
static double dev_sum(void)
{
  double s = 0.0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < N; i++)
    s += term(i);
  return s;
}

static double want_sum(double scale)
{
  double s = 0.0;
  for (int i = 0; i < N; i++)
    s += scale * i * ctab[i % 4];
  return s;
}

static void fill(double scale)
{
  for (int i = 0; i < N; i++)
    gtab[i] = scale * i;
#pragma acc update device(gtab)
}

int main(void)
{
  acc_device_t t = acc_get_device_type();
  int ndev = acc_get_num_devices(t), sep = e2e_separate_memory();
  for (int k = ndev - 1; k >= 0; k--) { /* the last device first */
    acc_set_device_num(k, t);
    CHECK_TRUE("gtab present", acc_is_present(gtab, sizeof gtab));
    fill(k + 1.0);
    CHECK_REAL("sum on device k", dev_sum(), want_sum(k + 1.0), 1e-12);
  }
  if (ndev > 1 && sep) { /* device 1 kept its own copy */
    acc_set_device_num(1, t);
#pragma acc update self(gtab)
    CHECK_REAL("gtab on device 1", gtab[7], 2.0 * 7, 0);
    CHECK_REAL("sum on device 1", dev_sum(), want_sum(2.0), 1e-12);
  }
  acc_set_device_num(0, t);

  /* Opened again: the copy starts as the program started, as a GPU's
     image does (emu_declare_initial_value.c); the host's change needs an
     update. */
  acc_shutdown(t);
  ctab[0] = 5;
  acc_init(t);
#pragma acc update device(ctab)
  CHECK_TRUE("gtab present after acc_init", acc_is_present(gtab, sizeof gtab));
  fill(3.0);
  CHECK_REAL("sum after acc_init", dev_sum(), want_sum(3.0), 1e-12);

  /* From the host to another device type and back. */
  if (t == acc_device_host) {
    acc_set_device_type(acc_device_not_host);
#pragma acc update device(ctab) /* the copy starts as the program did */
    fill(4.0);
    CHECK_REAL("sum on not_host", dev_sum(), want_sum(4.0), 1e-12);
    acc_set_device_type(acc_device_host);
  }
  return e2e_done();
}
