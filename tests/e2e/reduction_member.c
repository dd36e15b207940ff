/* reduction_member.c — reduction(op: s.x) on members of struct variables
 * (OpenACC 2.7+), at gang, worker, vector and gang worker vector level,
 * on the construct (combined and not; s present in a data region or
 * not), a nested member s.in.y, two
 * members of one struct, loops nested in a reducing loop that name the
 * member again, a _Complex float member off an 8-byte boundary.  Reference: the same updates to a scalar in serial
 * loops; each member starts at a value other than the identity, and the
 * other members of the struct must be left as they were.  accgpu-only:
 * GCC 12 does not parse member reductions. */
/* accgpu-test: accgpu-only */
#include <complex.h>

#include "e2e.h"

#define N 128
#define M 96

struct inner { int pad; double y; };
struct acc { int n; long x; double d; struct inner in; float f; };

static int a[N * M];
static double b[N * M];

static void fill(struct acc *s) {
  s->n = 7;
  s->x = 1000;
  s->d = 0.5;
  s->in.pad = -3;
  s->in.y = 2.0;
  s->f = 1.5f;
}

/* The members the tests do not reduce are unchanged. */
static void check_rest(const char *what, const struct acc *s, int x, int d,
                       int y) {
  CHECK_INT(what, s->n, 7);
  CHECK_INT(what, s->in.pad, -3);
  CHECK_REAL(what, s->f, 1.5, 0);
  if (!x)
    CHECK_INT(what, s->x, 1000);
  if (!d)
    CHECK_REAL(what, s->d, 0.5, 0);
  if (!y)
    CHECK_REAL(what, s->in.y, 2.0, 0);
}

static void test_construct(void) {
  long want = 1000;
  double wmul = 0.5;
  for (int k = 0; k < N * M; k++) {
    want += a[k];
    wmul *= b[k];
  }
  struct acc s;
  fill(&s);
#pragma acc parallel loop gang reduction(+:s.x) reduction(*:s.d) \
    copyin(a, b)
  for (int k = 0; k < N * M; k++) {
    s.x += a[k];
    s.d *= b[k];
  }
  CHECK_INT("parallel loop gang +", s.x, want);
  CHECK_REAL("parallel loop gang *", s.d, wmul, 1e-12);
  check_rest("parallel loop gang", &s, 1, 1, 0);
  fill(&s);
#pragma acc parallel loop gang worker vector num_workers(4) \
    vector_length(32) reduction(+:s.x) copyin(a)
  for (int k = 0; k < N * M; k++)
    s.x += a[k];
  CHECK_INT("parallel loop gang worker vector", s.x, want);
  check_rest("parallel loop gang worker vector", &s, 1, 0, 0);
  fill(&s);
  /* the construct's own clause, the loops without one */
#pragma acc parallel num_gangs(16) reduction(+:s.x) copyin(a)
  {
#pragma acc loop gang
    for (int i = 0; i < N; i++)
#pragma acc loop vector
      for (int j = 0; j < M; j++)
        s.x += a[i * M + j];
  }
  CHECK_INT("parallel reduction, loops without", s.x, want);
  check_rest("parallel reduction, loops without", &s, 1, 0, 0);
  fill(&s);
  /* s present: the clause reduces the device's s.x, which the data
     construct then copies out */
#pragma acc data copy(s) copyin(a)
  {
#pragma acc parallel loop gang vector reduction(+:s.x)
    for (int k = 0; k < N * M; k++)
      s.x += a[k];
  }
  CHECK_INT("parallel loop in a data region", s.x, want);
  check_rest("parallel loop in a data region", &s, 1, 0, 0);
}

/* Inside a region: the member of a mapped struct. */
static void test_loops(void) {
  long want = 1000;
  double wy = 2.0;
  for (int k = 0; k < N * M; k++) {
    want += a[k];
    wy += b[k];
  }
  struct acc s;
  fill(&s);
#pragma acc parallel num_gangs(8) num_workers(4) vector_length(32) \
    copy(s) copyin(a, b)
  {
#pragma acc loop gang reduction(+:s.x) reduction(+:s.in.y)
    for (int i = 0; i < N; i++) {
#pragma acc loop worker reduction(+:s.x) reduction(+:s.in.y)
      for (int j = 0; j < M / 4; j++)
#pragma acc loop vector reduction(+:s.x) reduction(+:s.in.y)
        for (int l = 0; l < 4; l++) {
          s.x += a[i * M + j * 4 + l];
          s.in.y += b[i * M + j * 4 + l];
        }
    }
  }
  CHECK_INT("gang > worker > vector loops, s.x", s.x, want);
  CHECK_REAL("gang > worker > vector loops, s.in.y", s.in.y, wy, 1e-12);
  check_rest("gang > worker > vector loops", &s, 1, 0, 1);
}

/* Rows: a worker or a vector loop reduces a member of a gang-private
   struct, stored to an array after the loop. */
static void test_rows(void) {
  static long row[N];
#pragma acc parallel loop gang num_workers(4) vector_length(32) copyin(a) \
    copyout(row)
  for (int i = 0; i < N; i++) {
    struct acc s;
    fill(&s);
#pragma acc loop worker reduction(+:s.x)
    for (int j = 0; j < M; j++)
      s.x += a[i * M + j];
    row[i] = s.x + s.n;
  }
  for (int i = 0; i < N; i++) {
    long w = 1000 + 7;
    for (int j = 0; j < M; j++)
      w += a[i * M + j];
    CHECK_INT("worker row", row[i], w);
  }
#pragma acc parallel loop gang vector_length(64) copyin(a) copyout(row)
  for (int i = 0; i < N; i++) {
    struct acc s;
    fill(&s);
#pragma acc loop vector reduction(max:s.x)
    for (int j = 0; j < M; j++)
      s.x = a[i * M + j] * 40 > s.x ? a[i * M + j] * 40 : s.x;
    row[i] = s.x;
  }
  for (int i = 0; i < N; i++) {
    long w = 1000;
    for (int j = 0; j < M; j++)
      w = a[i * M + j] * 40 > w ? a[i * M + j] * 40 : w;
    CHECK_INT("vector row max", row[i], w);
  }
}

/* A _Complex float product folded across gangs into a member 4 bytes off
   an 8-byte boundary (no 64-bit CAS there: the marker exchange). */
static void test_complex(void) {
  struct { int n; float complex z; } s = {3, 0.5f + 0.25f * I};
  float complex w = s.z;
  for (int k = 0; k < N * M; k++)
    w *= b[k] * (k % 3 == 1 ? I : 1);
#pragma acc parallel num_gangs(32) copy(s) copyin(b)
  {
#pragma acc loop gang reduction(*:s.z)
    for (int k = 0; k < N * M; k++)
      s.z *= b[k] * (k % 3 == 1 ? I : 1);
  }
  double tol = 1e-5 * cabsf(w);
  CHECK_ABS("complex float member (real)", crealf(s.z), crealf(w), tol);
  CHECK_ABS("complex float member (imag)", cimagf(s.z), cimagf(w), tol);
  CHECK_INT("complex float member, n", s.n, 3);
}

int main(void) {
  for (int k = 0; k < N * M; k++) {
    a[k] = (k * 37 % 101) - 50;
    b[k] = k % 97 == 3 ? 1.5 : (k % 89 == 5 ? 0.75 : 1.0);
  }
  test_construct();
  test_loops();
  test_rows();
  test_complex();
  return e2e_done();
}
