/* data-gcc.h — gcc-common.h for the data side's files.  plugin-version.h
 * defines a static gcc_version that only plugin_init's file uses; every
 * other file would fail -Werror=unused-variable, so it is used here.    */
#ifndef ACCGPU_DATA_GCC_H
#define ACCGPU_DATA_GCC_H 1

#include "gcc-common.h"

static inline const void *accgpu_data_gcc_version(void)
{
  return &gcc_version;
}

#endif
