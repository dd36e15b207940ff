/* launch-pack.c — a multicore launch carries its argument values (mc.h):
 * the team's threads then find everything about the launch in a few
 * adjacent cache lines instead of following the caller's argument array to
 * values spread over its stack. */
#include "multicore/mc.h"

/* Alignment of a value of BYTES bytes in the pack. */
static size_t value_align(uint32_t bytes) { return bytes > 8 ? 16 : 8; }

static size_t round_up(size_t n, size_t a) { return (n + a - 1) & ~(a - 1); }

size_t accgpu_mc_pack_size(unsigned nparams, const uint32_t *sizes) {
  size_t n = (size_t)nparams * sizeof(void *);
  for (unsigned i = 0; i < nparams; i++)
    n = round_up(n, value_align(sizes[i])) + sizes[i];
  return n;
}

void accgpu_mc_pack(accgpu_mc_launch *l, unsigned nparams,
                    const uint32_t *sizes, void **args) {
  void **ptrs = (void **)(void *)l->pack;
  size_t off = (size_t)nparams * sizeof(void *);
  for (unsigned i = 0; i < nparams; i++) {
    off = round_up(off, value_align(sizes[i]));
    ptrs[i] = l->pack + off;
    __builtin_memcpy(ptrs[i], args[i], sizes[i]);
    off += sizes[i];
  }
  l->args = ptrs;
}
