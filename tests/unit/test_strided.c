/* test_strided.c — the runtime's expansion of strided update sections
 * (jagged.c, add_strided): an ACCGPU_MAPF_STRIDED item, its ROWS item
 * and the ACCGPU_MAPF_LEVEL items after them (accgpu_abi.h, ABI 12) give
 * one item per contiguous run, levels of one index dropped and inner
 * levels the run covers whole merged into it; ABI 11's one-level pair
 * expands as before. */
#include "core.h"
#include "suite.h"

#include <stdlib.h>

static const __accgpu_loc L = {"prog.c", "main", "update", 7, 1};

#define NZ 5
#define NY 6
#define NX 7
static double u[NZ][NY][NX];
static double w[4][5][3][6];

static __accgpu_map strided(void *first, size_t bytes) {
  return (__accgpu_map){first, bytes, ACCGPU_MAP_UPDATE_SELF,
                        ACCGPU_MAPF_STRIDED, "u"};
}
static __accgpu_map rows(size_t stride, size_t run) {
  return (__accgpu_map){(void *)stride, run, ACCGPU_MAP_UPDATE_SELF,
                        ACCGPU_MAPF_ROWS, "u"};
}
static __accgpu_map level(size_t stride, size_t count) {
  return (__accgpu_map){(void *)stride, count, ACCGPU_MAP_UPDATE_SELF,
                        ACCGPU_MAPF_ROWS | ACCGPU_MAPF_LEVEL, "u"};
}

/* u[1:NZ-2][1:NY-2][0:1] (the x-face, then a plain item): a run of one
   element per (k, j) */
static void test_x_face(void) {
  __accgpu_map m[] = {strided(&u[1][1][0], (NZ - 2) * sizeof u[0]),
                      rows(sizeof u[0], sizeof(double)),
                      level(sizeof u[0][0], NY - 2),
                      level(sizeof(double), 1),
                      {u, 8, ACCGPU_MAP_UPDATE_SELF, 0, "v"}};
  unsigned n = 0;
  __accgpu_map *x = accgpu_jagged_expand(&L, m, 5, &n, ACCGPU_JAG_UPDATE);
  CU_ASSERT_PTR_NOT_NULL_FATAL(x);
  CU_ASSERT_EQUAL_FATAL(n, (NZ - 2) * (NY - 2) + 1);
  CU_ASSERT_EQUAL(accgpu_strided_runs(m, 5, 0), (NZ - 2) * (NY - 2));
  for (int k = 1, r = 0; k < NZ - 1; k++)
    for (int j = 1; j < NY - 1; j++, r++) {
      CU_ASSERT_PTR_EQUAL(x[r].host, &u[k][j][0]);
      CU_ASSERT_EQUAL(x[r].bytes, sizeof(double));
      CU_ASSERT_EQUAL(x[r].flags & (ACCGPU_MAPF_STRIDED | ACCGPU_MAPF_ROWS |
                                    ACCGPU_MAPF_LEVEL), 0);
      CU_ASSERT_EQUAL(x[r].kind, ACCGPU_MAP_UPDATE_SELF);
    }
  CU_ASSERT_PTR_EQUAL(x[n - 1].host, u);
  free(x);
}

/* u[1:NZ-2][0:1][1:NX-2]: the y-face, one run of NX-2 per k */
static void test_y_face(void) {
  __accgpu_map m[] = {strided(&u[1][0][1], (NZ - 2) * sizeof u[0]),
                      rows(sizeof u[0], sizeof(double)),
                      level(sizeof u[0][0], 1),
                      level(sizeof(double), NX - 2)};
  unsigned n = 0;
  __accgpu_map *x = accgpu_jagged_expand(&L, m, 4, &n, ACCGPU_JAG_UPDATE);
  CU_ASSERT_PTR_NOT_NULL_FATAL(x);
  CU_ASSERT_EQUAL_FATAL(n, NZ - 2);
  for (int k = 1; k < NZ - 1; k++) {
    CU_ASSERT_PTR_EQUAL(x[k - 1].host, &u[k][0][1]);
    CU_ASSERT_EQUAL(x[k - 1].bytes, (NX - 2) * sizeof(double));
  }
  free(x);
}

