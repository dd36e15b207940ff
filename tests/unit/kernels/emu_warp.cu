/* emu_warp.cu — warp shuffles and votes test kernel. */

#include "emu_test.h"

ACCGPU_KERNEL void emu_warp(emu_warp_out *out, const int *in) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % 32u;
  unsigned full = 0xffffffffu;
  int v = in[i];
  emu_warp_out *o = out + i;

  int s = v;
  for (int d = 16; d > 0; d /= 2)
    s += __shfl_down_sync(full, s, d);
  o->down_sum = lane == 0 ? s : 0;

  int x = v;
  for (int m = 1; m < 32; m *= 2)
    x += __shfl_xor_sync(full, x, m);
  o->xor_sum = x;

  int c = v;
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up_sync(full, c, d);
    if ((int)lane >= d)
      c += up;
  }
  o->scan = c;

  int h = v;
  for (int m = 1; m < 16; m *= 2)
    h += __shfl_xor_sync(full, h, m, 16);
  o->xor16 = h;

  o->ballot = __ballot_sync(full, v & 1);
  o->any_neg = __any_sync(full, v < 0);
  o->all_pos = __all_sync(full, v > 0);
  o->active = __activemask();
  o->fbcast = __shfl_sync(full, (float)v * 0.5f, 5);
  o->dbcast = __shfl_sync(full, (double)v * 0.25, (int)(lane + 1) % 32);
  o->llrot = __shfl_sync(full, (long long)v * 4294967296LL, (int)(lane ^ 7u));
  o->lsum = (long)v * 100000000000L;
  for (int m = 16; m > 0; m /= 2)
    o->lsum += __shfl_xor_sync(full, o->lsum, m);
  o->sdown = __shfl_down_sync(full, (short)v, 1);
  o->popc = __popc((unsigned)v);
  o->ffs = __ffs(v);
  o->clz = __clz(v);
  __syncwarp();
}

#ifdef __ACCGPU_EMU__
ACCGPU_EMU_ENTRY(emu_warp) {
  emu_warp(ACCGPU_ARG(0, emu_warp_out *), ACCGPU_ARG(1, const int *));
}
#endif
