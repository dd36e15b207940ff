/* fuzz_main.c — libFuzzer's entry for one target of targets.c, chosen
 * when compiling: -DFUZZ_TARGET=model (gpu, profile, expr, sched).  Built
 * and run by `make fuzz` (autotune/fuzz/rules.mk, run.sh). */
#include "targets.h"

#define FUZZ_CAT_(a, b) a##b
#define FUZZ_CAT(a, b) FUZZ_CAT_(a, b)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FUZZ_CAT(accgpu_fuzz_, FUZZ_TARGET)(data, size);
}
