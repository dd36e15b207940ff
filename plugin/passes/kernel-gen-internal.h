/* kernel-gen-internal.h — what the files of the kernel generator share
 * (kernel-gen.cc: state and kernel assembly; kernel-gen-expr.cc: types and
 * expressions; kernel-gen-stmt.cc: statements; kernel-gen-loops.cc: loop
 * code; kernel-gen-partition.cc: each loop's partitioning and acc-tune
 * schedules).  Not for other passes.  */
#ifndef ACCGPU_KERNEL_GEN_INTERNAL_H
#define ACCGPU_KERNEL_GEN_INTERNAL_H 1

#include "passes/kernel-gen.h"
#include "reduction/reduction.h"
#include "passes/kernel-text.h"
#include "passes/kernel-deps.h"
#include "passes/schedule-file.h"
#include "passes/const-init.h"

struct type_entry {
  tree type; /* main variant */
  int quals; /* an array's: its elements' qualifiers (type_lookup) */
  int id;
  int state; /* 1 declared, 2 being defined, 3 defined */
};

/* Device function candidates, one per function seen by the pass. */
struct devfn {
  tree decl;
  char *text;      /* definition, or NULL when it could not be translated */
  char *proto;
  char *why;       /* first reason it could not be translated */
  bool routine;    /* has #pragma acc routine */
  bool used;
  bool noted;
  vec<tree> callees;
  tree global;     /* a declared global it uses (routine-globals.cc) */
};

struct name_entry {
  tree decl;
  char *text;
};

/* A reduction of a loop being translated (kernel-gen-reduce.cc). */
struct loop_red {
  tree decl;
  tree type;             /* of its values: DECL's, or its elements' */
  unsigned long len;     /* elements of an array reduction (0: scalar) */
  tree vtype;            /* the reduced array's type (a section's) */
  unsigned long lo;      /* a section's first element */
  bool section;          /* of an array or pointer (or one element) */
  char *bound;           /* what DECL is called in the loop */
  enum tree_code op;
  char *priv;            /* its partial; NULL: adds into INTO's */
  struct loop_red *into;
  int dims;              /* the loop's levels */
  int span;              /* levels its combine spans (inner loops' too) */
  bool gather;           /* inner partitioned loops add into the partial */
  bool big;              /* no partial: atomics on the variable
                            (kernel-gen-red-big.cc) */
  gimple *loop;          /* the loop whose clause it is */
};

struct kg {
  struct kbuf decls;   /* local declarations */
  struct kbuf *out;    /* where statements go */
  vec<name_entry> names;
  location_t loc;
  bool failed;
  bool quiet;          /* device-function candidates: record, don't report */
  char *why;
  bool routine_mode;   /* a __device__ function (its loops partitioned only
                          for routine gang/worker/vector) */
  int dims;            /* dimensions the kernel uses */
  int part;            /* dimensions partitioned at this point */
  int kind;            /* target kind */
  bool gang_redundant_store;
  bool in_single;      /* inside one thread's guarded part (no barrier) */
  bool ld_noted;       /* said that long double is computed in double */
  vec<tree> shared;    /* gang-private aggregates in __shared__ memory */
  /* What the region's body holds, found by one walk each (0: not yet):
     the variables its atomics update (kg_atomic_target_p); 1 or 2: it
     does not or does take a thread's local's address (atomics through
     pointers then test the address at run time). */
  bool atomic_targets_known;
  vec<tree> atomic_targets;
  int takes_local_addr;
  unsigned long shared_bytes;
  int indent;
  int counter;
  hash_map<gimple *, int> *loop_dims;
  hash_map<gimple *, int> *sched_dims; /* loops an acc-tune schedule maps */
  vec<tree> callees;
  vec<tree> derived_from; /* pairs: pointer temp, root param */
  vec<tree> written;      /* root params stored through */
  struct kg_region *region;
  vec<loop_red *> lreds;  /* reductions of the loops being translated */
  vec<loop_red *> creds;  /* the construct's atomic ones, under them */
  unsigned red_scratch;   /* largest type a combine moves (0: none) */
  tree global_used;       /* a declared global a routine uses */
  gomp_for *bars_hoisted; /* inner loop whose barriers are outside its outer
                             loop (kernel-gen-bars.cc) */
  struct kg_wide *wide;   /* the wide loop being emitted (kernel-gen-wide.cc) */
  int seq_above;          /* kernels: sequential loops around (assign_dims) */
};

