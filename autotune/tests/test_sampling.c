/* Sampled traces against the full trace: the error of wave sampling and of
 * truncated waves stays small, and sampling does not change the choice. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../tune.h"
#include "tune_test.h"

#define MAXC 256

/* Simulates every double-nest configuration of MODEL (parameter NAME=V) on
 * the K40 description twice: full and with BUDGET.  Checks the relative
 * cost error of the configurations within 2x of the best against TOL and that the sampled choice
 * costs at most 5% more than the true best, in the full model. */
static void compare(const char *model, const char *name, int v, double budget,
                    double tol) {
  char err[TUNE_ERR];
  tune_gpu g;
  tune_model md;
  tune_params p = {0};
  static tune_config c[MAXC];
  memset(&md, 0, sizeof md);
  accgpu_tune_params_set(&p, name, v);
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_gpu_load("autotune/gpus/k40.yaml", &g,
                                             err, sizeof err), 0);
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_model_load(model, &md, err, sizeof err), 0);
  tune_kernel *k = &md.kernels[0];
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_kernel_bind(k, model, &p, NULL, err,
                                                sizeof err), 0);
  const tune_pattern *pats;
  int np = accgpu_tune_patterns(2, &pats), n = 0, sampled = 0;
  for (int i = 0; i < np; i++)
    n += accgpu_tune_configs(k, &g, &pats[i], c + n, MAXC - n);
  tune_sim_opts full = {TUNE_INTERLEAVE_MODELED, 0};
  tune_sim_opts part = {TUNE_INTERLEAVE_MODELED, budget};
  static tune_result a[MAXC], b[MAXC];
  double best_full = 0, chosen_full = 0, best_part = 0;
  for (int i = 0; i < n; i++) {
    CU_ASSERT_EQUAL_FATAL(accgpu_tune_simulate(k, &g, &c[i], &full, &a[i]), 0);
    CU_ASSERT_EQUAL_FATAL(accgpu_tune_simulate(k, &g, &c[i], &part, &b[i]), 0);
    sampled += b[i].simulated < 0.9 * a[i].simulated;
    if (best_full == 0 || a[i].cost < best_full)
      best_full = a[i].cost;
    if (best_part == 0 || b[i].cost < best_part) {
      best_part = b[i].cost;
      chosen_full = a[i].cost;
    }
  }
  /* Error where it decides: configurations within 2x of the best. */
  double worst = 0, worst_all = 0;
  for (int i = 0; i < n; i++) {
    double e = fabs(b[i].cost - a[i].cost) / a[i].cost;
    worst_all = e > worst_all ? e : worst_all;
    if (a[i].cost <= 2 * best_full && e > worst)
      worst = e;
  }
  printf("\n    %s: %d of %d configurations sampled; cost error %.1f%% "
         "(within 2x of the best), %.1f%% (all); choice %.1f%% above the "
         "best ",
         model, sampled, n, 100 * worst, 100 * worst_all,
         100 * (chosen_full / best_full - 1));
  CU_ASSERT(sampled >= n / 2);
  if (tol > 0)
    CU_ASSERT(worst <= tol);
  CU_ASSERT(chosen_full <= 1.05 * best_full);
  accgpu_tune_model_free(&md);
}

/* Many short waves: windows of a warm-up and a measured wave. */
static void test_sampling_waves(void) {
  compare("autotune/models/jacobi.yaml", "n", 386, 3e4, 0.10);
}

/* One long wave (a 128-step inner loop per thread): truncated rounds.  The
 * choice survives, but single configurations' costs are off by up to ~2.6x
 * here (printed; see docs/autotune.md), so only the choice is asserted. */
static void test_sampling_truncated_wave(void) {
  compare("autotune/models/matmul.yaml", "n", 128, 1e5, -1);
}

TUNE_SUITE(tune_sampling, TUNE_TEST(test_sampling_waves),
           TUNE_TEST(test_sampling_truncated_wave));
