/* Every input in autotune/tests/fuzz-regress/TARGET/ (what fuzzing found,
 * and the reproductions of issue #11) goes through its fuzz target
 * (autotune/fuzz/targets.c) without sanitizers: none may crash, and none
 * may take a minute (alarm: the runner dies, which counts as a failure). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../fuzz/targets.h"
#include "tune_test.h"

#define REGRESS "autotune/tests/fuzz-regress"

/* Reads PATH into a malloc'd buffer (*SIZE bytes); NULL when it cannot. */
static uint8_t *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  uint8_t *buf = NULL;
  if (f && !fseek(f, 0, SEEK_END)) {
    long n = ftell(f);
    rewind(f);
    buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
      free(buf);
      buf = NULL;
    }
    *size = (size_t)n;
  }
  if (f)
    fclose(f);
  return buf;
}

/* Replays the inputs of T's directory.  Returns their count. */
static int replay(const accgpu_fuzz_target *t) {
  char dir[256], path[600];
  snprintf(dir, sizeof dir, "%s/%s", TUNE_SRC(REGRESS), t->name);
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));) {
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    size_t size;
    uint8_t *data = slurp(path, &size);
    CU_ASSERT_PTR_NOT_NULL(data);
    if (!data)
      continue;
    alarm(60);
    CU_ASSERT_EQUAL(t->fn(data, size), 0);
    alarm(0);
    free(data);
    n++;
  }
  if (d)
    closedir(d);
  return n;
}

static void test_fuzz_regress_inputs(void) {
  int n = 0;
  for (const accgpu_fuzz_target *t = accgpu_fuzz_targets; t->name; t++)
    n += replay(t);
  CU_ASSERT(n >= 10);
}

TUNE_SUITE(tune_fuzz_regress, TUNE_TEST(test_fuzz_regress_inputs));
