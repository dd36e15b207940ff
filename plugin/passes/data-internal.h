/* data-internal.h — helpers shared by the data side's files (data-rt.cc,
 * data-maps.cc, lower-data.cc, deviceid.cc); not part of the interface with
 * the compute side (that is lower-data.h).                                */
#ifndef ACCGPU_DATA_INTERNAL_H
#define ACCGPU_DATA_INTERNAL_H 1

#include "gcc-common.h"
#include "accgpu_abi.h"

/* data-rt.cc */
void accgpu_data_register_roots(const char *plugin_name);
tree accgpu_map_type(void);
tree accgpu_field(tree record_type, const char *name);
tree accgpu_string_cst(const char *s);

/* array-params.cc: the leading bound of parameter D declared as an array
   (`double A[NI][NK]`, `double x[n]`: NI, n; a fresh tree), else NULL_TREE
   (a pointer, `[]`, a bound the construct cannot evaluate); the bytes of
   that whole array (bound times sizeof *D, sizetype). */
tree accgpu_parm_array_bound(tree d);
tree accgpu_parm_array_bytes(tree d);

/* data-maps.cc: what a map clause means depends on the directive. */
enum accgpu_map_ctx {
  ACCGPU_CTX_REGION, /* data, declare, compute constructs */
  ACCGPU_CTX_ENTER,  /* enter data */
  ACCGPU_CTX_DECLARE,/* a function's declare, on entry: as enter data, but
                        present/deviceptr make no item (nothing to count) */
  ACCGPU_CTX_EXIT,   /* exit data */
  ACCGPU_CTX_UPDATE  /* update */
};
void accgpu_build_maps_ctx(gimple_stmt_iterator *gsi, tree clauses,
                           location_t loc, enum accgpu_map_ctx ctx,
                           unsigned extra_flags, struct accgpu_maps *out);
/* Stores VAL in FIELD of map ARR[I] (an array of __accgpu_map) before
   GSI. */
void accgpu_set_map_field(gimple_stmt_iterator *gsi, tree arr, unsigned i,
                          const char *field, tree val, location_t loc);
/* lower-data.cc: a call of runtime function NAME with N ARGS (converted to
   its parameters' types) before GSI; the statements after GSI (the rest of
   its scope) put in a try/finally whose cleanup is CLEANUP. */
gcall *accgpu_emit_call(gimple_stmt_iterator *gsi, location_t loc,
                        const char *name, unsigned n, tree *args);
void accgpu_finally_after(gimple_stmt_iterator *gsi, gimple_seq cleanup,
                          location_t loc);
/* declare-sections.cc (passes/): drops declare-sections.cc's markers from
   declare T's clauses (false: none is left); the statement at GSI, when it
   carries a section of a declare, becomes its entry and exit actions. */
bool accgpu_declare_drop_markers(gomp_target *t);
bool accgpu_lower_declare_section(gimple_stmt_iterator *gsi);
/* declare-params.cc: gives each copy, copyout and create of a parameter
   (or of what it points to) in a function's declare CLAUSES its entry
   kind, returning the exit clauses (GCC makes both for local variables
   only). */
tree accgpu_declare_param_exits(tree clauses);
/* Gimplifies EXPR to a value before GSI; returns it. */
tree accgpu_gimple_val(gimple_stmt_iterator *gsi, tree expr);
/* The clause item as the user wrote it ("a[0:n]", "s->v"); GC string. */
const char *accgpu_item_name(tree clause);
/* Gives map CLAUSE (an implicit map) NAME (kept) for accgpu_item_name. */
void accgpu_name_item(tree clause, const char *name);

/* data-declare.cc: maps `declare` globals at program start (once per
   translation unit, on the first call). */
void accgpu_declare_globals(void);
/* D is a global variable with a declare directive (WITH_LINK: `declare
   link` ones too, which have no device copy of their own). */
bool accgpu_declared_global_p(tree d, bool with_link);
/* kernel-deps-distinct.cc: map clause C of the construct at LOC maps a
   pointer its kernels loops took as distinct (ACCGPU_MAPF_DISTINCT). */
bool accgpu_distinct_item_p(tree c, location_t loc);
/* The attribute GCC gives a `declare link` global, and the one
   declare-link.cc puts in its place (both mean link). */
