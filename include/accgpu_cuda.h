/* accgpu_cuda.h — the CUDA C dialect of accgpu kernels (docs/kernel-abi.md §3).
 *
 * One header, three uses:
 *  - under nvcc/NVRTC (__CUDACC__) it maps the dialect onto real CUDA and
 *    adds what CUDA lacks (float/double atomicMin/atomicMax, limits);
 *  - under gcc with -D__ACCGPU_EMU__ (kernels built for the emulator) it
 *    implements CUDA's builtins in GNU C11: thread coordinates, barriers,
 *    warp functions and atomics;
 *  - with ACCGPU_EMU_ABI_ONLY defined it declares only the structures the
 *    emulator runtime shares with kernel code (runtime/emulator/).
 *
 * Emulated kernels run one CUDA thread per fiber.  Fiber stacks are
 * ACCGPU_EMU_STACK_SIZE bytes, aligned to their size, with the thread's
 * __accgpu_emu_thread in the top page: masking the stack pointer finds
 * it, with no TLS and no symbol from the runtime, so a kernel image loaded
 * with dlopen needs nothing but libc/libm.  Barriers and warp exchanges go
 * through the function table in that structure.                          */
#ifndef ACCGPU_CUDA_H
#define ACCGPU_CUDA_H 1

/* ---- Limits, usable on both sides (NVRTC has no <limits.h>). ---- */
#define ACCGPU_CHAR_MAX 127
#define ACCGPU_CHAR_MIN (-128)
#define ACCGPU_SHRT_MAX 32767
#define ACCGPU_SHRT_MIN (-32768)
#define ACCGPU_INT_MAX 2147483647
#define ACCGPU_INT_MIN (-ACCGPU_INT_MAX - 1)
#define ACCGPU_UINT_MAX 4294967295u
#define ACCGPU_LONG_MAX 9223372036854775807L
#define ACCGPU_LONG_MIN (-ACCGPU_LONG_MAX - 1L)
#define ACCGPU_ULONG_MAX 18446744073709551615ul
#define ACCGPU_LLONG_MAX 9223372036854775807LL
#define ACCGPU_LLONG_MIN (-ACCGPU_LLONG_MAX - 1LL)
#define ACCGPU_ULLONG_MAX 18446744073709551615ull
#define ACCGPU_FLT_MAX 3.40282346638528859812e+38f
#define ACCGPU_FLT_MIN 1.17549435082228750797e-38f
#define ACCGPU_DBL_MAX 1.79769313486231570815e+308
#define ACCGPU_DBL_MIN 2.22507385850720138309e-308

#if defined(__CUDACC__)
/* =================== Real CUDA (nvcc, NVRTC) =================== */

#define ACCGPU_KERNEL extern "C" __global__
/* Routines shared between units (relocatable device code, linked at load):
   the defining unit's entry and the calling unit's declaration. */
#define ACCGPU_EXPORT extern "C" __device__
#define ACCGPU_IMPORT(ret, name, params) extern "C" __device__ ret name params
#define ACCGPU_XCALL(name) name
/* ... a gang, worker or vector routine (the multicore images differ). */
#define ACCGPU_IMPORT_PAR ACCGPU_IMPORT
#define ACCGPU_XCALL_PAR ACCGPU_XCALL
/* At most N threads per block: ptxas fits the registers to that. */
#define ACCGPU_LAUNCH_BOUNDS(n) __launch_bounds__(n)
/* On device functions that return a struct (complex helpers, routines):
   CUDA 13.0's optimizer drops a returned struct's second member when such
   functions call one another with few call sites (nvcc and NVRTC at -O3;
   -O1 is right; docs/gpu-testing.md).  `used` keeps the interprocedural
   passes off them; they are still inlined. */
#define ACCGPU_STRUCT_RET __attribute__((used))
/* The bound of a struct's flexible array member (`double v[];`): C++ has
   none, and NVRTC refuses `v[]` and `v[0]`.  Accesses index the member
   from its offset, which is the host's; the struct's sizeof may grow. */
#define ACCGPU_FLEX 1
/* Unroll the next loop by N (runtime trip count: a remainder loop). */
#define ACCGPU_PRAGMA(x) _Pragma(#x)
#define ACCGPU_UNROLL(n) ACCGPU_PRAGMA(unroll n)
/* After a __shared__ array the program may read before writing: nothing
   on a GPU (see the CPU images' definition). */
#define ACCGPU_SHARED_OPAQUE(v) ((void)0)
#define ACCGPU_DYN_SHARED(type, name) extern __shared__ __align__(16) type name[]
#define ACCGPU_INF __longlong_as_double(0x7ff0000000000000LL)
#define ACCGPU_INFF __int_as_float(0x7f800000)

/* CUDA has no floating-point atomicMin/atomicMax; OpenACC min/max
   reductions need them.  CAS loops on the bit pattern (C++ overloads). */
static __device__ __forceinline__ float atomicMin(float *p, float v) {
  int *ip = (int *)p, old = *ip, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) <= v)
      break;
    old = atomicCAS(ip, assumed, __float_as_int(v));
  } while (old != assumed);
  return __int_as_float(old);
}
static __device__ __forceinline__ float atomicMax(float *p, float v) {
  int *ip = (int *)p, old = *ip, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v)
      break;
    old = atomicCAS(ip, assumed, __float_as_int(v));
  } while (old != assumed);
  return __int_as_float(old);
}
static __device__ __forceinline__ double atomicMin(double *p, double v) {
  unsigned long long *ip = (unsigned long long *)p, old = *ip, assumed;
  do {
    assumed = old;
    if (__longlong_as_double((long long)assumed) <= v)
      break;
    old = atomicCAS(ip, assumed, (unsigned long long)__double_as_longlong(v));
  } while (old != assumed);
  return __longlong_as_double((long long)old);
}
static __device__ __forceinline__ double atomicMax(double *p, double v) {
  unsigned long long *ip = (unsigned long long *)p, old = *ip, assumed;
  do {
    assumed = old;
    if (__longlong_as_double((long long)assumed) >= v)
      break;
    old = atomicCAS(ip, assumed, (unsigned long long)__double_as_longlong(v));
  } while (old != assumed);
  return __longlong_as_double((long long)old);
}

/* Named barrier ID (1..15; 0 is __syncthreads') among COUNT threads, a
   multiple of 32.  PTX barrier.sync, not bar.sync (= barrier.sync.aligned):
   a worker row passes it once per iteration of its own loop, so rows pass
   it different numbers of times while others wait elsewhere, which the
   aligned form does not allow (compute-sanitizer's racecheck reports
   hazards for it on an H200, none for this form). */
static __device__ __forceinline__ void __accgpu_bar_sync(unsigned id,
                                                         unsigned count) {
  asm volatile("barrier.sync %0, %1;" : : "r"(id), "r"(count) : "memory");
}

#else /* !__CUDACC__ */
/* =================== Emulator ABI (shared with the runtime) =========== */

#define ACCGPU_FLEX /* C's flexible array member */

#include <stddef.h>
#include <stdint.h>

/* log2 of a fiber stack's size and alignment.  Part of the ABI between the
   runtime and kernel images: both must agree. */
