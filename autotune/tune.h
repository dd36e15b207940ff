/* tune.h — acc-tune: the locality-aware loop-schedule autotuner (seed 001,
 * chapter 7).  Shared types of the kernel model, the GPU description, the
 * schedules and the cost model.  Everything here is plain data; the loaders
 * (model.c, gpu.c, profile.c) fill it, costmodel/ reads it. */
#ifndef ACCGPU_TUNE_H
#define ACCGPU_TUNE_H 1

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TUNE_MAX_PAR 3      /* parallel loop levels (x, y, z) */
#define TUNE_MAX_VARS 8     /* parallel + sequential loop variables */
#define TUNE_MAX_PARAMS 32
#define TUNE_NAME 64
#define TUNE_ERR 512
/* Deepest expression tree and parenthesis nesting accepted (the parser,
 * evaluator and free recurse that deep). */
#define TUNE_EXPR_MAX_DEPTH 256
/* Largest loop index magnitude: the simulator's index and address
 * arithmetic (index + grid stride, times coefficients) stays in 64 bits. */
#define TUNE_MAX_INDEX (INT64_C(1) << 62)
#define TUNE_STR_(x) #x
#define TUNE_STR(x) TUNE_STR_(x)

/* ---- expressions (expr.c) ---------------------------------------------- */
typedef struct tune_expr tune_expr;

typedef struct tune_params {
  int n;
  char name[TUNE_MAX_PARAMS][TUNE_NAME];
  int64_t val[TUNE_MAX_PARAMS];
} tune_params;

/* Parses S (integers, names, + - * / % and parentheses).  Returns a tree the
 * caller frees with accgpu_tune_expr_free, or NULL with a message in ERR. */
tune_expr *accgpu_tune_expr_parse(const char *s, char *err, size_t errlen);
/* Errors of accgpu_tune_expr_eval. */
enum { TUNE_EXPR_UNKNOWN = -1, TUNE_EXPR_DIV0 = -2, TUNE_EXPR_OVERFLOW = -3 };
/* Evaluates E with P in 64-bit arithmetic.  Returns 0, TUNE_EXPR_UNKNOWN
 * with *UNKNOWN set to the first name that has no value, TUNE_EXPR_DIV0
 * (division by zero) or TUNE_EXPR_OVERFLOW (a result beyond 64 bits). */
int accgpu_tune_expr_eval(const tune_expr *e, const tune_params *p,
                          int64_t *out, const char **unknown);
/* Reads S, a whole C integer literal (decimal, 0x hex or 0 octal, optional
 * sign), into *OUT.  Returns 0, -1 when S is not one, -2 when it does not
 * fit in 64 bits. */
int accgpu_tune_parse_int(const char *s, int64_t *out);
void accgpu_tune_expr_free(tune_expr *e);
/* Sets NAME to V in P (replacing an existing value).  Returns 0 or -1 when
 * P is full. */
int accgpu_tune_params_set(tune_params *p, const char *name, int64_t v);

/* ---- kernel model (model.c, documented in docs/kernel-model.md) -------- */
typedef struct tune_loop {
  char var[TUNE_NAME];
  tune_expr *lower, *upper;   /* index runs lower .. upper-1, step 1 */
  int yline;                  /* line in the model file, for errors */
  int64_t lo, trip;           /* bound values (accgpu_tune_kernel_bind) */
  int trip_given;             /* trip came from a profile */
} tune_loop;

typedef struct tune_ref {
  int arr;                    /* index into tune_kernel.arrays */
  int elem;                   /* element size in bytes */
  int is_write;
  int affine;                 /* 0: not modeled (indirect subscript) */
  tune_expr *coef[TUNE_MAX_VARS]; /* per loop variable, NULL = 0 */
  tune_expr *cst;
  int yline;
  int64_t ecoef[TUNE_MAX_VARS], ecst; /* bound values */
} tune_ref;

