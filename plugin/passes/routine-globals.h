/* routine-globals.h — globals with `declare` used inside routines
 * (routine-globals.cc).                                                  */
#ifndef ACCGPU_ROUTINE_GLOBALS_H
#define ACCGPU_ROUTINE_GLOBALS_H 1

#include "accgpu-plugin.h"

/* A compute construct T that calls functions maps (present) the globals
   with a `declare` directive that those functions reach, so that its
   kernel can hand them to the routines it calls; GCC's implicit firstprivate of a declared
   global scalar becomes a present map in every compute construct. */
void accgpu_map_declared_globals(gomp_target *t);

/* Walks the body of function FN in whichever state the pass meets it (a
   callee may be GENERIC still: cgraph lowers callers before the callees it
   discovers): a GIMPLE sequence or a CFG with STMT_CB and OP_CB as
   walk_gimple_stmt takes them (WI their data; a non-NULL result stops a
   CFG's walk), GENERIC with GENERIC_CB (WI->info its data).  False when
   FN has no body here. */
bool accgpu_walk_fn_body(tree fn, walk_stmt_fn stmt_cb, walk_tree_fn op_cb,
                         walk_tree_fn generic_cb, walk_stmt_info *wi);

#endif
