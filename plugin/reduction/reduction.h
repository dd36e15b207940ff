/* reduction.h — the CUDA C text of OpenACC reductions (docs/compiler.md,
 * "Reductions"): operators and identities, the module's device helpers
 * that combine partial values across vector lanes, workers and gangs, and
 * the shared scratch buffer they use.  kernel-gen.cc places the calls. */
#ifndef ACCGPU_REDUCTION_H
#define ACCGPU_REDUCTION_H 1

#include "accgpu-plugin.h"
#include "passes/kernel-text.h"

/* ---- combine.cc: operators on scalar values ---- */

/* C is an operator of an update `s = s OP e` a reduction can take over
   (+ * min max & | ^). */
bool accgpu_red_update_code_p(enum tree_code c);
/* S calls fmax or fmin (any precision): MAX_EXPR or MIN_EXPR, else
   ERROR_MARK. */
enum tree_code accgpu_red_minmax_call(gimple *s);

/* ---- cond-minmax.cc: `if (x > m) m = x;`, `m = MAX(m, x)` as ?: ---- */

/* S starts a min or max update of V written with a comparison (S is the
   GIMPLE_COND, or a global's load `t = v` before it): MAX_EXPR or
   MIN_EXPR, with *LAST the idiom's last statement (the caller skips to
   it), else ERROR_MARK. */
enum tree_code accgpu_red_cond_minmax(gimple *s, tree v, gimple **last);
bool accgpu_gimple_temp_p(tree t);

/* Integer and real scalars, _Complex float and double: the types a
   reduction can combine. */
bool accgpu_red_scalar_p(tree type);
/* The device name of complex TYPE ("__accgpu_cf", "__accgpu_cd";
   passes/kernel-gen-complex.cc defines them), NULL for other types. */
const char *accgpu_red_complex(tree type);
/* The variable a reduction clause's operand D names (an array comes as a
   MEM_REF of its address), for diagnostics. */
tree accgpu_red_var(tree d);
/* D, a reduction clause's item, is a whole variable (a DECL, or the
   MEM_REF of a whole array's address the front end makes of one). */
bool accgpu_red_whole_p(tree d);
/* Helper-name tags of TYPE ("i", "ull", "d", ...) and of OP ("add", ...);
   NULL when a reduction cannot use them. */
const char *accgpu_red_type_tag(tree type);
const char *accgpu_red_op_tag(enum tree_code op);
/* OP as a reduction clause spells it ("+", "max", "^"), for messages;
   NULL for && and || (control flow in GIMPLE) and other codes. */
const char *accgpu_red_op_spelling(enum tree_code op);
/* The operator to combine partials of TYPE with for reduction OP. */
enum tree_code accgpu_red_code(tree type, enum tree_code op);
/* Appends the C expression X OP Y of values of TYPE. */
void accgpu_red_combine(struct kbuf *b, enum tree_code op, tree type,
                        const char *x, const char *y);
/* Appends the identity of OP for TYPE as "((TNAME)v)".  LIMIT is the text
   of TYPE's minimum (for max) or maximum (for min) value, used for integer
   types other than _Bool. */
void accgpu_red_identity(struct kbuf *b, enum tree_code op, tree type,
                         const char *tname, const char *limit);

/* Array reductions (OpenACC 2.7) keep a private copy of the whole array
   in each thread: at most this many elements (a fixed-size array). */
#define ACCGPU_RED_ARRAY_MAX 256

/* ---- element-reduction-guard.cc: sections on compute constructs ---- */

/* A compute construct's reduction on a section: GCC 12 cannot gimplify
   it there, so the guard turns it into the copy it implies and records
   the variable (pointer or array) and operator under the construct's
   location; kernel-gen reduces it with atomics on its elements
   (kgr_construct_open).  The Ith one recorded at LOC, or NULL_TREE. */
tree accgpu_red_construct_section(location_t loc, unsigned i,
                                  enum tree_code *op);

/* ---- helpers.cc: device functions of the module ---- */

/* Emits, once per module, for OP on TYPE (C name TNAME, identity text ID):
     __accgpu_redb_OP_T(v, s): combined over the block, to all;
     __accgpu_redr_OP_T(v, s): combined over the caller's row, to the row;
     (S: the function's ACCGPU_RED_SLOTS-slot scratch, accgpu_red_scratch_decl)
     __accgpu_atom_OP_T(p, v): *p = *p OP v atomically (only when
     accgpu_red_atomic_p(TYPE)).
   OP and TYPE must have tags.  Returns the xmalloc'd "OP_T" suffix. */
char *accgpu_red_helpers(enum tree_code op, tree type, const char *tname,
                         const char *id);
/* complex.cc: __accgpu_atom_SFX(p, v) for complex TYPE (C name T). */
void accgpu_red_complex_atom(struct kbuf *h, enum tree_code op, tree type,
                             const char *T, const char *sfx);
/* The CUDA atomic that does OP on TYPE natively (atomicAdd for + and -,
   atomicMin/Max, atomicAnd/Or/Xor), and in *CT the type it takes; NULL
   when CUDA has none (a CAS loop then). */
const char *accgpu_red_native_atomic(enum tree_code op, tree type,
                                     const char **ct);
/* TYPE can be combined into memory atomically: 4 or 8 bytes, or a 1- or
   2-byte integer (a CAS loop on the word holding it). */
bool accgpu_red_atomic_p(tree type);
/* The helpers emitted so far (and the scratch buffer), for the prelude. */
const char *accgpu_red_prelude(void);

/* ---- scratch.cc: shared scratch buffers ---- */

/* Slots of a function's reduction scratch: the warps' values (0..31), the
   rows' results (32..63), the block's result (64). */
#define ACCGPU_RED_SLOTS 65
/* Appends the declaration of the reduction scratch of a function whose
   reductions combine types of at most SIZE bytes (0: none) to DECLS. */
void accgpu_red_scratch_decl(struct kbuf *decls, unsigned size);

/* Declares __accgpu_red_scratch, the module's 512 bytes of shared memory
   through which an atomic capture's one thread hands its values to the
   others, once: each worker (row) has its own ACCGPU_RED_ROW_BYTES. */
void accgpu_red_need_scratch(void);
#define ACCGPU_RED_ROW_BYTES 16
/* C expression of the scratch address: the whole buffer, or, for ROW,
   the calling worker's own bytes. */
const char *accgpu_red_scratch_ref(bool row);

/* Registry of module-wide helpers (helpers.cc): true when NAME was seen
   before, else records it. */
bool accgpu_red_helper_seen(const char *name);
/* Appends TEXT to the module's helper text (helpers.cc). */
void accgpu_red_add_helper(const char *text);

#endif
