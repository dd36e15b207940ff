/* data_declare_sections.c — `declare` with array sections in functions
 * (OpenACC 3.3 section 2.13: the data lives while the declaring function
 * or block runs): every clause kind on pointer parameters and a local
 * array, a nested block, exits through return, break and goto, recursion
 * and repeated calls (the reference counts go back to zero:
 * acc_is_present after the scope is left), lengths that are expressions
 * of parameters (n*m, n+1), a start other than 0 and a length left out;
 * at file scope, a section of an array (the whole array is mapped); a
 * length written with a macro, a variable-length array.
 * Each result is checked against serial loops; where a device with
 * separate memory and one sharing the host's memory differ (what the host
 * sees of a copyin or create section), the reference says which. GCC's
 * own parser rejects sections in declare: accgpu-only. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>

#define N 48

static int sep; /* e2e_separate_memory() */

static double garr[N];
#pragma acc declare create(garr[0:N / 2])

/* Mapped while the scope runs (on a device with its own memory), not after:
   the reference counts went back to zero. */
static void check_gone(const char *what, void *p, size_t bytes)
{
  if (sep)
    CHECK_INT(what, e2e_present(p, bytes, 0), 0);
}

static void fill(double *x, int n, double base)
{
  for (int i = 0; i < n; i++)
    x[i] = base + i;
}

static void k_copy(double *c, int n)
{
#pragma acc declare copy(c[0:n])
  if (sep)
    CHECK_INT("copy: present in scope", e2e_present(c, n * sizeof *c, 0), 1);
#pragma acc parallel loop present(c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = 2 * c[i] + 1;
}

static void k_copyin(double *a, double *out, int n)
{
#pragma acc declare copyin(a[0:n])
#pragma acc parallel loop present(a[0:n]) copyout(out[0:n])
  for (int i = 0; i < n; i++) {
    a[i] = a[i] + 1; /* the device copy: the host keeps its values */
    out[i] = 3 * a[i];
  }
}

static void k_copyout(double *c, int n)
{
#pragma acc declare copyout(c[2:n - 2])
#pragma acc parallel loop present(c[2:n - 2])
  for (int i = 2; i < n; i++)
    c[i] = (double)i * i;
}

static void k_create(const double *a, double *t, double *out, int n)
{
#pragma acc declare create(t[0:n])
#pragma acc parallel loop present(t[0:n]) copyin(a[0:n])
  for (int i = 0; i < n; i++)
    t[i] = 2 * a[i];
#pragma acc parallel loop present(t[0:n]) copyout(out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1;
}

static void k_device_resident(double *t, double *out, int n)
{
#pragma acc declare device_resident(t[0:n])
#pragma acc parallel loop present(t[0:n]) copyout(out[0:n])
  for (int i = 0; i < n; i++) {
    t[i] = i;
    out[i] = t[i] * 5;
  }
}

static void k_present(double *c, int n)
{
#pragma acc declare present(c[0:n])
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    c[i] += 5;
}

/* The section declared in a nested block: released where the block ends. */
static void k_block(double *c, double *t, int n)
{
  {
#pragma acc declare create(t[0:n])
    if (sep)
      CHECK_INT("block: present in block", e2e_present(t, n * sizeof *t, 0), 1);
#pragma acc parallel loop present(t[0:n]) copy(c[0:n])
    for (int i = 0; i < n; i++) {
      t[i] = c[i] * c[i];
      c[i] = t[i] - 1;
    }
  }
  check_gone("block: after the block", t, n * sizeof *t);
}

/* Leaves the scope through return when STOP. */
static int k_return(double *c, int n, int stop)
{
#pragma acc declare copy(c[0:n])
#pragma acc parallel loop present(c[0:n])
  for (int i = 0; i < n; i++)
    c[i] += 1;
  if (stop)
    return 1;
#pragma acc parallel loop present(c[0:n])
  for (int i = 0; i < n; i++)
    c[i] += 10;
  return 0;
}

/* A declare in a loop body, left through break on the second trip. */
static void k_break(double *c, int n)
{
  for (int r = 0; r < 5; r++) {
#pragma acc declare copy(c[0:n])
#pragma acc parallel loop present(c[0:n])
    for (int i = 0; i < n; i++)
      c[i] += 1;
    if (r == 1)
      break;
  }
}

