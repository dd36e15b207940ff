/* implicit-maps.h — the maps GCC's implicit data rules put on compute
 * constructs, and maps of read-only objects (implicit-maps.cc).          */
#ifndef ACCGPU_IMPLICIT_MAPS_H
#define ACCGPU_IMPLICIT_MAPS_H 1

#include "accgpu-plugin.h"

/* Clause C of compute construct T is one GCC's implicit data rules added
   (it has the construct's location and the source named no clause of its
   variable there), not one written in the source. */
bool accgpu_implicit_clause_p(gomp_target *t, tree c);

/* Clause C of compute construct T is a map GCC's implicit data rules
   made, not one written in the source. */
bool accgpu_implicit_map_p(gomp_target *t, tree c);

/* explicit-clauses.cc: a clause at the location CONSTRUCT of its own
   compute construct named DECL in the source (a directive from _Pragma,
   whose tokens all have one location). */
bool accgpu_clause_written_p(location_t construct, tree decl);

/* Maps of read-only variables on T: an implicit one of an object
   kernel-gen defines in the module (kg_module_const_p) is dropped, the
   others copy in only (copying back would write read-only memory). */
void accgpu_readonly_maps(gomp_target *t);

/* In function body BODY (not yet lowered): GCC's maps of scalars declared
   in a data construct's body on the parallel and serial constructs there
   become firstprivate, as OpenACC's implicit rules make them. */
void accgpu_firstprivate_data_body_scalars(gimple_seq body);

#endif
