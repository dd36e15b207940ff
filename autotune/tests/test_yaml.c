/* Malformed input: every message names the file and the line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tune.h"
#include "tune_test.h"

#define expect_model_error(text, line, what)                                  \
  tune_expect_model_error(text, NULL, line, what)
#define HEAD "kernels:\n  - id: k\n    loops:\n"

static void test_yaml_model_errors(void) {
  expect_model_error("kernels: [\n  {id: k,\n", 3, "");     /* syntax */
  expect_model_error("kernel: []\n", 1, "unknown key 'kernel' in the model");
  expect_model_error("{}\n", 1, "expected 'kernels'");
  expect_model_error(HEAD "      - {var: i, lower: 0}\n    body: []\n", 4,
                     "missing key 'upper'");
  expect_model_error(HEAD "      - {var: i, upper: n}\n    body:\n"
                          "      - {array: a, elem: 4, access: read,\n"
                          "         index: {q: 1}}\n",
                     7, "'q', which is not a loop variable");
  expect_model_error(HEAD "      - {var: i, upper: n}\n    body:\n"
                          "      - {array: a, elem: four, access: read}\n",
                     6, "expected an integer for 'elem'");
  expect_model_error(HEAD "      - {var: i, upper: n*}\n    body: []\n", 4,
                     "upper: expected");
  /* Unknown parameter: found when binding, at the loop's line. */
  expect_model_error(HEAD "      - {var: i, upper: n}\n    body: []\n", 4,
                     "'n', which has no value");
  expect_model_error(HEAD "      - {var: i, upper: 8}\n    body:\n"
                          "      - {array: a, elem: 4, access: rw, "
                          "index: {i: 1}}\n",
                     6, "expected 'read' or 'write'");
}

static void test_yaml_gpu_and_profile_errors(void) {
  char err[TUNE_ERR], want[96];
  tune_gpu g;
  const char *p = tune_tmp_file("name: x\nsms: many\n");
  CU_ASSERT_EQUAL(accgpu_tune_gpu_load(p, &g, err, sizeof err), -1);
  snprintf(want, sizeof want, "%s:2: expected an integer for 'sms'", p);
  CU_ASSERT_STRING_EQUAL(err, want);
  unlink(p);
  CU_ASSERT_EQUAL(accgpu_tune_gpu_load("/nonexistent.yaml", &g, err,
                                       sizeof err), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent.yaml: cannot open"));
  tune_profile pr;
  p = tune_tmp_file("kernels:\n  - id: k\n    trips: {i: -3}\n");
  CU_ASSERT_EQUAL(accgpu_tune_profile_load(p, &pr, err, sizeof err), -1);
  snprintf(want, sizeof want, "%s:3: expected a non-negative integer", p);
  CU_ASSERT_EQUAL(strncmp(err, want, strlen(want)), 0);
  unlink(p);
}

/* The shipped files load and bind with their defaults. */
static void test_yaml_shipped_files_load(void) {
  static const char *models[] = {"xreuse", "yreuse", "matmul", "jacobi",
                                 "transpose", "laplacian", "divergence",
                                 "himeno"};
  static const char *gpus[] = {"h100", "h200", "k40"};
  char err[TUNE_ERR], path[128];
  for (int i = 0; i < 8; i++) {
    tune_model m;
    memset(&m, 0, sizeof m);
    snprintf(path, sizeof path, "autotune/models/%s.yaml", models[i]);
    CU_ASSERT_EQUAL_FATAL(accgpu_tune_model_load(path, &m, err, sizeof err), 0);
    CU_ASSERT_EQUAL(accgpu_tune_kernel_bind(&m.kernels[0], path, NULL, NULL,
                                            err, sizeof err), 0);
    CU_ASSERT(m.kernels[0].npar >= 2);
    accgpu_tune_model_free(&m);
  }
  for (int i = 0; i < 3; i++) {
    tune_gpu g;
    snprintf(path, sizeof path, "autotune/gpus/%s.yaml", gpus[i]);
    CU_ASSERT_EQUAL(accgpu_tune_gpu_load(path, &g, err, sizeof err), 0);
  }
}

/* A profile's trip counts and parameters override the model's. */
static void test_profile_overrides(void) {
  char err[TUNE_ERR];
  const char *p = tune_tmp_file("kernels:\n  - id: \"yreuse.c:12:yreuse\"\n"
                           "    params: {n: 64}\n    trips: {k: 7}\n");
  tune_profile pr;
  tune_model m;
  memset(&m, 0, sizeof m);
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_profile_load(p, &pr, err, sizeof err), 0);
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_model_load("autotune/models/yreuse.yaml",
                                               &m, err, sizeof err), 0);
  tune_kernel *k = &m.kernels[0];
  const tune_profile_entry *e = accgpu_tune_profile_find(&pr, k->id);
  CU_ASSERT_PTR_NOT_NULL_FATAL(e);
  CU_ASSERT_EQUAL(accgpu_tune_kernel_bind(k, m.path, NULL, e, err, sizeof err),
                  0);
  CU_ASSERT_EQUAL(k->vars[0].trip, 64); /* j < n */
  CU_ASSERT_EQUAL(k->vars[2].trip, 7);  /* k: from the profile */
  CU_ASSERT_EQUAL(k->refs[0].ecoef[2], 64); /* a[k*n + i] */
  accgpu_tune_model_free(&m);
  accgpu_tune_profile_free(&pr);
  unlink(p);
}

TUNE_SUITE(tune_yaml, TUNE_TEST(test_yaml_model_errors),
           TUNE_TEST(test_yaml_gpu_and_profile_errors),
           TUNE_TEST(test_yaml_shipped_files_load),
           TUNE_TEST(test_profile_overrides));
