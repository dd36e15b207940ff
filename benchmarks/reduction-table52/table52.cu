/* table52.cu — hand-written CUB-style CUDA C kernels for the cases of seed
 * 001 Table 5.2 (table52.h says the loops), the baseline the generated
 * kernels are compared with: each thread accumulates in a register across
 * all its iterations, warps combine with shuffles, one shared-memory pass
 * and one barrier combine the warps, and one thread per block does one
 * atomic (positions with a gang reduction) or one store (the others).
 * The reducing loops are unrolled by eight (T52_FOR: eight loads in flight
 * per thread), as CUB's items per thread and accgpu's own vector
 * reductions; those of the positions that reduce per gang (vector, worker
 * vector) read 4-byte values four at a time with 16-byte loads where
 * aligned (T52_SPAN, CUB's vectorized loads).  On an H200 (session 17)
 * that made the `vector` cases 1.8x faster, and the `gwv` ones 1.5x
 * slower (more registers: one 1024-thread block per SM instead of two),
 * so each position has its faster form, as accgpu's own choice
 * (kernel-gen-wide.cc).
 * Positions that combine per gang or worker iteration (worker, vector,
 * worker vector) do so once per iteration, as any code must.
 *
 * Every kernel: (T *s, T *res, T *out, const T *in, long ni, long nj,
 * long nk), block (vector, workers) with the vector length a multiple of
 * 32, at most 32 warps.  Built for the emulator with the dialect header
 * (checked image, like generated kernels) and checked by ptxas when the
 * CUDA toolkit is present (rules.mk). */

#define T52_FULL 0xffffffffu
/* A thread's share of [LO, HI) stepped by ST, counted (__accgpu_trips) and
   unrolled by eight: with the trip count known at entry the copies' loads
   issue together (a strided `unroll 4` loop tests the exit after each). */
#define T52_FOR(v, lo, hi, st)                                                \
  ACCGPU_UNROLL(8)                                                            \
  for (long v = (lo), v##_n = __accgpu_trips(v, (hi), (st)), v##_c = 0;      \
       v##_c < v##_n; v##_c++, v += (st))
#define T52_ADD(a, b) ((a) + (b))
#define T52_MUL(a, b) ((a) * (b))

/* The CAS loops' first read of the current value: a volatile load on a
   GPU, a relaxed atomic load here (other blocks update it atomically:
   racecheck would call a plain load a race). */
#ifdef __CUDACC__
#define T52_READ(T, p) (*(volatile T *)(p))
#else
#define T52_READ(T, p) __atomic_load_n((p), __ATOMIC_RELAXED)
#endif

/* CUDA has no atomic multiply: a CAS loop on the bit pattern. */
static __device__ __forceinline__ void t52_atom_mul_i(int *p, int v) {
  int old = T52_READ(int, p), assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, assumed * v);
  } while (old != assumed);
}
static __device__ __forceinline__ void t52_atom_mul_f(float *p, float v) {
  int *ip = (int *)p, old = T52_READ(int, ip), assumed;
  do {
    assumed = old;
    old = atomicCAS(ip, assumed, __float_as_int(__int_as_float(assumed) * v));
  } while (old != assumed);
}
static __device__ __forceinline__ void t52_atom_mul_d(double *p, double v) {
  unsigned long long *ip = (unsigned long long *)p, assumed;
  unsigned long long old = T52_READ(unsigned long long, ip);
  do {
    assumed = old;
    old = atomicCAS(ip, assumed,
                    (unsigned long long)__double_as_longlong(
                        __longlong_as_double((long long)assumed) * v));
  } while (old != assumed);
}
#define T52_ATOM_add(sfx, p, v) atomicAdd((p), (v))
#define T52_ATOM_mul(sfx, p, v) t52_atom_mul_##sfx((p), (v))

