/* The schedule file between acc-tune (autotune/schedule.c writes it) and
 * the plugin (plugin/passes/schedule-parse.c reads it; plain C, so tested
 * here): kernel ids with quotes, backslashes, newlines and other control
 * characters round-trip (they produced files the plugin rejected, or ids
 * that never matched); the reader rejects unknown and repeated keys, a
 * second document and numbers beyond 64 bits, and warns about a second
 * entry for one kernel (the first one is used). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../plugin/passes/schedule-parse.h"
#include "../tune.h"
#include "tune_test.h"

/* Parses schedule file PATH into *L.  Returns accgpu_schedule_parse's. */
static int parse_file(const char *path, struct accgpu_sched_list *l) {
  FILE *f = fopen(path, "rb");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  int rc = accgpu_schedule_parse(f, l);
  fclose(f);
  return rc;
}

static void test_ids_round_trip(void) {
  static const char *ids[] = {
      "we\"ird.c:14:matmul", "back\\slash.c:14:f", "new\nline.c:3:g",
      "tab\there\x01\x7f.c:9:h", "nel\xc2\x85ls\xe2\x80\xa8.c:2:u",
      "plain/dir/a.c:7:main"};
  enum { N = sizeof ids / sizeof ids[0] };
  tune_model m;
  tune_kernel k[N];
  tune_config c[N];
  tune_result r[N];
  int have[N];
  memset(&m, 0, sizeof m);
  memset(k, 0, sizeof k);
  memset(r, 0, sizeof r);
  snprintf(m.path, sizeof m.path, "model\nwith: newline.yaml");
  m.nkernels = N;
  m.kernels = k;
  for (int i = 0; i < N; i++) {
    snprintf(k[i].id, sizeof k[i].id, "%s", ids[i]);
    k[i].npar = k[i].nvars = 1;
    strcpy(k[i].vars[0].var, "i");
    c[i] = (tune_config){accgpu_tune_pattern_find("1_1"), {64, 1, 1},
                         {3, 1, 1}};
    have[i] = 1;
  }
  const char *p = tune_tmp_file("");
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_write_schedules(p, &m, c, r, have), 0);
  struct accgpu_sched_list l;
  CU_ASSERT_EQUAL(parse_file(p, &l), 0);
  if (l.failed)
    fprintf(stderr, "\n  %d:%d: %s\n", l.err.line, l.err.col, l.err.msg);
  CU_ASSERT_EQUAL_FATAL(l.n, N);
  for (int i = 0; i < N; i++) {
    CU_ASSERT_STRING_EQUAL(l.s[i].id, ids[i]);
    CU_ASSERT(l.s[i].block[0] == 64 && l.s[i].grid[0] == 3);
    CU_ASSERT(l.s[i].nloops == 1 && l.s[i].loop[0].thread == 0);
  }
  CU_ASSERT_EQUAL(l.nwarn, 0);
  accgpu_schedule_list_free(&l);
  unlink(p);
}

#define ENTRY(id)                                                             \
  "  - kernel: \"" id "\"\n    schedule: \"1_1\"\n    block: [32, 1, 1]\n"    \
  "    grid: [4, 1, 1]\n    map:\n      i: {thread: x, block: x}\n"

/* Parses TEXT: must fail at LINE with a message containing WHAT. */
static void expect_sched_error(const char *text, int line, const char *what) {
  const char *p = tune_tmp_file(text);
  struct accgpu_sched_list l;
  CU_ASSERT_EQUAL(parse_file(p, &l), -1);
  CU_ASSERT(l.failed && l.err.line == line && strstr(l.err.msg, what));
  if (l.err.line != line || !strstr(l.err.msg, what))
    fprintf(stderr, "\n  got %d: %s\n  want %d: %s\n", l.err.line, l.err.msg,
            line, what);
  CU_ASSERT_EQUAL(l.n, 0);
  unlink(p);
}

static void test_reader_strict(void) {
  expect_sched_error("schedules:\n" ENTRY("a.c:1:f") "    blok: [1, 1, 1]\n",
                     8, "unknown key 'blok' in a schedule entry");
  expect_sched_error("schedules:\n" ENTRY("a.c:1:f") "    grid: [1, 1, 1]\n",
                     8, "key 'grid' given twice");
  expect_sched_error("schedules:\n  - kernel: \"a.c:1:f\"\n"
                     "    block: [32, 1, 1]\n"
                     "    grid: [99999999999999999999999, 1, 1]\n"
                     "    map:\n      i: {thread: x, block: x}\n",
                     4, "99999999999999999999999 out of range in grid");
  expect_sched_error("schedules:\n" ENTRY("a.c:1:f")
                     "    map2: {}\n", 8, "unknown key 'map2'");
  expect_sched_error("schedules:\n  - kernel: \"a.c:1:f\"\n"
                     "    block: [32, 1, 1]\n    grid: [1, 1, 1]\n"
                     "    map:\n      i: {thread: x, blok: x}\n",
                     6, "unknown key 'blok' in a loop's mapping");
  expect_sched_error("schedules:\n" ENTRY("a.c:1:f") "---\nschedules: []\n",
                     9, "a second YAML document");
  expect_sched_error("schedule: []\n", 1, "unknown key 'schedule'");
}

static void test_second_entry_warns(void) {
  const char *p = tune_tmp_file("schedules:\n" ENTRY("a.c:1:f")
                                ENTRY("b.c:1:f") ENTRY("a.c:1:f"));
  struct accgpu_sched_list l;
  CU_ASSERT_EQUAL(parse_file(p, &l), 0);
  CU_ASSERT_EQUAL(l.n, 3);
  CU_ASSERT_EQUAL_FATAL(l.nwarn, 1);
  CU_ASSERT_EQUAL(l.warn[0].line, 14);
  CU_ASSERT_STRING_EQUAL(l.warn[0].msg, "a second schedule for kernel "
                                        "'a.c:1:f' (ignored: the one at line "
                                        "2 is used)");
  accgpu_schedule_list_free(&l);
  unlink(p);
}

TUNE_SUITE(tune_schedfile, TUNE_TEST(test_ids_round_trip),
           TUNE_TEST(test_reader_strict), TUNE_TEST(test_second_entry_warns));
