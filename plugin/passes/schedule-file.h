/* schedule-file.h — -fplugin-arg-accgpu-schedule=FILE: the loop schedules
 * acc-tune chose (acc-tune -o FILE; docs/tuning.md), looked up per compute
 * construct by the compute side. */
#ifndef ACCGPU_SCHEDULE_FILE_H
#define ACCGPU_SCHEDULE_FILE_H 1

/* struct accgpu_schedule, ACCGPU_SCHED_NONE, ACCGPU_SCHED_MAXLOOPS */
#include "passes/schedule-parse.h"

/* The FILE of -fplugin-arg-accgpu-schedule, or NULL. */
extern const char *accgpu_schedule_path;

/* Reads the schedule file PATH (schedule-parse.c); a malformed one gives a
   GCC error naming PATH:LINE:COLUMN and leaves no schedules, a second
   entry for one kernel a warning.  Called once, from accgpu_tune_init. */
void accgpu_schedule_load(const char *path);

/* The schedule of the compute construct at FILE:LINE in function FUNC, or
   NULL.  The id matches when it is FILE:LINE:FUNC, or when its file part
   names the same file by base name (models are often written with
   "matmul.c" while the compiler sees "src/matmul.c").  The result lives
   until the end of the compilation; do not free it. */
const struct accgpu_schedule *accgpu_schedule_find(const char *file, int line,
                                                   const char *func);

#endif
