/* gpu_images.c — compiled by tests/cli/gpu-images.sh, never run there.
 * fused: a*x + y in a loop, which NVRTC turns into fma.rn unless the unit
 * is compiled without contraction.  vector_level: the kernel of
 * tests/e2e/compute_reduction_wide.c (many live reduction values) on 8
 * workers of 128 lanes known at compile time, which ptxas must keep within
 * 64 registers. */
#define WIDE_NW 8
#define WIDE_VL 128
#include "../e2e/compute_reduction_wide.c"

#define NF 1000
float fx[NF], fy[NF];

void fused(float a) {
#pragma acc parallel loop copyin(fx) copy(fy)
  for (int i = 0; i < NF; i++)
    fy[i] = a * fx[i] + fy[i];
}

/* complex_ret: a float complex that a routine returns, stored whole: the
   second part was lost to a CUDA 13.0 optimizer bug (accgpu_cuda.h,
   ACCGPU_STRUCT_RET); tests/e2e/compute_complex.c failed on an H100. */
#include <complex.h>
#define NC 300
static float complex ca[NC], cr[NC];
static double complex cb[NC];

static float complex times_plus(float complex x, double complex y)
{
  return x * (float complex)y + 1.5f;
}

void complex_ret(void) {
#pragma acc parallel loop copyin(ca, cb) copyout(cr)
  for (int i = 0; i < NC; i++)
    cr[i] = times_plus(ca[i], cb[i]);
}
