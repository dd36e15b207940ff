/* accgpu_emu_check.h — the access check of checked emulator images.
 *
 * The plugin builds a module's emulator image with gcc's ThreadSanitizer
 * instrumentation (-fsanitize=thread, no function entry/exit hooks) and
 * -D__ACCGPU_EMU_CHECKED__, without linking libtsan: every load and store
 * the kernel code makes through memory (not its register locals) becomes a
 * call to one of the __tsan_* functions below, and every atomic builtin a
 * __tsan_atomic* call that performs the operation.  They are defined here,
 * in the image itself (hidden), and ask the emulator (runtime/emulator/
 * memcheck.c, racecheck.c) about the access:
 *   - inline, with no call, when memcheck alone is on and the bytes are
 *     allocated device memory, the thread's own stack or the block's
 *     shared memory;
 *   - otherwise through ops->access, which stops the block with a report
 *     (memcheck), records the access (racecheck) or switches threads
 *     (ACCGPU_EMU_SCHEDULE=random).
 * Included by accgpu_cuda.h; not for hand-written code.               */
#ifndef ACCGPU_EMU_CHECK_H
#define ACCGPU_EMU_CHECK_H 1

#define __ACCGPU_CHK_FN                                                       \
  __attribute__((no_sanitize_thread, visibility("hidden"), used))
#define __ACCGPU_CHK_INL                                                      \
  static __inline__ __attribute__((always_inline, no_sanitize_thread, unused))

/* Bits 0-1: write, atomic (what memcheck and racecheck see); bits 2-3: an
   atomic that only loads or only stores (the emulator's counters count it
   as a load or a store, not as an atomic read-modify-write). */
enum { __ACCGPU_RD = 0, __ACCGPU_WR = 1, __ACCGPU_AT = 3,
       __ACCGPU_AT_LD = 3 | 4, __ACCGPU_AT_ST = 3 | 8 };

/* Shadow byte S of device memory: how many of its 8 bytes, from the first,
   are allocated (0..8); negative: none (a redzone or freed memory). */
__ACCGPU_CHK_INL int __accgpu_shadow(const signed char *sh, uintptr_t g) {
  int s;
  __asm__("movsbl %1, %0" : "=r"(s) : "m"(sh[g]));
  return s;
}

/* 1 when the memcheck fast path clears N bytes at A for block B and the
   thread whose structure is T. */
__ACCGPU_CHK_INL int __accgpu_chk_fast(const __accgpu_emu_block *b,
                                       const void *t, uintptr_t a,
                                       unsigned long n) {
  uintptr_t off = a - __ACCGPU_RAW(b->dev_base), lo;
  if (off < __ACCGPU_RAW(b->dev_size))
    return (long)((off & 7) + n) <=
           __accgpu_shadow(__ACCGPU_RAW(b->shadow), off >> 3);
  if (((a ^ (uintptr_t)t) >> ACCGPU_EMU_STACK_SHIFT) == 0)
    return 1; /* the thread's own stack */
  lo = a - __ACCGPU_RAW(b->shared_lo);
  if (lo < __ACCGPU_RAW(b->shared_len) &&
      lo + n <= __ACCGPU_RAW(b->shared_len))
    return 1;
  lo = a - (uintptr_t)__ACCGPU_RAW(b->dyn_shared);
  return lo < __ACCGPU_RAW(b->dyn_len) && lo + n <= __ACCGPU_RAW(b->dyn_len);
}

__ACCGPU_CHK_INL void __accgpu_chk(const volatile void *p, unsigned long n,
                                   unsigned kind) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  const __accgpu_emu_block *b = __ACCGPU_RAW(t->blk);
  unsigned c = __ACCGPU_RAW32(b->check);
  if (!(kind & 1)) /* a load: lockstep hands over at stores only */
    c &= ~ACCGPU_EMU_CHECK_STORES;
  if (c == 0 ||
      (c == ACCGPU_EMU_CHECK_MEM && __accgpu_chk_fast(b, t, (uintptr_t)p, n)))
    return;
  __ACCGPU_OP(t, access)(t, p, n, kind);
}

/* An atomic: on the calling thread's own stack (a local or a by-value
   parameter) it faults on a GPU ("unspecified launch failure": CUDA's
   atomics and ld/st.relaxed need global or shared memory), so it goes to
   ops->access, which stops the kernel, whatever checks are on; one compare
   when it is not.  Other threads' stacks are the slow path's to report. */
__ACCGPU_CHK_INL void __accgpu_chk_at(const volatile void *p, unsigned long n,
                                      unsigned kind) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  if ((((uintptr_t)p ^ (uintptr_t)t) >> ACCGPU_EMU_STACK_SHIFT) == 0)
    __ACCGPU_OP(t, access)(t, p, n, kind);
  else
    __accgpu_chk(p, n, kind);
}

/* ---- Plain loads and stores ---- */
#define __ACCGPU_TSAN_RW(n)                                                   \
  __ACCGPU_CHK_FN void __tsan_read##n(void *p) { __accgpu_chk(p, n, 0); }     \
  __ACCGPU_CHK_FN void __tsan_write##n(void *p) { __accgpu_chk(p, n, 1); }
