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

/* Clause C of compute construct T is GCC's implicit firstprivate
   (parallel, serial) or force_tofrom (kernels) of a global whose `declare`
   directive (not `link`) gives it a device copy for the whole program:
   the region uses that copy (a present map), pointers too. */
bool accgpu_declared_implicit_p(gomp_target *t, tree c);

#endif
