/* directive_init.c — `#pragma acc init` and `#pragma acc shutdown`
 * (OpenACC 2.6 §2.14.1-2) against acc_init / acc_shutdown: init
 * device_type(t) makes t the current type as acc_init(t) does, init
 * without device_type keeps the current one; shutdown releases the
 * device's data (present data is gone afterwards, the device reopens on
 * next use), with device_num(n) device n only; if(c) is respected.
 * Variables named init and shutdown elsewhere are plain C.
 * (GCC 12 itself ignores these directives: accgpu-only.) */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 */
#include "e2e.h"

#define N 64
static double a[N], b[N];

static int init = 3, shutdown = 4; /* same names as the directives */

static void check_init(acc_device_t t0)
{
  acc_init(acc_device_default);
  acc_device_t dflt = acc_get_device_type();
  acc_set_device_type(t0);
  int num = acc_get_device_num(t0);
#pragma acc init
  CHECK_INT("init: type unchanged", acc_get_device_type(), t0);
  CHECK_INT("init: number unchanged", acc_get_device_num(t0), num);
#pragma acc init device_type(host)
  CHECK_INT("init device_type(host) = acc_init(host)", acc_get_device_type(),
            acc_device_host);
  int zero = 0;
#pragma acc init device_type(default) if(zero)
  CHECK_INT("init ... if(false)", acc_get_device_type(), acc_device_host);
#pragma acc init device_type(default) if(zero + 1)
  CHECK_INT("init device_type(default) = acc_init(default)",
            acc_get_device_type(), dflt);
  acc_set_device_type(t0);
#pragma acc init device_num(acc_get_num_devices(t0) - 1)
  CHECK_INT("init device_num(n): type kept", acc_get_device_type(), t0);
}

/* Enters A on device K of T. */
static void enter_on(acc_device_t t, int k)
{
  acc_set_device_num(k, t);
#pragma acc enter data copyin(a[0:N])
}

static void check_shutdown(acc_device_t t0)
{
  if (!e2e_separate_memory())
    return; /* the host maps nothing */
  enter_on(t0, 0);
  int no = 0;
#pragma acc shutdown if(no)
  CHECK_TRUE("shutdown if(false) keeps the data", acc_is_present(a, sizeof a));
#pragma acc shutdown
  CHECK_TRUE("shutdown releases the data", !acc_is_present(a, sizeof a));
  /* The device reopens on next use: a region computes again. */
  for (int i = 0; i < N; i++)
    b[i] = i;
#pragma acc parallel loop copy(b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = 2 * b[i] + 1;
  for (int i = 0; i < N; i++)
    CHECK_INT("region after shutdown", (int)b[i], 2 * i + 1);
  if (acc_get_num_devices(t0) < 2)
    return;
  enter_on(t0, 0);
  enter_on(t0, 1);
#pragma acc shutdown device_type(emulator) device_num(1)
  CHECK_TRUE("shutdown device_num(1): gone from device 1",
             !acc_is_present(a, sizeof a));
  acc_set_device_num(0, t0);
  CHECK_TRUE("... still on device 0", acc_is_present(a, sizeof a));
#pragma acc shutdown device_type(emulator)
  CHECK_TRUE("shutdown device_type(t): gone from device 0 too",
             !acc_is_present(a, sizeof a));
}

int main(void)
{
  acc_device_t t0 = acc_get_device_type();
  check_init(t0);
  check_shutdown(t0);
  CHECK_INT("variables named init, shutdown", init + shutdown, 7);
  return e2e_done();
}
