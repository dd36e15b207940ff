/* construct_region_nesting.c — the region of each compute construct
 * (docs/multicore.md, session 10: on the host and multicore devices its
 * header comes from the thread's own few, and a region inside one on the
 * same device takes no hold of its own): constructs nested in data
 * regions deeper than those headers, on this thread and on another one at
 * the same time, with copies, async queues and a reduction at every depth;
 * the device shut down between regions and used again (the cached current
 * device must be reopened).  Every result against the serial loops. */
/* accgpu-test: cflags -pthread */
#include <pthread.h>

#include "e2e.h"

#define N 300
#define DEPTH 7

/* At depth D (1..DEPTH data regions open): a[i] += D and the sum of a,
   with a construct of its own copies, one on queue D, one synchronous. */
static long level(int *a, int d) {
  long sum = 0;
  if (d > DEPTH) {
#pragma acc parallel loop present(a[0:N]) reduction(+:sum)
    for (int i = 0; i < N; i++)
      sum += a[i];
    return sum;
  }
#pragma acc data present_or_copy(a[0:N])
  {
    int b[N];
#pragma acc parallel loop present(a[0:N]) async(d)
    for (int i = 0; i < N; i++)
      a[i] += d;
#pragma acc wait(d)
#pragma acc parallel loop present(a[0:N]) copyout(b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = a[i] * 2;
    for (int i = 0; i < N; i++) /* a[i] on the device: A0 + 1 + ... + D */
      CHECK_INT("copyout inside the nest", b[i],
                2 * (i % 17 + d * (d + 1) / 2));
    sum = level(a, d + 1);
  }
  return sum;
}

/* The serial model: a[i] += 1 + 2 + ... + DEPTH, then the sum. */
static long model(const int *a0) {
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += a0[i] + DEPTH * (DEPTH + 1) / 2;
  return sum;
}

static void round_trip(const char *what) {
  int a[N], a0[N];
  for (int i = 0; i < N; i++)
    a0[i] = a[i] = i % 17; /* level() knows it too */
  long got = level(a, 1);
  CHECK_INT(what, got, model(a0));
  for (int i = 0; i < N; i++)
    CHECK_INT(what, a[i], a0[i] + DEPTH * (DEPTH + 1) / 2);
}

static acc_device_t type;

static void *other_thread(void *arg) {
  (void)arg;
  acc_set_device_type(type);
  for (int r = 0; r < 20; r++)
    round_trip("other thread, nested regions");
  return NULL;
}

int main(void) {
  type = acc_get_device_type();
  round_trip("nested regions");
  pthread_t th;
  pthread_create(&th, NULL, other_thread, NULL);
  for (int r = 0; r < 20; r++)
    round_trip("this thread, beside the other");
  pthread_join(th, NULL);
  acc_shutdown(type);
  round_trip("after acc_shutdown");
  acc_init(type);
  round_trip("after acc_init");
  return e2e_done();
}
