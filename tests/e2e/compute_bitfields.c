/* compute_bitfields.c — structs with bit-fields (packed flags, small
 * signed counters, as particle and mesh codes keep them) read and updated
 * in compute regions and a routine. GIMPLE holds bit-field values in
 * temporaries of the field's own precision (`unsigned:3`, `signed:12`);
 * the kernel keeps them in the next C type up and wraps them as storing
 * into the field would. Against the same updates run serially. */
#include "e2e.h"

typedef struct {
  unsigned kind : 3;
  unsigned flag : 1;
  int val : 12;
  int neg : 1;
  unsigned long long wide : 40;
} cell_t;

#define N 500

#pragma acc routine seq
static int score(cell_t c)
{
  return c.kind * 3 + c.flag * 100 + c.val + c.neg * 7 + (int)(c.wide >> 30);
}

static void update(cell_t *c, int i)
{
  c->kind += 5;          /* wraps modulo 8 */
  c->flag = !c->flag;
  c->val += 1500 + i;    /* wraps in 12 signed bits */
  c->neg = c->neg ? 0 : -1;
  c->wide += 0xFFFFFFFFFULL * (unsigned)(i % 7);
}

int main(void)
{
  static cell_t c[N], r[N];
  int sc[N];
  for (int i = 0; i < N; i++) {
    c[i].kind = i % 8;
    c[i].flag = i % 2;
    c[i].val = (i * 37) % 4096 - 2048;
    c[i].neg = -(i % 2);
    c[i].wide = (unsigned long long)i * 0x123456789ULL;
    r[i] = c[i];
  }
#pragma acc parallel loop copy(c) copyout(sc)
  for (int i = 0; i < N; i++) {
    cell_t t = c[i];
    t.kind += 5;
    t.flag = !t.flag;
    t.val += 1500 + i;
    t.neg = t.neg ? 0 : -1;
    t.wide += 0xFFFFFFFFFULL * (unsigned)(i % 7);
    unsigned k3 = t.kind;
    c[i] = t;
    c[i].kind = k3 + 1;   /* through a temporary of the field's type */
    sc[i] = score(c[i]);
  }
  for (int i = 0; i < N; i++) {
    update(&r[i], i);
    r[i].kind = r[i].kind + 1;
    CHECK_INT("kind", c[i].kind, r[i].kind);
    CHECK_INT("flag", c[i].flag, r[i].flag);
    CHECK_INT("val", c[i].val, r[i].val);
    CHECK_INT("neg", c[i].neg, r[i].neg);
    CHECK_INT("wide", (long long)c[i].wide, (long long)r[i].wide);
    CHECK_INT("score", sc[i], score(r[i]));
  }
  return e2e_done();
}
