/* emu_count.cu — a kernel whose counts are known by hand, for the emulator's
 * counters (runtime/emulator/counters.c, tests/unit/test_emulator_count.c).
 * Built twice: linked into the test runner like the other kernels (no
 * access hooks: loads and stores are not seen) and as a checked image
 * (tests/rules.mk), as the plugin builds generated kernels.
 *
 * Per block of T threads (a multiple of 32) with N = n:
 *   global loads  T * N (in[]),  global stores T (out[1 + ...]),
 *   shared stores T * R,  shared loads T * R,  block barriers 2 * R,
 *   named barriers 1,  shuffles 5 per warp,  warp syncs 1 per warp,
 *   votes 1 per warp,  atomics 1 per warp (lane 0's atomicAdd). */

#define EMU_COUNT_R 3 /* rounds through shared memory */

ACCGPU_KERNEL void emu_count(int *__restrict__ out,
                             const int *__restrict__ in, int n) {
  __shared__ unsigned sh[1024]; /* unsigned: the sums wrap, defined */
  unsigned t = threadIdx.x, T = blockDim.x;
  unsigned g = blockIdx.x * T + t;
  unsigned v = 0;
  for (int i = 0; i < n; i++)
    v = v * 3u + (unsigned)in[(long)g * n + i]; /* Horner: one load per trip */
  for (int r = 0; r < EMU_COUNT_R; r++) {
    sh[t] = v;
    __syncthreads();
    v += sh[(t + 1) % T];
    __syncthreads();
  }
  __accgpu_bar_sync(1, T);
  unsigned w = v;
  for (int d = 16; d > 0; d /= 2)
    w += __shfl_down_sync(0xffffffffu, w, d);
  __syncwarp();
  unsigned odd = __ballot_sync(0xffffffffu, v & 1);
  if (t % 32 == 0)
    atomicAdd((unsigned *)out, w + (unsigned)__popc(odd));
  out[1 + g] = (int)v;
}

#ifdef __ACCGPU_EMU__
ACCGPU_EMU_ENTRY(emu_count) {
  emu_count(ACCGPU_ARG(0, int *), ACCGPU_ARG(1, const int *),
            ACCGPU_ARG(2, int));
}
#endif