/* Helpers of type T, operator OPN (add, mul) computed by OP, identity ID. */
#define T52_HELPERS(T, sfx, OPN, OP, ID)                                      \
  static __device__ __forceinline__ T t52_warp_##OPN##_##sfx(T v) {           \
    for (int d = 16; d > 0; d /= 2)                                           \
      v = OP(v, __shfl_down_sync(T52_FULL, v, d));                            \
    return v;                                                                 \
  }                                                                           \
  /* The block's value, in thread 0: one shared pass, one barrier. */         \
  static __device__ __forceinline__ T t52_block_##OPN##_##sfx(T v, T *sh) {   \
    unsigned t = threadIdx.y * blockDim.x + threadIdx.x;                      \
    unsigned nw = blockDim.x * blockDim.y / 32;                               \
    v = t52_warp_##OPN##_##sfx(v);                                            \
    if (t % 32 == 0)                                                          \
      sh[t / 32] = v;                                                         \
    __syncthreads();                                                          \
    if (t < 32) {                                                             \
      v = t < nw ? sh[t] : ID;                                                \
      v = t52_warp_##OPN##_##sfx(v);                                          \
    }                                                                         \
    return v;                                                                 \
  }                                                                           \
  /* The value of the caller's row (worker), in its lane 0. */                \
  static __device__ __forceinline__ T t52_row_##OPN##_##sfx(T v, T *sh) {     \
    unsigned t = threadIdx.y * blockDim.x + threadIdx.x;                      \
    unsigned nw = blockDim.x / 32, base = threadIdx.y * nw;                   \
    v = t52_warp_##OPN##_##sfx(v);                                            \
    if (t % 32 == 0)                                                          \
      sh[t / 32] = v;                                                         \
    __accgpu_sync_row();                                                      \
    if (threadIdx.x == 0)                                                     \
      for (unsigned w = 1; w < nw; w++)                                       \
        v = OP(v, sh[base + w]);                                              \
    return v;                                                                 \
  }

/* ACC combined with ROW[0, N) from LANE stepped by ST.  4-byte values
   read four at a time, one 16-byte load a lane (CUB's vectorized loads),
   when ROW is 16-byte aligned and every lane has four; then the last N % 4
   one each.  Otherwise T52_FOR.  As accgpu's wide loads
   (kernel-gen-wide.cc). */
#define T52_SPAN(T, sfx, OPN, OP)                                             \
  static __device__ __forceinline__ T t52_span_##OPN##_##sfx(                 \
      T acc, const T *__restrict__ row, long n, long lane, long st) {         \
    if (sizeof(T) == 4 && __accgpu_al16(row) && n / 4 >= st) {                \
      __ACCGPU_W4(T, w4);                                                     \
      const w4 *r4 = (const w4 *)row;                                         \
      ACCGPU_UNROLL(2)                                                        \
      for (long g = lane, g_n = __accgpu_trips(g, n / 4, st), g_c = 0;        \
           g_c < g_n; g_c++, g += st) {                                       \
        w4 v = r4[g];                                                         \
        acc = OP(OP(OP(OP(acc, v.e[0]), v.e[1]), v.e[2]), v.e[3]);            \
      }                                                                       \
      for (long k = n / 4 * 4 + lane; k < n; k += st)                         \
        acc = OP(acc, row[k]);                                                \
      return acc;                                                             \
    }                                                                         \
    T52_FOR(k, lane, n, st)                                                   \
      acc = OP(acc, row[k]);                                                  \
    return acc;                                                               \
  }

#define T52_IDX(i, j, k) (((i) * nj + (j)) * nk + (k))
/* IN is read through the read-only path (ld.global.nc), as CUB loads its
   input and as accgpu passes a pointer the region never writes. */
#define T52_PARAMS(T)                                                         \
  (T * s, T * res, T * out, const T *__restrict__ in, long ni, long nj,     \
   long nk)
