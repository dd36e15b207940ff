/* accgpu_mc.h — the multicore dialect: the kernels of a module compiled
 * natively for the CPU with ONE thread per block (docs/multicore.md).
 *
 * Included by accgpu_cuda.h when the plugin builds a module's multicore
 * image (-D__ACCGPU_EMU__ -D__ACCGPU_MC__); it replaces the emulator's
 * thread model and keeps its atomics (real __atomic builtins), bit
 * functions and entry points (K__emu).  The runtime
 * (runtime/multicore/) runs the blocks of a launch over a thread pool,
 * calling __accgpu_mc_enter(block) and then K__emu(args) for each block.
 *
 * With blockDim and threadIdx compile-time constants (1 and 0), every
 * worker and vector loop `for (i = threadIdx.x; i < n; i += blockDim.x)`
 * is a stride-1 loop GCC can vectorize; barriers, warp votes and shuffles
 * of a one-thread block are trivial.  Gang loops take a contiguous chunk
 * of the iterations per block (__ACCGPU_GANG_LO/HI) instead of the GPU's
 * cyclic stride, so neighbouring iterations stay on one core.           */
#ifndef ACCGPU_MC_H
#define ACCGPU_MC_H 1

/* The running block: per pool thread (a thread runs one block at a time),
   set by the runtime before each block. */
static __thread __accgpu_mc_block __accgpu_mc;
void __accgpu_mc_enter(const __accgpu_mc_block *b);
void __accgpu_mc_enter(const __accgpu_mc_block *b) { __accgpu_mc = *b; }

/* A gang, worker or vector routine of another unit runs in that unit's
   image, whose running block is its own: the call sets it first through
   the image's __accgpu_mc_enter (slot NAME__e, which the runtime fills
   when it fills NAME__p: runtime/image.c, set_enter). */
#define ACCGPU_IMPORT_PAR(ret, name, params)                                  \
  ACCGPU_IMPORT(ret, name, params);                                          \
  __attribute__((visibility("default"))) void (*name##__e)(                  \
      const __accgpu_mc_block *)
#define ACCGPU_XCALL_PAR(name) (name##__e(&__accgpu_mc), ACCGPU_XCALL(name))

/* Kernels in two versions, AVX2 and baseline x86-64, picked by the CPU the
   image is loaded on (an ifunc, resolved once at load): the image is built
   with the user's compiler for any x86-64 machine, and a kernel's vector
   loops then run 4 doubles wide where the CPU can (NVHPC's multicore target
   compiles for the build machine's CPU).  AVX2 without FMA: the results are
   the baseline version's, bit for bit (no contraction; GCC reassociates no
   floating-point reduction without -ffast-math).  The plugin defines
   __ACCGPU_MC_BASELINE when ACCGPU_MC_AVX2=0 (docs/multicore.md). */
#if defined(__x86_64__) && !defined(__ACCGPU_MC_BASELINE)
#undef ACCGPU_KERNEL
#define ACCGPU_KERNEL __attribute__((target_clones("avx2", "default")))
#endif

#define threadIdx ((__accgpu_uint3){0u, 0u, 0u})
#define blockDim ((__accgpu_uint3){1u, 1u, 1u})
#define blockIdx (__accgpu_mc.block_idx)
#define gridDim (__accgpu_mc.grid_dim)
#define warpSize 32
#define ACCGPU_DYN_SHARED(type, name) type *name = (type *)__accgpu_mc.dyn_shared

/* First iteration of block B's share of TOT iterations over G blocks:
   contiguous chunks, floor(B * TOT / G), so the TOT % G iterations left
   over are spread evenly over the blocks.  (Giving them to the first
   blocks piled them on the first thread of a static launch, whose threads
   run contiguous ranges of blocks: 36 planes over 8 blocks ran 20 on one
   thread and 16 on the other.)  R < G, so R * B fits in 64 bits. */
__ACCGPU_INL long long __accgpu_mc_lo(long long tot, unsigned b, unsigned g) {
  long long q = tot / g, r = tot % g;
  return (long long)b * q + (long long)((unsigned long long)r * b / g);
}
#define __ACCGPU_GANG_LO(start, tot, d)                                      \
  __accgpu_mc_lo((tot), __accgpu_mc.block_idx.d, __accgpu_mc.grid_dim.d)
#define __ACCGPU_GANG_HI(tot, d)                                              \
  __accgpu_mc_lo((tot), __accgpu_mc.block_idx.d + 1u, __accgpu_mc.grid_dim.d)
#define __ACCGPU_GANG_STEP(stride) 1

/* ---- fmax/fmin inline, C's rule (a NaN loses to a number; equal: Y, as
   glibc's x86-64 code): libm's are calls, and a call per element kept
   a max reduction (jacobi2d's err = fmax(err, |d|)) from staying in
   registers.  A NaN Y returns X through a branch that only a NaN takes
   (predicted, and on Y alone), then maxsd: X > Y ? X : Y, which gives Y
   for a NaN X.  Neither a test of X against Y as branches (random
   operands mispredict: NPB EP 2x slower per thread) nor the NaN test as
   a conditional move: GCC moved the accumulator to a general register
   for the cmov and back for maxsd every element, a chain 4 instructions
   long that made jacobi2d large 1.4x slower than the host device (session
   9, docs/multicore.md). */
__ACCGPU_INL double __accgpu_mc_fmax(double x, double y) {
  if (__builtin_expect(y != y, 0))
    return x;
  return x > y ? x : y;
}
__ACCGPU_INL double __accgpu_mc_fmin(double x, double y) {
  if (__builtin_expect(y != y, 0))
    return x;
  return x < y ? x : y;
}
__ACCGPU_INL float __accgpu_mc_fmaxf(float x, float y) {
  if (__builtin_expect(y != y, 0))
    return x;
  return x > y ? x : y;
}
__ACCGPU_INL float __accgpu_mc_fminf(float x, float y) {
  if (__builtin_expect(y != y, 0))
    return x;
  return x < y ? x : y;
}
#define fmax(x, y) __accgpu_mc_fmax((x), (y))
#define fmin(x, y) __accgpu_mc_fmin((x), (y))
#define fmaxf(x, y) __accgpu_mc_fmaxf((x), (y))
#define fminf(x, y) __accgpu_mc_fminf((x), (y))

/* ---- Synchronization of a one-thread block ---- */
#define __syncthreads() ((void)0)
#define __syncthreads_count(p) ((p) != 0)
#define __syncthreads_and(p) ((p) != 0)
#define __syncthreads_or(p) ((p) != 0)
#define __syncwarp(...) ((void)0)
__ACCGPU_INL void __accgpu_bar_sync(unsigned id, unsigned count) {
  (void)id, (void)count;
}

/* ---- Warp functions: lane 0 alone ---- */
#define __activemask() 1u
#define __ballot_sync(m, p) ((m) & ((p) != 0 ? 1u : 0u))
#define __any_sync(m, p) ((p) != 0)
#define __all_sync(m, p) ((p) != 0)
/* A lane that reads a lane that does not exist gets its own value (as on
   the emulator and CUDA for out-of-segment sources). */
#define __shfl_sync(m, v, ...) (v)
#define __shfl_up_sync(m, v, ...) (v)
#define __shfl_down_sync(m, v, ...) (v)
#define __shfl_xor_sync(m, v, ...) (v)

#endif /* ACCGPU_MC_H */
