/* util.c — helpers the tune-tests files share (tune_test.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tune.h"
#include "tune_test.h"

const char *tune_tmp_file(const char *text) {
  static char path[64];
  strcpy(path, "/tmp/acc-tune-test-XXXXXX");
  int fd = mkstemp(path);
  if (fd < 0)
    return NULL;
  FILE *f = fdopen(fd, "w");
  fputs(text, f);
  fclose(f);
  return path;
}

void tune_check_error(const char *err, const char *path, int line,
                      const char *what) {
  char want[600];
  snprintf(want, sizeof want, "%s:%d: ", path, line);
  int ok = strncmp(err, want, strlen(want)) == 0 && strstr(err, what);
  CU_ASSERT(ok);
  if (!ok)
    fprintf(stderr, "\n  got: %s\n  want: %s... %s\n", err, want, what);
}

void tune_expect_model_error(const char *text, const void *user, int line,
                             const char *what) {
  const char *p = tune_tmp_file(text);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  tune_model m;
  memset(&m, 0, sizeof m);
  char err[TUNE_ERR] = "";
  int rc = accgpu_tune_model_load(p, &m, err, sizeof err);
  if (rc == 0) {
    rc = accgpu_tune_kernel_bind(&m.kernels[0], p, user, NULL, err,
                                 sizeof err);
    accgpu_tune_model_free(&m);
  }
  CU_ASSERT_EQUAL(rc, -1);
  tune_check_error(err, p, line, what);
  unlink(p);
}