/* u[0:NZ][0:NY][0:NX] and u[1:3][0:NY][0:NX]: whole levels, one run */
static void test_whole_merges(void) {
  __accgpu_map m[] = {strided(&u[1][0][0], 3 * sizeof u[0]),
                      rows(sizeof u[0], sizeof(double)),
                      level(sizeof u[0][0], NY), level(sizeof(double), NX)};
  unsigned n = 0;
  __accgpu_map *x = accgpu_jagged_expand(&L, m, 4, &n, ACCGPU_JAG_UPDATE);
  CU_ASSERT_PTR_NOT_NULL_FATAL(x);
  CU_ASSERT_EQUAL_FATAL(n, 1);
  CU_ASSERT_PTR_EQUAL(x[0].host, &u[1][0][0]);
  CU_ASSERT_EQUAL(x[0].bytes, 3 * sizeof u[0]);
  free(x);
}

/* w[1:2][1:2][1:2][1:2] of a 4-D array: four strided levels, 8 runs of
   2 elements; w[1:2][1:3][0:2][0:6]: a run of two rows per (p, k) */
static void test_four_levels(void) {
  __accgpu_map m[] = {strided(&w[1][1][1][1], 2 * sizeof w[0]),
                      rows(sizeof w[0], sizeof(double)),
                      level(sizeof w[0][0], 2), level(sizeof w[0][0][0], 2),
                      level(sizeof(double), 2),
                      strided(&w[1][1][0][0], 2 * sizeof w[0]),
                      rows(sizeof w[0], sizeof(double)),
                      level(sizeof w[0][0], 3), level(sizeof w[0][0][0], 2),
                      level(sizeof(double), 6)};
  unsigned n = 0;
  __accgpu_map *x = accgpu_jagged_expand(&L, m, 10, &n, ACCGPU_JAG_UPDATE);
  CU_ASSERT_PTR_NOT_NULL_FATAL(x);
  CU_ASSERT_EQUAL_FATAL(n, 8 + 6);
  for (int p = 1, r = 0; p < 3; p++)
    for (int k = 1; k < 3; k++)
      for (int j = 1; j < 3; j++, r++) {
        CU_ASSERT_PTR_EQUAL(x[r].host, &w[p][k][j][1]);
        CU_ASSERT_EQUAL(x[r].bytes, 2 * sizeof(double));
      }
  for (int p = 1, r = 8; p < 3; p++)
    for (int k = 1; k < 4; k++, r++) {
      CU_ASSERT_PTR_EQUAL(x[r].host, &w[p][k][0][0]);
      CU_ASSERT_EQUAL(x[r].bytes, 2 * sizeof w[0][0][0]);
    }
  free(x);
}

/* ABI 11's pair (no LEVEL items): a column, one part per row; a count of
   0 at an inner level moves nothing */
static void test_one_level_and_empty(void) {
  __accgpu_map m[] = {strided(&u[0][2][3], NZ * sizeof u[0][0]),
                      rows(sizeof u[0][0], sizeof(double)),
                      strided(&u[0][0][0], NZ * sizeof u[0]),
                      rows(sizeof u[0], sizeof(double)),
                      level(sizeof u[0][0], 0), level(sizeof(double), 2)};
  unsigned n = 0;
  __accgpu_map *x = accgpu_jagged_expand(&L, m, 6, &n, ACCGPU_JAG_UPDATE);
  CU_ASSERT_PTR_NOT_NULL_FATAL(x);
  CU_ASSERT_EQUAL_FATAL(n, NZ);
  for (int r = 0; r < NZ; r++)
    CU_ASSERT_PTR_EQUAL(x[r].host, (char *)&u[0][2][3] + r * sizeof u[0][0]);
  free(x);
}

ACCGPU_SUITE(strided, NULL, NULL, ACCGPU_TEST(test_x_face),
             ACCGPU_TEST(test_y_face), ACCGPU_TEST(test_whole_merges),
             ACCGPU_TEST(test_four_levels),
             ACCGPU_TEST(test_one_level_and_empty));
