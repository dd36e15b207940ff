/* host_fast_switch.c — a compute construct skips the runtime call when
 * every thread's current device is the host (__accgpu_host_fast, set by
 * the first construct that finds it so; docs/compiler.md, "Host fallback
 * speed").  Each construct must still run where the calling thread's
 * current device says, when the device changes at run time between
 * constructs: on this thread (acc_set_device_num, the set directive), on
 * another thread (acc_set_device_type) while this one stays on the host,
 * with if(0), deviceid and reductions.  The thread that chose no device
 * keeps the host; the fast path gives the serial loop's results. */
/* accgpu-test: accgpu-only */
/* accgpu-test: cflags -pthread */
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e.h"

#define N 1000

extern int __accgpu_host_fast;

/* Iterations of a construct that ran on a device (acc_on_device(not_host)
   inside); IF is its if clause. */
static int on_device(int cond) {
  static int where[N];
  int n = 0;
#pragma acc parallel loop copyout(where[0:N]) if(cond)
  for (int i = 0; i < N; i++)
    where[i] = acc_on_device(acc_device_not_host);
  for (int i = 0; i < N; i++)
    n += where[i];
  return n;
}

/* Where constructs must run: the current device's iterations, all or none. */
static int want_device(void) {
  return acc_get_device_type() == acc_device_host ? 0 : N;
}

/* A loop and a reduction, against the serial computation. */
static void check_results(const char *where) {
  static double a[N], b[N];
  double sum = 0, want = 0;
  for (int i = 0; i < N; i++)
    a[i] = i * 0.5;
  /* deviceid: on the host any number is the host (no wait needed there);
     on a device the work is queued on device 0's worker. */
  int dev = acc_get_device_type() == acc_device_host ? 7 : 0;
#pragma acc parallel loop copyin(a[0:N]) copyout(b[0:N]) reduction(+:sum) \
    deviceid(dev)
  for (int i = 0; i < N; i++) {
    b[i] = 2 * a[i] + i;
    sum += b[i];
  }
#pragma acc wait device(dev)
  for (int i = 0; i < N; i++) {
    CHECK_REAL(where, b[i], 2 * (i * 0.5) + i, 0);
    want += 2 * (i * 0.5) + i;
  }
  CHECK_REAL(where, sum, want, 1e-12);
}

/* The device of this run that is not the host (the emulator on the host
   run). */
static acc_device_t other_type(acc_device_t t0) {
  return t0 == acc_device_host ? acc_device_emulator : t0;
}

static acc_device_t other;
static int thread_on_device, thread_after_if0;

static void *chooser(void *arg) {
  (void)arg;
  acc_set_device_type(other);
  thread_on_device = on_device(1);
  thread_after_if0 = on_device(0);
  return NULL;
}

/* This thread on the host (the fast path on when the run's default is the
   host), then on device type OTHER, then back. */
static int this_thread(acc_device_t t0, acc_device_t other) {
  acc_set_device_type(acc_device_host);
  CHECK_INT("host: runs on the host", on_device(1), 0);
  check_results("host results");
  if (t0 == acc_device_host)
    CHECK_INT("default host: fast path on", __accgpu_host_fast, 1);
  acc_set_device_num(0, other);
  CHECK_INT("after acc_set_device_num: on the device", on_device(1), N);
  CHECK_INT("fast path off", __accgpu_host_fast != 1, 1);
  CHECK_INT("if(0): on the host", on_device(0), 0);
  check_results("device results");
#pragma acc set device_type(host)
  CHECK_INT("set device_type(host): on the host", on_device(1), 0);
  check_results("host results after the device");
  if (t0 == acc_device_host || t0 == acc_device_multicore) {
    /* (The default device of the other runs is the parent's.) */
#pragma acc set device_type(default)
    CHECK_INT("set device_type(default)", on_device(1), want_device());
  }
  return e2e_done();
}

int main(void) {
  acc_device_t t0 = acc_get_device_type();
  other = other_type(t0);
  CHECK_TRUE("a device other than the host", acc_get_num_devices(other) > 0);
  if (t0 != acc_device_host) {
    acc_set_device_type(acc_device_host);
    CHECK_INT("host chosen, default elsewhere: on the host", on_device(1), 0);
    CHECK_INT("fast path off when the default is not the host",
              __accgpu_host_fast != 1, 1);
    acc_set_device_type(t0);
  }
  /* In a child: this thread switches after the fast path is on, to the
     multicore device (a child cannot use a device with its own memory that
     its parent initialised: rterr/fork_child_device.c). */
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(this_thread(t0, acc_device_multicore));
  int status = -1;
  waitpid(pid, &status, 0);
  CHECK_INT("child (this thread switches) exit status", status, 0);

  /* Another thread chooses a device while this one stays where it is. */
  CHECK_INT("before the other thread", on_device(1), want_device());
  if (t0 == acc_device_host)
    CHECK_INT("default host: fast path on", __accgpu_host_fast, 1);
  pthread_t th;
  pthread_create(&th, NULL, chooser, NULL);
  pthread_join(th, NULL);
  CHECK_INT("other thread: on its device", thread_on_device, N);
  CHECK_INT("other thread: if(0) on the host", thread_after_if0, 0);
  CHECK_INT("this thread: still where it was", on_device(1), want_device());
  CHECK_INT("fast path off after a thread chose a device",
            __accgpu_host_fast != 1, 1);
  check_results("results after the other thread");
  return e2e_done();
}
