/* pointer-private.h — private/firstprivate of a pointer's section
 * (`private(tmp[lo:n])`): one array of n elements per copy
 * (plugin/pointer-private.cc, passes/pointer-private-launch.cc). */
#ifndef ACCGPU_POINTER_PRIVATE_H
#define ACCGPU_POINTER_PRIVATE_H 1

#include "accgpu-plugin.h"

/* One place that points the variable at a copy: the start of a compute
   construct's body or of an acc loop's.  BUF is the host variable that
   holds the table of copies (a `deviceptr` of the construct), LEN the host
   variable of the section's length (elements of ELT bytes), LEVEL what
   the kernel indexes the table with (0 gang, 1 worker, 2 vector; -1 until
   the kernel is generated). */
struct accgpu_pp_slot {
  tree buf, name, len;
  unsigned elt;
  int level;
  bool fp_array; /* accgpu_pp_gang_slot's: no host fallback copy */
};

/* PLUGIN_PRE_GENERICIZE, before element-reduction-guard.cc: the marked
   clauses of FN (private-sections.cc) become the copies. */
void accgpu_pointer_private_generic(tree fn);
/* The slot whose table D is, or NULL. */
struct accgpu_pp_slot *accgpu_pp_slot_of(tree d);
/* A slot of one copy per gang of BYTES for firstprivate array D
   (kernel-gen.cc, fp_arrays), made on GIMPLE: its table variable. */
tree accgpu_pp_gang_slot(tree d, unsigned HOST_WIDE_INT bytes);
/* The slot of number N (the marker call's second argument). */
struct accgpu_pp_slot *accgpu_pp_slot_num(unsigned n);

/* pointer-private-launch.cc, for lower-compute.cc.  PVARS: pairs (slot
   table variable, its kernel argument's temporary).  Before a launch
   of kernel KNAME with GRID and BLOCK: each table; after: their frees on
   queue ASYNC.  The host fallback HOST of R: its tables of one copy
   around it.  accgpu_pp_outside_loops: BODY points a copy outside its
   acc loops (code a kernels host loop would run on the host). */
void accgpu_pp_launch_alloc(gimple_stmt_iterator *gsi, vec<tree> *pvars,
                            tree locp, const char *kname, tree grid,
                            tree block);
void accgpu_pp_launch_free(gimple_stmt_iterator *gsi, vec<tree> *pvars,
                           tree locp, tree async);
struct kg_region;
void accgpu_pp_host(gimple_seq *host, struct kg_region *r, tree locp);
bool accgpu_pp_outside_loops(gimple_seq body);

#endif
