/* test_queue_race.c — racecheck between queues (runtime/emulator/
 * queue-race.c) on an emulated device whose records this test allocates
 * (the process's racecheck setting stays as it is).  Copies on real
 * emulator queues, run by their threads: a copy on queue 1 and one on
 * queue 2 touching the same bytes, one writing, are a hazard unless a
 * wait, a sync or an idle test orders them; each case's stderr is its
 * verdict (in this process: ThreadSanitizer cannot follow threads of a
 * forked child).  Direct operations check atomics, readers
 * and forgotten memory. */
#include <CUnit/CUnit.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>
#include <unistd.h>
#include "emulator/emu.h"
#include "suite.h"

#define BYTES 4096

static struct accgpu_dev dev;
static struct accgpu_queue *q1, *q2;
static char host[BYTES], out1[BYTES], out2[BYTES]; /* the host's side */

/* A device of BYTES with queue records, and queues 1 and 2 (labelled). */
static void setup(void) {
  memset(&dev, 0, sizeof dev);
  dev.base = aligned_alloc(4096, BYTES);
  dev.size = BYTES;
  dev.qraces = calloc(BYTES / 4, 3 * sizeof(uint64_t));
  if (!dev.base || !dev.qraces || accgpu_emu_queue_create(&dev, &q1) ||
      accgpu_emu_queue_create(&dev, &q2))
    CU_FAIL_FATAL("setup");
  accgpu_emu_queue_label(q1, 1);
  accgpu_emu_queue_label(q2, 2);
}

/* Both queues drained before either goes, as the core's device_release
   does: a deferred queue's wait on the other runs only when released. */
static void finish(void) {
  CU_ASSERT_EQUAL(accgpu_emu_queue_sync(q2), 0);
  CU_ASSERT_EQUAL(accgpu_emu_queue_sync(q1), 0);
  CU_ASSERT_EQUAL(accgpu_emu_queue_destroy(q1), 0);
  CU_ASSERT_EQUAL(accgpu_emu_queue_destroy(q2), 0);
  free(dev.base);
  free(dev.qraces);
}

/* Runs FN with stderr going to OUT (N bytes). */
static void run_captured(void (*fn)(void), char *out, size_t n) {
  FILE *tmp = tmpfile();
  int saved = dup(2);
  CU_ASSERT_FATAL(tmp && saved >= 0);
  fflush(stderr);
  dup2(fileno(tmp), 2);
  fn();
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  rewind(tmp);
  size_t got = fread(out, 1, n - 1, tmp);
  out[got] = 0;
  fclose(tmp);
}

static void post(void *sem) { sem_post(sem); }

/* The host learns that queue 1's copy is done through a callback, which
   orders nothing for the check (the copies do not overlap in time, so
   ThreadSanitizer has nothing to say about the test itself). */
static void racy_copies(void) {
  sem_t done;
  sem_init(&done, 0, 0);
  setup();
  accgpu_emu_copy_h2d(q1, dev.base, host, BYTES);
  accgpu_emu_queue_callback(q1, post, &done);
  accgpu_emu_queue_query(q1); /* releases a deferred queue (not idle yet:
                                 no order for the check either) */
  sem_wait(&done);
  accgpu_emu_copy_d2h(q2, out2, dev.base, BYTES);
  finish();
}

static void wait_queue_orders(void) {
  setup();
  accgpu_emu_copy_h2d(q1, dev.base, host, BYTES);
  accgpu_emu_queue_wait_queue(q2, q1);
  accgpu_emu_copy_d2h(q2, out2, dev.base, BYTES);
  finish();
}

static void sync_orders(void) {
  setup();
  accgpu_emu_copy_h2d(q1, dev.base, host, BYTES);
  accgpu_emu_queue_sync(q1);
  accgpu_emu_memset(q2, dev.base, 0, BYTES);
  finish();
}

