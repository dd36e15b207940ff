/* What the readers once let through silently (issue #11): unknown keys,
 * keys given twice, a second YAML document, numbers beyond 64 bits, a
 * cache smaller than one line or sector, and a file too big for memory
 * reported as malformed.  Each is now an error naming the file and line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../tune.h"
#include "tune_test.h"

#define HEAD "kernels:\n  - id: k\n    loops:\n"
#define LOOP "      - {var: i, upper: 8}\n"
#define REF "      - {array: a, elem: 4, access: read, index: {i: 1}}\n"

static void test_model_keys_and_documents(void) {
  tune_expect_model_error(HEAD LOOP "    bdy: []\n", NULL, 5,
                          "unknown key 'bdy' in a kernel");
  tune_expect_model_error(HEAD "      - {var: i, upper: 8, step: 2}\n"
                          "    body: []\n", NULL, 4,
                          "unknown key 'step' in a loop");
  tune_expect_model_error(HEAD LOOP "    body:\n"
                          "      - {array: a, elem: 4, acess: read}\n", NULL,
                          6, "unknown key 'acess' in a reference");
  tune_expect_model_error(HEAD LOOP "    body:\n      - loop: {var: k, upper: 2}\n"
                          "        body: []\n        bdy: []\n", NULL, 8,
                          "unknown key 'bdy' in a sequential loop");
  tune_expect_model_error("kernels:\n  - id: k\n    id: k2\n    loops:\n" LOOP
                          "    body: []\n", NULL, 3,
                          "key 'id' given twice in a kernel (first at line 2)");
  tune_expect_model_error(HEAD "      - {var: i, upper: 8, upper: 9}\n"
                          "    body: []\n", NULL, 4,
                          "key 'upper' given twice in a loop");
  tune_expect_model_error("kernels:\n  - id: k\n    params: {n: 1, n: 2}\n"
                          "    loops:\n" LOOP "    body: []\n", NULL, 3,
                          "key 'n' given twice in params");
  tune_expect_model_error(HEAD LOOP "    body: []\n---\nkernels: []\n", NULL, 7,
                          "a second YAML document; expected one");
  tune_expect_model_error("kernels:\n  - id: k\n    params: {n: "
                          "99999999999999999999}\n    loops:\n" LOOP
                          "    body: []\n", NULL, 3,
                          "'n': 99999999999999999999 is out of range");
  tune_expect_model_error(HEAD LOOP "    body:\n      - {array: a, elem: "
                          "18446744073709551617, access: read}\n", NULL, 6,
                          "is out of range");
  /* Numbers inside expressions: the expression parser's message. */
  tune_expect_model_error(HEAD "      - {var: i, upper: 99999999999999999999}\n"
                          "    body: []\n", NULL, 4,
                          "upper: number out of range");
}

/* A GPU description: the H100's values with LINE replacing line N (1-based,
 * after "name"). */
static const char *gpu_text(int n, const char *line) {
  static const char *lines[] = {
      "name: g",           "sms: 4",          "max_threads_per_sm: 2048",
      "max_blocks_per_sm: 32", "max_threads_per_block: 1024",
      "warp_size: 32",     "l1_bytes: 262144", "l2_bytes: 52428800",
      "line_bytes: 128",   "sector_bytes: 32", "latency_l1: 30",
      "latency_l2: 200",   "latency_dram: 400"};
  static char text[1024];
  text[0] = 0;
  for (int i = 0; i < 13; i++) {
    strcat(text, i + 1 == n ? line : lines[i]);
    strcat(text, "\n");
  }
  return text;
}

/* Loads TEXT as a GPU description: the error must start with PATH:LINE:
 * and contain WHAT. */
static void expect_gpu_error(const char *text, int line, const char *what) {
  const char *p = tune_tmp_file(text);
  char err[TUNE_ERR] = "";
  tune_gpu g;
  CU_ASSERT_EQUAL(accgpu_tune_gpu_load(p, &g, err, sizeof err), -1);
  tune_check_error(err, p, line, what);
  unlink(p);
}

