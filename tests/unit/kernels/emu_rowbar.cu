/* emu_rowbar.cu — named barriers: __accgpu_sync_row() among the threads of
 * one row (threadIdx.y), rows wider than a warp or exactly one warp. */

/* Row y of the block smooths its own tile of blockDim.x (a multiple of 32,
   <= 256) values 1 + y times (ends kept), with a row barrier after each
   step: rows take different numbers of steps, so a block barrier would
   deadlock, and no barrier at all would read stale values. */
ACCGPU_KERNEL void emu_rowbar(float *__restrict__ out,
                              const float *__restrict__ in) {
  __shared__ float buf[2][15][256];
  unsigned t = threadIdx.x, y = threadIdx.y, n = blockDim.x;
  unsigned base = (blockIdx.x * blockDim.y + y) * n;
  int cur = 0;
  buf[0][y][t] = in[base + t];
  __accgpu_sync_row();
  for (unsigned s = 0; s <= y; s++) {
    float v = buf[cur][y][t];
    if (t > 0 && t + 1 < n)
      v = (buf[cur][y][t - 1] + v + buf[cur][y][t + 1]) / 3.0f;
    buf[1 - cur][y][t] = v;
    __accgpu_sync_row();
    cur = 1 - cur;
  }
  out[base + t] = buf[cur][y][t];
}

/* Named barrier ID among 64 threads: invalid for ID 0 or > 15. */
ACCGPU_KERNEL void emu_badbar(int *out, unsigned id) {
  __accgpu_bar_sync(id, 64);
  out[threadIdx.x] = 1;
}

/* Thread 5 of row 0 exits before its row's barrier: the row never
   completes it (a hang on a GPU, a reported deadlock here). */
ACCGPU_KERNEL void emu_rowexit(int *out) {
  if (threadIdx.y == 0 && threadIdx.x == 5)
    return;
  __accgpu_sync_row();
  out[threadIdx.y * blockDim.x + threadIdx.x] = 1;
}

#ifdef __ACCGPU_EMU__
ACCGPU_EMU_ENTRY(emu_rowbar) {
  emu_rowbar(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, const float *));
}
ACCGPU_EMU_ENTRY(emu_badbar) {
  emu_badbar(ACCGPU_ARG(0, int *), ACCGPU_ARG(1, unsigned));
}
ACCGPU_EMU_ENTRY(emu_rowexit) { emu_rowexit(ACCGPU_ARG(0, int *)); }
#endif
