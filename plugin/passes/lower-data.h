/* lower-data.h — the data side of the accgpu pass, shared with the compute
 * side (lower-compute.cc).  All functions run inside the pass, on high GIMPLE
 * (before omplower, no CFG).                                              */
#ifndef ACCGPU_LOWER_DATA_H
#define ACCGPU_LOWER_DATA_H 1

#include "gcc-common.h"

/* Installs the token rewriting that carries the seed's multi-GPU syntax
   (deviceid(e), wait device(e), update peer ...) to GCC's parser.  Called
   from plugin_init. */
void accgpu_deviceid_init(const char *plugin_name);

/* If the statement at GSI is an OpenACC data construct (data, enter data,
   exit data, update, host_data, declare, update peer) or a call GCC's front
   end made for one (the GOACC_wait builtin for `wait`), replaces it with
   runtime calls, splicing a structured construct's body in place so the
   caller goes on walking into it, and returns true.  Otherwise returns false
   and leaves GSI alone. */
bool accgpu_lower_data_construct(gimple_stmt_iterator *gsi);

/* Result of accgpu_build_maps: MAPS is the address of a local
   __accgpu_map[NMAPS] filled before the insertion point (null_pointer_node
   when NMAPS is 0); CLAUSE[i] is the OMP_CLAUSE_MAP (or other data clause)
   that item i came from, so the compute side can pair devaddrs[i] with the
   variable a kernel parameter stands for. */
struct accgpu_maps {
  tree maps;
  unsigned nmaps;
  vec<tree> clause;
};

/* Builds the map array for the data clauses in CLAUSES, inserting the
   statements that fill it before GSI.  Clauses that are not data movement
   (firstprivate, private, reduction, pointer-assign helpers ...) are skipped.
   Release OUT->clause with accgpu_maps_release. */
void accgpu_build_maps(gimple_stmt_iterator *gsi, tree clauses,
                       location_t loc, struct accgpu_maps *out);
void accgpu_maps_release(struct accgpu_maps *m);

/* Removes a deviceid marker clause from *CLAUSES and returns the device
   number expression (int), or ACCGPU_CURRENT_DEVICE (-1) when there is none. */
tree accgpu_take_deviceid(tree *clauses);

/* Address of a static, read-only __accgpu_loc for LOC and CONSTRUCT
   ("parallel", "data", ...); built once per distinct location. */
tree accgpu_build_loc(location_t loc, const char *construct);

/* FUNCTION_DECL of the runtime entry point NAME (declared once, cached),
   with the prototype in include/accgpu_abi.h. */
tree accgpu_runtime_decl(const char *name);

#endif
