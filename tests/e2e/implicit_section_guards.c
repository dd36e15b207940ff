/* implicit_section_guards.c — implicit sections of pointers whose accesses
 * are guarded by boundary tests: `if (i + 1 < n) y[i] = x[i + 1]`, a
 * stencil under `if (i > 0 && i < n - 1)`, a 2-D one, an unsigned index,
 * a write in the else branch, an inner plain loop, an `||` test (which
 * bounds its then branch nothing), and the boundary test written the other
 * way round: the else of `i == 0 || i == n - 1` (De Morgan, with `!=` at
 * the ends of the loop's range), an else-if chain, `continue` before the
 * uses, and a `?:` under `i != 0 && i != n - 1`.  Each array sits between two inaccessible pages, so a
 * section inferred from the loop bounds alone (one element past either
 * end) faults when the runtime copies it; the results are checked against
 * serial loops. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "e2e.h"

/* N doubles ending at a page boundary, with no access allowed on the page
   before them nor on the page after. */
static double *fenced(size_t n)
{
  size_t pg = (size_t)sysconf(_SC_PAGESIZE);
  size_t bytes = (n * sizeof(double) + pg - 1) / pg * pg;
  char *m = mmap(NULL, bytes + 2 * pg, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED)
    return NULL;
  mprotect(m, pg, PROT_NONE);
  mprotect(m + pg + bytes, pg, PROT_NONE);
  double *a = (double *)(m + pg + bytes) - n;
  memset(a, 0, n * sizeof(double));
  return a;
}

static void shift(int n, double *x, double *y) /* y[i] = x[i+1] */
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(x\[1:n \+ -1\]\) */
  for (int i = 0; i < n; i++)
    if (i + 1 < n)
      y[i] = x[i + 1];
    else
      y[i] = -1;
}

static void smooth(int n, const double *a, double *b)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(a\[0:n\]\) */
  for (int i = 0; i < n; i++)
    if (i > 0 && i < n - 1)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
}

static void smooth2d(int n, int m, const double *a, double *b)
{
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (i >= 1 && i <= n - 2 && j >= 1 && j <= m - 2)
        b[i * m + j] = a[(i - 1) * m + j] + a[(i + 1) * m + j] +
                       a[i * m + j - 1] + a[i * m + j + 1];
}

static void diff_unsigned(size_t n, const double *x, double *d)
{
#pragma acc parallel loop
  for (size_t i = 0; i < n; i++)
    if (i + 1 < n)
      d[i] = x[i + 1] - x[i];
}

static void scatter_else(int n, const double *x, double *y)
{
#pragma acc serial
  for (int i = 0; i < n; i++) {
    if (i < n - 1)
      y[i + 1] = x[i];
    else
      y[0] = x[i];
  }
}

static void inner_plain(int n, int m, const double *x, double *s)
{
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    double t = 0;
    for (int k = 0; k < m; k++)
      if (k + 1 < m)
        t += x[i * m + k + 1];
    s[i] = t;
  }
}

static void ends(int n, const double *x, double *e)
{
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    if (i < 2 || i > n - 3)
      e[i] = x[i] * 2;
}

static void edges_else(int n, const double *a, double *b)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(a\[0:n\]\) */
  for (int i = 0; i < n; i++) {
    if (i == 0 || i == n - 1)
      b[i] = a[i];
    else
      b[i] = 0.5 * (a[i - 1] + a[i + 1]);
  }
}

/* The section is a[0:n], written MIN (MAX (n - 1, 1), 0) and so on. */
static void edges_elseif(int n, const double *a, double *b)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(a\[MIN_EXPR <MAX_EXPR <n \+ -1, 1>, 0>: */
  for (int i = 0; i < n; i++) {
    if (i == 0)
      b[i] = a[i];
    else if (i == n - 1)
      b[i] = a[i];
    else
      b[i] = 0.5 * (a[i - 1] + a[i + 1]);
  }
}

static void edges_continue(int n, const double *a, double *b)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(a\[0:n\]\) */
  for (int i = 0; i < n; i++) {
    if (i == 0 || i == n - 1) {
      b[i] = -1;
      continue;
    }
    b[i] = a[i - 1] - a[i + 1];
  }
}

static void edges_ternary(int n, const double *a, double *b)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(a\[0:n\]\) */
  for (int i = 0; i < n; i++)
    b[i] = i != 0 && i != n - 1 ? a[i - 1] + a[i + 1] : a[i];
}

