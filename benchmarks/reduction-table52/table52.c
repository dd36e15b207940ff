/* table52.c — the reduction cases of seed 001 Table 5.2 (table52.h; their
 * OpenACC source, table52-acc.h, is also table52-gomp.c's), built with the
 * plugin, beside the hand-written kernels of table52.cu, both results
 * checked against a serial reference.  On the emulator: per case the
 * counters of one block (the most any block had) of each, and the goals.  On
 * an NVIDIA GPU (ACC_DEVICE_TYPE=nvidia): per case the time of each, the best
 * of TABLE52_REPS runs (default 10), and their ratio.
 *
 *   table52 [L1 L2]   reducing trip counts (default 4096 16384 on the
 *                     emulator, the seed's 65536 1048576 on a GPU;
 *                     TABLE52_TRIPS="L1 L2" does the same)
 *   TABLE52_GEOM="G W V"  gangs, workers, vector length (default 192 8 128)
 *
 * Goals per block (issue #12): at most one atomic, the same barriers at
 * both trip counts, no more shared or global accesses than the hand-written
 * kernel (counted at L2); on a GPU, at most 1.2x the hand-written time. */
#include <stdint.h>

#include "accgpu_abi.h"
#include "table52-run.h"

/* libaccgpu's emulator counters (runtime/emulator/emu.h). */
enum { C_BAR, C_ROWBAR, C_WSYNC, C_SHFL, C_VOTE, C_ATOM, C_SHLD, C_SHST,
       C_GLLD, C_GLST, C_N };
typedef struct counts { uint64_t v[C_N]; } counts;
void accgpu_emu_count_set(int on);
int accgpu_emu_counts_last(counts *tot, counts *max, uint64_t *blocks);

extern const unsigned char t52_image[], t52_image_end[];
extern const char t52_ptx[]; /* NUL-terminated; empty without the toolkit */
static int t52_gpu; /* timing on a GPU */

/* The 42 hand-written kernels, in (type, op, position) order. */
#define KN(sfx, op, p) {"t52_" #p "_" #op "_" #sfx, NULL, 7, sz7, NULL, 0, NULL, 0, NULL}
#define KPOS(sfx, op) KN(sfx, op, gang), KN(sfx, op, worker), KN(sfx, op, vector), \
    KN(sfx, op, gw), KN(sfx, op, wv), KN(sfx, op, gwv), KN(sfx, op, same)
static const uint32_t sz7[7] = {8, 8, 8, 8, 8, 8, 8};
static const __accgpu_kernel hk[42] = {KPOS(i, add), KPOS(i, mul), KPOS(f, add),
                                       KPOS(f, mul), KPOS(d, add), KPOS(d, mul)};
static void *hcache;
static __accgpu_module hmod = {ACCGPU_ABI_VERSION, 42, hk,
                               "benchmarks/reduction-table52/table52.cu",
                               NULL, NULL, NULL, 0, &hcache, NULL, 0, 0, NULL, 0, NULL};
static const __accgpu_loc hloc = {"benchmarks/reduction-table52/table52.cu",
                                  "t52", "hand-written", 1, 1};

/* ---- One case: both kernels, their counts and results. ---- */
typedef struct run {
  counts acc, hand;  /* the most of one block */
  int ok_acc, ok_hand;
  double t_acc, t_hand; /* seconds, best of t52_reps */
} run;

/* Runs case (P, OP) of type T (suffix SFX, type index TY) at trip count L:
   IN/OUT/RES are T arrays already present on the device. */
