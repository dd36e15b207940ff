/* accgpu-plugin.h — state shared by the parts of accgpu.so: options from
 * -fplugin-arg-accgpu-*, the per-translation-unit module of kernels, and the
 * compute-construct lowering called by the pass driver.                   */
#ifndef ACCGPU_PLUGIN_H
#define ACCGPU_PLUGIN_H 1

#include "gcc-common.h"
#include "module-build.h"

struct accgpu_options {
  const char *keep_dir;    /* -fplugin-arg-accgpu-keep=DIR, or NULL */
  int info;                /* -fplugin-arg-accgpu-info */
  int dump;                /* -fplugin-arg-accgpu-dump: GIMPLE to stderr */
  const char *cc;          /* compiler for the emulator image */
  const char *include_dir; /* directory holding accgpu_cuda.h */
  const char *cuda_home;   /* CUDA toolkit root (for nvcc fallback) */
  int emu_unchecked;       /* -fplugin-arg-accgpu-emu-check=no: emulator
                              images without memcheck/racecheck hooks */
  int pointer_clause;      /* warn for copyin(p): 1, 0, -1 = as -Wall */
  accgpu_mb_gpu gpu;       /* -fplugin-arg-accgpu-gpu=sm_80,sm_90: cubins */
};
extern struct accgpu_options accgpu_opts;

/* Keeps T alive across garbage collections (a registered GC root); for
   trees cached in file-level variables. */
void accgpu_keep(tree t);

/* A new local variable of TYPE for the GENERIC rewrites (context the
   current function, kept, not in the debug info): named and located as
   the decl LIKE, or when LIKE is NULL_TREE unnamed and artificial at LOC.
   Chained on *VARS (a BIND_EXPR's list) when VARS is not NULL. */
tree accgpu_new_var(tree like, tree type, location_t loc, tree *vars);

/* ---- module-emit.cc: one CUDA C module per translation unit ---- */

/* Appends the text of a kernel (definition plus emulator entry) to the
   module and records its table entry; returns the kernel's index.  NAME and
   TEXT are copied.  PARAM_SIZES has NPARAMS entries.  LOC is the address
   of the construct's __accgpu_loc (a tree). */
unsigned accgpu_module_add_kernel(const char *name, const char *text,
                                  unsigned nparams,
                                  const unsigned *param_sizes, tree loc);
/* Names the profile values of kernel KERNEL (__accgpu_kernel.trip_vars and
   sym_names: NTRIPS loop variables, then NSYMS parameters); copied. */
void accgpu_module_set_values(unsigned kernel, unsigned ntrips,
                              const char *const *trip_vars, unsigned nsyms,
                              const char *const *sym_names);
/* Appends TEXT to the module's prelude (types, helpers), before every
   kernel.  Copied. */
void accgpu_module_add_prelude(const char *text);
/* A routine shared with other units (routine-link.cc): one the device code
   calls (IMPORT, a weak reference to its __accgpu_xdef_NAME), or one it
   exports (the public __accgpu_xdef_NAME; NOTE, when not NULL, says why
   other units may not call it, or for an import which routines bind to
   it).  NAME and NOTE are copied. */
void accgpu_module_add_link(const char *name, bool import,
                            const char *note);
/* Address of the TU's static __accgpu_module (created on first use). */
tree accgpu_module_addr(void);
/* PLUGIN_FINISH_UNIT: builds the CUDA source, PTX and emulator image and
   gives __accgpu_module its initializer. */
void accgpu_module_finish(void *gcc_data, void *user_data);
/* PLUGIN_ALL_IPA_PASSES_START: the same under -flto, whose objects are
   written before FINISH_UNIT (once only). */
void accgpu_module_finish_lto(void *gcc_data, void *user_data);

/* ---- pointer-clauses.cc: copyin(p) without a range ---- */

/* Takes -fplugin-arg-accgpu-Wpointer-clause / -Wno-pointer-clause; false
   for other arguments. */
bool accgpu_pointer_clause_arg(const char *key, const char *val);
/* Registers the check when it is on (after the arguments were read). */
void accgpu_pointer_clause_init(const char *plugin_name);
/* -Wall is on (the last of -Wall / -Wno-all on the command line). */
bool accgpu_wall_given(void);

