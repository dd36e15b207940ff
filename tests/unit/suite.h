/* suite.h — how a unit-test file joins the single CUnit runner.
 *
 *   static void test_x(void) { CU_ASSERT_EQUAL(...); }
 *   ACCGPU_SUITE(hashmap, NULL, NULL,
 *                ACCGPU_TEST(test_x), ACCGPU_TEST(test_y));
 *
 * Registration happens in a constructor, so no shared list is edited when a
 * file is added.  `unit-tests SUITE...` runs only the named suites.        */
#ifndef ACCGPU_TEST_SUITE_H
#define ACCGPU_TEST_SUITE_H 1

#include <CUnit/CUnit.h>

typedef struct accgpu_test {
  const char *name;
  CU_TestFunc fn;
} accgpu_test;

void accgpu_register_suite(const char *name, const accgpu_test *tests,
                           CU_InitializeFunc init, CU_CleanupFunc clean);

#define ACCGPU_TEST(fn) { #fn, fn }
#define ACCGPU_SUITE(sname, init, clean, ...)                                 \
  static const accgpu_test sname##_suite_tests[] = {__VA_ARGS__, {0, 0}};     \
  __attribute__((constructor)) static void sname##_suite_register(void) {     \
    accgpu_register_suite(#sname, sname##_suite_tests, init, clean);          \
  }

#endif
