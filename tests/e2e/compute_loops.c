/* compute_loops.c — loop shapes and control flow inside compute regions:
 * downward and non-unit strides, <= bounds, unsigned and long long
 * indices, collapse with steps, 2-D arrays, while/do-while, break and
 * continue in sequential loops, enums and _Bool, struct arguments to a
 * routine; all against the same code run serially. */
#include <stdbool.h>

#include "e2e.h"

#define N 64
#define M 48

typedef enum { RED = 1, GREEN = 4, BLUE = 9 } color;
typedef struct {
  double w;
  int k;
} pair;

#pragma acc routine seq
static double weigh(pair p, const double *row, int n) {
  double s = 0;
  for (int j = 0; j < n; j++) {
    if (j % 5 == 3)
      continue;
    if (j > p.k)
      break;
    s += row[j] * p.w;
  }
  return s;
}

static double g2[N][M], r2[N][M];
static long long down[N * 4], rdown[N * 4];
static int wl[N], rwl[N];
static double wr[N], rwr[N];

#define BODY_DOWN(arr)                                                         \
  for (long long i = 4 * N - 1; i >= 0; i -= 3)                                \
    arr[i] = i * i - 7;
#define BODY_WHILE(arr, bl)                                                    \
  for (unsigned i = 0; i <= N - 1; i++) {                                      \
    int x = (int)i, steps = 0;                                                 \
    while (x != 1 && x > 0) {                                                  \
      x = (x % 2) ? 3 * x + 1 : x / 2;                                         \
      steps++;                                                                 \
    }                                                                          \
    bool odd = steps & 1;                                                      \
    color c = odd ? RED : (steps > 10 ? GREEN : BLUE);                         \
    do {                                                                       \
      steps += c;                                                              \
    } while (steps < 20);                                                      \
    arr[i] = steps;                                                            \
  }

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      g2[i][j] = r2[i][j] = i - j * 0.5;

#pragma acc parallel loop collapse(2) copy(g2)
  for (int i = N - 1; i >= 0; i -= 2)
    for (int j = 0; j < M; j += 3)
      g2[i][j] = g2[i][j] * 2 + i * j;
  for (int i = N - 1; i >= 0; i -= 2)
    for (int j = 0; j < M; j += 3)
      r2[i][j] = r2[i][j] * 2 + i * j;

#pragma acc parallel loop copy(down[0:4 * N])
  BODY_DOWN(down)
  BODY_DOWN(rdown)

#pragma acc parallel loop gang vector copyout(wl)
  BODY_WHILE(wl, 0)
  BODY_WHILE(rwl, 0)

  pair p = {1.5, 30};
#pragma acc parallel loop copyin(g2) copyout(wr) firstprivate(p)
  for (int i = 0; i < N; i++)
    wr[i] = weigh(p, g2[i], M);
  for (int i = 0; i < N; i++)
    rwr[i] = weigh(p, r2[i], M);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      CHECK_REAL("collapse with steps", g2[i][j], r2[i][j], 0);
  for (int i = 0; i < 4 * N; i++)
    CHECK_INT("downward long long", down[i], rdown[i]);
  for (int i = 0; i < N; i++) {
    CHECK_INT("while/do-while/enum/bool", wl[i], rwl[i]);
    CHECK_REAL("routine with struct and break/continue", wr[i], rwr[i], 0);
  }
  return e2e_done();
}
