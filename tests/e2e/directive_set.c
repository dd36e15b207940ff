/* directive_set.c — `#pragma acc set` (OpenACC 2.6 §2.14.3) against the
 * API calls it stands for: default_async(a) as acc_set_default_async,
 * device_type(t) as acc_set_device_type, device_num(n) [device_type(t)] as
 * acc_set_device_num, each read back with acc_get_*.  Clause expressions
 * are evaluated where the directive is, once; if(c) is respected; a later
 * compute region runs on the device the directive selected.  Functions and
 * variables named set, device_num, default_async elsewhere are plain C.
 * (GCC 12 itself ignores the directive: accgpu-only.) */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 */
#include "e2e.h"

#define N 64

static int calls;
static int set(int x) { return x + 1; }  /* same name as the directive */
static int next_queue(int q) { calls++; return q; }

static void check_default_async(void)
{
  acc_set_default_async(acc_async_default);
  int initial = acc_get_default_async();
  int default_async = 4; /* a variable named like the clause */
#pragma acc set default_async(default_async)
  CHECK_INT("set default_async(variable)", acc_get_default_async(), 4);
  for (int k = 0; k < 3; k++) {
#pragma acc set default_async(next_queue(k + 1))
    CHECK_INT("set default_async(k + 1) in a loop", acc_get_default_async(),
              k + 1);
  }
  CHECK_INT("default_async evaluated once per execution", calls, 3);
#pragma acc set default_async(acc_async_default)
  CHECK_INT("set default_async(acc_async_default)", acc_get_default_async(),
            initial);
  int no = 0, yes = 1;
#pragma acc set default_async(9) if(no)
  CHECK_INT("set ... if(false) does nothing", acc_get_default_async(),
            initial);
#pragma acc set if(yes != 0) default_async(set(8))
  CHECK_INT("set ... if(true)", acc_get_default_async(), 9);
  acc_set_default_async(acc_async_default);
}

/* Where a compute region runs: 1 on a device with its own memory. */
static int region_on_device(void)
{
  int on = -1;
#pragma acc parallel num_gangs(1) copyout(on)
  on = acc_on_device(acc_device_not_host);
  return on;
}

static void check_device_type(acc_device_t t0)
{
  acc_set_device_type(acc_device_default);
  acc_device_t dflt = acc_get_device_type();
  acc_set_device_type(t0);
#pragma acc set device_type(host)
  CHECK_INT("set device_type(host)", acc_get_device_type(), acc_device_host);
  CHECK_INT("region after set device_type(host) runs on the host",
            region_on_device(), 0);
#pragma acc set device_type(default)
  CHECK_INT("set device_type(default) = acc_set_device_type(default)",
            acc_get_device_type(), dflt);
  int no = 0;
#pragma acc set device_type(host) if(no)
  CHECK_INT("set device_type ... if(false)", acc_get_device_type(), dflt);
  acc_set_device_type(t0);
}

/* device_num(n) selects device n of the current type; data entered there
   is present there only. */
static void check_device_num(acc_device_t t0)
{
  static double a[N];
  int n = acc_get_num_devices(t0);
  for (int device_num = 0; device_num < n; device_num++) {
#pragma acc set device_num(device_num)
    CHECK_INT("set device_num(k)", acc_get_device_num(t0), device_num);
    CHECK_INT("type unchanged by device_num", acc_get_device_type(), t0);
  }
  if (n < 2 || !e2e_separate_memory())
    return;
  int last = n - 1;
#pragma acc set device_num(last)
#pragma acc enter data create(a[0:N])
  CHECK_TRUE("present on the device set", acc_is_present(a, sizeof a));
  acc_set_device_num(0, t0);
  CHECK_TRUE("not present on device 0", !acc_is_present(a, sizeof a));
#pragma acc set device_type(emulator) device_num(last)
  CHECK_INT("set device_type(t) device_num(n): number",
            acc_get_device_num(acc_device_emulator), last);
  CHECK_TRUE("... and the data is there", acc_is_present(a, sizeof a));
#pragma acc exit data delete(a[0:N])
  CHECK_INT("region on the device set", region_on_device(), 1);
  acc_set_device_num(0, t0);
}

int main(void)
{
  acc_device_t t0 = acc_get_device_type();
  check_default_async();
  check_device_type(t0);
  check_device_num(t0);
  CHECK_INT("a function named set", set(1), 2);
  return e2e_done();
}
