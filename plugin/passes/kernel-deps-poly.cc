/* kernel-deps-poly.cc — polynomials over loop-invariant symbols and loop
 * indices, and affine values built on them: the arithmetic of the kernels
 * dependence analysis (kernel-deps.cc). */
#include "passes/kernel-deps-internal.h"
#include "passes/flow.h"
#include "passes/kernel-gen.h"

/* ---- polynomials over symbols ---- */





static bool mono_eq(const mono *a, const mono *b)
{
  if (a->n != b->n)
    return false;
  for (unsigned k = 0; k < a->n; k++)
    if (a->s[k] != b->s[k])
      return false;
  return true;
}

poly kd_p_const(HOST_WIDE_INT k)
{
  poly p;
  p.bad = false;
  p.n = 0;
  if (k) {
    p.t[0].c = k;
    p.t[0].m.n = 0;
    p.n = 1;
  }
  return p;
}

poly kd_p_sym(int id)
{
  poly p = kd_p_const(0);
  p.t[0].c = 1;
  p.t[0].m.n = 1;
  p.t[0].m.s[0] = (unsigned short)id;
  p.n = 1;
  return p;
}

void kd_p_addterm(poly *p, HOST_WIDE_INT c, const mono *m)
{
  if (p->bad || !c)
    return;
  for (unsigned k = 0; k < p->n; k++)
    if (mono_eq(&p->t[k].m, m)) {
      if (__builtin_add_overflow(p->t[k].c, c, &p->t[k].c))
        p->bad = true;
      else if (!p->t[k].c)
        p->t[k] = p->t[--p->n];
      return;
    }
  if (p->n == PT) {
    p->bad = true;
    return;
  }
  p->t[p->n].c = c;
  p->t[p->n].m = *m;
  p->n++;
}

/* A + S * B. */
poly kd_p_add(const poly *a, const poly *b, HOST_WIDE_INT s)
{
  poly r = *a;
  r.bad |= b->bad;
  for (unsigned k = 0; k < b->n && !r.bad; k++) {
    HOST_WIDE_INT c;
    if (__builtin_mul_overflow(b->t[k].c, s, &c))
      r.bad = true;
    else
      kd_p_addterm(&r, c, &b->t[k].m);
  }
  return r;
}

static bool mono_mul(const mono *a, const mono *b, mono *r)
{
  if (a->n + b->n > PD)
    return false;
  unsigned i = 0, j = 0;
  r->n = 0;
  while (i < a->n || j < b->n)
    if (j >= b->n || (i < a->n && a->s[i] <= b->s[j]))
      r->s[r->n++] = a->s[i++];
    else
      r->s[r->n++] = b->s[j++];
  return true;
}

poly kd_p_mul(const poly *a, const poly *b)
{
  poly r = kd_p_const(0);
  r.bad = a->bad || b->bad;
  for (unsigned i = 0; i < a->n && !r.bad; i++)
    for (unsigned j = 0; j < b->n && !r.bad; j++) {
      mono m;
      HOST_WIDE_INT c;
      if (!mono_mul(&a->t[i].m, &b->t[j].m, &m)
          || __builtin_mul_overflow(a->t[i].c, b->t[j].c, &c))
        r.bad = true;
      else
        kd_p_addterm(&r, c, &m);
    }
  return r;
}

bool kd_p_eq(const poly *a, const poly *b)
{
  poly d = kd_p_add(a, b, -1);
  return !a->bad && !b->bad && !d.bad && d.n == 0;
}

bool kd_p_is_const(const poly *p, HOST_WIDE_INT *k)
{
  if (p->bad || p->n > 1 || (p->n == 1 && p->t[0].m.n))
    return false;
  *k = p->n ? p->t[0].c : 0;
  return true;
}

/* Occurrences of symbol ID in M. */
static unsigned mono_count(const mono *m, int id)
{
  unsigned c = 0;
  for (unsigned k = 0; k < m->n; k++)
    c += m->s[k] == id;
  return c;
}

bool kd_p_has(const poly *p, int id)
{
  for (unsigned k = 0; k < p->n; k++)
    if (mono_count(&p->t[k].m, id))
      return true;
  return false;
}

/* M without the occurrences of ID. */
static mono mono_drop(const mono *m, int id)
{
  mono r;
  memset(&r, 0, sizeof r);
  for (unsigned k = 0; k < m->n; k++)
    if (m->s[k] != id)
      r.s[r.n++] = m->s[k];
  return r;
}

/* P = C * id + R with C, R free of ID; false when ID appears squared. */
bool kd_p_split(const poly *p, int id, poly *c, poly *r)
{
  *c = kd_p_const(0);
  *r = kd_p_const(0);
  for (unsigned k = 0; k < p->n; k++) {
    unsigned n = mono_count(&p->t[k].m, id);
    if (n > 1)
      return false;
    mono m = mono_drop(&p->t[k].m, id);
    kd_p_addterm(n ? c : r, p->t[k].c, &m);
  }
  return !p->bad && !c->bad && !r->bad;
}

/* P with symbol ID replaced by the polynomial V. */
poly kd_p_subst(const poly *p, int id, const poly *v)
{
  poly out = kd_p_const(0);
  out.bad = p->bad;
  for (unsigned k = 0; k < p->n && !out.bad; k++) {
    unsigned n = mono_count(&p->t[k].m, id);
    poly t = kd_p_const(0);
    mono m = mono_drop(&p->t[k].m, id);
    kd_p_addterm(&t, p->t[k].c, &m);
    for (unsigned e = 0; e < n; e++)
      t = kd_p_mul(&t, v);
    out = kd_p_add(&out, &t, 1);
  }
  return out;
}

/* ---- symbolic values ---- */

/* BASE + P, BASE a pointer or array (NULL for integers).  WRAP: known only
   modulo 2^precision of a narrow unsigned type. */

aff kd_a_unknown(void)
{
  aff a;
  a.unknown = true;
  a.wrap = false;
  a.base = NULL_TREE;
  a.p = kd_p_const(0);
  return a;
}

aff kd_a_of(const poly &p)
{
  aff a = kd_a_unknown();
  a.unknown = p.bad;
  a.p = p;
  return a;
}

bool kd_a_eq(const aff *x, const aff *y)
{
  return !x->unknown && !y->unknown && x->wrap == y->wrap
         && x->base == y->base && kd_p_eq(&x->p, &y->p);
}

/* A symbol: a loop-invariant value (LOOP -1), the loop's index (-2), or
   the index of inner loop LOOP, with its range [LO, HI] when RANGED.
   INST 1 is the copy standing for another iteration's inner indices. */


/* ARRAY: for a[e0][e1]... of a true multi-dimensional array (inner
   subscripts in bounds, as C requires), the array's address and type and
   the subscripts, outermost first (ND = 0 otherwise). */

/* What a scalar holds at a point of the body: not yet assigned in this
   iteration (OUT), maybe assigned (MAYBE), or the value V. */





