/* loop-private.h — each acc loop's own copies of the variables named in
 * its private clauses (loop-private.cc).                                 */
#ifndef ACCGPU_LOOP_PRIVATE_H
#define ACCGPU_LOOP_PRIVATE_H 1

#include "accgpu-plugin.h"

/* D can get a fresh copy: an automatic variable or a parameter of
   constant size. */
bool accgpu_privatizable(tree d);
/* The same, or a global or static variable of known size: what a private
   or firstprivate clause gives a fresh copy of (a global's copy is a local
   of the function, so the region leaves the global alone). */
bool accgpu_privatizable_global(tree d);
/* Each variable of a private clause of CLAUSES that TAKE (d, CTX) accepts
   gets a fresh copy, named in the clause and used for it in BODY. */
void accgpu_private_clauses(tree clauses, gimple_seq body,
                            bool (*take)(tree d, gimple *ctx), gimple *ctx);

/* A fresh automatic variable of the current function like D (same name
   and type), for D's private copy. */
tree accgpu_private_copy(tree d);

/* Replaces each variable of SEQ that M maps (clauses of nested loops
   included). */
void accgpu_remap_seq(gimple_seq seq, hash_map<tree, tree> *m);

/* Every acc loop of SEQ gets its own copy of each variable of its private
   clauses (OpenACC 3.3 §2.9.10): the loop's body and clauses refer to the
   copy, so code around the loop, which may be in the same thread (a seq
   loop, a variable local to the region), keeps the original; its index
   too (§2.6.1), a pointer index becoming an integer byte offset. */
void accgpu_privatize_loops(gimple_seq seq);

#endif