/* One level of a loop: its index, bounds, step and condition. */
struct loop_level {
  tree index, n1, n2, step;
  enum tree_code cond;
};

/* A reducing vector loop whose 4-byte loads go wide (kernel-gen-wide.cc):
   the loads' statements and references, in body order, the statements that
   compute addresses only, and the group's copy being emitted (-1: none). */
struct kg_wide {
  vec<gimple *> loads;
  vec<tree> refs;
  vec<gimple *> addr;
  int id;
  int copy;
};

/* An acc loop and the acc loops directly inside it (kernel-gen-loops.cc). */
struct lnode {
  gomp_for *stmt;
  int explicit_dims; /* from gang/worker/vector clauses */
  bool seq, autop, indep;
  bool found;        /* kernels: auto, found independent (auto_independent) */
  vec<lnode *> kids;
};

/* kernel-gen.cc: module state, helpers, kernel assembly */
devfn *kg_find_devfn(tree decl);
bool kg_vla_type_p(tree t);
void fail(kg *g, tree t, const char *msg);
void fail_at(kg *g, tree d, location_t loc, const char *msg);
void reject_vla_private(kg *g, tree clauses);
void ind(kg *g);
/* The compile-time setting NAME (ACCGPU_RED_UNROLL, ...: to time a choice)
   when set to an integer in [LO, HI] (LO >= 1), else 0. */
int kg_env_int(const char *name, int lo, int hi);
/* The compile-time setting NAME (ACCGPU_WIDE, ...) is "0": a choice off. */
bool kg_env_off(const char *name);
const char *lookup_name(kg *g, tree decl);
const char *kg_ident(tree decl, const char *dflt, char *buf, size_t n);
void push_name(kg *g, tree decl, const char *text);
tree kg_callee_dims(gimple_stmt_iterator *gsi, bool *handled,
                    walk_stmt_info *wi);
/* The worker/vector levels of the routines SEQ calls. */
int kg_seq_callee_dims(gimple_seq seq);
char *device_proto(kg *g, tree fn, bool with_names);
extern struct kbuf kg_types;
extern vec<type_entry> kg_type_tab;
extern vec<tree> kg_statics;

/* kernel-gen-expr.cc: types and expressions */
void need_complete(kg *g, tree t);
void type_str(kg *g, kbuf *b, tree t);
/* Bits of integer type T when C has no type of its precision (a
   bit-field's, `int v : 12`), else 0; E (text) converted to T: its low
   bits, sign-extended for a signed T (what storing into T does). */
int kg_narrow_bits(tree t);
void kg_narrow_value(kbuf *b, tree type, const char *e);
void decl_str(kg *g, kbuf *b, tree type, const char *name);
/* routine-globals.cc: a declared global in a device function (its name
   there, or NULL); the macros of their pointers in parameter and argument
   lists (NONE_BEFORE: the list is otherwise empty); a kernel's setting of
   them; the macros' definitions, for the module prelude. */
const char *kg_routine_global(kg *g, tree d);
void kg_global_params(struct kbuf *b, bool none_before);
void kg_global_args(struct kbuf *b, bool none_before);
void kg_kernel_globals(kg *g, struct kbuf *b);
void kg_globals_prelude(struct kbuf *b);
/* routine-link.cc: routines shared between units.  A call to a routine
   defined in another unit (CALL gets the callee's name and `(`; false when
   it cannot be imported, reported at LOC); whether FN is one (and marking
   it used: only used imports reach the module); FN's exported
   entry when other units may call it; the prelude's declarations of the
   imported routines and the exported entries. */
