/* bench_emulator_kernels.cu — kernels of benchmarks/runtime/bench_emulator.c.
 * The same loops run serially on the CPU there, as the baseline. */

/* y[i] = a * x[i] + y[i]. */
ACCGPU_KERNEL void bench_saxpy(float *__restrict__ y, const float *__restrict__ x,
                               float a, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    y[i] = a * x[i] + y[i];
}

/* Each block (blockDim.x <= 256) relaxes its tile PHASES times through
   shared memory: two __syncthreads per phase. */
ACCGPU_KERNEL void bench_relax(float *__restrict__ v, int phases) {
  __shared__ float s[256];
  unsigned t = threadIdx.x, n = blockDim.x;
  float x = v[blockIdx.x * n + t];
  for (int p = 0; p < phases; p++) {
    s[t] = x;
    __syncthreads();
    x = 0.5f * (x + s[(t + 1) % n]);
    __syncthreads();
  }
  v[blockIdx.x * n + t] = x;
}

#ifdef __ACCGPU_EMU__
ACCGPU_EMU_ENTRY(bench_saxpy) {
  bench_saxpy(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, const float *),
              ACCGPU_ARG(2, float), ACCGPU_ARG(3, int));
}
ACCGPU_EMU_ENTRY(bench_relax) {
  bench_relax(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, int));
}
#endif