/* The loop starts at 1: `i != 0` bounds nothing more, `i != n - 1` does. */
static void edges_partial(int n, const double *a, double *b)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(a\[0:n\]\) */
  for (int i = 1; i < n; i++)
    if (i != n - 1)
      b[i] = a[i - 1] + a[i + 1];
}

/* A jump into the block of `if (i > 0)`: i > 0 does not hold there. */
static void jump_in(int n, const double *a, double *b)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(a\[0:n\]\) */
  for (int i = 0; i < n; i++) {
    double t = -1;
    if (i == 0)
      goto in;
    if (i > 0) {
    in:
      t = a[i];
    }
    b[i] = t;
  }
}

/* Two loops step i: `i != 0` is no end of the second one's range (the
   section is the hull over both loops' values of i). */
static void shared_index(int n, const double *a, double *b)
{
  int i;
#pragma acc serial /* accgpu-expect-note: implicit copyin\(a\[MIN_EXPR <n > 1 \? 0 : [0-9]+, n > 0 \? -1 :  */
  {
    for (i = 0; i < n - 1; i++)
      b[i] = -1;
    for (i = -1; i < n - 1; i++)
      if (i != 0)
        b[i + 1] = a[i + 1];
  }
}

int main(void)
{
  enum { N = 1000, M = 24 };
  double *x = fenced(N), *y = fenced(N), *b = fenced(N);
  double *a2 = fenced(N * M), *b2 = fenced(N * M), *s = fenced(N);
  if (!x || !y || !b || !a2 || !b2 || !s)
    return 2;
  for (int i = 0; i < N; i++)
    x[i] = i * 0.5 + (i % 7);
  for (int i = 0; i < N * M; i++)
    a2[i] = (i % 13) * 0.25;

  shift(N, x, y);
  for (int i = 0; i < N; i++)
    CHECK_REAL("shift", y[i], i + 1 < N ? x[i + 1] : -1, 0);

  smooth(N, x, b);
  for (int i = 1; i < N - 1; i++)
    CHECK_REAL("smooth", b[i], (x[i - 1] + x[i] + x[i + 1]) / 3, 1e-15);
  CHECK_REAL("smooth ends", b[0] + b[N - 1], 0, 0);

  smooth2d(N, M, a2, b2);
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      CHECK_REAL("smooth2d", b2[i * M + j],
                 a2[(i - 1) * M + j] + a2[(i + 1) * M + j] +
                     a2[i * M + j - 1] + a2[i * M + j + 1], 1e-15);

  diff_unsigned(N, x, y);
  for (int i = 0; i + 1 < N; i++)
    CHECK_REAL("diff", y[i], x[i + 1] - x[i], 1e-15);

  scatter_else(N, x, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("scatter", b[i], i ? x[i - 1] : x[N - 1], 0);

  inner_plain(N, M, a2, s);
  for (int i = 0; i < N; i++) {
    double t = 0;
    for (int k = 1; k < M; k++)
      t += a2[i * M + k];
    CHECK_REAL("inner", s[i], t, 1e-14);
  }

  memset(b, 0, N * sizeof *b);
  ends(N, x, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("ends", b[i], i < 2 || i > N - 3 ? 2 * x[i] : 0, 0);
  memset(b, 0, N * sizeof *b);
  edges_else(N, x, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("edges else", b[i],
               i == 0 || i == N - 1 ? x[i] : 0.5 * (x[i - 1] + x[i + 1]), 0);
  memset(b, 0, N * sizeof *b);
  edges_elseif(N, x, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("edges else if", b[i],
               i == 0 || i == N - 1 ? x[i] : 0.5 * (x[i - 1] + x[i + 1]), 0);
  memset(b, 0, N * sizeof *b);
  edges_continue(N, x, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("edges continue", b[i],
               i == 0 || i == N - 1 ? -1 : x[i - 1] - x[i + 1], 0);
  memset(b, 0, N * sizeof *b);
  edges_ternary(N, x, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("edges ?:", b[i],
               i != 0 && i != N - 1 ? x[i - 1] + x[i + 1] : x[i], 0);
  memset(b, 0, N * sizeof *b);
  edges_partial(N, x, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("edges partial", b[i],
               i > 0 && i < N - 1 ? x[i - 1] + x[i + 1] : 0, 0);
  memset(b, 0, N * sizeof *b);
  jump_in(N, x, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("jump in", b[i], x[i], 0);
  shared_index(N, x, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("shared index", b[i], i == 1 ? -1 : x[i], 0);
  return e2e_done();
}
