/* test_mc_pack.c — a multicore launch's argument values packed beside it
 * (runtime/multicore/launch-pack.c): each value equal to the caller's,
 * aligned for its size, inside the pack that accgpu_mc_pack_size sized,
 * none overlapping another or the pointer array; a repack writes only what
 * changed. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "multicore/mc.h"
#include "suite.h"

enum { MAXP = 24, MAXB = 40 };

static void check_pack(unsigned np, const uint32_t *sizes,
                       unsigned char (*vals)[MAXB]) {
  void *args[MAXP];
  for (unsigned i = 0; i < np; i++)
    args[i] = vals[i];
  size_t bytes = accgpu_mc_pack_size(np, sizes);
  accgpu_mc_launch *l = aligned_alloc(128, (sizeof *l + bytes + 127) & ~127ul);
  CU_ASSERT_FATAL(l != NULL);
  memset(l, 0xa5, sizeof *l + bytes);
  accgpu_mc_pack(l, np, sizes, args);
  uintptr_t lo = (uintptr_t)l->pack, hi = lo + bytes;
  CU_ASSERT_EQUAL((uintptr_t)l->args, lo);
  uintptr_t end = lo + np * sizeof(void *); /* values follow the pointers */
  for (unsigned i = 0; i < np; i++) {
    uintptr_t p = (uintptr_t)l->args[i];
    CU_ASSERT(p >= end); /* in order, after the previous one */
    CU_ASSERT(p + sizes[i] <= hi);
    CU_ASSERT_EQUAL(p % (sizes[i] > 8 ? 16 : 8), 0);
    CU_ASSERT_EQUAL(memcmp(l->args[i], vals[i], sizes[i]), 0);
    end = p + sizes[i];
  }
  CU_ASSERT(hi - end < 16); /* no slack beyond the last value's alignment */
  free(l);
}

static void test_pack_values(void) {
  unsigned seed = 7;
  uint32_t sizes[MAXP];
  unsigned char vals[MAXP][MAXB];
  for (int round = 0; round < 500; round++) {
    unsigned np = (unsigned)(rand_r(&seed) % (MAXP + 1u));
    for (unsigned i = 0; i < np; i++) {
      sizes[i] = 1 + rand_r(&seed) % MAXB;
      for (unsigned b = 0; b < sizes[i]; b++)
        vals[i][b] = (unsigned char)rand_r(&seed);
    }
    check_pack(np, sizes, vals);
  }
}

static void test_pack_size(void) {
  uint32_t s[] = {8, 4, 16, 1};
  /* 4 pointers (32), 8 at 32, 4 at 40, 16 at 48, 1 at 64: 65 bytes. */
  CU_ASSERT_EQUAL(accgpu_mc_pack_size(4, s), 65);
  CU_ASSERT_EQUAL(accgpu_mc_pack_size(0, s), 0);
}

/* accgpu_mc_repack (session 10): a launch repacked with its own values
   writes nothing (its page read-only: a store faults); with other values
   it holds what a fresh pack of them holds. */
static void test_repack(void) {
  uint32_t sizes[] = {8, 4, 16, 1, 8};
  unsigned char vals[5][MAXB] = {{1, 2, 3}, {4}, {5, 6}, {7}, {8, 9}};
  void *args[5] = {vals[0], vals[1], vals[2], vals[3], vals[4]};
  long page = sysconf(_SC_PAGESIZE);
  accgpu_mc_launch *l = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CU_ASSERT_FATAL(l != MAP_FAILED);
  accgpu_mc_launch head = {0};
  head.grid = (__accgpu_dim3){8, 1, 1};
  head.threads = 2;
  accgpu_mc_repack(l, &head, 5, sizes, args); /* zeroed: all written */
  CU_ASSERT_EQUAL(l->grid.x, 8);
  CU_ASSERT_EQUAL_FATAL(mprotect(l, (size_t)page, PROT_READ), 0);
  accgpu_mc_repack(l, &head, 5, sizes, args);
  CU_ASSERT_EQUAL_FATAL(mprotect(l, (size_t)page, PROT_READ | PROT_WRITE), 0);
  vals[2][1] = 60, vals[4][0] = 80, head.grid.x = 4;
  accgpu_mc_repack(l, &head, 5, sizes, args);
  accgpu_mc_launch_buf fresh;
  fresh.l = head;
  accgpu_mc_pack(&fresh.l, 5, sizes, args);
  CU_ASSERT_EQUAL(l->grid.x, 4);
  for (unsigned i = 0; i < 5; i++) {
    CU_ASSERT_EQUAL((char *)l->args[i] - (char *)l,
                    (char *)fresh.l.args[i] - (char *)&fresh.l);
    CU_ASSERT_EQUAL(memcmp(l->args[i], vals[i], sizes[i]), 0);
  }
  munmap(l, (size_t)page);
}

ACCGPU_SUITE(mc_pack, NULL, NULL, ACCGPU_TEST(test_pack_values),
             ACCGPU_TEST(test_pack_size), ACCGPU_TEST(test_repack));