/* Left through goto: the second loop never runs. */
static void k_goto(double *c, int n)
{
  {
#pragma acc declare copyout(c[0:n])
#pragma acc parallel loop present(c[0:n])
    for (int i = 0; i < n; i++)
      c[i] = 7;
    if (n > 0)
      goto done;
#pragma acc parallel loop present(c[0:n])
    for (int i = 0; i < n; i++)
      c[i] = 8;
  }
done:
  check_gone("goto: after the jump", c, n * sizeof *c);
}

/* Each level declares the section again: present already, so only the
   outermost exit copies it back. */
static void k_recurse(double *c, int n, int depth)
{
#pragma acc declare copy(c[0:n])
#pragma acc parallel loop present(c[0:n])
  for (int i = 0; i < n; i++)
    c[i] += 1;
  if (depth > 0)
    k_recurse(c, n, depth - 1);
}

/* Lengths that are expressions of parameters. */
static void k_matrix(double *m2, int n, int m)
{
#pragma acc declare copy(m2[0:n * m])
#pragma acc parallel loop collapse(2) present(m2[0:n * m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      m2[i * m + j] += i - j;
}

static void k_stencil(double *a, double *out, int n)
{
#pragma acc declare copyin(a[0:n + 1]) copyout(out[0:n])
#pragma acc parallel loop present(a[0:n + 1], out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = a[i] + a[i + 1];
}

/* A local array: a section from 4 with its length left out (the rest). */
static double k_local(void)
{
  double loc[N];
  for (int i = 0; i < N; i++)
    loc[i] = i;
  { /* copied back where the block ends */
#pragma acc declare copy(loc[4:])
#pragma acc parallel loop present(loc[4:N - 4])
    for (int i = 4; i < N; i++)
      loc[i] *= 2;
  }
  check_gone("loc[4:]: after the block", loc + 4, (N - 4) * sizeof *loc);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += loc[i];
  return s;
}

/* A length written with a function-like macro, a section beside a whole
   array in one directive, a variable-length array, and a declare that ends
   its block (entry and exit at once). */
