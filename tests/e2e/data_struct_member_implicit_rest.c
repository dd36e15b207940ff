/* data_struct_member_implicit_rest.c — a compute construct names one member
 * of a struct in a data clause (`present(s.v)`, `copy(s.v)`,
 * `copy(s.v[8:32])`, `present(p->v)`) and its region uses other members
 * with no clause (`s.c`, `p->c`, a counter member it writes).  OpenACC 3.3
 * §2.6.2: the struct is then implicitly `copy` as an aggregate, so the
 * kernel must use the device copy of the whole struct: a value a kernel
 * stored in the device copy of `s.c` before must be seen, and a member the
 * region writes comes back at the region's (or the data region's) end.
 * Before, the kernel read `s.c` in the host's `s` (the emulator's memcheck:
 * "host memory, not device memory"), global or local struct alike, and
 * through a pointer it read past the member's device block.            */
#include "e2e.h"

#define N 64

struct S {
  double v[N];
  double c;
  int n;
  int hits;
};

static struct S g;

static void init(struct S *s, double c)
{
  for (int i = 0; i < N; i++)
    s->v[i] = i;
  s->c = c;
  s->n = N;
  s->hits = 0;
}

static void check(const char *what, const struct S *s, double f, int hits)
{
  for (int i = 0; i < N; i++)
    CHECK_REAL(what, s->v[i], f * i, 0);
  CHECK_INT(what, s->n, N);
  CHECK_INT(what, s->hits, hits);
}

/* The whole struct is present (data copy(g)); a kernel changes g.c on the
   device only, the next names g.v and reads g.c, writes g.hits. */
static void global_present(void)
{
  init(&g, 2.0);
#pragma acc data copy(g)
  {
#pragma acc serial present(g)
    g.c = 3.0;
#pragma acc parallel loop present(g.v)
    for (int i = 0; i < g.n; i++) {
      g.v[i] *= g.c;
      if (i == 0)
        g.hits += 1;
    }
  }
  check("global present", &g, 3.0, 1);
  CHECK_REAL("global present c", g.c, 3.0, 0);
}

/* No data region: copy(g.v) on the construct, g.c read, g.hits written. */
static void global_copy(void)
{
  init(&g, 2.0);
#pragma acc parallel loop copy(g.v)
  for (int i = 0; i < N; i++) {
    g.v[i] *= g.c;
    if (i == 0)
      g.hits = 5;
  }
  check("global copy", &g, 2.0, 5);
  /* a section of the member, the rest of it untouched */
  init(&g, 4.0);
#pragma acc parallel loop copy(g.v[8:32])
  for (int i = 8; i < 40; i++)
    g.v[i] = i * g.c;
  for (int i = 0; i < N; i++)
    CHECK_REAL("global section", g.v[i], (i >= 8 && i < 40) ? 4.0 * i : i, 0);
}

/* The same with a struct local to the function. */
static void local_struct(void)
{
  struct S s;
  init(&s, 2.0);
#pragma acc data copy(s)
  {
#pragma acc serial present(s)
    s.c = 1.5;
#pragma acc parallel loop present(s.v)
    for (int i = 0; i < N; i++) {
      s.v[i] *= s.c;
      if (i == N - 1)
        s.hits = 2;
    }
#pragma acc kernels present(s.v)
    for (int i = 0; i < N; i++)
      s.v[i] *= s.c;
  }
  check("local present", &s, 1.5 * 1.5, 2);

  init(&s, 0.5);
#pragma acc parallel loop copy(s.v) copyin(s.n)
  for (int i = 0; i < s.n; i++)
    s.v[i] *= s.c;
  check("local copy", &s, 0.5, 0);

  init(&s, 3.0);
#pragma acc serial copyin(s.v)
  {
    double t = 0;
    for (int i = 0; i < N; i++)
      t += s.v[i];
    s.c = t * s.c;
  }
  CHECK_REAL("local serial c", s.c, 3.0 * (N * (N - 1) / 2), 0);
}

/* Through a pointer to the struct: p->v named, p->c read. */
static void through_pointer(struct S *p)
{
  init(p, 2.0);
#pragma acc data copy(p[0:1])
  {
#pragma acc serial present(p[0:1])
    p->c = 2.5;
#pragma acc parallel loop present(p->v)
    for (int i = 0; i < N; i++)
      p->v[i] *= p->c;
  }
  check("pointer present", p, 2.5, 0);

  init(p, 6.0);
#pragma acc parallel loop copy(p->v)
  for (int i = 0; i < N; i++) {
    p->v[i] *= p->c;
    if (i == 0)
      p->hits = 9;
  }
  check("pointer copy", p, 6.0, 9);
}

int main(void)
{
  static struct S h;
  global_present();
  global_copy();
  local_struct();
  through_pointer(&h);
  return e2e_done();
}
