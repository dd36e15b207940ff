/* implicit-sections.h — the section of a pointer a compute construct
 * uses without a data clause, inferred from its subscripts and loop
 * bounds as NVHPC does (implicit-sections.cc, section-ranges.cc). */
#ifndef ACCGPU_IMPLICIT_SECTIONS_H
#define ACCGPU_IMPLICIT_SECTIONS_H 1

#include "accgpu-plugin.h"

/* For pointer PTR, which compute construct T uses without a data clause:
   when T dereferences it and every subscript is a function of T's loop
   indices and of values T does not change, computes before GSI (the
   construct's statement) the lowest byte offset OFF and the length LEN of
   what T touches through PTR and returns a map of *(PTR + OFF) [len: LEN],
   copyin when T only reads it, else copy, marked implicit (present data
   is used as is at run time); *BIAS is OFF, for the pointer assignment.
   NULL_TREE when T does not dereference PTR, or when the section cannot be
   inferred (then a warning says why, with -Wall or
   -fplugin-arg-accgpu-Wimplicit-section).  PTR may be an array variable
   instead (lower-data.cc, translate_arrays): then OFF counts from &PTR,
   the references are its components, and no warning is given. */
tree accgpu_implicit_section(gimple_stmt_iterator *gsi, gomp_target *t,
                             tree ptr, tree *bias);

/* Takes -fplugin-arg-accgpu-Wimplicit-section / -Wno-implicit-section;
   false for other arguments. */
bool accgpu_implicit_section_arg(const char *key, const char *val);

#endif