/* The clause word a map of KIND in CONSTRUCT (an OACC_* tree code) was
   written as ("copyin", "present", "self" ...), NULL for those that take a
   pointer as such (deviceptr, attach, pointer assignments). */
const char *accgpu_map_clause_name(unsigned kind, enum tree_code construct);

/* ---- array-params.cc: copyin(A) of `double A[NI][NK]` is A[0:NI] ---- */
void accgpu_array_params_init(const char *plugin_name);
/* plugin.cc: lays out record T the plugin built (NAME: finish_builtin_struct
   with FIELDS, else layout_type) with natural alignment whatever
   -fpack-struct or a `#pragma pack` in effect says: the runtime reads it
   with its own (include/accgpu_abi.h). */
void accgpu_layout_natural(tree t, const char *name, tree fields);
/* declare-link.cc: link globals used in routines (GCC 12 refuses them). */
void accgpu_declare_link_init(const char *plugin_name);
/* routine-const-locals.cc: const initialized local aggregates in routines
   (GCC 12 makes them globals, then refuses them). */
void accgpu_routine_const_locals_init(const char *plugin_name);
/* data-default.cc: default(present|none) on data constructs. */
void accgpu_data_default_init(const char *plugin_name);
/* clause-conflicts.cc: private and reduction of one variable: an error. */
void accgpu_clause_conflicts_init(const char *plugin_name);
/* loop-sign-compare.cc: a signed index from below 0 to an unsigned bound */
void accgpu_loop_sign_compare_init(const char *plugin_name);

/* ---- element-reduction-guard.cc: reduction(op: a[i]) ---- */
void accgpu_element_reduction_guard_init(const char *plugin_name);
/* element-reduction-index.cc: compute construct *TP's reductions on an
   element at a run-time index (its loops' too) take the element's address
   at its entry (*TP becomes a BIND_EXPR around it). */
void accgpu_element_index_hoist(tree *tp);
/* member-reduction.cc: reduction(op: s.x) (PLUGIN_PRE_GENERICIZE); the
   member that variable D stands for in compute regions (NULL_TREE: none). */
void accgpu_member_reduction_init(const char *plugin_name);
/* tile-sizes.cc: tile(n/10, n) (PLUGIN_PRE_GENERICIZE); an `int
   NAME(...)` marker declared at file scope; a new variable set to E
   (accgpu_new_var, long long),
   chained on *VARS with its set-up on *INIT; *TP made { VARS; INIT; *TP }
   (the GENERIC rewrites of clause markers); CB walked over the function
   GCC_DATA of PLUGIN_PRE_GENERICIZE when *PENDING, which is cleared. */
void accgpu_tile_sizes_init(const char *plugin_name);
tree accgpu_marker_fn(const char *name);
/* FUNCTION_DECL of runtime function NAME of TYPE: C (no exceptions), and
   called through the GOT (bound as the program loads, not lazily at its
   first call inside the time a program measures; docs/host-speed.md). */
tree accgpu_runtime_fn(const char *name, tree type);
tree accgpu_bind_var(tree e, tree *vars, tree *init);
void accgpu_bind_wrap(tree *tp, tree vars, tree init);
void accgpu_marker_rewrite(void *gcc_data, bool *pending, walk_tree_fn cb);
/* plugin.cc: walks each function's GENERIC as it is parsed
   (PLUGIN_PRE_GENERICIZE) with W's walk_tree function; W stays alive. */
typedef struct accgpu_generic_walk {
  walk_tree_fn fn;
} accgpu_generic_walk;
void accgpu_walk_each_generic(const char *plugin_name,
                              const accgpu_generic_walk *w);
/* gang-dims.cc: num_gangs(a, b, c) and gang(dim: d) (PLUGIN_PRE_GENERICIZE);
   the gang dimension of gang clause C (1 when none was written); the host
   variables of a num_gangs clause C's second and third values (*Z may be
   NULL_TREE), false when it has one value. */
