/* emu_basic.cu — test kernels for the emulator (tests/unit/test_emulator.c):
 * plain data-parallel kernels, thread/block coordinates, dynamic shared
 * memory.  Written in the dialect of docs/kernel-abi.md §3: this file also
 * builds with nvcc -ptx / NVRTC through the same header. */

/* c[i] = a[i] + b[i] over a 1-D grid. */
ACCGPU_KERNEL void emu_vadd(float *__restrict__ c, const float *__restrict__ a,
                            const float *__restrict__ b, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    c[i] = a[i] + b[i];
}

/* Every thread of a 3-D grid of 3-D blocks records its coordinates and the
   dimensions it sees at its global linear index (6 + 6 values each). */
ACCGPU_KERNEL void emu_coords(unsigned *out) {
  unsigned tpb = blockDim.x * blockDim.y * blockDim.z;
  unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned *o = out + 12u * (b * tpb + t);
  o[0] = threadIdx.x; o[1] = threadIdx.y; o[2] = threadIdx.z;
  o[3] = blockIdx.x;  o[4] = blockIdx.y;  o[5] = blockIdx.z;
  o[6] = blockDim.x;  o[7] = blockDim.y;  o[8] = blockDim.z;
  o[9] = gridDim.x;   o[10] = gridDim.y;  o[11] = gridDim.z + 0u * warpSize;
}

/* 2-D matrix transpose through a shared tile: out[x][y] = in[y][x] for an
   n x m matrix (rows of length m), 16x16 blocks. */
ACCGPU_KERNEL void emu_transpose(float *__restrict__ out,
                                 const float *__restrict__ in, int n, int m) {
  __shared__ float tile[16][17];
  int x = (int)(blockIdx.x * 16 + threadIdx.x), y = (int)(blockIdx.y * 16 + threadIdx.y);
  if (x < m && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * m + x];
  __syncthreads();
  x = (int)(blockIdx.y * 16 + threadIdx.x);
  y = (int)(blockIdx.x * 16 + threadIdx.y);
  if (x < n && y < m)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

/* Reverses each block's slice through dynamic shared memory. */
ACCGPU_KERNEL void emu_dynrev(float *__restrict__ out, const float *__restrict__ in) {
  ACCGPU_DYN_SHARED(float, buf);
  unsigned t = threadIdx.x, base = blockIdx.x * blockDim.x;
  buf[t] = in[base + t];
  __syncthreads();
  out[base + t] = buf[blockDim.x - 1 - t];
}

/* Thread 0 of the block spins until *flag is set (by another queue), then
   every thread writes out[i] = i * 3. */
ACCGPU_KERNEL void emu_gate(int *out, int *flag) {
  if (threadIdx.x == 0)
    while (atomicAdd(flag, 0) == 0)
      ;
  __syncthreads();
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  out[i] = i * 3;
}

/* *flag = value, atomically (so another kernel spinning on it sees it). */
ACCGPU_KERNEL void emu_set_flag(int *flag, int value) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    atomicExch(flag, value);
}

/* Lane 0 waits at the block barrier while the other lanes of its warp wait
   for it at a warp barrier: a deadlock the emulator must report. */
ACCGPU_KERNEL void emu_deadlock(int *out) {
  if (threadIdx.x == 0)
    __syncthreads();
  else
    __syncwarp(0xffffffffu);
  out[threadIdx.x] = 1;
}

/* Recurses DEPTH times with 4 KiB frames: overflows a fiber stack. */
static __device__ int emu_deep(int depth) {
  volatile char pad[4096];
  pad[0] = (char)depth;
  pad[4095] = 1;
  if (depth == 0)
    return pad[0];
  return emu_deep(depth - 1) + pad[4095];
}

/* out[t] = emu_deep(depth): a stack overflow for a large DEPTH. */
ACCGPU_KERNEL void emu_overflow(int *out, int depth) {
  out[threadIdx.x] = emu_deep(depth + (int)threadIdx.x);
}

#ifdef __ACCGPU_EMU__
ACCGPU_EMU_ENTRY(emu_overflow) {
  emu_overflow(ACCGPU_ARG(0, int *), ACCGPU_ARG(1, int));
}
ACCGPU_EMU_ENTRY(emu_vadd) {
  emu_vadd(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, const float *),
           ACCGPU_ARG(2, const float *), ACCGPU_ARG(3, int));
}
ACCGPU_EMU_ENTRY(emu_coords) { emu_coords(ACCGPU_ARG(0, unsigned *)); }
ACCGPU_EMU_ENTRY(emu_transpose) {
  emu_transpose(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, const float *),
                ACCGPU_ARG(2, int), ACCGPU_ARG(3, int));
}
ACCGPU_EMU_ENTRY(emu_dynrev) {
  emu_dynrev(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, const float *));
}
ACCGPU_EMU_ENTRY(emu_gate) { emu_gate(ACCGPU_ARG(0, int *), ACCGPU_ARG(1, int *)); }
ACCGPU_EMU_ENTRY(emu_set_flag) {
  emu_set_flag(ACCGPU_ARG(0, int *), ACCGPU_ARG(1, int));
}
ACCGPU_EMU_ENTRY(emu_deadlock) { emu_deadlock(ACCGPU_ARG(0, int *)); }
#endif
