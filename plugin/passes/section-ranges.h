/* section-ranges.h — ranges of integer values in a compute region as host
 * expressions (section-ranges.cc), for implicit-sections.cc.
 *
 * A range is [LO, HI] in ssizetype, GENERIC made of constants and of
 * variables the region does not assign (their value at the construct's
 * entry), valid whenever COND holds (NULL_TREE: always); COND is false when
 * a loop the value depends on runs no iteration. */
#ifndef ACCGPU_SECTION_RANGES_H
#define ACCGPU_SECTION_RANGES_H 1

#include "accgpu-plugin.h"

struct sr_range {
  bool ok, empty; /* empty: no value yet (a union's start) */
  tree lo, hi, cond;
};

/* A loop of the region: INDEX takes values in [LO, HI] (expressions of
   region values, not yet ranges); LO NULL_TREE when they are unknown.  A
   plain loop spans INIT..EXIT of the region's statements (NULL: an acc
   loop, whose index is private to it); OMP is the acc loop (else NULL). */
struct sr_loop {
  tree index, lo, hi;
  gimple *init, *exit, *omp;
};

/* Statements [FROM, TO) of the region run only while INDEX is in [LO, HI]
   (either NULL_TREE: no bound on that side): section-guards.cc. */
struct sr_guard {
  int from, to;
  tree index, lo, hi;
};

struct sr_ctx {
  vec<gimple *> st;     /* the region's statements, nested ones included */
  vec<gimple *> skip;   /* plain loops' index assignments (start, step) */
  vec<sr_loop> loops;
  vec<tree> locals;     /* declared in the region */
  bool calls;           /* calls a function (globals may change) */
  tree ptr;             /* the pointer analysed, or NULL_TREE */
  vec<tree> derived;    /* pointers the region computes from it */
  hash_map<tree, sr_range> *memo;
  vec<tree> busy;       /* variables being evaluated (a cycle: unknown) */
  vec<sr_guard> guards; /* the region's boundary tests */
  vec<sr_guard> narrow; /* those that hold at the statement scanned */
  hash_map<tree, sr_range> *outer_memo; /* the memo while they hold */
};

void sr_init(struct sr_ctx *c, gomp_target *t);
void sr_fini(struct sr_ctx *c);
/* Forgets the ranges of the previous pointer; PTR is the next one. */
void sr_set_ptr(struct sr_ctx *c, tree ptr);

/* section-guards.cc: finds C's boundary tests (sr_init calls it). */
void sr_find_guards(struct sr_ctx *c);
/* Narrows loop indices to the tests that guard C->st[POS]; false when
   none does.  After true, sr_leave_guards before the next statement. */
bool sr_enter_guards(struct sr_ctx *c, unsigned pos);
void sr_leave_guards(struct sr_ctx *c);

/* The range of integer or pointer expression E over the region (a pointer
   derived from C->ptr: its byte offset from C->ptr); !ok when unknown. */
struct sr_range sr_eval(struct sr_ctx *c, tree e);
struct sr_range sr_point(tree x);
struct sr_range sr_add(struct sr_range a, struct sr_range b);
struct sr_range sr_scale(struct sr_range a, HOST_WIDE_INT k);
/* The range of no value, to unite others with. */
struct sr_range sr_empty(void);
/* Union; an empty operand is ignored. */
struct sr_range sr_unite(struct sr_range a, struct sr_range b);

#endif