static void test_gpu_limits(void) {
  char err[TUNE_ERR];
  tune_gpu g;
  const char *p = tune_tmp_file(gpu_text(0, ""));
  CU_ASSERT_EQUAL(accgpu_tune_gpu_load(p, &g, err, sizeof err), 0);
  unlink(p);
  /* Per case: the line of gpu_text replaced, its new text, the line of
   * the error and what it says.  Below one line the engine's capacity
   * would be 0, which it reads as "unlimited". */
  static const struct {
    int n;
    const char *line;
    int at;
    const char *what;
  } cases[] = {
      {7, "l1_bytes: 64", 7,
       "'l1_bytes' must hold 1 to 2^30-1 lines of 128 bytes"},
      {8, "l2_bytes: 16", 8,
       "'l2_bytes' must hold 1 to 2^30-1 sectors of 32 bytes"},
      {8, "l2_bytes: 1099511627776", 8, "'l2_bytes' must hold 1 to 2^30-1"},
      {5, "max_threads_per_block: 2147483647", 5,
       "'max_threads_per_block' must be 32..1024"},
      {2, "sms: 99999999999999999999", 2, "is out of range"},
      {13, "latency_dram: nan", 13,
       "expected a finite number for 'latency_dram'"},
      {6, "warp_size: 64", 6, "only warp_size 32 is modeled"},
      {13, "latency_dram: 400\nl3_bytes: 1", 14,
       "unknown key 'l3_bytes' in the GPU description"},
      {13, "latency_dram: 400\nsms: 8", 14, "key 'sms' given twice"},
      {13, "latency_dram: 400\n--- {}", 14, "a second YAML document"},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
    expect_gpu_error(gpu_text(cases[i].n, cases[i].line), cases[i].at,
                     cases[i].what);
}

/* Loads TEXT as a profile: the error must start with PATH:LINE: and
 * contain WHAT. */
static void expect_profile_error(const char *text, int line,
                                 const char *what) {
  const char *p = tune_tmp_file(text);
  char err[TUNE_ERR] = "";
  tune_profile pr;
  CU_ASSERT_EQUAL(accgpu_tune_profile_load(p, &pr, err, sizeof err), -1);
  tune_check_error(err, p, line, what);
  unlink(p);
}

static void test_profile_strict(void) {
  expect_profile_error("kernels:\n  - id: k\n    trip: {i: 3}\n", 3,
                       "unknown key 'trip' in a profile entry");
  expect_profile_error("kernels:\n  - id: k\n    trips: {i: 3, i: 4}\n", 3,
                       "key 'i' given twice in trips");
  expect_profile_error("kernels:\n  - id: k\n    trips: "
                       "{i: 99999999999999999999}\n", 3, "is out of range");
  expect_profile_error("kernels: []\n...\n---\nkernels: []\n", 4,
                       "a second YAML document");
  expect_profile_error("kernel: []\n", 1, "unknown key 'kernel'");
  /* What the runtime writes is accepted (runtime/profile.c's keys). */
  char err[TUNE_ERR];
  tune_profile pr;
  const char *p = tune_tmp_file(
      "kernels:\n  - id: \"a.c:3:f\"\n    kernel: \"k\"\n    file: \"a.c\"\n"
      "    line: 3\n    function: \"f\"\n    construct: \"parallel\"\n"
      "    device: \"emulator 0\"\n    launches: 2\n    grid: [1, 1, 1]\n"
      "    block: [32, 1, 1]\n    shared_bytes: 0\n"
      "    time_total_s: 0.000001\n    time_min_s: 0.000001\n"
      "    trips: {i: 5}\n    params: {n: 5}\n");
  CU_ASSERT_EQUAL(accgpu_tune_profile_load(p, &pr, err, sizeof err), 0);
  accgpu_tune_profile_free(&pr);
  unlink(p);
}

/* A model far bigger than the memory libyaml may use (a child process
 * with an address-space limit): "out of memory", not "malformed YAML". */
static void test_out_of_memory_is_not_malformed(void) {
  const char *p = tune_tmp_file("kernels:\n  - id: k\n    params: {n: 1}\n"
                                "    loops: [");
  FILE *f = fopen(p, "a");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  for (int i = 0; i < 1 << 20; i++) /* 4 MB of flow items: ~200 MB nodes */
    fputs("[], ", f);
  fputs("]\n    body: []\n", f);
  fclose(f);
  int fds[2];
  CU_ASSERT_EQUAL_FATAL(pipe(fds), 0);
  pid_t pid = fork();
  CU_ASSERT_FATAL(pid >= 0);
  if (pid == 0) {
    struct rlimit rl = {96 << 20, 96 << 20};
    char err[TUNE_ERR] = "";
    tune_model m;
    memset(&m, 0, sizeof m);
    close(fds[0]);
    if (!setrlimit(RLIMIT_AS, &rl))
      accgpu_tune_model_load(p, &m, err, sizeof err);
    _exit(write(fds[1], err, strlen(err)) < 0);
  }
  close(fds[1]);
  char got[TUNE_ERR] = "", want[128];
  ssize_t n = read(fds[0], got, sizeof got - 1);
  got[n > 0 ? n : 0] = 0;
  close(fds[0]);
  waitpid(pid, NULL, 0);
  snprintf(want, sizeof want, "%s: out of memory reading this ", p);
  CU_ASSERT_EQUAL(strncmp(got, want, strlen(want)), 0);
  if (strncmp(got, want, strlen(want)))
    fprintf(stderr, "\n  got: %s\n", got);
  unlink(p);
}

TUNE_SUITE(tune_strict, TUNE_TEST(test_model_keys_and_documents),
           TUNE_TEST(test_gpu_limits), TUNE_TEST(test_profile_strict),
           TUNE_TEST(test_out_of_memory_is_not_malformed));