#define RUN_CASE(T, sfx)                                                      \
  static void run_##sfx(int p, int op, long L, const double *ind, T *in,     \
                        T *out, T *res, run *r) {                             \
    t52_case c;                                                               \
    uint64_t blocks;                                                          \
    counts tot;                                                               \
    t52_case_init(&c, p, op, L, ind);                                         \
    r->ok_acc = t52_acc_##sfx(p, op, &c, in, out, res, &r->t_acc);            \
    accgpu_emu_counts_last(&tot, &r->acc, &blocks);                           \
    T s = 0, init = op ? 1 : 0;                                               \
    T *ds = acc_malloc(sizeof(T));                                            \
    memset(res, 0, 64 * sizeof(T));                                           \
    P_(acc update device(res[0:64]))                                          \
    void *dres = acc_deviceptr(res), *dout = acc_deviceptr(out);              \
    void *din = acc_deviceptr(in);                                            \
    void *args[7] = {&ds, &dres, &dout, &din, &c.ni, &c.nj, &c.nk};           \
    __accgpu_dim3 g = {(uint32_t)t52_ng, 1, 1};                               \
    __accgpu_dim3 b = {(uint32_t)t52_nv, (uint32_t)t52_nw, 1};                \
    r->t_hand = 1e30;                                                         \
    for (int rep = 0; rep < t52_reps; rep++) { /* as the region does */      \
      double t0 = t52_now();                                                  \
      acc_memcpy_to_device(ds, &init, sizeof(T));                             \
      __accgpu_launch(&hloc, &hmod, kidx(sfx_ty_##sfx, op, p), g, b, 0,       \
                      acc_async_sync, args);                                  \
      acc_memcpy_from_device(&s, ds, sizeof(T));                              \
      t52_best(&r->t_hand, t0);                                               \
    }                                                                         \
    accgpu_emu_counts_last(&tot, &r->hand, &blocks);                          \
    acc_free(ds);                                                             \
    P_(acc update self(res[0:64]))                                            \
    r->ok_hand = t52_ok_##sfx(&c, s, res);                                    \
  }
enum { sfx_ty_i, sfx_ty_f, sfx_ty_d };
static unsigned kidx(int ty, int op, int p) {
  return (unsigned)((ty * 2 + op) * P_N + p);
}
RUN_CASE(int, i)
RUN_CASE(float, f)
RUN_CASE(double, d)

/* ---- Report. ---- */
static int wrong; /* cases with a wrong result: the exit status says so */
static uint64_t bars(const counts *c) { return c->v[C_BAR] + c->v[C_ROWBAR]; }
static uint64_t sh(const counts *c) { return c->v[C_SHLD] + c->v[C_SHST]; }
static uint64_t gl(const counts *c) { return c->v[C_GLLD] + c->v[C_GLST]; }

static void print_counts(const counts *c) {
  printf(" %3llu %5llu %4llu %2llu %5llu/%-4llu %8llu/%-7llu|",
         (unsigned long long)c->v[C_BAR], (unsigned long long)c->v[C_ROWBAR],
         (unsigned long long)c->v[C_SHFL], (unsigned long long)c->v[C_ATOM],
         (unsigned long long)c->v[C_SHLD], (unsigned long long)c->v[C_SHST],
         (unsigned long long)c->v[C_GLLD], (unsigned long long)c->v[C_GLST]);
}

/* One line: counts at L2 of both kernels, then the goals; returns the
   number of goals missed (a wrong result counts too). */
/* On a GPU: times at L2 and their ratio, the goal 1.2x. */
static int report_times(int p, int ty, int op, const run *r1, const run *r2) {
  int miss = 0;
  double ratio = r2->t_acc / r2->t_hand;
  printf("%-6s %-6s %s | %10.1f %10.1f %6.2f", pos_name[p], ty_name[ty],
         op_name[op], 1e6 * r2->t_acc, 1e6 * r2->t_hand, ratio);
  if (!r1->ok_acc || !r2->ok_acc)
    printf(" WRONG(accgpu)"), miss++, wrong++;
  if (!r1->ok_hand || !r2->ok_hand)
    printf(" WRONG(hand)"), miss++, wrong++;
  if (ratio > 1.2)
    printf(" slower>1.2x"), miss++;
  printf("%s\n", miss ? "" : " ok");
  return miss;
}

static int report(int p, int ty, int op, const run *r1, const run *r2) {
  int miss = 0;
  if (t52_gpu)
    return report_times(p, ty, op, r1, r2);
  printf("%-6s %-6s %s |", pos_name[p], ty_name[ty], op_name[op]);
  print_counts(&r2->acc);
  print_counts(&r2->hand);
  if (!r1->ok_acc || !r2->ok_acc)
    printf(" WRONG(accgpu)"), miss++, wrong++;
  if (!r1->ok_hand || !r2->ok_hand)
    printf(" WRONG(hand)"), miss++, wrong++;
  if (r2->acc.v[C_ATOM] > 1)
    printf(" atomics>1"), miss++;
  if (bars(&r1->acc) != bars(&r2->acc))
    printf(" barriers %llu->%llu", (unsigned long long)bars(&r1->acc),
           (unsigned long long)bars(&r2->acc)), miss++;
  if (sh(&r2->acc) > sh(&r2->hand))
    printf(" shared>hand"), miss++;
  if (gl(&r2->acc) > gl(&r2->hand))
    printf(" global>hand"), miss++;
  printf("%s\n", miss ? "" : " ok");
  return miss;
}

RUN_TYPE(int, i, 0)
RUN_TYPE(float, f, 1)
RUN_TYPE(double, d, 2)

int main(int argc, char **argv) {
  t52_gpu = acc_get_device_type() == acc_device_nvidia;
  long L1 = t52_gpu ? 65536 : 4096, L2 = t52_gpu ? 1048576 : 16384;
  t52_options(argc, argv, &L1, &L2);
  if (t52_gpu) {
    if (!t52_ptx[0]) {
      printf("table52: built without the CUDA toolkit: no GPU kernels to time\n");
      return 0;
    }
    t52_reps_option();
    hmod.ptx = t52_ptx;
    printf("Seed 001 Table 5.2 reductions on the GPU: %d gangs, %d workers, "
           "vector %d; reducing trips %ld and %ld\n"
           "microseconds at %ld trips (best of %d, the region or the launch "
           "with its scalar's copies)\n%-15s | %10s %10s %6s | goals\n",
           t52_ng, t52_nw, t52_nv, L1, L2, L2, t52_reps, "case", "accgpu",
           "hand", "ratio");
  } else if (acc_get_device_type() == acc_device_emulator) {
    hmod.emu_image = t52_image;
    hmod.emu_image_size = (size_t)(t52_image_end - t52_image);
    accgpu_emu_count_set(1);
    printf("Seed 001 Table 5.2 reductions on the emulator: %d gangs, %d "
           "workers, vector %d; reducing trips %ld and %ld\n"
           "per block (the most of any block), at %ld trips: bar rowbar shfl "
           "atom sh.ld/st gl.ld/st\n%-15s |%-46s|%-46s| goals\n",
           t52_ng, t52_nw, t52_nv, L1, L2, L2, "case", " accgpu",
           " hand-written");
  } else {
    printf("table52: counts need the emulator (ACC_DEVICE_TYPE=emulator), "
           "times an NVIDIA GPU\n");
    return 0;
  }
  double *ind = malloc(64 * L2 * sizeof *ind);
  int missed = type_i(L1, L2, ind) + type_f(L1, L2, ind) + type_d(L1, L2, ind);
  free(ind);
  printf("%d of 42 cases meet every goal; %d wrong results\n", 42 - missed,
         wrong);
  return wrong != 0;
}
