/* omp-nest.h — OpenACC constructs inside OpenMP ones (omp-nest.cc).     */
#ifndef ACCGPU_OMP_NEST_H
#define ACCGPU_OMP_NEST_H 1

#include "accgpu-plugin.h"

/* Declares, in a bind around the body of each OpenMP statement of SEQ
   (innermost first), the function's locals that no bind declares and
   that only that body uses: the temporaries of the OpenACC constructs
   the pass lowered there. */
void accgpu_declare_omp_locals(gimple_seq seq);

#endif
