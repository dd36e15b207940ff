/* error.c — per-thread error text left by backends and internal layers for
 * the public layer to report with variable, kernel and source line. */
#include <stdarg.h>
#include <stdio.h>

#include "device.h"

static _Thread_local char err_text[512];
static _Thread_local int err_code;

void accgpu_set_error(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err_text, sizeof err_text, fmt, ap);
  va_end(ap);
  err_code = code;
}

/* Returns the calling thread's last message ("" when none); *CODE gets its
   ACCGPU_ERR_* code when CODE is not NULL. */
const char *accgpu_last_error(int *code) {
  if (code)
    *code = err_code;
  return err_text;
}
