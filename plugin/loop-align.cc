/* loop-align.cc — the host fallback as fast as the serial build.
 *
 * The fallback is the region's own loops, compiled in the same function
 * as the launch code, so it gets the same instructions as the source built
 * without the plugin but other addresses.  At GCC's x86 default (loops on
 * 16-byte boundaries) a hot inner loop of 17 to 32 bytes starts at offset
 * 48 of a 64-byte fetch block one time in four and straddles two blocks;
 * on the AMD EPYC of our test machine that made such loops up to 1.55x
 * slower (xreuse, Floyd-Warshall; docs/compiler.md).  Loops aligned to 32
 * bytes never straddle when they are at most 32 bytes long, so the
 * plugin's units ask for that unless the user chose an alignment.  The
 * serial build keeps the lottery: it may be the slower one.           */
#include "accgpu-plugin.h"

void accgpu_loop_align_init(void)
{
  /* -falign-loops[=N] and -fno-align-loops are the user's; -Os and -O0
     leave flag_align_loops off, and then GCC aligns nothing anyway. */
  if (!global_options_set.x_flag_align_loops
      && !global_options_set.x_str_align_loops)
    global_options.x_str_align_loops = "32";
}