#define GCC_LINK_ATTR "omp declare target link"
#define ACCGPU_LINK_ATTR "accgpu declare link"
/* A const local of a routine that GCC makes static, or the constant GCC
   copies one from (routine-const-locals.cc): it has GCC's "declared"
   attribute, but no device copy (the module defines it). */
#define ACCGPU_ROUTINE_CONST_ATTR "accgpu routine const"
/* Makes sure it runs in a unit whose functions never reach the pass. */
void accgpu_declare_init(const char *plugin_name);

/* deviceid.cc: the marker arrays the token rewriting puts in clauses. */
enum accgpu_marker {
  ACCGPU_MARK_NONE,
  ACCGPU_MARK_DEVICEID,   /* deviceid(e) */
  ACCGPU_MARK_PEER_TO,    /* update peer ... to_device(e) */
  ACCGPU_MARK_PEER_FROM   /* update peer ... from_device(e) */
};
/* Which marker the data clause C names, if any. */
enum accgpu_marker accgpu_clause_marker(tree c);
/* The device number expression a marker clause carries (int, GENERIC). */
tree accgpu_marker_device(tree c);
/* The marker function `wait device(e)` becomes; NULL_TREE if not made. */
bool accgpu_is_devwait_call(gimple *stmt);

/* devdirs.cc: `#pragma acc set/init/shutdown` reach the pass as an enter
   data whose map clauses name marker arrays.  Called from plugin_init. */
void accgpu_devdirs_init(const char *plugin_name);
/* deviceid.cc: the INDEX-th token ahead on the line being lexed, padding
   skipped (both token rewriters look ahead with it). */
const cpp_token *accgpu_pp_peek(cpp_reader *pfile, int index);
/* pp-tokens.cc: the tokens from the `(` or `[` ahead to its match, into
   TOKS (their number; -1 when the group does not end on the line or has
   more than MAX); N tokens taken off the stream; *T becomes a name token NAME at LOC (not expanded); a
   macro whose expansion is TOKS[0..N) (returned for the word being lexed
   to expand to). */
int accgpu_pp_read_group(cpp_reader *pfile, cpp_token *toks, int max);
/* pp-tokens.cc: the index in TOKS[0..N) of the bracket closing the group
   that opens at I, or -1; *COLON: a `:` at its top level (a section). */
int accgpu_pp_group_end(const cpp_token *toks, int n, int i, bool *colon);
/* Is WORD a name at depth 0 from token I of the line to its end? */
bool accgpu_pp_word_follows(cpp_reader *pfile, int i, const char *word);
void accgpu_pp_take(cpp_reader *pfile, int n);
void accgpu_pp_name(cpp_reader *pfile, cpp_token *t, const char *name,
                    location_t loc);
/* pp-tokens.cc: appends T (or a punctuator TYPE at LOC) to TOKS[0..*N)
   while *N < MAX (a rewriter's output line). */
void accgpu_pp_emit(cpp_token *toks, int *n, int max, const cpp_token *t);
void accgpu_pp_emit_punct(cpp_token *toks, int *n, int max,
                          enum cpp_ttype type, location_t loc);
/* ... a name token (not expanded again) ... */
void accgpu_pp_emit_name(cpp_reader *pfile, cpp_token *toks, int *n, int max,
                         const char *name, location_t loc);
/* ... a number token spelled TEXT (a string literal: kept as is). */
void accgpu_pp_emit_number(cpp_token *toks, int *n, int max,
                           const char *text, location_t loc);
/* compute-self.cc: `self` or `self(cond)` (WORD) on a parallel, kernels or
   serial line, rewritten as the expansion of a macro into if(0) or
   if(!(cond)); NULL after an error. */
cpp_hashnode *accgpu_compute_self(cpp_reader *pfile, const cpp_token *word);
/* wait-if.cc: `if(cond)` on a wait line (WORD), rewritten into
   async(__accgpu_wait_if(cond)); the `if` macro's definition, its state
   per line (PRAGMA: the line's PRAGMA_OACC_* or 0), an async word seen on
   the line, and the function's declaration. */
cpp_hashnode *accgpu_wait_if_clause(cpp_reader *pfile, const cpp_token *word);
void accgpu_wait_if_define(cpp_reader *pfile);
void accgpu_wait_if_line(int pragma);
void accgpu_wait_if_async_word(void);
void accgpu_wait_if_declare(void);
cpp_hashnode *accgpu_pp_inject(cpp_reader *pfile, const cpp_token *toks,
                               int n, location_t loc);
