/* lower-data.h — the data side of the accgpu pass, shared with the compute
 * side (lower-compute.cc).  All functions run inside the pass, on high GIMPLE
 * (before omplower, no CFG).                                              */
#ifndef ACCGPU_LOWER_DATA_H
#define ACCGPU_LOWER_DATA_H 1

#include "gcc-common.h"

/* Installs the token rewriting that carries the seed's multi-GPU syntax
   (deviceid(e), wait device(e), update peer ...) to GCC's parser, and
   registers the data side's GC roots (runtime decls, record types, loc
   objects).  Called from plugin_init; it hooks PLUGIN_START_UNIT itself
   (the C front end installs its preprocessor callbacks after plugin_init). */
void accgpu_deviceid_init(const char *plugin_name);

/* If the statement at GSI is an OpenACC data construct (data, enter data,
   exit data, update, host_data, declare, update peer) or a call GCC's front
   end made for one (the GOACC_wait builtin for `wait`), replaces it with
   runtime calls, splicing a structured construct's body in place so the
   caller goes on walking into it, and returns true.  Otherwise returns false
   and leaves GSI alone.
   For a compute construct (parallel, kernels, serial) it returns false
   after rewriting the clauses GCC made for pointers used without a data
   clause (firstprivate(p), kernels' map(force_tofrom:p)) into the
   pointer-assign pair `map(no_create:*p [len: 1]) map(firstprivate:p
   [pointer assign, bias: 0])`, so the kernel gets the device address of p's
   target when it is present (enter data, acc_copyin), else p's value; a
   firstprivate clause stays after the pair for the host fallback.
   On true, GSI is on the first statement that replaced the construct (or
   on the statement after it when nothing replaced it): the caller examines
   it next without gsi_next.  The replacement holds plain statements, the
   spliced body of data/host_data (a GIMPLE_TRY whose finally releases the
   region, nested constructs untouched) and nothing else. */
bool accgpu_lower_data_construct(gimple_stmt_iterator *gsi);

/* Result of accgpu_build_maps: MAPS is &arr[0] (type __accgpu_map *) of a
   local __accgpu_map arr[NMAPS] filled before the insertion point
   (null_pointer_node when NMAPS is 0); CLAUSE[i] is the OMP_CLAUSE_MAP
   that item i came from, so the compute side can pair devaddrs[i] with the
   variable a kernel parameter stands for.  Items follow the clause order
   except that attach items come last (the runtime maps in order and GCC
   lists `attach:s->v` before `to:*s`).
   Choices the compute side relies on:
   - Pointer-assign pseudo-maps (GOMP_MAP_FIRSTPRIVATE_POINTER, shown as
     `map(firstprivate:a [pointer assign, bias: B])`), GOMP_MAP_POINTER and
     GOMP_MAP_STRUCT make no item.  The pointer's device value is the
     device address of the section item that precedes the pseudo-map in the
     chain (`map(to:*a [len: L])`, i.e. OMP_CLAUSE_CHAIN (clause[i]) is the
     pseudo-map) minus B: devaddrs[i] - B.
   - `map(alloc:MEM[(char *)a] [len: 0])` (a pointer used inside a region
     that maps its target) is an item of 0 bytes with ACCGPU_MAPF_ZERO_LEN_OK:
     devaddrs[i] is the device address a points to, NULL when not present.
   - A run of clauses of one kind on adjacent members of one struct
     (`alloc:s.a [len: 8]`, `alloc:s.b [len: 8]`) is one item covering them
     (CLAUSE[i] is the first), as libgomp maps them as one block.
   - deviceptr items carry the pointer value in host; devaddrs[i] == host.
   - attach/detach items: host = &pointer, bytes = the clause's bias.
   - Marker clauses of the multi-GPU syntax never make items (call
     accgpu_take_deviceid before or after, either way).
   - A mapped variable the gimplifier kept as a register (a scalar in
     reduction(+:r) -> map(tofrom:r)) is made addressable and the
     function's statements using it are regimplified: only those reachable
     from gimple_body (current_function_decl) at that moment, so call it
     before detaching a construct's body (the host fallback copy).
     Statements built after the call must treat it as memory: `r = x + r`
     is invalid GIMPLE now; load r into a temporary first (or
     gimple_regimplify_operands).
   - Item names are rebuilt from the clause ("a[0:n]", "s->v[0:s->n]",
     "t.x"); "?" stands for a part that could not be traced. */
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

/* Map clause C names a pointer member (`v.b`) that C itself or a later
   clause of its chain attaches or detaches (`alloc:v.b` ... `attach:v.b`
   for `copyin(v.b[0:n])`): the member holds a section's pointer. */
bool accgpu_attached_member_p(tree c);

/* Removes a deviceid marker clause from *CLAUSES and returns the device
   number expression (int), or ACCGPU_CURRENT_DEVICE (-1) when there is none.
   The expression is GENERIC (a conversion of a GIMPLE value): pass it
   through force_gimple_operand_gsi before using it as a call argument. */
tree accgpu_take_deviceid(tree *clauses);

/* Address of a static, read-only __accgpu_loc for LOC and CONSTRUCT
   ("parallel", "data", ...); built once per distinct location. */
tree accgpu_build_loc(location_t loc, const char *construct);

/* FUNCTION_DECL of the runtime entry point NAME (declared once, cached),
   with the prototype in include/accgpu_abi.h. */
tree accgpu_runtime_decl(const char *name);

#endif
