/* async_queue_order.c — every way a program may order work on two async
 * queues, each followed by work that depends on it: same queue, wait(q)
 * clause, wait directive, wait(q) async(r), acc_wait_async, acc_wait_all,
 * acc_async_test and acc_async_test_all until true, acc_wait_any, data
 * constructs with async then wait, a synchronous kernel before async work,
 * and device memory freed by one queue and reused by another.  Racecheck
 * (the emulator's queue check, docs/emulator-checks.md) must report none,
 * and every result must be the serial one. */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
#include <stdlib.h>

#include "e2e.h"

#define N 2048

/* b[i] = a[i] + 1 on queue Q, after a[i] = i * K on queue 1 ordered by
   what the caller did between them. */
static void produce(int *a, int k) {
#pragma acc parallel loop present(a[0:N]) async(1)
  for (int i = 0; i < N; i++)
    a[i] = i * k;
}

static void consume(int *a, int *b, int q) {
#pragma acc parallel loop present(a[0:N], b[0:N]) async(q)
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 1;
}

static void check(int *b, int k, const char *what, int line) {
#pragma acc update self(b[0:N])
  for (int i = 0; i < N; i++)
    e2e_check_int(what, line, b[i], i * k + 1);
}

int main(void) {
  int *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  int *c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = c[i] = -1;
#pragma acc enter data copyin(a[0:N], b[0:N])
  produce(a, 2); /* same queue */
  consume(a, b, 1);
#pragma acc wait(1)
  check(b, 2, "same queue", __LINE__);
  produce(a, 3); /* wait(1) clause */
#pragma acc parallel loop present(a[0:N], b[0:N]) async(2) wait(1)
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 1;
#pragma acc wait(2)
  check(b, 3, "wait clause", __LINE__);
  produce(a, 4); /* wait directive */
#pragma acc wait(1)
  consume(a, b, 2);
#pragma acc wait(2)
  check(b, 4, "wait directive", __LINE__);
  produce(a, 5); /* wait(1) async(2) */
#pragma acc wait(1) async(2)
  consume(a, b, 2);
#pragma acc wait(2)
  check(b, 5, "wait async", __LINE__);
#ifdef _OPENACC
  produce(a, 6); /* acc_wait_async */
  acc_wait_async(1, 3);
  consume(a, b, 3);
  acc_wait(3);
  check(b, 6, "acc_wait_async", __LINE__);
  produce(a, 7); /* acc_async_test until true */
  while (!acc_async_test(1))
    ;
  consume(a, b, 2);
  while (!acc_async_test_all())
    ;
  check(b, 7, "acc_async_test", __LINE__);
  produce(a, 8); /* acc_wait_any */
  int qs[1] = {1};
  e2e_check_int("acc_wait_any", __LINE__, acc_wait_any(1, qs), 0);
  consume(a, b, 2);
  acc_wait_all();
  check(b, 8, "acc_wait_any", __LINE__);
#endif
  produce(a, 9); /* wait, then a synchronous kernel */
#pragma acc wait
#pragma acc parallel loop present(a[0:N], b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 1;
  check(b, 9, "wait then synchronous", __LINE__);
  /* a synchronous kernel, then async work reading it: ordered */
#pragma acc parallel loop present(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = i * 10;
  consume(a, b, 2);
#pragma acc wait(2)
  check(b, 10, "synchronous then async", __LINE__);
  /* data constructs with async, then wait */
#pragma acc data copyin(c[0:N]) async(4)
  {
#pragma acc parallel loop present(c[0:N]) async(4)
    for (int i = 0; i < N; i++)
      c[i] = i * 11;
#pragma acc update self(c[0:N]) async(4)
  }
#pragma acc wait(4)
  for (int i = 0; i < N; i++)
    e2e_check_int("data async", __LINE__, c[i], i * 11);
  /* copyin on queue 5, then a wait, then a kernel on queue 6; exit data
     on queue 6 frees what queue 7 then gets anew */
  for (int i = 0; i < N; i++)
    c[i] = i * 12;
#pragma acc enter data copyin(c[0:N]) async(5)
#pragma acc wait(5)
#pragma acc parallel loop present(c[0:N], b[0:N]) async(6)
  for (int i = 0; i < N; i++)
    b[i] = c[i] + 1;
#pragma acc exit data delete(c[0:N]) async(6)
#pragma acc wait(6)
  check(b, 12, "enter data async", __LINE__);
  for (int i = 0; i < N; i++)
    c[i] = i * 13;
#pragma acc enter data copyin(c[0:N]) async(7)
#pragma acc parallel loop present(c[0:N]) async(7)
  for (int i = 0; i < N; i++)
    c[i] += 1;
#pragma acc exit data copyout(c[0:N]) async(7)
#pragma acc wait(7)
  for (int i = 0; i < N; i++)
    e2e_check_int("reused memory", __LINE__, c[i], i * 13 + 1);
#pragma acc exit data delete(a[0:N], b[0:N])
  free(a);
  free(b);
  free(c);
  return e2e_done();
}
