/* xfile_extern_declare.c with this unit compiled and linked -flto: its
 * constructor must map the `extern` globals before the unit is streamed
 * (before session 11 ext_h was not mapped either). */
/* accgpu-test: units ext_def.c */
/* accgpu-test: cflags -flto */
#include "xfile_extern_declare.c"
