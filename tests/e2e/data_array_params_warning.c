/* data_array_params_warning.c — a parameter declared with a bound
 * (`double b[N]`, `double c[n][4]`) named in a data clause without a range
 * is its declared array, silently under -Wall; one declared without a
 * leading bound (`double a[]`, `double a[][4]`) or as a pointer (`double *p`,
 * `double (*q)[4]`) is a pointer, and keeps pointer-clauses.cc's warning;
 * in a declare directive too (since session 14 a declared array is mapped
 * whole there, silently: data_declare_array_params.c).  The data the
 * warned clauses name is present (enter data in the caller), where
 * accgpu's present(p) uses what p points to; checked against serial
 * loops.  (Quotes are '.' in the expected texts.) */
/* accgpu-test: cflags -Wall */
#include "e2e.h"

#define N 40

static void bare(int n, double a[], double r[][4])
{
#pragma acc parallel loop present(a) /* accgpu-expect-warning: .present\(a\). names the pointer .a. without a range */
  for (int i = 0; i < n; i++)
    a[i] += 1;
#pragma acc parallel loop present(r) /* accgpu-expect-warning: .present\(r\). names the pointer .r. without a range */
  for (int i = 0; i < n; i++)
    r[i][i % 4] += 2;
}

static void pointers(int n, double *p, double (*q)[4])
{
#pragma acc parallel loop present(p, q) /* accgpu-expect-warning: .present\(q\). names the pointer .q. without a range */
  for (int i = 0; i < n; i++) /* (one warning per line is checked: p's is there too) */
    p[i] += q[i][0];
}

static void bounded(int n, double b[N], double c[n][4])
{
#pragma acc parallel loop present(b, c)
  for (int i = 0; i < n; i++)
    b[i] += c[i][3];
}

static int declared(double d[N], double *e)
{
  int ok = 0;
#pragma acc declare create(d) /* d[0:N]: no warning */
#pragma acc declare create(e) /* accgpu-expect-warning: .create\(e\). maps the pointer .e. itself */
#pragma acc parallel loop copy(ok) present(d[0:N])
  for (int i = 0; i < 1; i++)
    ok = d[0] == 0.0;
  return ok;
}

int main(void)
{
  double a[N], r[N][4], p[N], b[N];
  for (int i = 0; i < N; i++) {
    a[i] = i, p[i] = 2 * i, b[i] = 3 * i;
    for (int k = 0; k < 4; k++)
      r[i][k] = i * k;
  }
#pragma acc enter data copyin(a, r, p, b)
  bare(N, a, r);
  pointers(N, p, r);
  bounded(N, b, r);
#pragma acc exit data copyout(a, r, p, b)
  for (int i = 0; i < N; i++) {
    CHECK_REAL("a", a[i], i + 1, 0);
    for (int k = 0; k < 4; k++)
      CHECK_REAL("r", r[i][k], i * k + (k == i % 4 ? 2 : 0), 0);
    CHECK_REAL("p", p[i], 2 * i + r[i][0], 0);
    CHECK_REAL("b", b[i], 3 * i + r[i][3], 0);
  }
  double d[N] = {0};
#pragma acc data copyin(d)
  CHECK_INT("declare create(d)", declared(d, d), 1);
  return e2e_done();
}