#define PLUS_ONE(k) ((k) + 1)
static double k_mixed(double *a, int n)
{
  double v[n];
  for (int i = 0; i < n; i++)
    v[i] = i;
  {
    double tbl[4] = {1, 2, 3, 4};
#pragma acc declare copyin(a[0:PLUS_ONE(n)], tbl) copy(v[0:n])
#pragma acc parallel loop present(a[0:n + 1], tbl, v[0:n])
    for (int i = 0; i < n; i++)
      v[i] += a[i + 1] * tbl[i % 4];
  }
  check_gone("macro length: after the block", a, (n + 1) * sizeof *a);
  {
#pragma acc declare copyin(a[0:n])
  }
  check_gone("declare ending its block", a, n * sizeof *a);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

static void test_kinds(double *a, double *c, double *t, double *out)
{
  fill(c, N, 1);
  k_copy(c, N);
  for (int i = 0; i < N; i++)
    CHECK_REAL("copy", c[i], 2 * (1.0 + i) + 1, 0);
  check_gone("copy: after return", c, N * sizeof *c);

  fill(a, N, 3);
  k_copyin(a, out, N);
  for (int i = 0; i < N; i++) {
    CHECK_REAL("copyin: out", out[i], 3 * (3.0 + i + 1), 0);
    CHECK_REAL("copyin: host a", a[i], 3.0 + i + (sep ? 0 : 1), 0);
  }
  check_gone("copyin: after return", a, N * sizeof *a);

  fill(c, N, -1);
  k_copyout(c, N);
  for (int i = 0; i < N; i++)
    CHECK_REAL("copyout", c[i], i < 2 ? -1.0 + i : (double)i * i, 0);
  check_gone("copyout: after return", c + 2, (N - 2) * sizeof *c);

  fill(a, N, 0);
  fill(t, N, -5);
  k_create(a, t, out, N);
  for (int i = 0; i < N; i++) {
    CHECK_REAL("create: out", out[i], 2.0 * i + 1, 0);
    CHECK_REAL("create: host t", t[i], sep ? -5.0 + i : 2.0 * i, 0);
  }
  check_gone("create: after return", t, N * sizeof *t);

  k_device_resident(t, out, N);
  for (int i = 0; i < N; i++)
    CHECK_REAL("device_resident: out", out[i], 5.0 * i, 0);
  check_gone("device_resident: after return", t, N * sizeof *t);

  fill(c, N, 0);
#pragma acc data copy(c[0:N])
  {
    k_present(c, N);
    if (sep)
      CHECK_INT("present: still in the data region", e2e_present(c, N * sizeof *c, 0),
                1);
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("present", c[i], i + 5.0, 0);
}

static void test_exits(double *c, double *t)
{
  fill(c, N, 2);
  k_block(c, t, N);
  for (int i = 0; i < N; i++)
    CHECK_REAL("block", c[i], (2.0 + i) * (2.0 + i) - 1, 0);

  for (int stop = 0; stop < 2; stop++) {
    fill(c, N, 0);
    CHECK_INT("return: value", k_return(c, N, stop), stop);
    for (int i = 0; i < N; i++)
      CHECK_REAL("return", c[i], i + (stop ? 1.0 : 11.0), 0);
    check_gone("return: after return", c, N * sizeof *c);
  }

  fill(c, N, 0);
  k_break(c, N);
  for (int i = 0; i < N; i++)
    CHECK_REAL("break", c[i], i + 2.0, 0);
  check_gone("break: after the loop", c, N * sizeof *c);

  fill(c, N, 0);
  k_goto(c, N);
  for (int i = 0; i < N; i++)
    CHECK_REAL("goto", c[i], 7, 0);
}

static void test_counts(double *a, double *c, double *out)
{
  fill(c, N, 0);
  k_recurse(c, N, 3);
  for (int i = 0; i < N; i++)
    CHECK_REAL("recursion", c[i], i + 4.0, 0);
  check_gone("recursion: after return", c, N * sizeof *c);

  fill(c, N, 1);
  for (int r = 0; r < 4; r++) {
    k_copy(c, N);
    check_gone("repeated calls: after each", c, N * sizeof *c);
  }
  for (int i = 0; i < N; i++) {
    double want = 1.0 + i;
    for (int r = 0; r < 4; r++)
      want = 2 * want + 1;
    CHECK_REAL("repeated calls", c[i], want, 0);
  }

  int n = 6, m = 8; /* n * m == N */
  fill(c, n * m, 0);
  k_matrix(c, n, m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      CHECK_REAL("n*m", c[i * m + j], i * m + j + (double)(i - j), 0);
  check_gone("n*m: after return", c, n * m * sizeof *c);

  fill(a, N, 1);
  k_stencil(a, out, N - 1);
  for (int i = 0; i < N - 1; i++)
    CHECK_REAL("n+1", out[i], (1.0 + i) + (2.0 + i), 0);
  check_gone("n+1: after return", a, N * sizeof *a);

  double want = 0;
  for (int i = 0; i < N; i++)
    want += i < 4 ? i : 2 * i;
  CHECK_REAL("local array loc[4:]", k_local(), want, 0);

  fill(a, N, 0);
  want = 0;
  for (int i = 0; i < N - 1; i++)
    want += i + (i + 1.0) * (1 + i % 4);
  CHECK_REAL("mixed", k_mixed(a, N - 1), want, 0);
}

static void test_file_scope(void)
{
#pragma acc parallel loop present(garr[0:N])
  for (int i = 0; i < N; i++)
    garr[i] = 2.0 * i;
#pragma acc update self(garr[0:N])
  for (int i = 0; i < N; i++)
    CHECK_REAL("file scope garr[0:N/2]", garr[i], 2.0 * i, 0);
}

int main(void)
{
  sep = e2e_separate_memory();
  test_file_scope();
  double *a = malloc(N * sizeof *a), *c = malloc(N * sizeof *c);
  double *t = malloc(N * sizeof *t), *out = malloc(N * sizeof *out);
  test_kinds(a, c, t, out);
  test_exits(c, t);
  test_counts(a, c, out);
  free(a);
  free(c);
  free(t);
  free(out);
  return e2e_done();
}