#define T52_COPY(i, j)                                                        \
  for (long k = threadIdx.x; k < nk; k += blockDim.x)                         \
    out[T52_IDX(i, j, k)] = 2 * in[T52_IDX(i, j, k)]
#define T52_T0 (threadIdx.x == 0 && threadIdx.y == 0)

#define T52_KERNELS(T, sfx, OPN, OP, ID)                                      \
  T52_HELPERS(T, sfx, OPN, OP, ID)                                            \
  T52_SPAN(T, sfx, OPN, OP)                                                   \
  ACCGPU_KERNEL void t52_gang_##OPN##_##sfx T52_PARAMS(T) {                   \
    T acc = ID;                                                               \
    (void)res;                                                                \
    for (long i = blockIdx.x; i < ni; i += gridDim.x) {                       \
      for (long j = threadIdx.y; j < nj; j += blockDim.y)                     \
        T52_COPY(i, j);                                                       \
      if (T52_T0)                                                             \
        acc = OP(acc, in[T52_IDX(i, 0, 0)]);                                  \
    }                                                                         \
    if (T52_T0)                                                               \
      T52_ATOM_##OPN(sfx, s, acc);                                            \
  }                                                                           \
  ACCGPU_KERNEL void t52_worker_##OPN##_##sfx T52_PARAMS(T) {                 \
    __shared__ T sh[32];                                                      \
    (void)s;                                                                  \
    for (long i = blockIdx.x; i < ni; i += gridDim.x) {                       \
      T acc = ID;                                                             \
      for (long j = threadIdx.y; j < nj; j += blockDim.y) {                   \
        T52_COPY(i, j);                                                       \
        if (threadIdx.x == 0)                                                 \
          acc = OP(acc, in[T52_IDX(i, j, 0)]);                                \
      }                                                                       \
      acc = t52_block_##OPN##_##sfx(acc, sh);                                 \
      if (T52_T0)                                                             \
        res[i] = acc;                                                         \
      __syncthreads(); /* sh is reused */                                     \
    }                                                                         \
  }                                                                           \
  ACCGPU_KERNEL void t52_vector_##OPN##_##sfx T52_PARAMS(T) {                 \
    __shared__ T sh[32];                                                      \
    (void)s, (void)out;                                                       \
    for (long i = blockIdx.x; i < ni; i += gridDim.x)                         \
      for (long j = threadIdx.y; j < nj; j += blockDim.y) {                   \
        T acc = t52_span_##OPN##_##sfx(ID, in + T52_IDX(i, j, 0), nk,         \
                                       threadIdx.x, blockDim.x);              \
        acc = t52_row_##OPN##_##sfx(acc, sh);                                 \
        if (threadIdx.x == 0)                                                 \
          res[i * nj + j] = acc;                                              \
        __accgpu_sync_row(); /* sh is reused */                               \
      }                                                                       \
  }                                                                           \
  ACCGPU_KERNEL void t52_gw_##OPN##_##sfx T52_PARAMS(T) {                     \
    __shared__ T sh[32];                                                      \
    T acc = ID;                                                               \
    (void)res;                                                                \
    for (long i = blockIdx.x; i < ni; i += gridDim.x)                         \
      for (long j = threadIdx.y; j < nj; j += blockDim.y) {                   \
        T52_COPY(i, j);                                                       \
        if (threadIdx.x == 0)                                                 \
          acc = OP(acc, in[T52_IDX(i, j, 0)]);                                \
      }                                                                       \
    acc = t52_block_##OPN##_##sfx(acc, sh);                                   \
    if (T52_T0)                                                               \
      T52_ATOM_##OPN(sfx, s, acc);                                            \
  }                                                                           \
  ACCGPU_KERNEL void t52_wv_##OPN##_##sfx T52_PARAMS(T) {                     \
    __shared__ T sh[32];                                                      \
    (void)s, (void)out;                                                       \
    for (long i = blockIdx.x; i < ni; i += gridDim.x) {                       \
      T acc = ID;                                                             \
      for (long j = threadIdx.y; j < nj; j += blockDim.y)                     \
        acc = t52_span_##OPN##_##sfx(acc, in + T52_IDX(i, j, 0), nk,          \
                                     threadIdx.x, blockDim.x);                \
      acc = t52_block_##OPN##_##sfx(acc, sh);                                 \
      if (T52_T0)                                                             \
        res[i] = acc;                                                         \
      __syncthreads(); /* sh is reused */                                     \
    }                                                                         \
  }                                                                           \
  ACCGPU_KERNEL void t52_gwv_##OPN##_##sfx T52_PARAMS(T) {                    \
    __shared__ T sh[32];                                                      \
    T acc = ID;                                                               \
    (void)res, (void)out;                                                     \
    for (long i = blockIdx.x; i < ni; i += gridDim.x)                         \
      for (long j = threadIdx.y; j < nj; j += blockDim.y)                     \
        T52_FOR(k, threadIdx.x, nk, blockDim.x)                               \
          acc = OP(acc, in[T52_IDX(i, j, k)]);                                \
    acc = t52_block_##OPN##_##sfx(acc, sh);                                   \
    if (T52_T0)                                                               \
      T52_ATOM_##OPN(sfx, s, acc);                                            \
  }                                                                           \
  ACCGPU_KERNEL void t52_same_##OPN##_##sfx T52_PARAMS(T) {                   \
    __shared__ T sh[32];                                                      \
    T acc = ID;                                                               \
    long n = ni * nj * nk;                                                    \
    long t = ((long)blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x +     \
             threadIdx.x;                                                     \
    (void)res, (void)out;                                                     \
    T52_FOR(e, t, n, (long)gridDim.x * blockDim.x * blockDim.y)               \
      acc = OP(acc, in[e]);                                                   \
    acc = t52_block_##OPN##_##sfx(acc, sh);                                   \
    if (T52_T0)                                                               \
      T52_ATOM_##OPN(sfx, s, acc);                                            \
  }

