/* schedule-parse.h — parsing acc-tune's schedule file (docs/tuning.md) into
 * struct accgpu_schedule.  Plain C with libyaml and no GCC dependency, so
 * that the fuzzer (autotune/fuzz) and the unit tests build it too;
 * schedule-file.cc turns its errors and warnings into GCC diagnostics. */
#ifndef ACCGPU_SCHEDULE_PARSE_H
#define ACCGPU_SCHEDULE_PARSE_H 1

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACCGPU_SCHED_NONE (-1) /* no thread / block dimension */
#define ACCGPU_SCHED_MAXLOOPS 3

/* One kernel's schedule.  Loops are the construct's parallel loop nest,
   outermost first (the order of the kernel model's "loops").  Per loop:
   thread and block are the CUDA dimension (0 = x, 1 = y, 2 = z) of
   threadIdx / blockIdx that runs it, or ACCGPU_SCHED_NONE; a loop with
   neither runs sequentially inside each thread.  OpenACC's levels:
   block x = gang, thread y = worker, thread x = vector (block y, z: more
   gang dimensions; thread z: none in OpenACC). */
struct accgpu_schedule {
  const char *id;      /* "file:line:function", as in the file */
  const char *pattern; /* acc-tune's name of the schedule, e.g. "2_1" */
  int src_line;        /* line of the entry in the schedule file */
  unsigned block[3];   /* threads per block, x y z */
  unsigned long long grid[3]; /* blocks, x y z, for the tuned sizes */
  int nloops;
  struct {
    const char *var; /* loop variable's name in the model */
    int thread, block;
  } loop[ACCGPU_SCHED_MAXLOOPS];
};

/* A diagnostic at LINE:COLUMN of the file (1-based). */
struct accgpu_sched_diag {
  int line, col;
  char msg[320];
};

/* What accgpu_schedule_parse read.  The strings of the entries are
   malloc'd; accgpu_schedule_list_free frees them. */
struct accgpu_sched_list {
  struct accgpu_schedule *s;
  int n;
  int failed;                    /* then ERR says why and N is 0 */
  struct accgpu_sched_diag err;
  struct accgpu_sched_diag *warn; /* a second entry for one kernel id */
  int nwarn;
};

/* Reads the schedule file F into *OUT.  Returns 0, or -1 with OUT->err
   ("expected three positive integers for key block", "out of memory
   reading the schedule file", a YAML syntax error...). */
int accgpu_schedule_parse(FILE *f, struct accgpu_sched_list *out);
void accgpu_schedule_list_free(struct accgpu_sched_list *l);

#ifdef __cplusplus
}
#endif

#endif