bool kg_import_call(kg *g, tree fn, struct kbuf *call, location_t loc);
bool kg_imported_p(tree fn);
bool kg_use_import(tree fn); /* marks FN used when it is an import */
bool kg_export_routine(kg *g, tree fn);
void kg_link_imports(struct kbuf *b);
void kg_link_exports(struct kbuf *b);
bool kg_is_local_auto(tree d);
const char *decl_name(kg *g, tree d);
void int_cst(kg *g, kbuf *b, tree t);
void cast_to(kg *g, kbuf *b, tree type, tree e);
void binop(kg *g, kbuf *b, enum tree_code code, tree type, tree x,
           tree y);
void unop(kg *g, kbuf *b, enum tree_code code, tree type, tree x);
void ex(kg *g, kbuf *b, tree t);
/* long double on the device (docs/compiler.md, "long double"; the type
   test, kg_ld_type_p, is in accgpu-plugin.h): T as the type of an object
   in memory; the note; whether T is such an object in memory; its text as
   an lvalue; the encoding a store to LHS needs (NULL: none). */
void storage_str(kg *g, kbuf *b, tree t);
void kg_ld_note(kg *g);
bool kg_ld_mem_p(kg *g, tree t);
void kg_ex_lvalue(kg *g, kbuf *b, tree t);
const char *kg_ld_store_fn(kg *g, tree lhs);
/* kernel-gen-builtins.cc */
void kg_emit_call_result(kg *g, tree lhs, kbuf *call);
bool kg_emit_builtin(kg *g, gimple *s, tree fn);
bool kg_emit_libcall(kg *g, gimple *s, tree fn);
/* pointer-private-launch.cc: the marker call of a private section's copy. */
bool kg_emit_private_copy(kg *g, gimple *s, tree fn);
void kg_string_literal(kg *g, kbuf *b, tree s);
bool shared_store_p(kg *g, tree lhs);
tree root_of(kg *g, tree p);
void mark_written(kg *g, tree root);
void note_store(kg *g, tree lhs);

/* kernel-gen-complex.cc: _Complex float/double as structs of two reals
   with explicit arithmetic.  The binop/unop forms return false when
   the operation is not one on complex values (reduction.h:
   accgpu_red_complex says which types are complex float or double). */
const char *kg_complex_name(kg *g, tree t);
void kg_complex_convert(kg *g, kbuf *b, tree t, tree x);
bool kg_complex_binop(kg *g, kbuf *b, enum tree_code code, tree type, tree x,
                      tree y);
bool kg_complex_unop(kg *g, kbuf *b, enum tree_code code, tree type, tree x);
void kg_complex_cst(kg *g, kbuf *b, tree t);
void kg_complex_part(kg *g, kbuf *b, tree t);
bool kg_complex_builtin(kg *g, gimple *s, enum built_in_function code);

/* kernel-gen-stmt.cc: statements */
bool need_guard(kg *g);
bool after_barrier(kg *g);
void open_guard(kg *g);
void redundant_barrier(kg *g);
void close_guard(kg *g);
/* The guard here is one worker's row (vector-single in a worker loop). */
bool kg_row_guard(kg *g);
/* Levels a `routine` FN may partition (0: seq or none). */
int kg_routine_dims(tree fn);
/* FN is a math builtin the device has (sqrt, exp, ...). */
bool kg_math_builtin_p(tree fn);
/* kernel-gen-single-call.cc: call S of FN runs in one thread of the
   redundant ones, between these two (LHS: its result, or NULL). */
