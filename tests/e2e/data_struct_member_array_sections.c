/* data_struct_member_array_sections.c — sections of fixed-size array
 * members of a struct in data clauses: `copy(p->arr[0:64])`, `copy(p->arr)`,
 * `copy(s.arr[8:32])`, nested members (`s.in.arr[0:16]`, `p->in.arr`),
 * a two-dimensional member, variable bounds, with a value member beside
 * them, on parallel, kernels and serial constructs, in data constructs with
 * present, enter/exit data and update.  GCC mapped the section and gave
 * the kernel the struct's address as the section's (p->arr[i] went
 * offsetof(arr) past it) or the host's struct (s.arr[i] read the host).
 * The guard members after the arrays must stay as they were.  GCC's own
 * host fallback (-fopenacc -foffload=disable) faults on p->arr sections. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 64
#define M 16

struct In {
  int m;
  double arr[M];
  int guard;
};

struct S {
  int n;
  struct In in;
  double arr[N];
  double m2[4][8];
  double *x;
  int guard;
};

static void init(struct S *s, double *x)
{
  s->n = N;
  s->in.m = M;
  s->in.guard = 777;
  s->guard = 12345;
  s->x = x;
  for (int i = 0; i < N; i++)
    s->arr[i] = i;
  for (int i = 0; i < M; i++) {
    s->in.arr[i] = 100 + i;
    x[i] = 0.5 * i;
  }
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++)
      s->m2[i][j] = 10 * i + j;
}

static void check(const struct S *s, const struct S *w)
{
  for (int i = 0; i < N; i++)
    CHECK_REAL("arr", s->arr[i], w->arr[i], 0);
  for (int i = 0; i < M; i++)
    CHECK_REAL("in.arr", s->in.arr[i], w->in.arr[i], 0);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++)
      CHECK_REAL("m2", s->m2[i][j], w->m2[i][j], 0);
  CHECK_INT("n", s->n, w->n);
  CHECK_INT("in.m", s->in.m, w->in.m);
  CHECK_INT("in.guard", s->in.guard, 777);
  CHECK_INT("guard", s->guard, 12345);
}

/* Through a pointer to the struct. */
static void through_pointer(struct S *p, struct S *w, int k, int len)
{
#pragma acc parallel loop copy(p->arr[0:N])
  for (int i = 0; i < N; i++)
    p->arr[i] += 1;
  for (int i = 0; i < N; i++)
    w->arr[i] += 1;

#pragma acc parallel loop copy(p->arr)
  for (int i = 0; i < N; i++)
    p->arr[i] *= 2;
  for (int i = 0; i < N; i++)
    w->arr[i] *= 2;

#pragma acc parallel loop copy(p->in.arr[0:M])
  for (int i = 0; i < M; i++)
    p->in.arr[i] -= 3;
  for (int i = 0; i < M; i++)
    w->in.arr[i] -= 3;

#pragma acc parallel loop copy(p->arr[k:len])
  for (int i = k; i < k + len; i++)
    p->arr[i] += i;
  for (int i = k; i < k + len; i++)
    w->arr[i] += i;

#pragma acc parallel loop copy(p->m2[1:2][0:8])
  for (int j = 0; j < 8; j++) {
    p->m2[1][j] += 0.5;
    p->m2[2][j] -= 0.5;
  }
  for (int j = 0; j < 8; j++) {
    w->m2[1][j] += 0.5;
    w->m2[2][j] -= 0.5;
  }

  /* a value member beside the section: the loop's bound */
#pragma acc parallel loop copy(p->arr[0:N]) copyin(p->n)
  for (int i = 0; i < p->n; i++)
    p->arr[i] += 0.25;
  for (int i = 0; i < N; i++)
    w->arr[i] += 0.25;

  /* a pointer member's section beside it */
#pragma acc parallel loop copy(p->arr[0:M]) copyin(p->x[0:M])
  for (int i = 0; i < M; i++)
    p->arr[i] += p->x[i];
  for (int i = 0; i < M; i++)
    w->arr[i] += w->x[i];

  /* the region uses p itself too: p is the struct's device address */
#pragma acc parallel loop copy(p->arr[0:N])
  for (int i = 0; i < N; i++)
    if (p)
      p->arr[i] -= 1;
  for (int i = 0; i < N; i++)
    w->arr[i] -= 1;
}