enum { TUNE_OP_REF, TUNE_OP_LOOP, TUNE_OP_END };
typedef struct tune_op {
  int kind;
  int arg;    /* REF: ref index; LOOP/END: loop variable index */
  int match;  /* LOOP: index of its END; END: index of its LOOP */
} tune_op;

typedef struct tune_kernel {
  char id[256], file[TUNE_NAME * 2], function[TUNE_NAME];
  int line;                    /* source line of the construct */
  int yline;                   /* line in the model file */
  int npar;                    /* parallel loops are vars[0..npar-1], outermost first */
  int nvars;
  tune_loop vars[TUNE_MAX_VARS];
  int nrefs;
  tune_ref *refs;
  int nops;
  tune_op *ops;                /* body program: refs and sequential loops */
  int narrays;
  char (*arrays)[TUNE_NAME];
  tune_params defaults;        /* parameter defaults from the model */
} tune_kernel;

typedef struct tune_model {
  char path[512];
  int nkernels;
  tune_kernel *kernels;
} tune_model;

/* Loads the kernel model at PATH into M (zeroed by the caller).  Returns 0,
 * or -1 with "PATH:LINE: what was expected" in ERR; M is then freed. */
int accgpu_tune_model_load(const char *path, tune_model *m, char *err,
                           size_t errlen);
void accgpu_tune_model_free(tune_model *m);

/* Profile written by the runtime under ACCGPU_PROFILE: per kernel id,
 * parameter values and real trip counts. */
typedef struct tune_profile_entry {
  char id[256];
  tune_params params;
  int ntrips;
  char trip_var[TUNE_MAX_VARS][TUNE_NAME];
  int64_t trip[TUNE_MAX_VARS];
} tune_profile_entry;

typedef struct tune_profile {
  int n;
  tune_profile_entry *e;
} tune_profile;

int accgpu_tune_profile_load(const char *path, tune_profile *p, char *err,
                             size_t errlen);
void accgpu_tune_profile_free(tune_profile *p);
const tune_profile_entry *accgpu_tune_profile_find(const tune_profile *p,
                                                   const char *id);

/* Evaluates every bound and coefficient of K with USER (command line -D,
 * taking precedence), PROF (may be NULL) and the model defaults.  Returns 0
 * or -1 with "model:LINE: ..." in ERR naming the unknown parameter. */
int accgpu_tune_kernel_bind(tune_kernel *k, const char *model_path,
                            const tune_params *user,
                            const tune_profile_entry *prof, char *err,
                            size_t errlen);

/* ---- GPU description (gpu.c) ------------------------------------------- */
typedef struct tune_gpu {
  char name[TUNE_NAME];
  int sms, max_threads_sm, max_blocks_sm, max_threads_block, warp;
  int64_t l1_bytes, l2_bytes;
  int line_bytes, sector_bytes;
  double lat_l1, lat_l2, lat_dram;
} tune_gpu;

int accgpu_tune_gpu_load(const char *path, tune_gpu *g, char *err,
                         size_t errlen);

/* ---- schedules (schedule.c) -------------------------------------------- */
/* Per parallel level (0 = x = innermost loop, 1 = y, 2 = z): which thread
 * dimension and which grid dimension the loop is spread over (-1: none).
 * A level with neither runs sequentially inside each thread. */
typedef struct tune_pattern {
  const char *name;
  int nlev;
  int tdim[TUNE_MAX_PAR];
  int gdim[TUNE_MAX_PAR];
} tune_pattern;

typedef struct tune_config {
  const tune_pattern *pat;
  int block[3];
  int64_t grid[3];
} tune_config;

/* The patterns for an NLEV-deep nest; returns their count, *OUT points to a
 * static table. */
int accgpu_tune_patterns(int nlev, const tune_pattern **out);
const tune_pattern *accgpu_tune_pattern_find(const char *name);
/* Fills the launch-configuration space of pattern P for the bound kernel K
 * on G.  Returns the count (≤ MAX) written to OUT. */
