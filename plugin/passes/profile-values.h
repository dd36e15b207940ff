/* profile-values.h — the values ACCGPU_PROFILE records per launch: trip
 * counts of the kernel's parallel nest and its integer scalars
 * (profile-values.cc; docs/tuning.md, "Trip counts for the runtime's
 * profile"). */
#ifndef ACCGPU_PROFILE_VALUES_H
#define ACCGPU_PROFILE_VALUES_H 1

#include "accgpu-plugin.h"

struct kg_region;

/* Names the profile values of the NK kernels KIDX of R in the module's
   table and fills a local int64_t array with them before GSI: the trip
   count of each level of R's parallel nest (-1 when the host cannot tell
   before the launch), then the parameters.  Every piece of a split kernels
   region gets the construct's values: the profile, like the kernel model,
   is keyed by the construct.  Returns the array's address, or NULL_TREE
   when R has no nest. */
tree accgpu_profile_values(gimple_stmt_iterator *gsi, struct kg_region *r,
                           const unsigned *kidx, unsigned nk);

/* Iterations of one loop level as a long long expression, from host
   expressions of its start A, bound C and step S, its increment's code
   INCR (PLUS_EXPR or MINUS_EXPR) and its condition COND: the kernel's
   formula (kernel-gen.cc emit_trip), never negative.  NULL_TREE for a
   condition it cannot count (!= with a step not a nonzero constant). */
tree accgpu_trip_count(tree a, tree c, tree s, enum tree_code incr,
                       enum tree_code cond);

/* The declaration of __accgpu_launch_trips: the parameters of
   __accgpu_launch (FN_LAUNCH), then const int64_t *VALS. */
tree accgpu_launch_trips_decl(tree fn_launch);

#endif
