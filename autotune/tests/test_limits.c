/* Sizes at the edge (issue #11): expressions nested 100,000 deep (a stack
 * overflow), numbers and results beyond 64 bits (clamped or wrapped
 * silently), trip counts above 2^62 (a hang in the launch space), and
 * loops so long that the sampler's fast-forward took hours. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../tune.h"
#include "tune_test.h"

/* Parses S: must fail with a message containing WHAT. */
static void expect_parse_error(const char *s, const char *what) {
  char err[200] = "";
  tune_expr *e = accgpu_tune_expr_parse(s, err, sizeof err);
  CU_ASSERT_PTR_NULL(e);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, what));
  if (!strstr(err, what))
    fprintf(stderr, "\n  got: %s\n  want: %s\n", err, what);
  accgpu_tune_expr_free(e);
}

/* S repeated N times around MID: OPEN^N MID CLOSE^N. */
static char *nest(const char *open, const char *mid, const char *close,
                  int n) {
  size_t lo = strlen(open), lc = strlen(close), lm = strlen(mid);
  char *s = malloc((lo + lc) * (size_t)n + lm + 1), *p = s;
  for (int i = 0; i < n; i++, p += lo)
    memcpy(p, open, lo);
  memcpy(p, mid, lm);
  p += lm;
  for (int i = 0; i < n; i++, p += lc)
    memcpy(p, close, lc);
  *p = 0;
  return s;
}

static void test_expr_depth_limit(void) {
  char *s = nest("(", "1", ")", 100000);
  expect_parse_error(s, "nested deeper than 256 levels");
  free(s);
  s = nest("-", "1", "", 100000);
  expect_parse_error(s, "nested deeper than 256 levels");
  free(s);
  s = nest("", "1", "+1", 100000); /* a left-deep tree, no parentheses */
  expect_parse_error(s, "nested deeper than 256 levels");
  free(s);
  /* Within the limit: parsed and evaluated. */
  char err[200];
  int64_t v = 0;
  const char *unknown;
  s = nest("(", "7", ")", 200);
  tune_expr *e = accgpu_tune_expr_parse(s, err, sizeof err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(e);
  CU_ASSERT(accgpu_tune_expr_eval(e, NULL, &v, &unknown) == 0 && v == 7);
  accgpu_tune_expr_free(e);
  free(s);
}

/* Evaluates S with n = N: returns the eval's code, the value in *V. */
static int eval_with(const char *s, int64_t n, int64_t *v) {
  char err[200];
  const char *unknown;
  tune_params p = {0};
  accgpu_tune_params_set(&p, "n", n);
  tune_expr *e = accgpu_tune_expr_parse(s, err, sizeof err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(e);
  int rc = accgpu_tune_expr_eval(e, &p, v, &unknown);
  accgpu_tune_expr_free(e);
  return rc;
}

static void test_expr_64_bits(void) {
  int64_t v;
  expect_parse_error("99999999999999999999", "number out of range");
  CU_ASSERT(eval_with("9223372036854775807", 0, &v) == 0 && v == INT64_MAX);
  /* n^20 at n = 16 is 2^80: wrapped to 0 before. */
  CU_ASSERT_EQUAL(eval_with("n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n", 16,
                            &v), TUNE_EXPR_OVERFLOW);
  CU_ASSERT(eval_with("n*n*n*n*n*n*n*n*n*n*n*n*n*n*n", 16, &v) == 0 &&
            v == INT64_C(1) << 60);
  CU_ASSERT_EQUAL(eval_with("n + 1", INT64_MAX, &v), TUNE_EXPR_OVERFLOW);
  CU_ASSERT_EQUAL(eval_with("-n - 2", INT64_MAX, &v), TUNE_EXPR_OVERFLOW);
  CU_ASSERT_EQUAL(eval_with("-n", INT64_MIN, &v), TUNE_EXPR_OVERFLOW);
  CU_ASSERT_EQUAL(eval_with("n / (0 - 1)", INT64_MIN, &v),
                  TUNE_EXPR_OVERFLOW);
  CU_ASSERT(eval_with("n % (0 - 1)", INT64_MIN, &v) == 0 && v == 0);
  CU_ASSERT_EQUAL(eval_with("n / (n - n)", 5, &v), TUNE_EXPR_DIV0);
  CU_ASSERT(eval_with("-n / 2 * 3", 7, &v) == 0 && v == -9);
}

#define MODEL1(upper, index)                                                  \
  "kernels:\n  - id: k\n    loops:\n      - {var: i, upper: " upper "}\n"     \
  "    body:\n      - {array: a, elem: 8, access: read, index: " index "}\n"

static void test_bind_limits(void) {
  tune_params user = {0};
  /* -D n=2^62+1: the launch space used to hang on it. */
  accgpu_tune_params_set(&user, "n", (INT64_C(1) << 62) + 1);
  tune_expect_model_error(MODEL1("n", "{i: 1}"), &user, 4,
                          "loop 'i' from 0 for 4611686018427387905 "
                          "iterations goes beyond 2^62");
  accgpu_tune_params_set(&user, "n", 16);
  tune_expect_model_error(MODEL1("n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n",
                                 "{i: 1}"), &user, 4,
                          "the upper bound overflows 64 bits");
  tune_expect_model_error(MODEL1("n", "{i: n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n}"),
                          &user, 6, "a subscript overflows 64 bits");
  /* Each coefficient fits, the byte offsets do not. */
  tune_expect_model_error(MODEL1("n", "{i: 1152921504606846976}"), &user, 6,
                          "the reference's byte offsets go beyond 64 bits");
  /* The profile's trip count, too. */
  const char *pp = tune_tmp_file("kernels:\n  - id: k\n    trips: "
                                 "{i: 4611686018427387905}\n");
  char err[TUNE_ERR], path[64];
  tune_profile pr;
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_profile_load(pp, &pr, err, sizeof err), 0);
  unlink(pp);
  const char *mp = tune_tmp_file(MODEL1("8", "{i: 1}"));
  snprintf(path, sizeof path, "%s", mp);
  tune_model m;
  memset(&m, 0, sizeof m);
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_model_load(path, &m, err, sizeof err), 0);
  CU_ASSERT_EQUAL(accgpu_tune_kernel_bind(&m.kernels[0], path, NULL,
                                          &pr.e[0], err, sizeof err), -1);
  tune_check_error(err, path, 4, "(the profile's trip count) goes beyond");
  accgpu_tune_model_free(&m);
  accgpu_tune_profile_free(&pr);
  unlink(path);
}

