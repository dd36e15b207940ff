/* multicore_default_gangs_dynamic.c — multicore_default_gangs.c with the
 * blocks dealt dynamically: four gangs per thread by default. */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACC_NUM_CORES=3 ACCGPU_MC_SCHEDULE=dynamic */
#include "multicore_default_gangs.c"
