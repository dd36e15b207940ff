/* The CUnit runner: runs every registered suite (or those named on the
 * command line) and ends with CUnit's summary plus the plain
 * "N passed, N failed" line tests/run.sh adds up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "suite.h"

#define MAX_SUITES 64

static struct {
  const char *name;
  const accgpu_test *tests;
  CU_InitializeFunc init;
  CU_CleanupFunc clean;
} suites[MAX_SUITES];
static int nsuites;

void accgpu_register_suite(const char *name, const accgpu_test *tests,
                           CU_InitializeFunc init, CU_CleanupFunc clean) {
  if (nsuites == MAX_SUITES) {
    fprintf(stderr, "unit-tests: more than %d suites\n", MAX_SUITES);
    return;
  }
  suites[nsuites].name = name;
  suites[nsuites].tests = tests;
  suites[nsuites].init = init;
  suites[nsuites].clean = clean;
  nsuites++;
}

static int wanted(const char *name, int argc, char **argv) {
  if (argc < 2)
    return 1;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], name) == 0)
      return 1;
  return 0;
}

int main(int argc, char **argv) {
  if (CU_initialize_registry() != CUE_SUCCESS)
    return 2;
  for (int s = 0; s < nsuites; s++) {
    if (!wanted(suites[s].name, argc, argv))
      continue;
    CU_pSuite suite = CU_add_suite(suites[s].name, suites[s].init,
                                   suites[s].clean);
    if (!suite)
      return 2;
    for (const accgpu_test *t = suites[s].tests; t->name; t++)
      if (!CU_add_test(suite, t->name, t->fn))
        return 2;
  }
  CU_basic_set_mode(CU_BRM_VERBOSE);
  CU_basic_run_tests();
  unsigned failed = CU_get_number_of_tests_failed();
  unsigned run = CU_get_number_of_tests_run();
  unsigned suite_fail = CU_get_number_of_suites_failed();
  CU_cleanup_registry();
  /* The sanitizer builds' wrappers name their runs (tests/rules.mk). */
  const char *label = getenv("ACCGPU_UNIT_LABEL");
  printf("\n%s: %u passed, %u failed\n", label && *label ? label : "unit",
         run - failed, failed + suite_fail);
  return failed || suite_fail ? 1 : 0;
}
