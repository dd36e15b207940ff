/* flow.h — paths through a statement sequence of high GIMPLE (no CFG yet:
 * labels, gotos, conds and switches), for liveness questions such as "may
 * V be read, before it is assigned, from this statement on?" (flow.cc). */
#ifndef ACCGPU_FLOW_H
#define ACCGPU_FLOW_H 1

#include "accgpu-plugin.h"

/* A sequence flattened in order: binds and trys opened, and the bodies
   of OpenACC data constructs (`data`, `host_data`), whose statement
   stands both before and after its body (entry and exit).  Other
   statements with bodies (acc loops, compute constructs) stay whole. */
struct accgpu_flat {
  vec<gimple *> st;
  hash_map<tree, int> *lab;     /* label -> its index in st */
  hash_map<gimple *, int> *pos; /* statement -> its (first) index */
};

void accgpu_flat_init(struct accgpu_flat *f, gimple_seq seq);
void accgpu_flat_fini(struct accgpu_flat *f);

enum accgpu_effect { ACCGPU_NONE, ACCGPU_READ, ACCGPU_KILL };

/* What statement S does to V: reads it, assigns it (KILL), or neither.
   S is NULL for leaving the sequence (its end, a return, a jump out). */
typedef enum accgpu_effect (*accgpu_effect_fn)(gimple *s, tree v,
                                               void *data);

/* True when a path from index FROM of F reads V before assigning it. */
bool accgpu_flow_reads(struct accgpu_flat *f, int from, tree v,
                       accgpu_effect_fn effect, void *data);

/* An iterator at S that follows S's chain (S's sequence is not needed);
   DUMMY holds the sequence head. */
gimple_stmt_iterator accgpu_gsi_at(gimple *s, gimple_seq *dummy);

/* The destination of an assignment or call S, or NULL. */
tree accgpu_lhs_of(gimple *s);

/* T (an operand, clauses: their whole chain) refers to V. */
bool accgpu_tree_refs(tree t, tree v);

/* S (and what it contains) refers to V. */
bool accgpu_stmt_refs(gimple *s, tree v);

/* S (and what it contains) reads V: any reference but as the scalar
   destination of an assignment. */
bool accgpu_reads_var(gimple *s, tree v);

/* The effect of a plain statement: READ, else KILL when S assigns V. */
enum accgpu_effect accgpu_plain_effect(gimple *s, tree v);

/* SEQ (nested sequences included) has an assignment or call whose
   destination is V; HOW adds other statements (ACCGPU_ASSIGN_*). */
enum {
  ACCGPU_ASSIGN_PART = 1,  /* a store into V (element, member) or through
                              V (a pointer) */
  ACCGPU_ASSIGN_LOOPS = 2, /* an acc loop with V as index or in a clause;
                              any asm */
  ACCGPU_ASSIGN_ADDR = 4   /* V's address, or a part's, taken: a write
                              through it may follow */
};
bool accgpu_seq_assigns(gimple_seq seq, tree v, unsigned how);

#endif
