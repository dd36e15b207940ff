/* real2_clause_mix.c — clause forms application codes combine, each in a
 * small kernel checked against a serial loop: `num_gangs/num_workers/
 * vector_length` with `loop gang worker vector`, `if(n > threshold)`,
 * `default(present)` inside a data region, a fixed-size `firstprivate`
 * array, reductions `max`/`min`/`&&`/`||`/`^`/`&`/`|` on char, short,
 * float, long and unsigned, `atomic capture` handing out slots, several
 * `async(q)` queues joined by one `wait(q1, q2, q3)`, `update self` of part
 * of an array, `acc_is_present`/`acc_update_device`, `kernels` with `loop
 * independent private(tmp[0:8])`, `cache`, `gang(static:*)`, and
 * directives written through `_Pragma` in macros. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define PRAGMA(x) _Pragma(#x)
#define ACC(...) PRAGMA(acc __VA_ARGS__)
#define N 1000
#define THRESHOLD 100

typedef float real_t;

static void test_gwv(void)
{
  enum { NI = 12, NJ = 10, NK = 70 };
  static real_t a[NI][NJ][NK], r[NI][NJ][NK];
#pragma acc parallel num_gangs(NI) num_workers(4) vector_length(64) copyout(a)
  {
#pragma acc loop gang
    for (int i = 0; i < NI; i++)
#pragma acc loop worker
      for (int j = 0; j < NJ; j++)
#pragma acc loop vector
        for (int k = 0; k < NK; k++)
          a[i][j][k] = (real_t)(i * 100 + j * 10 + k) * 0.5f;
  }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        r[i][j][k] = (real_t)(i * 100 + j * 10 + k) * 0.5f;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        CHECK_REAL("gang worker vector", a[i][j][k], r[i][j][k], 0);
}

static void saxpy_if(int n, real_t s, const real_t *restrict x,
                     real_t *restrict y)
{
#pragma acc parallel loop if(n > THRESHOLD) copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] += s * x[i];
}

static void test_if_default_present(void)
{
  real_t *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  real_t *ry = malloc(N * sizeof *ry);
  for (int i = 0; i < N; i++)
    x[i] = i * 0.25f, y[i] = ry[i] = 1.0f;
  saxpy_if(N, 2.0f, x, y);      /* offloaded */
  saxpy_if(50, 3.0f, x, y);     /* on the host */
  for (int i = 0; i < N; i++)
    ry[i] += 2.0f * x[i];
  for (int i = 0; i < 50; i++)
    ry[i] += 3.0f * x[i];
  for (int i = 0; i < N; i++)
    CHECK_REAL("if clause", y[i], ry[i], 1e-6);

  double w[4] = {0.1, 0.2, 0.3, 0.4};
#pragma acc data copy(y[0:N]) copyin(x[0:N])
  {
    CHECK_TRUE("acc_is_present y", acc_is_present(y, N * sizeof *y));
    for (int i = 0; i < N; i++)
      x[i] = (real_t)(i % 5);
    acc_update_device(x, N * sizeof *x);
#pragma acc parallel loop default(present) firstprivate(w)
    for (int i = 0; i < N; i++)
      y[i] = x[i] * (real_t)w[i % 4];
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("default(present)", y[i], (real_t)(i % 5) * (real_t)w[i % 4], 1e-6);
  free(x), free(y), free(ry);
}

static void test_reductions(void)
{
  signed char c[N];
  short s[N];
  float f[N];
  long l[N];
  unsigned u[N];
  for (int i = 0; i < N; i++) {
    c[i] = (signed char)((i * 37) % 251 - 125);
    s[i] = (short)((i * 911) % 30011 - 15000);
    f[i] = (float)((i * 17) % 1001) / 7.0f - 50.0f;
    l[i] = (long)(i * 2654435761u % 1000003) - 500000;
    u[i] = (unsigned)i * 2654435761u;
  }
  signed char cmax = -128;
  short smin = 32767;
  float fmx = -1e30f, fmn = 1e30f;
  long lmax = -1000000000L;
  unsigned ux = 0, uand = ~0u, uor = 0;
  int all_pos = 1, any_big = 0;
  _Bool b_and = 1;
#pragma acc parallel loop copyin(c, s, f, l, u) \
    reduction(max:cmax, lmax, fmx) reduction(min:smin, fmn) \
    reduction(^:ux) reduction(&:uand) reduction(|:uor) \
    reduction(&&:all_pos, b_and) reduction(||:any_big)
  for (int i = 0; i < N; i++) {
    cmax = c[i] > cmax ? c[i] : cmax;
    smin = s[i] < smin ? s[i] : smin;
    fmx = fmaxf(fmx, f[i]);
    fmn = fminf(fmn, f[i]);
    if (l[i] > lmax)
      lmax = l[i];
    ux ^= u[i];
    uand &= u[i] | 0x10000u;
    uor |= u[i] & 0xF0F0u;
    all_pos = all_pos && (f[i] > -60.0f);
    b_and = b_and && (c[i] != 0);
    any_big = any_big || (l[i] > 499990);
  }
  signed char rc = -128;
  short rs = 32767;
  float rfx = -1e30f, rfn = 1e30f;
  long rl = -1000000000L;
  unsigned rx = 0, rand_ = ~0u, ror = 0;
  int rall = 1, rany = 0;
  _Bool rb = 1;
  for (int i = 0; i < N; i++) {
    rc = c[i] > rc ? c[i] : rc;
    rs = s[i] < rs ? s[i] : rs;
    rfx = fmaxf(rfx, f[i]);
    rfn = fminf(rfn, f[i]);
    rl = l[i] > rl ? l[i] : rl;
    rx ^= u[i];
    rand_ &= u[i] | 0x10000u;
    ror |= u[i] & 0xF0F0u;
    rall = rall && (f[i] > -60.0f);
    rb = rb && (c[i] != 0);
    rany = rany || (l[i] > 499990);
  }
  CHECK_INT("max char", cmax, rc);
  CHECK_INT("min short", smin, rs);
  CHECK_REAL("max float", fmx, rfx, 0);
  CHECK_REAL("min float", fmn, rfn, 0);
  CHECK_INT("max long", lmax, rl);
  CHECK_INT("xor unsigned", ux, rx);
  CHECK_INT("and unsigned", uand, rand_);
  CHECK_INT("or unsigned", uor, ror);
  CHECK_INT("&& int", all_pos, rall);
  CHECK_INT("&& _Bool", b_and, rb);
  CHECK_INT("|| int", any_big, rany);
}

