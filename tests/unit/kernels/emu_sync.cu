/* emu_sync.cu — barrier-heavy test kernels: a multi-phase shared-memory
 * stencil, a tree reduction, __syncthreads_count/and/or. */

/* Each block smooths its own tile of blockDim.x (<= 256) elements STEPS
   times: t[j] = (t[j-1] + t[j] + t[j+1]) / 3 inside, ends kept; two
   barriers a step. */
ACCGPU_KERNEL void emu_stencil(float *__restrict__ out,
                               const float *__restrict__ in, int steps) {
  __shared__ float buf[2][256];
  unsigned t = threadIdx.x, n = blockDim.x, base = blockIdx.x * blockDim.x;
  int cur = 0;
  buf[0][t] = in[base + t];
  __syncthreads();
  for (int s = 0; s < steps; s++) {
    float v = buf[cur][t];
    if (t > 0 && t + 1 < n)
      v = (buf[cur][t - 1] + buf[cur][t] + buf[cur][t + 1]) / 3.0f;
    buf[1 - cur][t] = v;
    __syncthreads();
    cur = 1 - cur;
  }
  out[base + t] = buf[cur][t];
}

/* partial[b] = sum of block b's slice of IN (blockDim.x a power of two,
   <= 1024), by a shared-memory tree. */
ACCGPU_KERNEL void emu_reduce(double *__restrict__ partial,
                              const double *__restrict__ in, int n) {
  __shared__ double s[1024];
  unsigned t = threadIdx.x;
  int i = (int)(blockIdx.x * blockDim.x + t);
  s[t] = i < n ? in[i] : 0.0;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half)
      s[t] += s[t + half];
    __syncthreads();
  }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}

/* out[3*b + 0..2] = __syncthreads_count/and/or of flags[i] != 0 over block b;
   threads >= live exit first (they must not count). */
ACCGPU_KERNEL void emu_votes(int *out, const int *flags, unsigned live) {
  unsigned t = threadIdx.x;
  int i = (int)(blockIdx.x * blockDim.x + t);
  if (t >= live)
    return;
  int c = __syncthreads_count(flags[i]);
  int a = __syncthreads_and(flags[i]);
  int o = __syncthreads_or(flags[i]);
  if (t == 0) {
    out[3 * blockIdx.x] = c;
    out[3 * blockIdx.x + 1] = a != 0;
    out[3 * blockIdx.x + 2] = o != 0;
  }
}

#ifdef __ACCGPU_EMU__
ACCGPU_EMU_ENTRY(emu_stencil) {
  emu_stencil(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, const float *),
              ACCGPU_ARG(2, int));
}
ACCGPU_EMU_ENTRY(emu_reduce) {
  emu_reduce(ACCGPU_ARG(0, double *), ACCGPU_ARG(1, const double *),
             ACCGPU_ARG(2, int));
}
ACCGPU_EMU_ENTRY(emu_votes) {
  emu_votes(ACCGPU_ARG(0, int *), ACCGPU_ARG(1, const int *),
            ACCGPU_ARG(2, unsigned));
}
#endif