/* member-reduction.cc: reduction(op: s.x) on an acc line: the clause
   rewritten to name a placeholder for the member (NULL: no member). */
cpp_hashnode *accgpu_member_reduction(cpp_reader *pfile,
                                      const cpp_token *word);
/* tile-sizes.cc: tile(list) on an acc line with sizes that are not
   literals: the clause and a carrier of the sizes (NULL: none); WORD:
   a clause word of the line (gang, worker, vector: not carriers);
   the line's words forgotten; the carrier's marker declared. */
cpp_hashnode *accgpu_tile_sizes(cpp_reader *pfile, const cpp_token *word);
void accgpu_tile_word(const char *w);
void accgpu_tile_new_line(void);
void accgpu_tile_declare_marker(void);
/* cache-sections.cc: a cache line's later bracket groups of each item
   made padding (GCC refuses 2-D sections there; the hint is dropped). */
void accgpu_cache_line(cpp_reader *pfile);
/* gang-dims.cc: gang(dim: d, ...) (WORD: `gang`) and num_gangs(a, b, c)
   on an acc line: the clause rewritten (NULL: nothing to do); the
   marker declared. */
cpp_hashnode *accgpu_gang_dim_clause(cpp_reader *pfile, const cpp_token *word,
                                     bool op);
/* A `gang` word on a _Pragma's line (notes its dimension, 1 until
   accgpu_gang_dim_clause says otherwise). */
void accgpu_gang_op_word(const cpp_token *word);
/* The gang clause of WORD has dimension DIM (1-3; OP: a _Pragma's line). */
void accgpu_gang_word_dim(const cpp_token *word, int dim, bool op);
/* bracket-dims.cc: gang[d], worker[d], num_gangs[d](e), num_workers[d](e)
   (WORD, with `[` next) on an acc line, rewritten (NULL: not that form). */
cpp_hashnode *accgpu_bracket_dims(cpp_reader *pfile, const cpp_token *word,
                                  bool op);
cpp_hashnode *accgpu_num_gangs_clause(cpp_reader *pfile,
                                      const cpp_token *word);
void accgpu_gang_dims_declare_marker(void);
/* device-type.cc: the line about to be lexed (after its directive name)
   read ahead for device_type clauses; forgotten (a line without); is
   WORD a default clause the chosen device_type group replaces (dropped)?
   The device_type WORD: the rest of the line rewritten into the chosen
   group's clauses (NULL: not that word; OP: a _Pragma's line). */
void accgpu_device_type_line(cpp_reader *pfile);
void accgpu_device_type_reset(void);
bool accgpu_device_type_replaced(const cpp_token *word);
cpp_hashnode *accgpu_device_type_clause(cpp_reader *pfile,
                                        const cpp_token *word, bool op);
/* data-default.cc: `default(present|none)` (the `default` word; its
   `(` next) on the data line starting at LINE_LOC: noted for the pass
   (true: the clause is to be taken off the line). */
bool accgpu_data_default_clause(cpp_reader *pfile, location_t line_loc);
/* clause-reads.cc: the acc line of PRAGMA about to be lexed (after its
   directive name): the variables its async and wait lists name are
   marked read (GCC 12 would warn "set but not used"). */
void accgpu_clause_reads_line(cpp_reader *pfile, int pragma);
/* private-sections.cc: private(a[l:n]) or firstprivate(...) (WORD) on an
   acc line with sections of arrays: the clause naming the arrays, with
   the clause word AS (NULL: no section). */
cpp_hashnode *accgpu_private_sections(cpp_reader *pfile,
                                      const cpp_token *word, const char *as);
/* pragma-op.cc: `_Pragma` made a conditional macro (define), and for
   the token TOK being expanded, if it is `_Pragma`, its node to expand
   (else NULL), noting the acc directive it runs; the PRAGMA_OACC_* of that
   directive while its string is lexed (*COMBINED: `parallel loop` &c.),
   else 0. */
void accgpu_pragma_op_define(cpp_reader *pfile);
cpp_hashnode *accgpu_pragma_op_begin(cpp_reader *pfile, const cpp_token *tok);
int accgpu_pragma_op_line(cpp_reader *pfile, bool *combined);
/* The location of the `_Pragma` whose string is being read, as the
   callbacks see it: in a macro its spelling (the parser gives the
   clauses the virtual location of that use). */
