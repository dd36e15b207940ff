/* gcc-common.h — the one place accgpu includes GCC's plugin headers and
 * irons out version differences.  Every plugin source includes this first. */
#ifndef ACCGPU_GCC_COMMON_H
#define ACCGPU_GCC_COMMON_H 1

#include "gcc-plugin.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
/* c-common.h must precede diagnostic-core.h. */
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "c-tree.h"
#include "cpplib.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "function.h"
#include "basic-block.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimple-pretty-print.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "tree-iterator.h"
#include "stringpool.h"
#include "attribs.h"
#include "stor-layout.h"
#include "fold-const.h"
#include "varasm.h"
#include "cgraph.h"
#include "langhooks.h"
#include "omp-general.h"
#include "print-tree.h"
#include "tree-inline.h"

/* The C front end's symbols, weak: lto1, which loads the plugin when
   -fplugin is on an -flto link line, has no C front end, and a strong
   reference would keep the plugin from loading there (plugin.cc then
   registers nothing). */
extern tree pushdecl(tree) __attribute__((weak));
extern cpp_reader *parse_in __attribute__((weak));
extern tree lookup_name(tree) __attribute__((weak));
extern tree build_component_ref(location_t, tree, tree, location_t)
    __attribute__((weak));

#endif