bool kg_single_call_p(kg *g, gimple *s, tree fn);
void kg_single_call_open(kg *g);
void kg_single_call_close(kg *g, tree lhs);
void kg_emit_maybe_single(kg *g, tree lhs, kbuf *call, bool single);
/* Array reductions (kernel-gen-reduce-array.cc): the values a reduction
   on TYPE combines; a clause item's variable; the loop over R's elements
   and the text of element __ri of BASE (R's partial; the variable outside
   the loop); what R's variable is called in its loop. */
tree kgr_value_type(tree type, unsigned long *len);
tree kgr_red_item(tree item, tree *vtype, unsigned long *lo);
void kgr_elem_open(kg *g, struct loop_red *r);
void kgr_elem_close(kg *g, struct loop_red *r);
void kgr_elem_text(kg *g, struct loop_red *r, const char *base,
                   struct kbuf *b);
void kgr_outer_text(kg *g, struct loop_red *r, const char *base,
                    struct kbuf *b);
char *kgr_bound_text(kg *g, struct loop_red *r);
void red_identity(kg *g, kbuf *b, enum tree_code op, tree type);
char *red_helpers(kg *g, enum tree_code op, tree type);
void maybe_share(kg *g, tree d);
void kg_share_or_memory(kg *g, tree d);
bool kg_atomic_target_p(kg *g, tree d);
/* kernel-gen-layout.cc: would T's members, written in order, land where
   GCC put them (no pack or aligned attribute moved them)?  If not, can T
   be written with explicit padding (no bit-fields); F's byte offset; a
   padding member K of N bytes. */
bool kg_layout_natural_p(tree t);
bool kg_layout_explicit_ok(tree t);
unsigned long kg_field_offset(tree f);
void kg_layout_pad(kbuf *b, unsigned k, unsigned long n);
/* kernel-gen-lane-stores.cc: a worker or vector loop of G's region stores
   the gang-level scalar D for the gang's code after it (gang-shared). */
bool kg_lane_store_escapes(kg *g, tree d);
/* A worker or vector loop of G's region stores into (a part of) D: a
   gang-private aggregate its lanes must share. */
bool kg_lane_writes_p(kg *g, tree d);
void emit_seq(kg *g, gimple_seq seq);
void kg_emit_assign(kg *g, gimple *s);

/* kernel-gen-loops.cc: a partitioned loop's code */
void emit_omp_for(kg *g, gomp_for *f);
/* A lane's loop over VAR<ID> counted by its own trips (__n<ID>) of LO..HI
   by STEP, UNROLL copies in flight (ACCGPU_UNROLL); the brace left open. */
void kg_emit_counted_head(kg *g, const char *var, int id, const char *lo,
                          const char *hi, const char *step, int unroll);
/* LV's index set from its iteration number DIGIT (text). */
void kg_emit_index(kg *g, const loop_level *lv, const char *digit);
/* kernel-gen-wide.cc: when loop F (one level LV, partitioned DIMS, with
   reductions REDS) may read its 4-byte loads four iterations at a time,
   emits that form (START, STEP: a lane's first iteration and stride)
   ending in an open `else {` for the plain loop, which kg_wide_close
   closes after it; false (nothing emitted) otherwise.  kg_wide_load: S is
   one of the wide loads of the copy being emitted: emitted. */
bool kg_wide_try(kg *g, gomp_for *f, const loop_level *lv, int dims,
                 vec<loop_red *> *reds, int id, const char *start,
                 const char *step);
void kg_wide_close(kg *g);
bool kg_wide_load(kg *g, gimple *s);
int loop_dims_of(kg *g, gimple *f);
/* kernel-gen-readonly.cc: OP loads through a pointer nothing in the
   region writes through. */
bool kg_readonly_load_p(kg *g, tree op);
/* kernel-gen-readonly.cc: in `kernels`, where the compiler and not the
   user decided the loops, read-only pointer R may reach memory one of
   WRITTEN is written through and the runtime does not check the pair
   (kd_may_alias_rw, kd_assumed_distinct_p): R then gets no `__restrict__`
   (a sequential loop over a + 1 and a was vectorized on the multicore
   device) and its loads no exemption from barriers. */