#define __ACCGPU_TSAN_URW(n)                                                  \
  __ACCGPU_CHK_FN void __tsan_unaligned_read##n(void *p) {                    \
    __accgpu_chk(p, n, 0);                                                    \
  }                                                                           \
  __ACCGPU_CHK_FN void __tsan_unaligned_write##n(void *p) {                   \
    __accgpu_chk(p, n, 1);                                                    \
  }
__ACCGPU_TSAN_RW(1)
__ACCGPU_TSAN_RW(2)
__ACCGPU_TSAN_RW(4)
__ACCGPU_TSAN_RW(8)
__ACCGPU_TSAN_RW(16)
__ACCGPU_TSAN_URW(2)
__ACCGPU_TSAN_URW(4)
__ACCGPU_TSAN_URW(8)
__ACCGPU_TSAN_URW(16)
#undef __ACCGPU_TSAN_RW
#undef __ACCGPU_TSAN_URW
__ACCGPU_CHK_FN void __tsan_read_range(void *p, unsigned long n) {
  if (n)
    __accgpu_chk(p, n, 0);
}
__ACCGPU_CHK_FN void __tsan_write_range(void *p, unsigned long n) {
  if (n)
    __accgpu_chk(p, n, 1);
}
/* The module constructor gcc adds for the instrumentation. */
__ACCGPU_CHK_FN void __tsan_init(void) {}
__ACCGPU_CHK_FN void __tsan_func_entry(void *pc) { (void)pc; }
__ACCGPU_CHK_FN void __tsan_func_exit(void *pc) { (void)pc; }

/* ---- Atomics: checked as atomic accesses, then done (sequentially
   consistent, whatever order the call names: device-scope atomics). ---- */
#define __ACCGPU_TSAN_ATOMIC(n, T)                                            \
  __ACCGPU_CHK_FN T __tsan_atomic##n##_load(const volatile void *p, int mo) { \
    (void)mo;                                                                 \
    __accgpu_chk_at(p, n / 8, __ACCGPU_AT_LD);                                \
    return __atomic_load_n((const volatile T *)p, __ATOMIC_SEQ_CST);          \
  }                                                                           \
  __ACCGPU_CHK_FN void __tsan_atomic##n##_store(volatile void *p, T v,        \
                                                int mo) {                     \
    (void)mo;                                                                 \
    __accgpu_chk_at(p, n / 8, __ACCGPU_AT_ST);                                \
    __atomic_store_n((volatile T *)p, v, __ATOMIC_SEQ_CST);                   \
  }                                                                           \
  __ACCGPU_TSAN_RMW(n, T, exchange, __atomic_exchange_n)                      \
  __ACCGPU_TSAN_RMW(n, T, fetch_add, __atomic_fetch_add)                      \
  __ACCGPU_TSAN_RMW(n, T, fetch_sub, __atomic_fetch_sub)                      \
  __ACCGPU_TSAN_RMW(n, T, fetch_and, __atomic_fetch_and)                      \
  __ACCGPU_TSAN_RMW(n, T, fetch_or, __atomic_fetch_or)                        \
  __ACCGPU_TSAN_RMW(n, T, fetch_xor, __atomic_fetch_xor)                      \
  __ACCGPU_TSAN_RMW(n, T, fetch_nand, __atomic_fetch_nand)                    \
  __ACCGPU_CHK_FN _Bool __tsan_atomic##n##_compare_exchange_strong(             \
      volatile void *p, void *c, T v, int mo, int fmo) {                      \
    (void)mo, (void)fmo;                                                      \
    __accgpu_chk_at(p, n / 8, __ACCGPU_AT);                                   \
    return __atomic_compare_exchange_n((volatile T *)p, (T *)c, v, 0,         \
                                       __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);   \
  }                                                                           \
  __ACCGPU_CHK_FN _Bool __tsan_atomic##n##_compare_exchange_weak(               \
      volatile void *p, void *c, T v, int mo, int fmo) {                      \
    return __tsan_atomic##n##_compare_exchange_strong(p, c, v, mo, fmo);      \
  }                                                                           \
  __ACCGPU_CHK_FN T __tsan_atomic##n##_compare_exchange_val(                  \
      volatile void *p, T c, T v, int mo, int fmo) {                          \
    __tsan_atomic##n##_compare_exchange_strong(p, &c, v, mo, fmo);            \
    return c;                                                                 \
  }
#define __ACCGPU_TSAN_RMW(n, T, op, builtin)                                  \
  __ACCGPU_CHK_FN T __tsan_atomic##n##_##op(volatile void *p, T v, int mo) {  \
    (void)mo;                                                                 \
    __accgpu_chk_at(p, n / 8, __ACCGPU_AT);                                   \
    return builtin((volatile T *)p, v, __ATOMIC_SEQ_CST);                     \
  }
__ACCGPU_TSAN_ATOMIC(8, unsigned char)
__ACCGPU_TSAN_ATOMIC(16, unsigned short)
__ACCGPU_TSAN_ATOMIC(32, unsigned int)
__ACCGPU_TSAN_ATOMIC(64, unsigned long)
#undef __ACCGPU_TSAN_ATOMIC
#undef __ACCGPU_TSAN_RMW
__ACCGPU_CHK_FN void __tsan_atomic_thread_fence(int mo) {
  (void)mo;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
__ACCGPU_CHK_FN void __tsan_atomic_signal_fence(int mo) { (void)mo; }

#endif /* ACCGPU_EMU_CHECK_H */