#define ACCGPU_EMU_STACK_SHIFT 18
#define ACCGPU_EMU_STACK_SIZE ((uintptr_t)1 << ACCGPU_EMU_STACK_SHIFT)
#define ACCGPU_EMU_WARP 32
/* Where in its slot the thread structure lies: in the top page, just above
   the stack, so a running thread touches one page for both.  Slots are
   "coloured" by their address so the structures of neighbouring slots fall
   in different cache sets instead of all aliasing at 256 KiB. */
#define ACCGPU_EMU_CTX_OFFSET(base)                                           \
  (ACCGPU_EMU_STACK_SIZE - 64u -                                              \
   (((uintptr_t)(base) >> ACCGPU_EMU_STACK_SHIFT) & 63u) * 64u)

typedef struct __accgpu_uint3 {
  unsigned x, y, z;
} __accgpu_uint3;

struct __accgpu_emu_thread;

/* What kernel code asks of the runtime.  All of them may switch fibers. */
typedef struct __accgpu_emu_ops {
  /* Block barrier.  KIND 0: returns 0; 1: number of threads with PRED != 0;
     2: nonzero iff all had PRED != 0; 3: nonzero iff any had. */
  int (*sync_block)(struct __accgpu_emu_thread *t, int pred, int kind);
  /* Warp barrier among the live lanes of MASK. */
  void (*sync_warp)(struct __accgpu_emu_thread *t, unsigned mask);
  /* Publishes V, waits for the lanes of MASK, returns lane SRC's value
     (the caller's own V when SRC did not take part). */
  uint64_t (*shfl)(struct __accgpu_emu_thread *t, unsigned mask, uint64_t v,
                   unsigned src);
  /* Bit i set iff lane i of MASK passed PRED != 0. */
  unsigned (*ballot)(struct __accgpu_emu_thread *t, unsigned mask, int pred);
  /* Lanes of the caller's warp that have not exited. */
  unsigned (*active_mask)(struct __accgpu_emu_thread *t);
  /* PTX bar.sync ID, COUNT: waits until COUNT threads arrived at named
     barrier ID (1..15; COUNT a multiple of 32). */
  void (*sync_named)(struct __accgpu_emu_thread *t, unsigned id,
                     unsigned count);
  /* Checked images (memcheck, racecheck, preemption): an access of N
     bytes at P that the inline check did not clear.  KIND: bit 0 write,
     bit 1 atomic, bit 2/3 an atomic load/store.  Stops the block when P is
     not memory the thread may touch. */
  void (*access)(struct __accgpu_emu_thread *t, const volatile void *p,
                 unsigned long n, unsigned kind);
  /* Device malloc and free (runtime/emulator/heap.c), called at FILE:LINE:
     a block of N bytes of the device's heap, or NULL when it has no room;
     free stops the block with a report when P is not a live block. */
  void *(*heap_alloc)(struct __accgpu_emu_thread *t, unsigned long n,
                      const char *file, unsigned line);
  void (*heap_free)(struct __accgpu_emu_thread *t, void *p, const char *file,
                    unsigned line);
} __accgpu_emu_ops;

/* One block of a launch, as the kernel sees it. */
typedef struct __accgpu_emu_block {
  __accgpu_uint3 block_idx, block_dim, grid_dim;
  void *dyn_shared; /* launch's dynamic shared memory, 16-byte aligned */
  /* What the inline access check of checked images clears without a call
     (accgpu_emu_check.h): device memory whose shadow byte says the bytes
     are allocated, the thread's own stack, the block's shared memory. */
  unsigned check;              /* ACCGPU_EMU_CHECK_* bits; 0: no check */
  uintptr_t dev_base, dev_size; /* the launch device's memory */
  const signed char *shadow;   /* one byte per 8 bytes of it (memcheck.c) */
  uintptr_t shared_lo, shared_len; /* the image's __shared__ (TLS) block */
  uintptr_t dyn_len;           /* the launch's dynamic shared bytes */
} __accgpu_emu_block;

/* A block of the multicore device (include/accgpu_mc.h), as the runtime
   hands it to the image's __accgpu_mc_enter before running it. */
typedef struct __accgpu_mc_block {
  __accgpu_uint3 block_idx, grid_dim;
  void *dyn_shared; /* the launch's dynamic shared memory, 16-byte aligned */
} __accgpu_mc_block;

/* __accgpu_emu_block.check */
#define ACCGPU_EMU_CHECK_MEM 1u   /* memcheck: inline fast path */
#define ACCGPU_EMU_CHECK_CALL 2u  /* every access calls ops->access */
#define ACCGPU_EMU_CHECK_STORES 4u /* stores call ops->access (lockstep) */

/* The start of every fiber stack.  The runtime's fiber structure begins
   with it; kernel code reads only these fields. */
typedef struct __accgpu_emu_thread {
  const __accgpu_emu_ops *ops;
  const __accgpu_emu_block *blk;
  __accgpu_uint3 thread_idx;
  unsigned lane;
} __accgpu_emu_thread;

#if defined(__ACCGPU_EMU__) && !defined(ACCGPU_EMU_ABI_ONLY)
/* =================== Emulated CUDA in GNU C11 =================== */

#include <math.h>

#define __global__
#define __device__
#define __host__
#define __shared__ static __thread
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))

/* Kernel entry points: a plain external function, and the uniform CPU
   entry K__emu(void **args) that unpacks cuLaunchKernel-style ARGS. */
#define ACCGPU_KERNEL
#define ACCGPU_LAUNCH_BOUNDS(n)
#define ACCGPU_STRUCT_RET
#define ACCGPU_UNROLL(n)
/* `__shared__` is a static TLS variable here: one that the kernel never
   writes is zero to gcc, which folds its loads to 0, and an invalid
   program reading a gang-private array it never wrote verified (a GPU
   gives what the block's shared memory held; the emulator's 0xff fill and
   initcheck never saw a load).  The address escapes into an asm that may
   write memory: the loads stay. */
#define ACCGPU_SHARED_OPAQUE(v) __asm__ __volatile__("" : : "r"(&(v)) : "memory")
/* Routines shared between units: the defining image exports NAME; the
   calling image holds a slot NAME__p the runtime fills with its address
   when it loads the image (runtime/image.c). */
