/* tune-dump.h — the plugin's side of acc-tune (docs/tuning.md):
 *   -fplugin-arg-accgpu-tune-dump=FILE.yaml  writes the kernel model of every
 *       compute construct (autotune/model.c reads it);
 *   -fplugin-arg-accgpu-schedule=FILE        reads acc-tune's chosen schedules
 *       (schedule-file.h).                                               */
#ifndef ACCGPU_TUNE_DUMP_H
#define ACCGPU_TUNE_DUMP_H 1

#include "gcc-common.h"

/* Takes -fplugin-arg-accgpu-KEY[=VAL] when KEY is tune-dump or schedule;
   returns true when it did (a missing value is reported as an error). */
bool accgpu_tune_arg(const char *key, const char *val);

/* Called once from plugin_init after the arguments: registers the
   end-of-unit writer and loads the schedule file (errors are GCC errors). */
void accgpu_tune_init(const char *plugin_name);

/* Records the kernel model of the OpenACC compute construct TARGET_STMT (a
   GIMPLE_OMP_TARGET in high GIMPLE, not yet lowered) when tune-dump is on;
   does nothing otherwise.  Under -fplugin-arg-accgpu-info it also notes
   the construct's schedule from the schedule file, if any.  Call it before the construct is lowered, inside
   the pass (current_function_decl is the enclosing function). */
void accgpu_tune_dump_construct(gimple *target_stmt);

#endif
