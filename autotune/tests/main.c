/* tune-tests: runs every registered acc-tune suite (or those named) and ends
 * with the "N passed, N failed" line tests/run.sh adds up. */
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "tune_test.h"

#define MAX_SUITES 32

static struct {
  const char *name;
  const tune_test *tests;
} suites[MAX_SUITES];
static int nsuites;

void tune_register_suite(const char *name, const tune_test *tests) {
  if (nsuites < MAX_SUITES) {
    suites[nsuites].name = name;
    suites[nsuites++].tests = tests;
  }
}

static int wanted(const char *name, int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], name) == 0)
      return 1;
  return argc < 2;
}

int main(int argc, char **argv) {
  if (CU_initialize_registry() != CUE_SUCCESS)
    return 2;
  for (int s = 0; s < nsuites; s++) {
    if (!wanted(suites[s].name, argc, argv))
      continue;
    CU_pSuite suite = CU_add_suite(suites[s].name, NULL, NULL);
    if (!suite)
      return 2;
    for (const tune_test *t = suites[s].tests; t->name; t++)
      if (!CU_add_test(suite, t->name, t->fn))
        return 2;
  }
  CU_basic_set_mode(CU_BRM_VERBOSE);
  CU_basic_run_tests();
  unsigned failed = CU_get_number_of_tests_failed();
  unsigned run = CU_get_number_of_tests_run();
  CU_cleanup_registry();
  printf("\ntune: %u passed, %u failed\n", run - failed, failed);
  return failed ? 1 : 0;
}
