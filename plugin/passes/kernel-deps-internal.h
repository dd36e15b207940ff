/* kernel-deps-internal.h — types and functions the files of the kernels
 * dependence analysis share: kernel-deps-poly.cc (polynomials, symbolic
 * values), kernel-deps-walk.cc (walking a loop body), kernel-deps-test.cc
 * (the dependence test, one loop), kernel-deps-omp.cc (acc loops) and
 * kernel-deps.cc (the conversion). */
#ifndef ACCGPU_KERNEL_DEPS_INTERNAL_H
#define ACCGPU_KERNEL_DEPS_INTERNAL_H

#include "passes/kernel-deps.h"
#include "passes/kernel-gen.h"

enum { PT = 32, PD = 4 }; /* terms, symbols per term */

struct mono {
  unsigned char n;
  unsigned short s[PD]; /* symbol ids, sorted */
};

struct term {
  HOST_WIDE_INT c;
  mono m;
};

struct poly {
  bool bad; /* too large or overflowed: unknown */
  unsigned char n;
  term t[PT];
};

struct aff {
  bool unknown, wrap;
  tree base;
  poly p;
};

struct sym {
  tree t;
  int loop, inst, twin;
  bool ranged;
  poly lo, hi;
};

enum { MAXDIM = 4 };

struct mem_access {
  aff a;
  HOST_WIDE_INT size;
  bool store;
  bool wild;  /* offset unknown: any element of A.BASE */
  bool derived; /* A.BASE: a local pointer set from another pointer or
                   address; may reach any other base's memory */
  unsigned nd;
  aff array;
  tree atype;
  poly sub[MAXDIM];
};

enum { K_OUT, K_MAYBE, K_VAL };

struct vstate {
  unsigned char kind;
  aff v;
};

typedef vec<vstate> state;

/* An inner loop of the body: a plain C loop, or one level of an acc loop
   (OMP set; DIM: its collapsed level), whose statement then stands at
   P_INIT (entry) and P_EXIT (after the body); P_BODY, P_INCR are -1. */
struct iloop {
  kg_plain_loop l;
  int p_init, p_body, p_incr, p_exit;
  int symid;
  gomp_for *omp;
  unsigned dim;
};

struct dctx {
  tree index;
  int isym;
  vec<gimple *> st;                 /* the body, flattened */
  hash_map<gimple *, int> *pos;
  hash_map<tree, int> *lab;         /* label -> position */
  vec<iloop> loops;
  vec<tree> body_vars;
  vec<tree> vars;                   /* scalars the body assigns */
  hash_map<tree, int> *vidx;
  vec<sym> syms;
  vec<mem_access> acc;
  vec<tree> exposed;                /* read before written in an iteration */
  vec<state> head;                  /* per inner loop: state at its body */
  poly loopfact;                    /* >= 0 when the loop runs */
  vec<poly> outer;                  /* >= 0: enclosing loops run */
  HOST_WIDE_INT istep;              /* the loop's step */
  tree clauses;                     /* of the compute construct */
  hash_map<tree, tree> *entry;      /* values of outer scalars at entry */
  vec<gimple *> ent_at;             /* recorded for inner loops: at the */
  vec<tree> ent_var, ent_val;       /* init ENT_AT, VAR holds VAL */
  bool irange;                      /* the loop's index lies in [ILO, IHI] */
  poly ilo, ihi;
  bool omp_inner;                   /* acc loops inside are inner loops */
  bool bad;
};

struct dep_result {
  bool indep;
  tree alias, alias2;  /* pointers that may overlap, kept it sequential */
  bool alias_local;    /* one is a local pointer copy (mem_access DERIVED) */
  vec<tree> assumed;   /* pointers taken as distinct, checked at run time */
  bool bounds_vary;    /* the body assigns what the bounds are made of */
  vec<tree> privs;     /* scalars to privatize (index included) */
  vec<kg_red> reds;    /* recognized reductions */
  vec<tree> body_vars;
  vec<gimple *> ent_at; /* at inner loop init ENT_AT, VAR holds VAL */
  vec<tree> ent_var, ent_val;
};