/* Stream compaction with atomic capture: every kept index lands once. */
static void test_capture(void)
{
  int *in = malloc(N * sizeof *in), *out = malloc(N * sizeof *out);
  int count = 0;
  for (int i = 0; i < N; i++)
    in[i] = (i * 7919) % 13;
  for (int i = 0; i < N; i++)
    out[i] = -1;
#pragma acc parallel loop copyin(in[0:N]) copy(out[0:N], count)
  for (int i = 0; i < N; i++) {
    if (in[i] < 4) {
      int slot;
#pragma acc atomic capture
      slot = count++;
      out[slot] = i;
    }
  }
  int want = 0;
  for (int i = 0; i < N; i++)
    want += in[i] < 4;
  CHECK_INT("capture count", count, want);
  char *seen = calloc(N, 1);
  for (int k = 0; k < count; k++)
    if (out[k] >= 0 && out[k] < N && in[out[k]] < 4)
      seen[out[k]]++;
  int once = 0;
  for (int i = 0; i < N; i++)
    once += seen[i] == 1;
  CHECK_INT("capture slots", once, want);
  free(in), free(out), free(seen);
}

static void test_async_queues(void)
{
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  double *c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = c[i] = i;
#pragma acc enter data copyin(a[0:N], b[0:N], c[0:N])
  ACC(parallel loop present(a[0:N]) async(1))
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 2 + 1;
  ACC(parallel loop present(b[0:N]) async(2))
  for (int i = 0; i < N; i++)
    b[i] = b[i] * 3;
  ACC(parallel loop present(c[0:N]) async(3))
  for (int i = 0; i < N; i++)
    c[i] = -c[i];
  ACC(parallel loop present(a[0:N], b[0:N], c[0:N]) wait(1, 2, 3) async(4))
  for (int i = 0; i < N; i++)
    a[i] += b[i] + c[i];
#pragma acc update self(a[N/2:N/4]) async(4)
#pragma acc wait(4)
  for (int i = N / 2; i < N / 2 + N / 4; i++)
    CHECK_REAL("async queues partial", a[i], i * 2 + 1 + i * 3 - i, 0);
  if (e2e_separate_memory())
    CHECK_REAL("update self range only", a[N / 2 - 1], N / 2 - 1, 0);
#pragma acc wait
#pragma acc exit data copyout(a[0:N]) delete(b[0:N], c[0:N])
  for (int i = 0; i < N; i++)
    CHECK_REAL("async queues", a[i], i * 2 + 1 + i * 3 - i, 0);
  free(a), free(b), free(c);
}

/* kernels with an explicit private scratch array per iteration (a
   polynomial fit per row), and a cache directive on a read-only window. */
static void test_kernels_private_cache(void)
{
  enum { ROWS = 200, W = 8 };
  double *x = malloc((ROWS + W) * sizeof *x), *y = malloc(ROWS * sizeof *y);
  double *ry = malloc(ROWS * sizeof *ry), tmp[W];
  for (int i = 0; i < ROWS + W; i++)
    x[i] = sin(i * 0.1);
#pragma acc kernels copyin(x[0:ROWS+W]) copyout(y[0:ROWS])
  {
#pragma acc loop independent private(tmp[0:8])
    for (int i = 0; i < ROWS; i++) {
#pragma acc cache(x[i:W])
      for (int k = 0; k < W; k++)
        tmp[k] = x[i + k] * (k + 1);
      double s = 0;
      for (int k = W - 1; k >= 0; k--)
        s = s * 0.5 + tmp[k];
      y[i] = s;
    }
  }
  for (int i = 0; i < ROWS; i++) {
    double t[W], s = 0;
    for (int k = 0; k < W; k++)
      t[k] = x[i + k] * (k + 1);
    for (int k = W - 1; k >= 0; k--)
      s = s * 0.5 + t[k];
    ry[i] = s;
  }
  for (int i = 0; i < ROWS; i++)
    CHECK_REAL("kernels private(tmp[0:8])", y[i], ry[i], 1e-12);
  free(x), free(y), free(ry);
}

static void test_gang_static(void)
{
  int *v = malloc(N * sizeof *v);
#pragma acc parallel loop gang(static:*) num_gangs(7) copyout(v[0:N])
  for (int i = 0; i < N; i++)
    v[i] = i * i % 97;
  for (int i = 0; i < N; i++)
    CHECK_INT("gang(static:*)", v[i], i * i % 97);
  free(v);
}

int main(void)
{
  test_gwv();
  test_if_default_present();
  test_reductions();
  test_capture();
  test_async_queues();
  test_kernels_private_cache();
  test_gang_static();
  return e2e_done();
}