static void idle_test_orders(void) {
  setup();
  accgpu_emu_memset(q1, dev.base, 1, BYTES);
  while (accgpu_emu_queue_query(q1) != 1)
    ;
  accgpu_emu_copy_d2d(q2, (char *)dev.base + BYTES / 2, dev.base, BYTES / 2);
  finish();
}

/* Disjoint halves never conflict; readers on two queues neither. */
static void disjoint_and_readers(void) {
  setup();
  accgpu_emu_copy_h2d(q1, dev.base, host, BYTES / 2);
  accgpu_emu_copy_h2d(q2, (char *)dev.base + BYTES / 2, host, BYTES / 2);
  accgpu_emu_queue_sync(q1);
  accgpu_emu_queue_sync(q2);
  accgpu_emu_copy_d2h(q1, out1, dev.base, BYTES);
  accgpu_emu_copy_d2h(q2, out2, dev.base, BYTES);
  finish();
}

/* Operations made here, without queues: atomics on two queues are not a
   hazard, an atomic and a plain read are; forgotten memory has no past. */
static void direct_ops(void) {
  emu_qclock a, b;
  emu_opdesc k = {EMU_OPD_KERNEL, "k_direct", NULL, NULL};
  setup();
  accgpu_emu_qrace_queue_init(&a, &dev);
  accgpu_emu_qrace_queue_init(&b, &dev);
  a.labeled = b.labeled = 1;
  a.async = 3, b.async = 4;
  emu_hb *x = accgpu_emu_qrace_op(&a, &k), *y = accgpu_emu_qrace_op(&b, &k);
  uintptr_t p = (uintptr_t)dev.base;
  accgpu_emu_qrace_access(x, &dev, p, 4, 3);
  accgpu_emu_qrace_access(y, &dev, p, 4, 3); /* atomic, atomic: fine */
  accgpu_emu_qrace_access(x, &dev, p + 64, 4, 1);
  accgpu_emu_qrace_forget(&dev, (void *)(p + 64), 4);
  accgpu_emu_qrace_access(y, &dev, p + 64, 4, 1); /* forgotten: fine */
  fprintf(stderr, "mark\n");
  accgpu_emu_qrace_access(x, &dev, p, 4, 0); /* reads y's atomic */
  free(x);
  free(y);
  accgpu_emu_qrace_queue_fini(&a);
  accgpu_emu_qrace_queue_fini(&b);
  finish();
}

static void expect_clean(void (*fn)(void), const char *what) {
  char out[4096];
  run_captured(fn, out, sizeof out);
  if (out[0])
    fprintf(stdout, "\n  %s: unexpected report: %s", what, out);
  CU_ASSERT_STRING_EQUAL(out, "");
}

static void test_queue_hazard(void) {
  /* the read on queue 2 finds queue 1's write */
  char out[4096];
  run_captured(racy_copies, out, sizeof out);
  const char *tail = strstr(out, "\n  no wait");
  if (!tail)
    fprintf(stdout, "\n  no report in: %s", out);
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "hazard between async queues"));
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "write by copy to the device on async queue 1"));
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "read by copy from the device on async queue 2"));
  CU_ASSERT(tail && !strstr(tail + 1, "hazard")); /* once */
}

static void test_orderings(void) {
  expect_clean(wait_queue_orders, "queue_wait_queue");
  expect_clean(sync_orders, "queue_sync");
  expect_clean(idle_test_orders, "queue_query");
  expect_clean(disjoint_and_readers, "disjoint writes, shared reads");
}

static void test_direct(void) {
  char out[4096];
  run_captured(direct_ops, out, sizeof out);
  CU_ASSERT(strncmp(out, "mark\n", 5) == 0); /* nothing before the read */
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "read-after-write hazard"));
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "atomic by kernel k_direct on async queue 4"));
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "read by kernel k_direct on async queue 3"));
}

ACCGPU_SUITE(queue_race, NULL, NULL, ACCGPU_TEST(test_queue_hazard),
             ACCGPU_TEST(test_orderings), ACCGPU_TEST(test_direct));
