/* targets.h — the fuzz targets of acc-tune's readers and the plugin's
 * schedule-file parser (docs/autotune.md, "Fuzzing").  Each takes one
 * input, runs it through a reader and, when it is accepted, through what
 * acc-tune does next with it (binding, the launch space, one short
 * simulation), and returns 0.  A crash, a sanitizer report or a hang is
 * the finding.  Built with libFuzzer by `make fuzz` (fuzz_main.c) and
 * without sanitizers into tune-tests, which replays every input of
 * autotune/tests/fuzz-regress/TARGET/. */
#ifndef ACCGPU_TUNE_FUZZ_TARGETS_H
#define ACCGPU_TUNE_FUZZ_TARGETS_H 1

#include <stddef.h>
#include <stdint.h>

int accgpu_fuzz_model(const uint8_t *data, size_t size);   /* kernel model */
int accgpu_fuzz_gpu(const uint8_t *data, size_t size);     /* GPU file */
int accgpu_fuzz_profile(const uint8_t *data, size_t size); /* profile */
int accgpu_fuzz_expr(const uint8_t *data, size_t size);    /* expression */
int accgpu_fuzz_sched(const uint8_t *data, size_t size);   /* schedule file */

/* The targets by name ("model", ...), NULL-terminated. */
typedef struct accgpu_fuzz_target {
  const char *name;
  int (*fn)(const uint8_t *, size_t);
} accgpu_fuzz_target;
extern const accgpu_fuzz_target accgpu_fuzz_targets[];

#endif