#define ACCGPU_EXPORT __attribute__((visibility("default")))
#define ACCGPU_IMPORT(ret, name, params)                                      \
  __attribute__((visibility("default"))) ret (*name##__p) params
#if defined(__ACCGPU_EMU_CHECKED__) && defined(__x86_64__)
/* The slot is the image's, not device memory: read unchecked, uncounted. */
#define ACCGPU_XCALL(name) (*__ACCGPU_RAW(name##__p))
#else
#define ACCGPU_XCALL(name) (*name##__p)
#endif
#ifndef __ACCGPU_MC__
#define ACCGPU_IMPORT_PAR ACCGPU_IMPORT
#define ACCGPU_XCALL_PAR ACCGPU_XCALL
#endif
#define ACCGPU_EMU_ENTRY(K)                                                   \
  void K##__emu(void **args);                                                 \
  __ACCGPU_EMU_UNCHECKED void K##__emu(void **args)
/* The entry reads the launch's argument copies (host memory, not the
   kernel's to check); gcc does not inline a checked kernel into it. */
#ifdef __ACCGPU_EMU_CHECKED__
#define __ACCGPU_EMU_UNCHECKED __attribute__((no_sanitize_thread))
#else
#define __ACCGPU_EMU_UNCHECKED
#endif
/* Value of parameter I of type T inside an ACCGPU_EMU_ENTRY body. */
#define ACCGPU_ARG(i, T) (*(T *)args[i])
#define ACCGPU_DYN_SHARED(type, name)                                         \
  type *name = (type *)__ACCGPU_RAW(__ACCGPU_BLK()->dyn_shared)
#define ACCGPU_INF __builtin_inf()
#define ACCGPU_INFF __builtin_inff()

#define __ACCGPU_INL static __inline__ __attribute__((always_inline, unused))

#ifdef __ACCGPU_MC__
#undef ACCGPU_DYN_SHARED
#include "accgpu_mc.h"
/* Device malloc on the multicore device: the C library's (shared memory). */
void *malloc(size_t);
void free(void *);
#define __accgpu_malloc(n, file, line) malloc(n)
#define __accgpu_free(p, file, line) free(p)
#else
/* The running CUDA thread: the base of the fiber stack we are on.  Not
   volatile, so gcc computes it once per function. */
__ACCGPU_INL __accgpu_emu_thread *__accgpu_emu_self(void) {
  uintptr_t sp;
#if defined(__x86_64__)
  __asm__("mov %%rsp, %0" : "=r"(sp));
#else
  sp = (uintptr_t)__builtin_frame_address(0);
#endif
  sp &= ~(ACCGPU_EMU_STACK_SIZE - 1);
  return (__accgpu_emu_thread *)(sp + ACCGPU_EMU_CTX_OFFSET(sp));
}

/* Reads a field of the emulator's own structures.  In checked images
   (-fsanitize=thread instrumentation, accgpu_emu_check.h) an asm load, so
   it is not reported to the access check: it is not device memory. */
#if defined(__ACCGPU_EMU_CHECKED__) && defined(__x86_64__)
#define __ACCGPU_RAW_LD(T, insn, lv)                                          \
  __extension__({                                                             \
    T __accgpu_v;                                                             \
    __asm__(insn " %1, %0" : "=r"(__accgpu_v) : "m"(lv));                     \
    __accgpu_v;                                                               \
  })
/* A pointer or uintptr_t field; an unsigned field. */
#define __ACCGPU_RAW(lv) ((__typeof__(lv))__ACCGPU_RAW_LD(uintptr_t, "movq", lv))
#define __ACCGPU_RAW32(lv) __ACCGPU_RAW_LD(unsigned, "movl", lv)
#else
#define __ACCGPU_RAW(lv) (lv)
#define __ACCGPU_RAW32(lv) (lv)
#endif
#define __ACCGPU_BLK() (__ACCGPU_RAW(__accgpu_emu_self()->blk))
#define __ACCGPU_OP(t, fn) (__ACCGPU_RAW(__ACCGPU_RAW((t)->ops)->fn))
__ACCGPU_INL __accgpu_uint3 __accgpu_emu_uint3(const __accgpu_uint3 *p) {
  __accgpu_uint3 r = {__ACCGPU_RAW32(p->x), __ACCGPU_RAW32(p->y),
                      __ACCGPU_RAW32(p->z)};
  return r;
}
#define threadIdx (__accgpu_emu_uint3(&__accgpu_emu_self()->thread_idx))
#define blockIdx (__accgpu_emu_uint3(&__ACCGPU_BLK()->block_idx))
#define blockDim (__accgpu_emu_uint3(&__ACCGPU_BLK()->block_dim))
#define gridDim (__accgpu_emu_uint3(&__ACCGPU_BLK()->grid_dim))
#define warpSize ACCGPU_EMU_WARP

/* ---- Synchronization ---- */
#define __ACCGPU_SYNC(pred, kind)                                             \
  (__ACCGPU_OP(__accgpu_emu_self(), sync_block)(__accgpu_emu_self(), (pred), \
                                                (kind)))
#define __syncthreads() ((void)__ACCGPU_SYNC(0, 0))
#define __syncthreads_count(p) __ACCGPU_SYNC((p) != 0, 1)
#define __syncthreads_and(p) __ACCGPU_SYNC((p) != 0, 2)
#define __syncthreads_or(p) __ACCGPU_SYNC((p) != 0, 3)
/* __syncwarp() and __syncwarp(mask); an empty mask means all lanes. */
#define __syncwarp(...) __accgpu_syncwarp(__VA_ARGS__ + 0u)
__ACCGPU_INL void __accgpu_syncwarp(unsigned mask) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  __ACCGPU_OP(t, sync_warp)(t, mask ? mask : 0xffffffffu);
}
/* Device malloc and free: the emulator's heap, each block checked. */
__ACCGPU_INL void *__accgpu_malloc(unsigned long n, const char *file,
                                   unsigned line) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  return __ACCGPU_OP(t, heap_alloc)(t, n, file, line);
}
__ACCGPU_INL void __accgpu_free(void *p, const char *file, unsigned line) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  __ACCGPU_OP(t, heap_free)(t, p, file, line);
}
/* PTX bar.sync ID, COUNT (named barrier 1..15 among COUNT threads). */
__ACCGPU_INL void __accgpu_bar_sync(unsigned id, unsigned count) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  __ACCGPU_OP(t, sync_named)(t, id, count);
}
#endif /* !__ACCGPU_MC__ */
#define __threadfence() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define __threadfence_block() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define __threadfence_system() __atomic_thread_fence(__ATOMIC_SEQ_CST)

/* ---- Bit functions ---- */
__ACCGPU_INL int __popc(unsigned x) { return __builtin_popcount(x); }
__ACCGPU_INL int __popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}
__ACCGPU_INL int __ffs(int x) { return __builtin_ffs(x); }
__ACCGPU_INL int __ffsll(long long x) { return __builtin_ffsll(x); }
__ACCGPU_INL int __clz(int x) {
  return x ? __builtin_clz((unsigned)x) : 32;
}
__ACCGPU_INL int __clzll(long long x) {
  return x ? __builtin_clzll((unsigned long long)x) : 64;
}

#ifndef __ACCGPU_MC__
/* ---- Warp functions (32 lanes; WIDTH a power of two, 0 or absent: 32) --- */
__ACCGPU_INL unsigned __activemask(void) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  return __ACCGPU_OP(t, active_mask)(t);
}
__ACCGPU_INL unsigned __ballot_sync(unsigned mask, int pred) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  return __ACCGPU_OP(t, ballot)(t, mask, pred != 0);
}
__ACCGPU_INL int __any_sync(unsigned mask, int pred) {
  return __ballot_sync(mask, pred) != 0;
}
__ACCGPU_INL int __all_sync(unsigned mask, int pred) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  unsigned b = __ACCGPU_OP(t, ballot)(t, mask, pred != 0);
  return b == (mask & __ACCGPU_OP(t, active_mask)(t));
}

/* Source lane of each shuffle flavour, following CUDA: out-of-segment
   sources read the caller's own value. */
enum { __ACCGPU_SHFL_IDX, __ACCGPU_SHFL_UP, __ACCGPU_SHFL_DOWN,
       __ACCGPU_SHFL_XOR };
