/* schedule-file.h — -fplugin-arg-accgpu-schedule=FILE: the loop schedules
 * acc-tune chose (acc-tune -o FILE; docs/tuning.md), looked up per compute
 * construct by the compute side. */
#ifndef ACCGPU_SCHEDULE_FILE_H
#define ACCGPU_SCHEDULE_FILE_H 1

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

/* The FILE of -fplugin-arg-accgpu-schedule, or NULL. */
extern const char *accgpu_schedule_path;

/* Reads the schedule file PATH; a malformed one gives a GCC error naming
   PATH:LINE:COLUMN and leaves no schedules.  Called once, from
   accgpu_tune_init. */
void accgpu_schedule_load(const char *path);

/* The schedule of the compute construct at FILE:LINE in function FUNC, or
   NULL.  The id matches when it is FILE:LINE:FUNC, or when its file part
   names the same file by base name (models are often written with
   "matmul.c" while the compiler sees "src/matmul.c").  The result lives
   until the end of the compilation; do not free it. */
const struct accgpu_schedule *accgpu_schedule_find(const char *file, int line,
                                                   const char *func);

#endif