T52_KERNELS(int, i, add, T52_ADD, 0)
T52_KERNELS(int, i, mul, T52_MUL, 1)
T52_KERNELS(float, f, add, T52_ADD, 0.0f)
T52_KERNELS(float, f, mul, T52_MUL, 1.0f)
T52_KERNELS(double, d, add, T52_ADD, 0.0)
T52_KERNELS(double, d, mul, T52_MUL, 1.0)

#ifdef __ACCGPU_EMU__
#define T52_ENTRY(name, T)                                                    \
  ACCGPU_EMU_ENTRY(name) {                                                    \
    name(ACCGPU_ARG(0, T *), ACCGPU_ARG(1, T *), ACCGPU_ARG(2, T *),          \
         ACCGPU_ARG(3, const T *), ACCGPU_ARG(4, long), ACCGPU_ARG(5, long),  \
         ACCGPU_ARG(6, long));                                                \
  }
#define T52_ENTRIES(T, sfx, OPN)                                              \
  T52_ENTRY(t52_gang_##OPN##_##sfx, T)                                        \
  T52_ENTRY(t52_worker_##OPN##_##sfx, T)                                      \
  T52_ENTRY(t52_vector_##OPN##_##sfx, T)                                      \
  T52_ENTRY(t52_gw_##OPN##_##sfx, T)                                          \
  T52_ENTRY(t52_wv_##OPN##_##sfx, T)                                          \
  T52_ENTRY(t52_gwv_##OPN##_##sfx, T)                                         \
  T52_ENTRY(t52_same_##OPN##_##sfx, T)
T52_ENTRIES(int, i, add)
T52_ENTRIES(int, i, mul)
T52_ENTRIES(float, f, add)
T52_ENTRIES(float, f, mul)
T52_ENTRIES(double, d, add)
T52_ENTRIES(double, d, mul)
#endif