__ACCGPU_INL unsigned __accgpu_shfl_src(int how, unsigned lane, int arg,
                                        unsigned width) {
  unsigned w = width == 0 || width > 32 ? 32u : width;
  unsigned seg = lane & ~(w - 1), src;
  switch (how) {
  case __ACCGPU_SHFL_IDX:
    return seg + ((unsigned)arg & (w - 1));
  case __ACCGPU_SHFL_UP:
    return (lane - seg) >= (unsigned)arg ? lane - (unsigned)arg : lane;
  case __ACCGPU_SHFL_DOWN:
    return (lane - seg) + (unsigned)arg < w ? lane + (unsigned)arg : lane;
  default:
    src = lane ^ ((unsigned)arg & 31u);
    return src >= seg + w ? lane : src;
  }
}
__ACCGPU_INL uint64_t __accgpu_shfl64(unsigned mask, uint64_t v, int how,
                                      int arg, unsigned width) {
  __accgpu_emu_thread *t = __accgpu_emu_self();
  unsigned src = __accgpu_shfl_src(how, __ACCGPU_RAW32(t->lane), arg, width);
  return __ACCGPU_OP(t, shfl)(t, mask, v, src);
}

#define __ACCGPU_SHFL_TYPED(suffix, T, BITS)                                  \
  __ACCGPU_INL T __accgpu_shfl_##suffix(unsigned m, T v, int how, int arg,    \
                                        unsigned w) {                         \
    union { T t; BITS b; } in, out;                                           \
    in.b = 0;                                                                 \
    in.t = v;                                                                 \
    out.b = (BITS)__accgpu_shfl64(m, (uint64_t)in.b, how, arg, w);            \
    return out.t;                                                             \
  }
__ACCGPU_SHFL_TYPED(i, int, uint32_t)
__ACCGPU_SHFL_TYPED(u, unsigned, uint32_t)
__ACCGPU_SHFL_TYPED(l, long, uint64_t)
__ACCGPU_SHFL_TYPED(ul, unsigned long, uint64_t)
__ACCGPU_SHFL_TYPED(ll, long long, uint64_t)
__ACCGPU_SHFL_TYPED(ull, unsigned long long, uint64_t)
__ACCGPU_SHFL_TYPED(f, float, uint32_t)
__ACCGPU_SHFL_TYPED(d, double, uint64_t)
#undef __ACCGPU_SHFL_TYPED

/* CUDA's overloads; narrower integers promote to int as in C++. */
#define __ACCGPU_SHFL(m, v, how, arg, w)                                      \
  _Generic((v), int: __accgpu_shfl_i, unsigned: __accgpu_shfl_u,              \
           char: __accgpu_shfl_i, signed char: __accgpu_shfl_i,               \
           unsigned char: __accgpu_shfl_i, short: __accgpu_shfl_i,            \
           unsigned short: __accgpu_shfl_i,                                   \
           long: __accgpu_shfl_l, unsigned long: __accgpu_shfl_ul,            \
           long long: __accgpu_shfl_ll, unsigned long long: __accgpu_shfl_ull,\
           float: __accgpu_shfl_f, double: __accgpu_shfl_d)(                  \
      (m), (v), (how), (int)(arg), (unsigned)(w))
#define __shfl_sync(m, v, src, ...)                                           \
  __ACCGPU_SHFL(m, v, __ACCGPU_SHFL_IDX, src, __VA_ARGS__ + 0)
#define __shfl_up_sync(m, v, d, ...)                                          \
  __ACCGPU_SHFL(m, v, __ACCGPU_SHFL_UP, d, __VA_ARGS__ + 0)
#define __shfl_down_sync(m, v, d, ...)                                        \
  __ACCGPU_SHFL(m, v, __ACCGPU_SHFL_DOWN, d, __VA_ARGS__ + 0)
#define __shfl_xor_sync(m, v, x, ...)                                         \
  __ACCGPU_SHFL(m, v, __ACCGPU_SHFL_XOR, x, __VA_ARGS__ + 0)

#endif /* !__ACCGPU_MC__ */

/* ---- Atomics: device-scope, sequentially consistent (GCC builtins) ---- */
#define __ACCGPU_SC __ATOMIC_SEQ_CST
#define __ACCGPU_ATOMIC_INT(T, sfx)                                           \
  __ACCGPU_INL T __accgpu_add_##sfx(T *p, T v) {                              \
    return __atomic_fetch_add(p, v, __ACCGPU_SC);                             \
  }                                                                           \
  __ACCGPU_INL T __accgpu_sub_##sfx(T *p, T v) {                              \
    return __atomic_fetch_sub(p, v, __ACCGPU_SC);                             \
  }                                                                           \
  __ACCGPU_INL T __accgpu_exch_##sfx(T *p, T v) {                             \
    return __atomic_exchange_n(p, v, __ACCGPU_SC);                            \
  }                                                                           \
  __ACCGPU_INL T __accgpu_and_##sfx(T *p, T v) {                              \
    return __atomic_fetch_and(p, v, __ACCGPU_SC);                             \
  }                                                                           \
  __ACCGPU_INL T __accgpu_or_##sfx(T *p, T v) {                               \
    return __atomic_fetch_or(p, v, __ACCGPU_SC);                              \
  }                                                                           \
  __ACCGPU_INL T __accgpu_xor_##sfx(T *p, T v) {                              \
    return __atomic_fetch_xor(p, v, __ACCGPU_SC);                             \
  }                                                                           \
  __ACCGPU_INL T __accgpu_cas_##sfx(T *p, T cmp, T v) {                       \
    __atomic_compare_exchange_n(p, &cmp, v, 0, __ACCGPU_SC, __ACCGPU_SC);     \
    return cmp;                                                               \
  }                                                                           \
  __ACCGPU_INL T __accgpu_min_##sfx(T *p, T v) {                              \
    T old = __atomic_load_n(p, __ACCGPU_SC);                                  \
    while (v < old && !__atomic_compare_exchange_n(p, &old, v, 1, __ACCGPU_SC,\
                                                   __ACCGPU_SC))              \
      ;                                                                       \
    return old;                                                               \
  }                                                                           \
  __ACCGPU_INL T __accgpu_max_##sfx(T *p, T v) {                              \
    T old = __atomic_load_n(p, __ACCGPU_SC);                                  \
    while (v > old && !__atomic_compare_exchange_n(p, &old, v, 1, __ACCGPU_SC,\
                                                   __ACCGPU_SC))              \
      ;                                                                       \
    return old;                                                               \
  }
__ACCGPU_ATOMIC_INT(int, i)
__ACCGPU_ATOMIC_INT(unsigned, u)
__ACCGPU_ATOMIC_INT(long long, ll)
__ACCGPU_ATOMIC_INT(unsigned long long, ull)
#undef __ACCGPU_ATOMIC_INT

/* Floating point: CAS loops on the bit pattern.  OP(old, v) gives the new
   value; SKIP(old, v) is true when nothing needs storing. */
#define __ACCGPU_ATOMIC_FP(name, T, BITS, OP, SKIP)                           \
  __ACCGPU_INL T name(T *p, T v) {                                            \
    union { T f; BITS b; } o, n;                                              \
    o.b = __atomic_load_n((BITS *)p, __ACCGPU_SC);                            \
    do {                                                                      \
      if (SKIP(o.f, v))                                                       \
        break;                                                                \
      n.f = OP(o.f, v);                                                       \
    } while (!__atomic_compare_exchange_n((BITS *)p, &o.b, n.b, 1,           \
                                          __ACCGPU_SC, __ACCGPU_SC));         \
    return o.f;                                                               \
  }
