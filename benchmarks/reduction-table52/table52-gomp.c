/* table52-gomp.c — the reduction cases of seed 001 Table 5.2, the same
 * source as table52.c (table52-acc.h), built by GCC's own OpenACC
 * offloading (gcc -fopenacc -foffload=nvptx-none, libgomp's nvptx plugin)
 * to compare accgpu with it.  On an NVIDIA GPU: per case the time of the
 * region, the best of TABLE52_REPS runs (default 10), its results checked
 * against the serial reference, one line per case in table52's GPU format
 * (table52-join.sh joins the two).  Without a GPU libgomp would run the
 * regions on the host: it says so and times nothing, unless
 * TABLE52_GOMP_HOST=1 asks for the results on the host, without times.
 *
 *   table52-gomp [L1 L2]  reducing trip counts (default 65536 1048576, as
 *                         table52 on a GPU; TABLE52_TRIPS="L1 L2" too)
 *   TABLE52_GEOM="G W 128"  gangs, workers (default 192 8); the vector
 *                         length is built in (T52_VECTOR_LENGTH) */
#include <strings.h>

/* The vector length of the default geometry, as a constant: GCC would
   ignore t52_nv and use 32 (table52-acc.h). */
#define T52_VECTOR_LENGTH 128
#include "table52-run.h"

typedef struct run {
  int ok;
  double t; /* seconds, best of t52_reps */
} run;

#define RUN_CASE(T, sfx)                                                      \
  static void run_##sfx(int p, int op, long L, const double *ind, T *in,     \
                        T *out, T *res, run *r) {                             \
    t52_case c;                                                               \
    t52_case_init(&c, p, op, L, ind);                                         \
    r->ok = t52_acc_##sfx(p, op, &c, in, out, res, &r->t);                    \
  }
RUN_CASE(int, i)
RUN_CASE(float, f)
RUN_CASE(double, d)

static int wrong; /* cases with a wrong result: the exit status says so */
static int on_host; /* TABLE52_GOMP_HOST: results only */

/* One line: the time at L2; returns 1 for a wrong result (at L1 or L2). */
static int report(int p, int ty, int op, const run *r1, const run *r2) {
  int bad = !r1->ok || !r2->ok;
  printf("%-6s %-6s %s | ", pos_name[p], ty_name[ty], op_name[op]);
  if (on_host)
    printf("%10s", "-");
  else
    printf("%10.1f", 1e6 * r2->t);
  printf(" %s\n", bad ? "WRONG(gcc)" : "ok");
  wrong += bad;
  return bad;
}

RUN_TYPE(int, i, 0)
RUN_TYPE(float, f, 1)
RUN_TYPE(double, d, 2)

/* Whether libgomp runs the regions on an NVIDIA device: it has one and
   ACC_DEVICE_TYPE, when set, asks for it.  Else it says why not. */
static int on_nvidia(void) {
  const char *dt = getenv("ACC_DEVICE_TYPE");
  int n = acc_get_num_devices(acc_device_nvidia);
  if (n > 0 && !(dt && *dt && strcasecmp(dt, "nvidia"))) {
    acc_init(acc_device_nvidia);
    if (acc_get_device_type() == acc_device_nvidia)
      return 1;
  }
  printf("table52-gomp: libgomp sees %d NVIDIA devices (ACC_DEVICE_TYPE=%s): "
         "GCC's build would run on the host fallback; nothing timed\n",
         n, dt ? dt : "unset");
  return 0;
}

int main(int argc, char **argv) {
  long L1 = 65536, L2 = 1048576;
  t52_prog = "table52-gomp";
  t52_options(argc, argv, &L1, &L2);
  t52_reps_option();
  if (t52_nv != T52_VECTOR_LENGTH) {
    fprintf(stderr, "table52-gomp: TABLE52_GEOM: the vector length is %d in "
            "this build (GCC takes it only as a constant)\n", T52_VECTOR_LENGTH);
    return 2;
  }
  on_host = getenv("TABLE52_GOMP_HOST") != NULL;
  if (on_host) {
    acc_set_device_type(acc_device_host);
    printf("Seed 001 Table 5.2 reductions, GCC's build on libgomp's host "
           "fallback (results only): reducing trips %ld and %ld\n", L1, L2);
  } else if (!on_nvidia()) {
    return 0;
  } else {
    printf("Seed 001 Table 5.2 reductions, GCC's -foffload=nvptx-none on the "
           "GPU: %d gangs, %d workers, vector %d; reducing trips %ld and %ld\n"
           "microseconds at %ld trips (best of %d, the region)\n%-15s | %10s\n",
           t52_ng, t52_nw, t52_nv, L1, L2, L2, t52_reps, "case", "gcc");
  }
  double *ind = malloc(64 * L2 * sizeof *ind);
  int missed = type_i(L1, L2, ind) + type_f(L1, L2, ind) + type_d(L1, L2, ind);
  free(ind);
  printf("%d of 42 cases right; %d wrong results\n", 42 - missed, wrong);
  return wrong != 0;
}