bool kg_ro_alias_p(kg *g, tree r, const vec<tree> &written);
/* kernel-gen-bars.cc */
gomp_for *kg_bars_hoistable(kg *g, gomp_for *f, int dims);
/* kernel-gen-partition.cc: partitioning, info notes, schedules */
/* KERNELS: loops of a kernels region (auto unless independent or seq). */
void collect_loops(gimple_seq seq, vec<lnode *> *out, bool kernels);
int assign_dims(kg *g, lnode *n, int used, bool kernels, bool serial);
void free_loops(vec<lnode *> *v);
void info_loops(kg *g, vec<lnode *> *v);
bool sched_apply(kg *g, vec<lnode *> *loops, bool kernels,
                 bool serial);
/* Code every thread of a block may run redundantly: SEQ holds only NEXT
   (a loop) and assignments to local scalars. */
bool kg_only_locals(kg *g, gimple_seq seq, gimple *next);
/* F has a clause of kind CODE. */
bool kg_loop_has_clause(gimple *f, enum omp_clause_code code);
/* Dimensions explicitly asked for below N. */
int explicit_below(lnode *n);
/* An explicit level in N's subtree breaks the nesting rule (USED: the
   levels of enclosing loops). */
bool kg_levels_break(lnode *n, int used, bool kernels);
/* kernels-pgi-nest.cc: a kernels nest whose gang/vector loops break the
   nesting rule mapped one loop per grid dimension.  Returns the levels
   (KG_PGI_*) when mapped, 0 when the rule holds, -1 when it cannot be
   mapped: *WHY says why, *AT where. */
int kg_pgi_nest(kg *g, vec<lnode *> *loops, const char **why,
                location_t *at);

/* kernel-gen-reduce.cc: loop reductions */
bool kgr_open(kg *g, gomp_for *f, int dims, int id, vec<loop_red *> *reds);
void kgr_bind(kg *g, vec<loop_red *> *reds);
void kgr_unbind(kg *g, vec<loop_red *> *reds);
void kgr_close(kg *g, vec<loop_red *> *reds);
void kgr_scratch_decl(kg *g);
/* kernel-gen-red-leader.cc: R's combined value is needed by the block's
   (the row's) first thread only. */
bool kgr_leader_only(kg *g, struct loop_red *r);
bool kgr_first_thread_folds(kg *g, struct loop_red *r);
/* S copies a member reduction's variable from or to its member
   (member-reduction.cc) where the kernel names the variable by the
   member: nothing to do. */
bool kgr_member_copy_p(kg *g, gimple *s);
/* The open reduction whose partial VAR names now (NULL: none). */
struct loop_red *kgr_owner(kg *g, tree var);
/* kernel-gen-red-slice.cc: statements of SEQ that only the first thread
   of the levels in *LEVELS runs (NULL: none; free with XDELETE). */
vec<gimple *> *kgr_slice(kg *g, gimple_seq seq, int *levels);
/* kernel-gen-red-big.cc: reductions on large or run-time-sized arrays,
   done with atomics on the variable's elements. */
tree kgr_big_item(tree item, tree *etype);
bool kgr_big_open(kg *g, struct loop_red *r);
bool kgr_big_assign(kg *g, gimple *s);
/* The innermost open reduction on VAR is one done with atomics: an inner
   loop's reduction on it folds with atomics too. */
bool kgr_big_on(kg *g, tree var);
/* Construct-level reductions of R: each gang's private copy (declared,
   named), and its atomic fold into the mapped variable at the end. */
void kgr_construct_open(kg *g, struct kg_region *r);
void kgr_construct_close(kg *g, struct kg_region *r, struct kbuf *body);

#endif