#define __ACCGPU_FADD(a, b) ((a) + (b))
#define __ACCGPU_SECOND(a, b) (b)
#define __ACCGPU_NEVER(a, b) 0
#define __ACCGPU_LE(a, b) ((a) <= (b))
#define __ACCGPU_GE(a, b) ((a) >= (b))
__ACCGPU_ATOMIC_FP(__accgpu_add_f, float, uint32_t, __ACCGPU_FADD, __ACCGPU_NEVER)
__ACCGPU_ATOMIC_FP(__accgpu_add_d, double, uint64_t, __ACCGPU_FADD, __ACCGPU_NEVER)
__ACCGPU_ATOMIC_FP(__accgpu_min_f, float, uint32_t, __ACCGPU_SECOND, __ACCGPU_LE)
__ACCGPU_ATOMIC_FP(__accgpu_min_d, double, uint64_t, __ACCGPU_SECOND, __ACCGPU_LE)
__ACCGPU_ATOMIC_FP(__accgpu_max_f, float, uint32_t, __ACCGPU_SECOND, __ACCGPU_GE)
__ACCGPU_ATOMIC_FP(__accgpu_max_d, double, uint64_t, __ACCGPU_SECOND, __ACCGPU_GE)
#undef __ACCGPU_ATOMIC_FP
__ACCGPU_INL float __accgpu_exch_f(float *p, float v) {
  union { float f; uint32_t b; } o, n;
  n.f = v;
  o.b = __atomic_exchange_n((uint32_t *)p, n.b, __ACCGPU_SC);
  return o.f;
}
/* 16-bit CAS (CUDA has it from sm_70). */
__ACCGPU_INL unsigned short __accgpu_cas_us(unsigned short *p, unsigned short c,
                                           unsigned short v) {
  __atomic_compare_exchange_n(p, &c, v, 0, __ACCGPU_SC, __ACCGPU_SC);
  return c;
}
/* CUDA's wrap-around counters (unsigned only). */
__ACCGPU_INL unsigned __accgpu_inc_u(unsigned *p, unsigned lim) {
  unsigned old = __atomic_load_n(p, __ACCGPU_SC);
  while (!__atomic_compare_exchange_n(p, &old, old >= lim ? 0u : old + 1u, 1,
                                      __ACCGPU_SC, __ACCGPU_SC))
    ;
  return old;
}
__ACCGPU_INL unsigned __accgpu_dec_u(unsigned *p, unsigned lim) {
  unsigned old = __atomic_load_n(p, __ACCGPU_SC);
  while (!__atomic_compare_exchange_n(
      p, &old, (old == 0u || old > lim) ? lim : old - 1u, 1, __ACCGPU_SC,
      __ACCGPU_SC))
    ;
  return old;
}

/* The CUDA names, dispatched on the pointer type.  Only the overloads CUDA
   has (plus float/double min/max, which this header adds on CUDA too), so
   a kernel that builds here builds with NVRTC. */
#define atomicAdd(p, v)                                                       \
  _Generic((p), int *: __accgpu_add_i, unsigned *: __accgpu_add_u,            \
           unsigned long long *: __accgpu_add_ull, float *: __accgpu_add_f,   \
           double *: __accgpu_add_d)((p), (v))
#define atomicSub(p, v)                                                       \
  _Generic((p), int *: __accgpu_sub_i, unsigned *: __accgpu_sub_u)((p), (v))
#define atomicExch(p, v)                                                      \
  _Generic((p), int *: __accgpu_exch_i, unsigned *: __accgpu_exch_u,          \
           unsigned long long *: __accgpu_exch_ull,                           \
           float *: __accgpu_exch_f)((p), (v))
#define atomicMin(p, v)                                                       \
  _Generic((p), int *: __accgpu_min_i, unsigned *: __accgpu_min_u,            \
           long long *: __accgpu_min_ll, unsigned long long *: __accgpu_min_ull,\
           float *: __accgpu_min_f, double *: __accgpu_min_d)((p), (v))
#define atomicMax(p, v)                                                       \
  _Generic((p), int *: __accgpu_max_i, unsigned *: __accgpu_max_u,            \
           long long *: __accgpu_max_ll, unsigned long long *: __accgpu_max_ull,\
           float *: __accgpu_max_f, double *: __accgpu_max_d)((p), (v))