/* The launch space of a loop longer than 2^62 (next_pow2 overflowed and
 * never ended): configurations come back (an alarm ends a hang). */
static void test_configs_of_huge_trip(void) {
  tune_gpu g = {"g", 4, 2048, 16, 1024, 32, 16384, 65536, 128, 32, 1, 1, 1};
  tune_kernel k;
  memset(&k, 0, sizeof k);
  k.npar = k.nvars = 1;
  k.vars[0].trip = INT64_MAX;
  tune_config c[64];
  alarm(30);
  int n = accgpu_tune_configs(&k, &g, accgpu_tune_pattern_find("1_1"), c, 64);
  alarm(0);
  CU_ASSERT(n > 0);
  for (int i = 0; i < n; i++)
    CU_ASSERT(c[i].grid[0] >= 1 && c[i].grid[0] <= 2147483647);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Simulates the first configuration of pattern PAT of bound model TEXT
 * (-D n=N) with the default budget.  Returns the seconds it took. */
static double sim_time(const char *text, int64_t n, const char *pat) {
  tune_gpu g = {"g", 16, 2048, 16, 1024, 32, 65536, 1 << 20, 128, 32,
                30, 200, 400};
  tune_params user = {0};
  char err[TUNE_ERR];
  tune_model m;
  memset(&m, 0, sizeof m);
  accgpu_tune_params_set(&user, "n", n);
  const char *p = tune_tmp_file(text);
  CU_ASSERT_FATAL(accgpu_tune_model_load(p, &m, err, sizeof err) == 0 &&
                  accgpu_tune_kernel_bind(&m.kernels[0], p, &user, NULL, err,
                                          sizeof err) == 0);
  unlink(p);
  tune_config c[64];
  tune_sim_opts o = {TUNE_INTERLEAVE_MODELED, 3e5};
  tune_result r;
  int nc = accgpu_tune_configs(&m.kernels[0], &g,
                               accgpu_tune_pattern_find(pat), c, 64);
  CU_ASSERT_FATAL(nc > 0);
  double t0 = now();
  alarm(120);
  CU_ASSERT_EQUAL(accgpu_tune_simulate(&m.kernels[0], &g, &c[nc - 1], &o,
                                       &r), 0);
  alarm(0);
  CU_ASSERT(r.l1_loads > 0);
  accgpu_tune_model_free(&m);
  return now() - t0;
}

/* A sequential loop of 10^12 steps and a parallel one of 10^12 points:
 * the sampler's fast-forward moves counters instead of stepping (it took
 * hours).  Generous bounds: the machine is shared. */
static void test_long_loops_are_fast(void) {
  double t = sim_time("kernels:\n  - id: k\n    loops:\n"
                      "      - {var: i, upper: 64}\n    body:\n"
                      "      - loop: {var: s, upper: n}\n        body:\n"
                      "          - {array: a, elem: 4, access: read, "
                      "index: {s: 1}}\n", INT64_C(1000000000000), "1_1");
  CU_ASSERT(t < 10);
  t = sim_time("kernels:\n  - id: k\n    loops:\n      - {var: j, upper: n}\n"
               "      - {var: i, upper: 64}\n    body:\n"
               "      - {array: a, elem: 4, access: read, index: {j: 64, "
               "i: 1}}\n", INT64_C(1000000000000), "2_1");
  CU_ASSERT(t < 10);
}

TUNE_SUITE(tune_limits, TUNE_TEST(test_expr_depth_limit),
           TUNE_TEST(test_expr_64_bits), TUNE_TEST(test_bind_limits),
           TUNE_TEST(test_configs_of_huge_trip),
           TUNE_TEST(test_long_loops_are_fast));