void accgpu_gang_dims_init(const char *plugin_name);
int accgpu_gang_dim(tree c);
bool accgpu_num_gangs_yz(tree c, tree *y, tree *z);
/* The copies around a compute construct of the variable M that stands for
   REF in its reduction (D: a pointer variable): REF's device copy when it
   is present, else REF itself.  Appends M's set-up to *BEFORE, the store
   of the result to *AFTER. */
void accgpu_red_construct_copies(tree ref, tree m, tree d, tree *before,
                                 tree *after);
/* passes/kernel-gen-expr.cc: T is x86-64's long double (80-bit x87 in 16
   bytes) or its _Complex, which the device computes in double. */
bool kg_ld_type_p(tree t);
/* ldouble-reduction.cc: reductions of compute construct X (at *TP) and
   of its loops on long double variables become reductions on a double
   (docs/reductions.md, "long double"). */
void accgpu_ld_reduction_wrap(tree *tp, tree x);
/* explicit-clauses.cc: records the clauses written on compute constructs
   whose location is the construct's (_Pragma). */
void accgpu_explicit_clauses_init(const char *plugin_name);
tree accgpu_member_ref(tree d);

/* ---- passes/lower-compute.cc ---- */

/* If GSI is at an OpenACC compute construct (parallel, kernels, serial),
   replaces it with the offload test, launch and host fallback and returns
   true (GSI then points after the replacement). */
bool accgpu_lower_compute_construct(gimple_stmt_iterator *gsi);
/* Replaces an OpenACC loop or atomic at GSI outside any compute construct
   (in a routine, or orphaned) by its sequential host form; returns true
   when it did. */
bool accgpu_strip_orphan(gimple_stmt_iterator *gsi);

/* ---- passes/routine-nesting.cc ---- */

/* Errors for calls in compute construct REGION of routines whose level of
   parallelism an enclosing acc loop already uses. */
void accgpu_check_routine_nesting(gimple *region);

/* passes/acc-pass.cc: an OpenACC parallel, kernels or serial construct. */
bool accgpu_compute_construct_p(gimple *stmt);

/* ---- passes/loop-clause-checks.cc ---- */

/* GCC's omp-low/omp-offload checks of the acc loops of function FN's
   BODY: gang/worker/vector arguments outside kernels, seq or auto beside
   other specifiers (errors), nested reductions with different operators
   (a warning). */
void accgpu_check_loop_clauses(tree fn, gimple_seq body);

/* ---- passes/nested-frame.cc ---- */

/* True, after a "sorry" for each, when the OpenACC construct STMT of a GNU
   C nested function uses variables of an enclosing function (reached
   through the static chain); the caller drops it. */
bool accgpu_nested_frame_refused(gimple *stmt);

/* ---- passes/routine-globals.cc ---- */

/* Walks the body of callee FN in whichever state the pass meets it: a GIMPLE
   sequence (walk_gimple_seq with STMT_CB and OP_CB, either NULL), a CFG
   (each statement: STMT_CB, then OP_CB over its operands; the walk stops
   when one returns non-NULL) or GENERIC (GENERIC_CB over DECL_SAVED_TREE,
   with GENERIC_DATA).  False when FN has no body here. */
bool accgpu_walk_callee_body(tree fn, walk_stmt_fn stmt_cb, walk_tree_fn op_cb,
                             walk_stmt_info *wi, walk_tree_fn generic_cb,
                             void *generic_data);

/* ---- routine-bind.cc: routine ... bind(g) ---- */

/* The function a device-side call of FN runs: the function its routine
   directive binds, else FN (any tree passes through). */
tree accgpu_device_callee(tree fn);
/* Checks the binds of the unit and makes bound functions routines; once,
   before the first function is lowered. */
void accgpu_routine_bind_prepare(void);
/* The routines whose bind clause names FN, "'f' (file.c:12)" (xmalloc'd),
   or NULL. */
char *accgpu_bind_origin(tree fn);
/* Called from plugin_init. */
void accgpu_routine_bind_init(const char *plugin_name);

/* ---- passes/routine-nohost.cc: routine ... nohost ---- */

/* Errors for calls of nohost routines in the host code of FN's BODY
   (outside compute constructs). */
void accgpu_check_nohost_calls(tree fn, gimple_seq body);

#endif