#define __ACCGPU_BITOP(op, p, v)                                              \
  _Generic((p), int *: __accgpu_##op##_i, unsigned *: __accgpu_##op##_u,      \
           long long *: __accgpu_##op##_ll,                                   \
           unsigned long long *: __accgpu_##op##_ull)((p), (v))
#define atomicAnd(p, v) __ACCGPU_BITOP(and, p, v)
#define atomicOr(p, v) __ACCGPU_BITOP(or, p, v)
#define atomicXor(p, v) __ACCGPU_BITOP(xor, p, v)
#define atomicCAS(p, c, v)                                                    \
  _Generic((p), int *: __accgpu_cas_i, unsigned *: __accgpu_cas_u,            \
           unsigned long long *: __accgpu_cas_ull,                            \
           unsigned short *: __accgpu_cas_us)((p), (c), (v))
#define atomicInc(p, v) __accgpu_inc_u((p), (v))
#define atomicDec(p, v) __accgpu_dec_u((p), (v))

/* Bit casts CUDA provides as intrinsics. */
__ACCGPU_INL int __float_as_int(float f) {
  union { float f; int i; } u;
  u.f = f;
  return u.i;
}
__ACCGPU_INL float __int_as_float(int i) {
  union { float f; int i; } u;
  u.i = i;
  return u.f;
}
__ACCGPU_INL long long __double_as_longlong(double d) {
  union { double d; long long i; } u;
  u.d = d;
  return u.i;
}
__ACCGPU_INL double __longlong_as_double(long long i) {
  union { double d; long long i; } u;
  u.i = i;
  return u.d;
}

#ifdef __ACCGPU_EMU_CHECKED__
#include "accgpu_emu_check.h"
#endif
#endif /* __ACCGPU_EMU__ && !ACCGPU_EMU_ABI_ONLY */
#endif /* !__CUDACC__ */

#if defined(__CUDACC__) ||                                                    \
    (defined(__ACCGPU_EMU__) && !defined(ACCGPU_EMU_ABI_ONLY))
/* ---- Both sides: what generated kernels use. ---- */

/* Gang loops of generated kernels: a stride loop over the whole grid
   (include/accgpu_mc.h gives each block one contiguous chunk instead). */
#ifndef __ACCGPU_MC__
#define __ACCGPU_GANG_LO(start, tot, d) (start)
#define __ACCGPU_GANG_HI(tot, d) (tot)
#define __ACCGPU_GANG_STEP(stride) (stride)
#endif

/* The iterations a thread takes of [LO, HI) stepped by ST (> 0): the trip
   count of a reducing vector loop written as a counted loop, so that the
   unroller knows it at the loop's entry and unrolls without an exit test
   between the copies (kernel-gen-loops.cc, emit_counted_for).  No division
   for a lane's one trip (a vector loop no longer than the vector: the
   seed's worker vector cases took 1.5x as long with one), a 32-bit one
   when both fit, as they nearly always do. */
static __device__ __forceinline__ long long
__accgpu_trips(long long lo, long long hi, long long st) {
  if (lo >= hi)
    return 0;
  unsigned long long d = (unsigned long long)(hi - lo - 1);
  if (d < (unsigned long long)st)
    return 1;
  if ((d | (unsigned long long)st) >> 32 == 0)
    return (long long)((unsigned)d / (unsigned)st) + 1;
  return (long long)(d / (unsigned long long)st) + 1;
}

/* Wide loads of reducing vector loops (plugin/passes/kernel-gen-wide.cc):
   NAME, four 4-byte T read by one 16-byte load; whether P is 16-byte
   aligned. */
#ifdef __CUDACC__
#define __ACCGPU_W4(T, name) typedef struct __align__(16) { T e[4]; } name
#else
#define __ACCGPU_W4(T, name)                                                  \
  typedef struct __attribute__((aligned(16))) { T e[4]; } name
#endif
#define __accgpu_al16(p) ((((unsigned long long)(p)) & 15u) == 0)

/* Whether P is the calling thread's local memory (its stack), where a GPU
   faults on atomics: generated code then updates the object with plain
   code (kernel-gen-stmt.cc, atomic_either).  The multicore device's
   threads are CPU threads, whose atomics work anywhere. */
#ifdef __CUDACC__
static __device__ __forceinline__ int __accgpu_is_local(const void *p) {
  return (int)__isLocal(p);
}
#elif defined(__ACCGPU_MC__)
#define __accgpu_is_local(p) ((void)(p), 0)
#else
__ACCGPU_INL int __accgpu_is_local(const void *p) {
  return (((uintptr_t)p ^ (uintptr_t)__accgpu_emu_self()) >>
          ACCGPU_EMU_STACK_SHIFT) == 0;
}
#endif

/* A relaxed load of a word other threads may change with atomics (the
   first guess of the reductions' CAS loops): not an atomic read-modify-
   write; the checked emulator counts it as a load and racecheck as an
   atomic access, so it does not race with the other threads' atomics. */
#ifdef __CUDACC__
static __device__ __forceinline__ unsigned
__accgpu_ld_relaxed32(const unsigned *p) {
  unsigned v;
  asm volatile("ld.relaxed.gpu.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
static __device__ __forceinline__ unsigned long long
__accgpu_ld_relaxed64(const unsigned long long *p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
/* Atomic read and write of 1-8 byte objects (kernel-gen-stmt.cc): one
   relaxed access, as `#pragma acc atomic read/write` needs. */
static __device__ __forceinline__ unsigned short
__accgpu_ld_relaxed16(const unsigned short *p) {
  unsigned short v;
  asm volatile("ld.relaxed.gpu.u16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
  return v;
}
static __device__ __forceinline__ unsigned char
__accgpu_ld_relaxed8(const unsigned char *p) {
  unsigned short v;
  asm volatile("ld.relaxed.gpu.u8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
  return (unsigned char)v;
}
static __device__ __forceinline__ void
__accgpu_st_relaxed8(unsigned char *p, unsigned char v) {
  asm volatile("st.relaxed.gpu.u8 [%0], %1;"
               :: "l"(p), "h"((unsigned short)v) : "memory");
}
static __device__ __forceinline__ void
__accgpu_st_relaxed16(unsigned short *p, unsigned short v) {
  asm volatile("st.relaxed.gpu.u16 [%0], %1;" :: "l"(p), "h"(v) : "memory");
}
static __device__ __forceinline__ void
__accgpu_st_relaxed32(unsigned *p, unsigned v) {
  asm volatile("st.relaxed.gpu.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ void
__accgpu_st_relaxed64(unsigned long long *p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.u64 [%0], %1;" :: "l"(p), "l"(v) : "memory");
}
#else
#define __accgpu_ld_relaxed8(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define __accgpu_ld_relaxed16(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define __accgpu_ld_relaxed32(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define __accgpu_ld_relaxed64(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define __accgpu_st_relaxed8(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define __accgpu_st_relaxed16(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define __accgpu_st_relaxed32(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define __accgpu_st_relaxed64(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#endif

/* The CAS loop of an atomic on a 1- or 2-byte object at AP of N bytes
   (kernel-gen-stmt.cc) reads and swaps the aligned 4-byte word WP holding
   it, as CUDA has no 8-bit CAS.  The checked emulator checks the object's
   own bytes, not the word's: a neighbour byte that another thread stores
   plainly is no race (racecheck), and a word reaching past the end of an
   allocation is no error (memcheck), as on a GPU. */
#ifdef __ACCGPU_EMU_CHECKED__
/* Not inlined: ThreadSanitizer's pass runs after inlining and would
   instrument the word's atomics in the kernel's body. */
#define __ACCGPU_SUB_FN                                                       \
  static __attribute__((noinline, no_sanitize_thread, unused))
__ACCGPU_SUB_FN unsigned __accgpu_sub_ld(unsigned *wp, const void *ap,
                                         unsigned long n) {
  __accgpu_chk_at(ap, n, __ACCGPU_AT_LD);
  return __atomic_load_n(wp, __ATOMIC_RELAXED);
}
__ACCGPU_SUB_FN unsigned __accgpu_sub_cas(unsigned *wp, unsigned c,
                                          unsigned v, const void *ap,
                                          unsigned long n) {
  __accgpu_chk_at(ap, n, __ACCGPU_AT);
  __atomic_compare_exchange_n(wp, &c, v, 0, __ATOMIC_SEQ_CST,
                              __ATOMIC_SEQ_CST);
  return c;
}
#else
#define __accgpu_sub_ld(wp, ap, n) __accgpu_ld_relaxed32(wp)
#define __accgpu_sub_cas(wp, c, v, ap, n) atomicCAS((wp), (c), (v))
#endif

/* Byte swaps and the string.h functions kernels may call (the plugin's
   kernel-gen-builtins.cc).  Byte loops: the emulator's checks see every
   access, and gcc must not turn them back into library calls. */
#ifdef __CUDACC__
#define __ACCGPU_BYTES static __device__ __forceinline__
static __device__ __forceinline__ unsigned short
__accgpu_bswap16(unsigned short x) {
  return (unsigned short)((x >> 8) | (x << 8));
}
static __device__ __forceinline__ unsigned __accgpu_bswap32(unsigned x) {
  return __byte_perm(x, 0, 0x0123);
}
static __device__ __forceinline__ unsigned long long
__accgpu_bswap64(unsigned long long x) {
  return ((unsigned long long)__accgpu_bswap32((unsigned)x) << 32) |
         __accgpu_bswap32((unsigned)(x >> 32));
}
/* CUDA's jn/jnf run the forward recurrence from 2/x: NaN at x = +-0 and
   at denormals (compute_builtins on an H100), where C's value is 0 for
   |n| >= 2.  Below 1e-300 (1e-35f) that value underflows to 0 anyway. */
static __device__ __forceinline__ double __accgpu_jn(int n, double x) {
  return (n > 1 || n < -1) && fabs(x) < 1e-300 ? 0.0 : jn(n, x);
}
static __device__ __forceinline__ float __accgpu_jnf(int n, float x) {
  return (n > 1 || n < -1) && fabsf(x) < 1e-35f ? 0.0f : jnf(n, x);
}
#else
#define __ACCGPU_BYTES                                                        \
  static __attribute__((unused, optimize("no-tree-loop-distribute-patterns")))
#define __accgpu_jn(n, x) jn(n, x)
#define __accgpu_jnf(n, x) jnf(n, x)
#define __accgpu_bswap16(x) __builtin_bswap16(x)
#define __accgpu_bswap32(x) __builtin_bswap32(x)
#define __accgpu_bswap64(x) __builtin_bswap64(x)
int printf(const char *__restrict, ...);
#endif

/* The SIZE bits at bit POS of the object at P (little-endian, as GCC's
   BIT_FIELD_REF numbers them: a bit-field read as a whole word's bits),
   one byte at a time: only the bytes that hold them are read. */
__ACCGPU_BYTES unsigned long long
__accgpu_bits_at(const void *p, unsigned long long pos, unsigned size) {
  const unsigned char *b = (const unsigned char *)p + pos / 8;
  unsigned sh = (unsigned)(pos % 8), nb = (sh + size + 7) / 8;
  unsigned long long v = 0;
  for (unsigned k = 0; k < nb && k < 8; k++)
    v |= (unsigned long long)b[k] << (8 * k);
  v >>= sh;
  if (nb > 8)
    v |= (unsigned long long)b[8] << (64 - sh);
  return size >= 64 ? v : v & ((1ULL << size) - 1);
}

/* long double on the device (docs/compiler.md, "long double"): computed
   in double, kept in memory in the host's layout, x86-64's 80-bit x87
   format in 16 bytes (M: the 64-bit significand with its explicit integer
   bit; SE: sign and 15-bit exponent in the low 16 bits, the rest padding).
   Loads decode it, stores encode it, with the same integer code on every
   device (the emulator runs what a GPU runs). */
#ifdef __CUDACC__
typedef struct __align__(16) __accgpu_ld {
#else
typedef struct __attribute__((aligned(16))) __accgpu_ld {
#endif
  unsigned long long m, se;
} __accgpu_ld;
typedef struct __accgpu_cld {
  __accgpu_ld re, im;
} __accgpu_cld;
#ifdef __CUDACC__
#define __ACCGPU_LDF static __device__ __forceinline__
#define __accgpu_ldexp(x, e) ldexp(x, e)
#define __accgpu_clzll(x) __clzll((long long)(x))
#else
#define __ACCGPU_LDF static __attribute__((unused)) inline
#define __accgpu_ldexp(x, e) __builtin_ldexp(x, e)
#define __accgpu_clzll(x) __builtin_clzll(x)
#endif
__ACCGPU_LDF double __accgpu_ldv(__accgpu_ld x) {
  unsigned e = (unsigned)(x.se & 0x7fff);
  double s = (x.se & 0x8000) ? -1.0 : 1.0;
  if (e == 0x7fff) /* infinity (significand 1.0...0), else NaN */
    return (x.m << 1) ? (double)(s * __accgpu_ldexp(1.0, 1024)) * 0.0
                      : s * __accgpu_ldexp(1.0, 1024);
  if (e == 0) /* zero or an x87 subnormal: far below double's range */
    return s * 0.0;
  /* (double)m rounds the 64 bits to 53, to nearest; then the exact scale */
  return s * __accgpu_ldexp((double)x.m, (int)e - 16383 - 63);
}
__ACCGPU_LDF ACCGPU_STRUCT_RET __accgpu_ld __accgpu_ldmk(double v) {
  union { double d; unsigned long long u; } b;
  b.d = v;
  unsigned long long sign = (b.u >> 63) << 15, f = b.u & 0xfffffffffffffULL;
  unsigned e = (unsigned)((b.u >> 52) & 0x7ff);
  __accgpu_ld x;
  if (e == 0x7ff) { /* infinity, NaN (quiet, payload kept) */
    x.m = (1ULL << 63) | (f ? (1ULL << 62) | (f << 11) : 0);
    x.se = sign | 0x7fff;
  } else if (e == 0 && f == 0) {
    x.m = 0;
    x.se = sign;
  } else if (e == 0) { /* double subnormal: normal in x87 */
    int z = __accgpu_clzll(f);
    x.m = f << z;
    x.se = sign | (unsigned long long)(16383 - 1074 + 63 - z);
  } else {
    x.m = (1ULL << 63) | (f << 11);
    x.se = sign | (unsigned long long)(e - 1023 + 16383);
  }
  return x;
}
#define __accgpu_cldv(x) __accgpu_cd_mk(__accgpu_ldv((x).re), __accgpu_ldv((x).im))
__ACCGPU_LDF ACCGPU_STRUCT_RET __accgpu_cld __accgpu_cldmk_(double re,
                                                  double im) {
  __accgpu_cld x;
  x.re = __accgpu_ldmk(re);
  x.im = __accgpu_ldmk(im);
  return x;
}
#define __accgpu_cldmk(v) __accgpu_cldmk_((v).re, (v).im)

/* assert() in a kernel (glibc's __assert_fail).  CUDA's device assert
   prints and traps: the launch fails.  On the CPU devices: the same
   report, the kernel's name when the emulator runs it, then exit 1 as
   the runtime's fatal errors do. */
#ifdef __CUDACC__
extern "C" __host__ __device__ void __assertfail(const char *, const char *,
                                                 unsigned, const char *,
                                                 size_t);
static __device__ __forceinline__ void
__accgpu_assert_fail(const char *e, const char *file, unsigned line,
                     const char *func) {
  __assertfail(e, file, line, func, sizeof(char));
}
#else
const char *__accgpu_emu_kernel_name(void) __attribute__((weak));
int dprintf(int, const char *__restrict, ...);
struct _IO_FILE;
int fflush(struct _IO_FILE *);
void _exit(int) __attribute__((noreturn));
static __attribute__((unused, noinline, noreturn)) void
__accgpu_assert_fail(const char *e, const char *file, unsigned line,
                     const char *func) {
  const char *k = __accgpu_emu_kernel_name ? __accgpu_emu_kernel_name() : 0;
  __accgpu_uint3 b = blockIdx, t = threadIdx;
  fflush(0);
  dprintf(2, "accgpu: error: %s%s%s%s:%u: %s: block [%u,%u,%u], thread "
             "[%u,%u,%u]: Assertion `%s' failed.\n", k ? "kernel '" : "",
          k ? k : "", k ? "': " : "", file, line, func, b.x, b.y, b.z, t.x,
          t.y, t.z, e);
  _exit(1);
}
#endif

/* abort() or __builtin_trap() in a kernel (WHAT names it): the program
   fails, after a report of where; on the CPU devices with exit 1 as the
   runtime's fatal errors do.  On a GPU the trap fails the launch (device
   printf may not reach the screen then). */
#ifdef __CUDACC__
static __device__ __forceinline__ void
__accgpu_abort(const char *what, const char *file, unsigned line) {
  printf("accgpu: error: %s:%u: block [%u,%u,%u], thread [%u,%u,%u]: %s "
         "called on the device\n", file, line, blockIdx.x, blockIdx.y,
         blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z, what);
  __trap();
}
#else
static __attribute__((unused, noinline, noreturn)) void
__accgpu_abort(const char *what, const char *file, unsigned line) {
  const char *k = __accgpu_emu_kernel_name ? __accgpu_emu_kernel_name() : 0;
  __accgpu_uint3 b = blockIdx, t = threadIdx;
  fflush(0);
  dprintf(2, "accgpu: error: %s%s%s%s:%u: block [%u,%u,%u], thread "
             "[%u,%u,%u]: %s called on the device\n", k ? "kernel '" : "",
          k ? k : "", k ? "': " : "", file, line, b.x, b.y, b.z, t.x, t.y,
          t.z, what);
  _exit(1);
}
#endif

/* Device printf in checked emulator images: each %s string is read as the
   kernel's own loads are, up to its terminator or precision (memcheck
   stops the block on a host, unmapped or freed string, where a GPU prints
   garbage or faults; literals are the image's constants); %n, which
   CUDA's printf lacks, ends the program.  Then the C library's vprintf.
   Unchecked and multicore images call printf itself. */
#ifdef __ACCGPU_EMU_CHECKED__
#define __ACCGPU_PF_FN                                                        \
  static __attribute__((unused, noinline, no_sanitize_thread))
int vprintf(const char *__restrict, __builtin_va_list);

__ACCGPU_PF_FN __attribute__((noreturn)) void __accgpu_printf_n(void) {
  const char *k = __accgpu_emu_kernel_name ? __accgpu_emu_kernel_name() : 0;
  __accgpu_uint3 b = blockIdx, t = threadIdx;
  fflush(0);
  dprintf(2, "accgpu: error: %s%s%sblock [%u,%u,%u], thread [%u,%u,%u]: "
             "printf with %%n on the device (CUDA's device printf has no "
             "%%n)\n", k ? "kernel '" : "", k ? k : "", k ? "': " : "",
          b.x, b.y, b.z, t.x, t.y, t.z);
  _exit(1);
}

/* The %s (%ls: SIZE 4) string at S, at most MAX units (MAX < 0: to its
   terminator), checked unit by unit before it is read.  printf prints a
   null pointer as "(null)". */
__ACCGPU_PF_FN void __accgpu_printf_str(const char *s, long max,
                                        unsigned size) {
  for (long i = 0; s && (max < 0 || i < max); i++, s += size) {
    __accgpu_chk(s, size, __ACCGPU_RD);
    if (size == 1 ? !*s : !*(const int *)s)
      return;
  }
}

/* Skips a field width or precision at *F: '*' takes an int argument
   (returned), digits are read; -1 when there is none. */
__ACCGPU_PF_FN long __accgpu_printf_num(const char **f,
                                        __builtin_va_list *ap) {
  long v = -1;
  if (**f == '*') {
    ++*f;
    return __builtin_va_arg(*ap, int);
  }
  for (; **f >= '0' && **f <= '9'; ++*f)
    v = (v < 0 ? 0 : v * 10) + (**f - '0');
  return v;
}

/* The conversion at F, just past its '%': its arguments taken from *AP, a
   %s string checked.  Returns what follows it; NULL for a conversion not
   known (the rest goes unchecked, as printf prints it as text). */
__ACCGPU_PF_FN const char *__accgpu_printf_conv(const char *f,
                                                __builtin_va_list *ap) {
  long prec = -1;
  int l = 0, big = 0;
  while (*f && __builtin_strchr("-+ #0'", *f))
    f++;
  __accgpu_printf_num(&f, ap);
  if (*f == '.') {
    f++;
    prec = __accgpu_printf_num(&f, ap);
    prec = prec < -1 ? -1 : prec == -1 && f[-1] != '*' ? 0 : prec;
  }
  for (; *f && __builtin_strchr("hlLqjzt", *f); f++)
    l |= *f != 'h' && *f != 'L', big |= *f == 'L';
  switch (*f) {
  case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'c':
    if (l)
      (void)__builtin_va_arg(*ap, long);
    else
      (void)__builtin_va_arg(*ap, int);
    break;
  case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a':
  case 'A':
    if (big)
      (void)__builtin_va_arg(*ap, long double);
    else
      (void)__builtin_va_arg(*ap, double);
    break;
  case 'p':
    (void)__builtin_va_arg(*ap, void *);
    break;
  case 's':
    __accgpu_printf_str(__builtin_va_arg(*ap, const char *), prec,
                        l ? 4 : 1);
    break;
  case 'n':
    __accgpu_printf_n();
  case '%':
    break;
  default:
    return 0;
  }
  return f + 1;
}

__ACCGPU_PF_FN int __accgpu_printf(const char *__restrict fmt, ...) {
  __builtin_va_list ap, aq;
  int r;
  __builtin_va_start(ap, fmt);
  __builtin_va_copy(aq, ap);
  for (const char *f = fmt; f && (f = __builtin_strchr(f, '%'));)
    f = __accgpu_printf_conv(f + 1, &aq);
  __builtin_va_end(aq);
  r = vprintf(fmt, ap);
  __builtin_va_end(ap);
  return r;
}
#define printf __accgpu_printf
#endif /* __ACCGPU_EMU_CHECKED__ */
__ACCGPU_BYTES void *__accgpu_memcpy(void *d, const void *s, unsigned long n) {
  unsigned char *dp = (unsigned char *)d;
  const unsigned char *sp = (const unsigned char *)s;
  for (unsigned long i = 0; i < n; i++)
    dp[i] = sp[i];
  return d;
}
__ACCGPU_BYTES void *__accgpu_memmove(void *d, const void *s,
                                      unsigned long n) {
  unsigned char *dp = (unsigned char *)d;
  const unsigned char *sp = (const unsigned char *)s;
  if (dp < sp)
    return __accgpu_memcpy(d, s, n);
  while (n--)
    dp[n] = sp[n];
  return d;
}
__ACCGPU_BYTES void *__accgpu_memset(void *d, int c, unsigned long n) {
  unsigned char *dp = (unsigned char *)d;
  for (unsigned long i = 0; i < n; i++)
    dp[i] = (unsigned char)c;
  return d;
}
__ACCGPU_BYTES int __accgpu_memcmp(const void *a, const void *b,
                                   unsigned long n) {
  const unsigned char *ap = (const unsigned char *)a;
  const unsigned char *bp = (const unsigned char *)b;
  for (unsigned long i = 0; i < n; i++)
    if (ap[i] != bp[i])
      return ap[i] < bp[i] ? -1 : 1;
  return 0;
}

/* Device malloc: CUDA's heap on a GPU (cudaLimitMallocHeapSize, which
   ACCGPU_DEVICE_HEAP sets); calloc, which CUDA lacks, on top of it. */
#ifdef __CUDACC__
#define __accgpu_malloc(n, file, line) malloc(n)
#define __accgpu_free(p, file, line) free(p)
#endif
__ACCGPU_BYTES void *__accgpu_calloc(unsigned long n, unsigned long size,
                                     const char *file, unsigned line) {
  if (size && n > ACCGPU_ULONG_MAX / size)
    return 0;
  void *p = __accgpu_malloc(n * size, file, line);
  if (p)
    __accgpu_memset(p, 0, n * size);
  return p;
}

/* Barrier among the threads of the caller's row (its threadIdx.y: one
   OpenACC worker).  A row is a whole number of warps: one warp, or named
   barrier 1 + threadIdx.y among its blockDim.x threads (so at most 15
   rows when rows are wider than a warp). */
static __device__ __forceinline__ void __accgpu_sync_row(void) {
  if (blockDim.x == 32)
    __syncwarp();
  else
    __accgpu_bar_sync(1u + threadIdx.y, blockDim.x);
}
#endif
/* The linear block number: the gang copy of a private section of a pointer
   (docs/kernel-abi.md §5). */
#define __accgpu_gid \
  (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z))
#endif /* ACCGPU_CUDA_H */