location_t accgpu_pragma_op_loc(void);
/* plugin.cc: the preprocessor callbacks a token rewriter wraps. */
typedef void accgpu_line_change_fn(cpp_reader *, const cpp_token *, int);
typedef cpp_hashnode *accgpu_macro_to_expand_fn(cpp_reader *,
                                                const cpp_token *);
/* Puts LC and ME in front of parse_in's callbacks, keeping those in
   *PREV_LC and *PREV_ME, once (a second call does nothing).  True when it
   did and the input is not preprocessed: the caller then defines its
   macros (a preprocessed input was rewritten when it was preprocessed). */
bool accgpu_pp_chain(accgpu_line_change_fn *lc, accgpu_macro_to_expand_fn *me,
                     accgpu_line_change_fn **prev_lc,
                     accgpu_macro_to_expand_fn **prev_me);
/* plugin.cc: cpp_define of DEF, `NAME(...)=` macros included, without
   C89's -pedantic complaint about variadic macros (they are the plugin's,
   not the user's); CONDITIONAL marks it NODE_CONDITIONAL. */
void accgpu_cpp_define(cpp_reader *pfile, const char *def, bool conditional);
/* clause-mods.cc: OpenACC 3.x clause syntax (zero: and other modifiers,
   one list in two clauses, async/wait on data).  Called from plugin_init
   before the other token rewriters, so that its callbacks wrap theirs. */
void accgpu_clause_mods_init(const char *plugin_name);
/* routine-bind.cc: a routine line starts at WHERE (its clauses are looked
   at); `bind(...)` on it (TOK the word; OP: in a _Pragma) taken off the
   line and recorded, as the expansion of the node returned. */
void accgpu_routine_bind_line(cpp_reader *pfile, location_t where);
cpp_hashnode *accgpu_routine_bind_clause(cpp_reader *pfile,
                                         const cpp_token *tok, bool op);
/* Was map clause C written with the zero modifier? */
bool accgpu_zero_clause_p(tree c);
/* C comes from private(list) on a kernels directive (clause-mods.cc). */
bool accgpu_kernels_private_clause_p(tree c);
/* private-sections.cc: C is the clause a pointer's section in private or
   firstprivate (*FP) became: `reduction(+: p[l:n])`, on kernels
   `create(p[l:n])`, firstprivate `copyin(p[l:n])` (pointer-private.cc
   makes them the copies). */
bool accgpu_private_section_clause_p(tree c, bool *fp);
/* ... and forgets them at the end of the function's GENERIC rewrite. */
void accgpu_private_sections_done(void);
/* jagged.cc: the rewrite of a data clause with sections of pointer arrays
   (a[0:n][0:m]) into GCC's syntax, as the expansion of a macro returned
   (KIND: the clause word to write; PRAGMA: the directive's PRAGMA_OACC_*);
   NULL when there is none. */
cpp_hashnode *accgpu_jagged_clause(cpp_reader *pfile, const cpp_token *word,
                                   const char *kind, int pragma);
void accgpu_jagged_new_line(void);
/* The marker number K for the next strided or jagged item (naming NAME,
   written TEXT when not NULL) of the clause whose `(` is at PAREN; -1
   after an error at LOC (too many).  The text noted for marker K. */
int accgpu_jag_note(location_t paren, tree name, location_t loc,
                    const char *text);
const char *accgpu_jag_text(location_t paren, int k);
/* The text of tokens IN[FROM..TO) (update-dups.cc). */
const char *accgpu_spell_tokens(cpp_reader *pfile, const cpp_token *in,
                                int from, int to);
/* section-shapes.cc: a strided update item of an array of more than two
   levels written into OUT (returns the index after it, or I when it is not
   one); its marker __accgpu_jbK carries the offset of its first element in
   each outer row and the size of one element of its last group in bytes,
   and one marker __accgpu_jlKJ (J < ACCGPU_JAG_LEVELS) per range after
   the outer one its stride and count (accgpu_abi.h, ACCGPU_MAPF_LEVEL). */
#define ACCGPU_JAG_LEVELS 7
int accgpu_update_strided_item(cpp_reader *pfile, const cpp_token *in,
                               int nin, int i, cpp_token *out, int *nout,
                               int max);
/* ... a data clause item of an array with rows of variable size, its last
   length checked at run time (the section must be contiguous); and the
   checking function's declaration (first line). */
