/* error.c — per-thread error text left by backends and internal layers for
 * the public layer to report with variable, kernel and source line, and the
 * one-line fatal error report of the public layer. */
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "core.h"
#include "device.h"

static _Thread_local char err_text[4096];
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

/* ---- Fatal errors of the public layer ---- */

/* Writes "FILE:LINE (CONSTRUCT in FUNC): " for LOC into BUF. */
static void loc_prefix(const __accgpu_loc *loc, char *buf, size_t n) {
  if (!loc) {
    buf[0] = 0;
    return;
  }
  snprintf(buf, n, "%s:%d (%s%s%s): ", loc->file ? loc->file : "?",
           loc->line, loc->construct ? loc->construct : "construct",
           loc->func ? " in " : "", loc->func ? loc->func : "");
}

_Noreturn void accgpu_fatal(const __accgpu_loc *loc, const char *fmt, ...) {
  char pre[512], msg[1024];
  va_list ap;
  loc_prefix(loc, pre, sizeof pre);
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fflush(stdout);
  fprintf(stderr, "accgpu: error: %s%s\n", pre, msg);
  fflush(NULL);
  _exit(1);
}