/* A local struct variable. */
static void local_struct(struct S *out, struct S *w, int k, int len)
{
  struct S s = *out;

#pragma acc parallel loop copy(s.arr[8:32])
  for (int i = 8; i < 40; i++)
    s.arr[i] *= 2;
  for (int i = 8; i < 40; i++)
    w->arr[i] *= 2;

#pragma acc parallel loop copy(s.in.arr[0:M])
  for (int i = 0; i < M; i++)
    s.in.arr[i] += 1;
  for (int i = 0; i < M; i++)
    w->in.arr[i] += 1;

#pragma acc parallel loop copy(s.arr[0:M]) copyin(s.n)
  for (int i = 0; i < s.n / 4; i++)
    s.arr[i] += 3;
  for (int i = 0; i < M; i++)
    w->arr[i] += 3;

#pragma acc parallel loop copy(s.arr[k:len], s.m2[3:1][0:8])
  for (int i = k; i < k + len; i++) {
    s.arr[i] -= 1;
    if (i < k + 8)
      s.m2[3][i - k] = i;
  }
  for (int i = k; i < k + len; i++) {
    w->arr[i] -= 1;
    if (i < k + 8)
      w->m2[3][i - k] = i;
  }

#pragma acc kernels copy(s.arr[0:N])
  for (int i = 0; i < N; i++)
    s.arr[i] += 0.5;
  for (int i = 0; i < N; i++)
    w->arr[i] += 0.5;

#pragma acc serial copy(s.in.arr[2:4])
  for (int i = 2; i < 6; i++)
    s.in.arr[i] *= 3;
  for (int i = 2; i < 6; i++)
    w->in.arr[i] *= 3;
  *out = s;
}

/* Data constructs, present, enter/exit data and update. */
static void data_regions(struct S *p, struct S *w)
{
  struct S s = *p;
#pragma acc data copy(s.arr[0:N])
  {
#pragma acc parallel loop present(s.arr[0:N])
    for (int i = 0; i < N; i++)
      s.arr[i] += 1;
  }
  for (int i = 0; i < N; i++)
    w->arr[i] += 1;
  *p = s;

#pragma acc data copy(p->arr[0:N], p->in.arr)
  {
#pragma acc parallel loop present(p->arr[0:N], p->in.arr)
    for (int i = 0; i < M; i++) {
      p->arr[i] *= 2;
      p->in.arr[i] += p->arr[i];
    }
#pragma acc update self(p->arr[0:M])
    for (int i = 0; i < M; i++)
      p->arr[i] += 1; /* on the host, then to the device */
#pragma acc update device(p->arr[0:M])
#pragma acc parallel loop present(p->arr[4:8])
    for (int i = 4; i < 12; i++)
      p->arr[i] -= 2;
  }
  for (int i = 0; i < M; i++) {
    w->arr[i] *= 2;
    w->in.arr[i] += w->arr[i];
    w->arr[i] += 1;
  }
  for (int i = 4; i < 12; i++)
    w->arr[i] -= 2;

  /* two members present, a pointer member's section beside them */
#pragma acc data copy(p->arr[0:M], p->in.arr)
  {
#pragma acc parallel loop present(p->arr[0:M], p->in.arr) copyin(p->x[0:M])
    for (int i = 0; i < M; i++) {
      p->arr[i] += p->x[i];
      p->in.arr[i] -= p->x[i];
    }
  }
  for (int i = 0; i < M; i++) {
    w->arr[i] += w->x[i];
    w->in.arr[i] -= w->x[i];
  }

#pragma acc enter data copyin(p->arr[2:8])
#pragma acc parallel loop present(p->arr[2:8])
  for (int i = 2; i < 10; i++)
    p->arr[i] += 10;
#pragma acc update self(p->arr[2:8])
  for (int i = 2; i < 10; i++)
    CHECK_REAL("update self", p->arr[i], w->arr[i] + 10, 0);
#pragma acc parallel loop present(p->arr[2:8])
  for (int i = 2; i < 10; i++)
    p->arr[i] *= 2;
#pragma acc exit data copyout(p->arr[2:8])
  for (int i = 2; i < 10; i++)
    w->arr[i] = (w->arr[i] + 10) * 2;
}

int main(void)
{
  static struct S s, w;
  static double x[M], wx[M];
  init(&s, x);
  init(&w, wx);
  through_pointer(&s, &w, 5, 20);
  check(&s, &w);
  local_struct(&s, &w, 3, 30);
  check(&s, &w);
  data_regions(&s, &w);
  check(&s, &w);
  return e2e_done();
}
