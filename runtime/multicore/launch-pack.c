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

/* Stores N bytes of SRC at DST; when KEEP, only if they differ (a line
   left unwritten stays in the cache of the threads that read it). */
static void put(void *dst, const void *src, size_t n, int keep) {
  if (!keep || __builtin_memcmp(dst, src, n) != 0)
    __builtin_memcpy(dst, src, n);
}

static void pack(accgpu_mc_launch *l, unsigned nparams, const uint32_t *sizes,
                 void **args, int keep) {
  void **ptrs = (void **)(void *)l->pack;
  size_t off = (size_t)nparams * sizeof(void *);
  for (unsigned i = 0; i < nparams; i++) {
    off = round_up(off, value_align(sizes[i]));
    void *at = l->pack + off;
    if (!keep || ptrs[i] != at)
      ptrs[i] = at;
    put(at, args[i], sizes[i], keep);
    off += sizes[i];
  }
  if (!keep || l->args != ptrs)
    l->args = ptrs;
}

void accgpu_mc_pack(accgpu_mc_launch *l, unsigned nparams,
                    const uint32_t *sizes, void **args) {
  pack(l, nparams, sizes, args, 0);
}

void accgpu_mc_repack(accgpu_mc_launch *l, const accgpu_mc_launch *head,
                      unsigned nparams, const uint32_t *sizes, void **args) {
  put(&l->enter, &head->enter, sizeof l->enter, 1);
  put(&l->entry, &head->entry, sizeof l->entry, 1);
  put(&l->grid, &head->grid, sizeof l->grid, 1);
  put(&l->shared_bytes, &head->shared_bytes, sizeof l->shared_bytes, 1);
  put(&l->threads, &head->threads, sizeof l->threads, 1);
  put(&l->sched, &head->sched, sizeof l->sched, 1);
  put(&l->kernel, &head->kernel, sizeof l->kernel, 1);
  pack(l, nparams, sizes, args, 1);
}