/* Can the plugin express C with OpenACC levels (docs/tuning.md)?  A loop
 * on threadIdx.y is a worker loop: the vector (block x) must be whole
 * warps, and a worker wider than a warp needs one of 15 named barriers.
 * No OpenACC level runs on threadIdx.z. */
int accgpu_tune_openacc_ok(const tune_config *c, const tune_gpu *g);
int accgpu_tune_configs(const tune_kernel *k, const tune_gpu *g,
                        const tune_pattern *p, tune_config *out, int max);
/* Grid covering K's iteration space for pattern P and BLOCK. */
void accgpu_tune_full_grid(const tune_kernel *k, const tune_pattern *p,
                           const int block[3], int64_t grid[3]);

/* ---- thread scheduling (Eq. 7.1, 7.2) ---------------------------------- */
/* Eq. 7.2: resident blocks per SM for blocks of BLOCK_THREADS threads. */
int accgpu_tune_active_blocks(const tune_gpu *g, int block_threads);
/* Eq. 7.1 (rounded up): waves needed for BLOCKS blocks. */
int64_t accgpu_tune_waves(int64_t blocks, int active, int sms);
/* Round-robin dispatch: block B goes to wave *WAVE, SM *SM, slot *SLOT. */
void accgpu_tune_dispatch(int64_t b, int active, int sms, int64_t *wave,
                          int *sm, int *slot);

/* ---- cost model (costmodel/) ------------------------------------------- */
enum { TUNE_INTERLEAVE_MODELED, TUNE_INTERLEAVE_BASE };

typedef struct tune_sim_opts {
  int interleave;          /* TUNE_INTERLEAVE_* (Figure 7.9) */
  double budget;           /* warp instructions to simulate; 0 = no sampling */
} tune_sim_opts;

typedef struct tune_result {
  double lane_accesses;    /* per-thread memory accesses (modeled refs) */
  double warp_instrs;      /* warp-level memory instructions */
  double l1_loads, l1_hits;      /* L1 load transactions (lines), hits */
  double l2_loads, l2_hits;      /* L2 load sectors (from L1 misses), hits */
  double st_sectors, st_hits;    /* store sectors at L2, hits */
  double cost;                   /* Eq. 7.3-7.7, cycles */
  double simulated;              /* cache accesses actually simulated */
  int64_t waves, waves_sim;
  int sms_sim;
  int unmodeled;                 /* non-affine references left out */
} tune_result;

/* Eq. 7.4-7.7 generalised to sectors: L1 hits x L1 latency + L2 sectors x L2
 * latency + DRAM sectors x DRAM latency (stores: L2 latency per sector). */
double accgpu_tune_cost(const tune_gpu *g, const tune_result *r);

/* Simulates bound kernel K under C on G.  Returns 0, or -1 on allocation
 * failure. */
int accgpu_tune_simulate(const tune_kernel *k, const tune_gpu *g,
                         const tune_config *c, const tune_sim_opts *o,
                         tune_result *r);
/* Allocations (cache engines, warps, buffers) that one thread reuses from
 * simulation to simulation.  _new returns NULL when out of memory. */
typedef struct tune_sim_ctx tune_sim_ctx;
tune_sim_ctx *accgpu_tune_sim_ctx_new(void);
void accgpu_tune_sim_ctx_free(tune_sim_ctx *x);
/* As accgpu_tune_simulate, with X's allocations (one thread at a time). */
int accgpu_tune_simulate_ctx(tune_sim_ctx *x, const tune_kernel *k,
                             const tune_gpu *g, const tune_config *c,
                             const tune_sim_opts *o, tune_result *r);

/* Writes S to F as a YAML double-quoted scalar that reads back as S. */
void accgpu_tune_put_yaml_str(FILE *f, const char *s);
/* Writes CHOSEN (one per kernel of M, NULL entries skipped) as the schedule
 * file FILE.  Returns 0 or -1 with errno. */
int accgpu_tune_write_schedules(const char *file, const tune_model *m,
                                const tune_config *chosen,
                                const tune_result *res, const int *have);

#endif