struct facts {
  vec<HOST_WIDE_INT> lb;
  vec<bool> has;
};

/* kernel-deps-poly.cc */
poly kd_p_const(HOST_WIDE_INT k);
poly kd_p_sym(int id);
void kd_p_addterm(poly *p, HOST_WIDE_INT c, const mono *m);
poly kd_p_add(const poly *a, const poly *b, HOST_WIDE_INT s);
poly kd_p_mul(const poly *a, const poly *b);
bool kd_p_eq(const poly *a, const poly *b);
bool kd_p_is_const(const poly *p, HOST_WIDE_INT *k);
bool kd_p_has(const poly *p, int id);
bool kd_p_split(const poly *p, int id, poly *c, poly *r);
poly kd_p_subst(const poly *p, int id, const poly *v);
aff kd_a_unknown(void);
aff kd_a_of(const poly &p);
bool kd_a_eq(const aff *x, const aff *y);

/* kernel-deps-walk.cc */
void kd_result_free(dep_result *r);
bool kd_scalar_p(tree t);
/* Bases B1 and B2 of a kernels loop's accesses may reach the same memory:
   pointers the function cannot see the targets of (parameters, globals;
   not restrict-qualified), or such a pointer and a global array. */
bool kd_may_alias(tree b1, tree b2);
/* kernel-deps-distinct.cc: the construct with CLAUSES maps BASE with a
   range the runtime can check; the loops of REGION rely on BASE being
   distinct from the other bases noted (its map items are flagged). */
bool kd_checkable_base_p(tree clauses, tree base);
void kd_note_distinct(gimple *region, tree base);
int kd_new_sym(dctx *d, tree t, int loop);
aff kd_eval(dctx *d, state &cur, tree t);
aff kd_eval_rhs(dctx *d, state &cur, gimple *s);
void kd_flatten(dctx *d, gimple *first, gimple *stop);
void kd_collect_vars(dctx *d);
void kd_set_var(dctx *d, state &cur, tree v, aff a);
bool kd_same_rhs(gimple *a, gimple *b);
void kd_walk_body(dctx *d);
/* Flattens levels FROM.. of acc loop F, then its body, as inner loops. */
void kd_flatten_omp(dctx *d, gomp_for *f, unsigned from);

/* kernel-deps-test.cc */
bool kd_prove_index_free(dctx *d, const poly *c, bool *pos);
tree kd_find_var_cb(tree *tp, int *walk, void *data);
void kd_analyse_plain(kg_plain_loop *l, vec<kg_plain_loop *> *encl,
                      tree clauses, hash_map<tree, tree> *entry,
                      dep_result *res);
enum { KD_MATCH_PLAIN, KD_MATCH_WIDE, KD_MATCH_INNER };
bool kd_match_loop(gimple_stmt_iterator gsi, kg_plain_loop *l, int mode);
/* Analyses the loop over INDEX (from N1 by STEP while INDEX COND N2; N2
   computed by TFIRST .. before TCOND when TFIRST is set) whose body is
   FIRST .. before STOP or, when WRAP is set, levels FROM.. of the acc
   loop WRAP and its body (acc loops inside are then inner loops). */
void kd_analyse(tree index, tree n1, tree n2, enum tree_code cond,
                gimple *first, gimple *stop, gimple *tfirst, gimple *tcond,
                vec<kg_plain_loop *> *encl, HOST_WIDE_INT step, tree clauses,
                hash_map<tree, tree> *entry, gomp_for *wrap, unsigned from,
                dep_result *res);

/* kernel-deps-omp.cc: level K of acc loop F as a plain loop's bounds
   (INDEX, N1, N2, COND, STEP; INIT is F), or false when the test cannot
   take it (no integer index, a step not constant, an unsigned index
   stepping down). */
bool kd_omp_level(gomp_for *f, unsigned k, kg_plain_loop *l);

#endif
