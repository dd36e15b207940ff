/* gpu_images.c — compiled by tests/cli/gpu-images.sh, never run there.
 * fused: a*x + y in a loop, which NVRTC turns into fma.rn unless the unit
 * is compiled without contraction.  wide: the many live reduction values
 * of tests/e2e/compute_reduction_wide.c on NW workers of VL lanes (macros:
 * constants, or the parameters nw and vl); with 8 x 128 threads known at
 * compile time ptxas must keep it within 64 registers. */
#ifndef NW
#define NW 8
#define VL 128
#endif
#define N 1000
#define NR 23
#define NK 777
float fx[N], fy[N];
signed char c8[NR * NK];
short s16[NR * NK];
int i32[NR * NK];
long long l64[NR * NK];
float f32[NR * NK];
double f64[NR * NK];
struct res {
  short csum;
  signed char cmax;
  unsigned char cor;
  short smin;
  unsigned short sxor;
  int imul, iand;
  long long lsum, lmax;
  _Bool band, bor;
  float fmin, fsum;
  double dmax, dsum;
} got[NR];

void fused(float a) {
#pragma acc parallel loop copyin(fx) copy(fy)
  for (int i = 0; i < N; i++)
    fy[i] = a * fx[i] + fy[i];
}

void wide(int nw, int vl) {
  (void)nw, (void)vl;
#pragma acc parallel num_gangs(3) num_workers(NW) vector_length(VL) \
    copyin(c8, s16, i32, l64, f32, f64) copyout(got)
  {
#pragma acc loop gang worker
    for (int r = 0; r < NR; r++) {
      short csum = 0, smin = 32767;
      signed char cmax = -128;
      unsigned char cor = 0;
      unsigned short sxor = 0;
      int imul = 1, iand = -1;
      long long lsum = 0, lmax = -(1LL << 62);
      _Bool band = 1, bor = 0;
      float fmin = 1e30f, fsum = 0;
      double dmax = -1e300, dsum = 0;
#pragma acc loop vector reduction(+:csum) reduction(max:cmax) \
    reduction(|:cor) reduction(min:smin) reduction(^:sxor) \
    reduction(*:imul) reduction(&:iand) reduction(+:lsum) \
    reduction(max:lmax) reduction(&&:band) reduction(||:bor) \
    reduction(min:fmin) reduction(+:fsum) reduction(max:dmax) \
    reduction(+:dsum)
      for (int k = 0; k < NK; k++) {
        int n = r * NK + k;
        csum = (short)(csum + c8[n]);
        cmax = c8[n] > cmax ? c8[n] : cmax;
        cor |= (unsigned char)c8[n];
        smin = s16[n] < smin ? s16[n] : smin;
        sxor ^= (unsigned short)s16[n];
        imul *= (k % 97 == 5) ? 3 : 1;
        iand &= i32[n] | (1 << (k % 31));
        lsum += l64[n];
        lmax = l64[n] > lmax ? l64[n] : lmax;
        band = band && i32[n] != 12345;
        bor = bor || i32[n] == 4242 + r;
        fmin = f32[n] < fmin ? f32[n] : fmin;
        fsum += f32[n];
        dmax = f64[n] > dmax ? f64[n] : dmax;
        dsum += f64[n];
      }
      struct res x = {csum, cmax, cor, smin, sxor, imul, iand, lsum, lmax,
                      band, bor, fmin, fsum, dmax, dsum};
      got[r] = x;
    }
  }
}

