/* emu_atomic.cu — atomics test kernel: every CUDA overload the dialect
 * allows, from many threads of many blocks at once. */

#include "emu_test.h"

/* Adds v to *p with a CAS loop on int (the pattern generated code uses for
   operations CUDA lacks).  The first read is atomic too: a plain read racing
   with atomicCAS is a data race in C11 terms (ThreadSanitizer reports it). */
static __device__ void emu_cas_add(int *p, int v) {
  int old = atomicAdd(p, 0), assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, assumed + v);
  } while (old != assumed);
}

ACCGPU_KERNEL void emu_atomics(emu_atomic_out *o, const int *vals, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  int v = vals[i];
  atomicAdd(&o->isum, v);
  atomicSub(&o->isum, 1);
  atomicMin(&o->imin, v);
  atomicMax(&o->imax, v);
  atomicAnd(&o->iand, ~(1 << (i % 31)));
  atomicOr(&o->ior, 1 << (v & 15));
  atomicXor(&o->ixor, v);
  emu_cas_add(&o->icas_sum, v);
  unsigned short old16 = atomicCAS(&o->us_count, 0, 0), was16;
  do {
    was16 = old16;
    old16 = atomicCAS(&o->us_count, was16, (unsigned short)(was16 + 1u));
  } while (old16 != was16);
  if (atomicExch(&o->exch_count, i) != i)
    atomicAdd(&o->exch_count, 0);
  atomicAdd(&o->usum, (unsigned)v);
  atomicMin(&o->umin, (unsigned)v + 7u);
  atomicMax(&o->umax, (unsigned)v * 2u);
  atomicInc(&o->uinc, 9u);
  atomicDec(&o->udec, 5u);
  atomicAdd(&o->ullsum, (unsigned long long)v << 33);
  atomicMax(&o->ullmax, (unsigned long long)v * 1000000007ull);
  atomicOr(&o->ullor, 1ull << (v & 63));
  atomicMin(&o->llmin, -(long long)v * 3000000000ll);
  atomicMax(&o->llmax, (long long)v * 3000000000ll);
  atomicAdd(&o->fsum, (float)v);
  atomicMin(&o->fmin, (float)v * 0.5f - 100.0f);
  atomicMax(&o->fmax, (float)v * 0.25f);
  atomicAdd(&o->dsum, (double)v * 0.5);
  atomicMin(&o->dmin, -(double)v);
  atomicMax(&o->dmax, (double)v * 1e10);
}

#ifdef __ACCGPU_EMU__
ACCGPU_EMU_ENTRY(emu_atomics) {
  emu_atomics(ACCGPU_ARG(0, emu_atomic_out *), ACCGPU_ARG(1, const int *),
              ACCGPU_ARG(2, int));
}
#endif