int accgpu_vla_section_item(cpp_reader *pfile, const cpp_token *in, int nin,
                            int i, cpp_token *out, int *nout, int max);
void accgpu_section_shapes_declare(void);
/* struct-order.cc: data clause word WORD (written KIND) of the line with
   its items reordered so that GCC checks a member of each struct before
   the whole struct; NULL when nothing moves.  COMBINED: the line is a
   combined construct (GCC checks its items in source order). */
cpp_hashnode *accgpu_struct_order_clause(cpp_reader *pfile,
                                         const cpp_token *word,
                                         const char *kind);
void accgpu_struct_order_new_line(bool combined);
void accgpu_jagged_declare_markers(void);
/* declare-sections.cc: a declare line with sections (in a function:
   markers and a statement per section after the directive), as the
   expansion of a macro for CLAUSE_WORD (the line's first clause word; OP:
   the line is a _Pragma's string);
   NULL when no item is a section.  The function the statements call,
   declared at file scope.  What the pass needs of a marker variable
   (NULL: DECL is none): the clause word, the item's spelling, its place. */
cpp_hashnode *accgpu_declare_sections(cpp_reader *pfile,
                                      const cpp_token *clause_word, bool op);
void accgpu_declare_sections_markers(void);
struct accgpu_dsec_note {
  char *clause, *text;
  location_t loc;
};
const struct accgpu_dsec_note *accgpu_dsec_note_of(tree decl);
/* The name of the array marker K of the clause whose `(` is spelled at
   PAREN goes with, or NULL_TREE. */
tree accgpu_jag_array_name(location_t paren, int k);
/* Did some clause's marker K go with an array named NAME? */
bool accgpu_jag_noted(int k, tree name);
/* jagged-maps.cc: K of marker clause C (__accgpu_jagK[...]), else -1; the
   item of the pointer array a marker M goes with and back; the rows
   item's host (byte offset in each row) and bytes. */
int accgpu_jag_marker(tree c);
/* K of map clause C when its item is PREFIX<K>[...] (a marker array of
   jagged.cc or update-dups.cc), else -1; those markers, declared at file
   scope as `extern char PREFIX<K>[]` for K < N. */
int accgpu_marker_number(tree c, const char *prefix);
void accgpu_declare_char_markers(const char *prefix, int n);
tree accgpu_jag_partner(tree clauses, tree m);
tree accgpu_jag_marker_for(tree clauses, tree c);
void accgpu_jag_rows(tree m, tree partner, tree *host, tree *bytes);
/* The item as written for marker M of a strided update section of a
   deeper array (section-shapes.cc; its bounds are bytes), else NULL.  Its
   level marker J among CLAUSES (NULL_TREE when none); is C one? */
const char *accgpu_jag_bytes_name(tree m);
tree accgpu_jag_level(tree clauses, tree m, int j);
bool accgpu_jag_level_p(tree c);
/* update-dups.cc: an update item naming an array the line named before,
   rewritten into OUT (returns the index after it, or I when it is not
   one); the line's state; the markers.  The pass's side: the host address
   of such an item's clause C (NULL_TREE when C is not one) and its
   spelling. */
int accgpu_update_dup_item(cpp_reader *pfile, const cpp_token *in, int nin,
                           int i, cpp_token *out, int *nout, int max);
void accgpu_update_dups_new_line(void);
void accgpu_update_dups_declare_markers(void);
tree accgpu_update_dup_host(tree c);
const char *accgpu_update_dup_name(tree c);
bool accgpu_update_rows_marker_p(tree c);
tree accgpu_update_dup_rows(tree clauses, tree c);
bool accgpu_array_rows_p(tree name);
/* Is PARTNER the rows of a 2-D array (a strided update section), not a
   pointer array? */
bool accgpu_jag_strided_p(tree partner);
enum accgpu_devdir { ACCGPU_DEVDIR_SET = 1, ACCGPU_DEVDIR_INIT,
                     ACCGPU_DEVDIR_SHUTDOWN };
/* Is C one of those marker clauses?  *KIND: 0 for the directive marker
   (then *VAL is an enum accgpu_devdir), else ACCGPU_DIR_TYPE, _NUM or
   _ASYNC (accgpu_abi.h); *VAL: the index expression (sizetype): the
   device type mask, the device_num or default_async value. */
bool accgpu_devdir_clause(tree c, int *kind, tree *val);

#endif
