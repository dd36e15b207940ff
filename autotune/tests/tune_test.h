/* tune_test.h — how a file in autotune/tests joins the tune-tests runner
 * (same shape as tests/unit/suite.h, kept separate so acc-tune's tests
 * build without the runtime). */
#ifndef ACCGPU_TUNE_TEST_H
#define ACCGPU_TUNE_TEST_H 1

#include <CUnit/CUnit.h>

typedef struct tune_test {
  const char *name;
  CU_TestFunc fn;
} tune_test;

void tune_register_suite(const char *name, const tune_test *tests);

#define TUNE_TEST(fn) { #fn, fn }
#define TUNE_SUITE(sname, ...)                                                \
  static const tune_test sname##_tests[] = {__VA_ARGS__, {0, 0}};             \
  __attribute__((constructor)) static void sname##_register(void) {           \
    tune_register_suite(#sname, sname##_tests);                               \
  }

/* Path of a file of the source tree (tests run from the repository root). */
#define TUNE_SRC(p) p

/* util.c.  Writes TEXT to a fresh temporary file; returns its path (static
 * storage, valid until the next call). */
const char *tune_tmp_file(const char *text);
/* Asserts that ERR starts with "PATH:LINE: " and contains WHAT; prints
 * both when not. */
void tune_check_error(const char *err, const char *path, int line,
                      const char *what);
/* Loads TEXT as a model (bound with USER, which may be NULL, when it
 * loads) and checks the error starts with "PATH:LINE: " and contains
 * WHAT; prints both when not. */
void tune_expect_model_error(const char *text, const void *user, int line,
                             const char *what);

#endif
