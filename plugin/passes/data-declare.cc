/* data-declare.cc — `declare` on file-scope variables. */
#include "passes/data-gcc.h"
#include "passes/lower-data.h"
#include "passes/data-internal.h"

void accgpu_declare_globals(void)
{
}
