/* ft.c — NPB FT: time integration of the 3-D heat equation by FFT.
 *
 * u0 starts as nx*ny*nz complex numbers from NPB's stream (real and imaginary
 * parts alternating, x fastest) and is transformed forward once.  Step t
 * multiplies it by exp(-4 pi^2 alpha |k|^2) (alpha = 1e-6, k the signed
 * frequency) and transforms a copy back; the checksum of step t is
 *   sum_{j=1..1024} u[5j mod nz][3j mod ny][j mod nx] / (nx ny nz),
 * compared with NPB's published values to a relative 1e-12.
 *
 * The 1-D transforms are radix-2, in place: one kernel per dimension, whose
 * gangs take blocks of neighbouring lines through the bit reversal and every
 * butterfly stage (NPB's fftblock); the roots of unity come from a table per
 * dimension.
 * Neither the direction's sign nor the order of the three passes changes the
 * result: the multiplier is even in k.
 *
 * GPU mapping (Xu, ch. 4): complex data as two real arrays (structure of
 * arrays, the transformation the dissertation credits for FT, §4.1.3); each
 * stage's vector loop runs fastest along x for the y and z passes and along a
 * line's butterflies for the x pass, so a warp reads consecutive words and
 * the serial build walks memory in order; one data region holds every array for the
 * whole run and only the checksums come back (§4.1.4).                     */
#include "npb.h"

#define ALPHA 1.0e-6
#define NPB_PI 3.141592653589793238
#define MAXITER 20

struct ft_class {
  char cls;
  int nx, ny, nz, niter;
  double sum[MAXITER][2]; /* published checksums per step */
};

static const struct ft_class ft_classes[] = {
    {'S', 64, 64, 64, 6,
     {{554.6087004964, 484.5363331978}, {554.6385409189, 486.5304269511},
      {554.6148406171, 488.3910722336}, {554.5423607415, 490.1273169046},
      {554.4255039624, 491.7475857993}, {554.2683411902, 493.2597244941}}},
    {'W', 128, 128, 32, 6,
     {{567.3612178944, 529.3246849175}, {563.1436885271, 528.2149986629},
      {559.4024089970, 527.0996558037}, {556.0698047020, 526.0027904925},
      {553.0898991250, 524.9400845633}, {550.4159734538, 523.9212247086}}},
    {'A', 256, 256, 128, 6,
     {{504.6735008193, 511.4047905510}, {505.9412319734, 509.8809666433},
      {506.9376896287, 509.8144042213}, {507.7892868474, 510.1336130759},
      {508.5233095391, 510.4914655194}, {509.1487099959, 510.7917842803}}},
    {'B', 512, 256, 256, 20,
     {{517.7643571579, 507.7803458597}, {515.4521291263, 508.8249431599},
      {514.6409228649, 509.6208912659}, {514.2378756213, 510.1023387619},
      {513.9626667737, 510.3976610617}, {513.7423460082, 510.5948019802},
      {513.5547056878, 510.7404165783}, {513.3910925466, 510.8576573661},
      {513.2470705390, 510.9577278523}, {513.1197729984, 511.0460304483},
      {513.0070319283, 511.1252433800}, {512.9070537032, 511.1968077718},
      {512.8182883502, 511.2616233064}, {512.7393733383, 511.3203605551},
      {512.6691062020, 511.3735928093}, {512.6064276004, 511.4218460548},
      {512.5504076570, 511.4656139760}, {512.5002331720, 511.5053595966},
      {512.4551951846, 511.5415130407}, {512.4146770029, 511.5744692211}}},
    {'C', 512, 512, 512, 20,
     {{519.5078707457, 514.9019699238}, {515.5422171134, 512.7578201997},
      {514.4678022222, 512.2251847514}, {514.0150594328, 512.1090289018},
      {513.7550426810, 512.1143685824}, {513.5811056728, 512.1496764568},
      {513.4569343165, 512.1870921893}, {513.3651975661, 512.2193250322},
      {513.2955192805, 512.2454735794}, {513.2410471738, 512.2663649603},
      {513.1971141679, 512.2830879827}, {513.1605205716, 512.2965869718},
      {513.1290734194, 512.3075927445}, {513.1012720314, 512.3166486553},
      {513.0760908195, 512.3241541685}, {513.0528295923, 512.3304037599},
      {513.0310107773, 512.3356167976}, {513.0103090133, 512.3399592211},
      {512.9905029333, 512.3435588985}, {512.9714421109, 512.3465164008}}},
};

/* The grid and its device-resident arrays. */
struct ft_state {
  int nx, ny, nz;
  long ntot;
  double *re0, *im0, *re1, *im1, *tw; /* u0, u1 (real, imaginary), twiddle */
  double *wr, *wi;                     /* roots: x at 0, y at nx, z at nx+ny */
  int *rev;                            /* bit reversals, at the same offsets */
  long nw;
};

/* Fills u0 with NPB's initial condition: line (k, j) starts 2*nx*(j + ny*k)
   numbers into the stream from NPB_SEED. */
static void ft_init_u(struct ft_state *s)
{
  double *re = s->re0, *im = s->im0;
  int nx = s->nx, ny = s->ny, nz = s->nz;
  long ntot = s->ntot;
#pragma acc parallel loop gang vector vector_length(128) \
    present(re[0:ntot], im[0:ntot])
  NPB_OMP(omp parallel for)
  for (long line = 0; line < (long)ny * nz; line++) {
    uint64_t x;
    NPB_SKIP(x, NPB_SEED, (uint64_t)(2 * nx * line));
    for (int i = 0; i < nx; i++) {
      re[line * nx + i] = NPB_RANDLC(x);
      im[line * nx + i] = NPB_RANDLC(x);
    }
  }
}

/* tw = exp(-4 pi^2 alpha (kx^2 + ky^2 + kz^2)) with signed frequencies. */
static void ft_init_twiddle(struct ft_state *s)
{
  double *tw = s->tw, ap = -4.0 * ALPHA * NPB_PI * NPB_PI;
  int nx = s->nx, ny = s->ny, nz = s->nz;
  long ntot = s->ntot;
#pragma acc parallel loop gang collapse(2) present(tw[0:ntot])
  NPB_OMP(omp parallel for collapse(2))
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
#pragma acc loop vector
      for (int i = 0; i < nx; i++) {
        int ii = (i + nx / 2) % nx - nx / 2;
        int jj = (j + ny / 2) % ny - ny / 2;
        int kk = (k + nz / 2) % nz - nz / 2;
        tw[((long)k * ny + j) * nx + i] =
            exp(ap * (double)(ii * ii + jj * jj + kk * kk));
      }
}

/* Roots of unity exp(-2 pi i m / n), m < n/2, and the bit reversal of
   every m < n, for the three dimensions. */
static void ft_init_roots(struct ft_state *s)
{
  int n[3] = {s->nx, s->ny, s->nz};
  long at = 0;
  for (int d = 0; d < 3; d++) {
    for (int m = 0; m < n[d] / 2; m++) {
      double ang = -2.0 * NPB_PI * (double)m / (double)n[d];
      s->wr[at + m] = cos(ang);
      s->wi[at + m] = sin(ang);
    }
    for (int m = 0; m < n[d]; m++) {
      int r = 0;
      for (int b = 1, hb = n[d] / 2; b < n[d]; b <<= 1, hb >>= 1)
        r |= (m & b) ? hb : 0;
      s->rev[at + m] = r;
    }
    at += n[d];
  }
}

/* The transform of one dimension: lines of n points (n a power of two),
   point m of line (o, i) at (o * n + m) * inner + i, for o < outer and
   i < inner.  Roots start at w0 in (wr, wi); dir = -1 forward, +1 backward. */
struct ft_pass {
  int n, logn;
  long inner, outer, w0;
  double dir;
};

/* Lines are transformed FT_BLOCK neighbours at a time (NPB's fftblock):
   a gang takes the block of lines (o, i0 .. i0 + bl - 1) through the bit
   reversal and every butterfly stage while the block (n * bl points, 32 KB
   for class W's y pass) stays in the core's cache, where a kernel per stage
   would stream the whole grid through memory once per stage. */
#define FT_BLOCK 16

/* In-place transform of every line of one dimension: per block of lines,
   each point swapped with its bit-reversed partner, then the radix-2
   stages (butterflies of span 2 * 2^lh).  The innermost index is i (a
   block's consecutive words for the y and z passes; the x pass, where
   inner is 1, has blocks of one line). */
static void ft_dim(struct ft_state *s, double *re, double *im,
                   const struct ft_pass *d)
{
  int n = d->n, logn = d->logn, nb = d->n / 2;
  long inner = d->inner, outer = d->outer, w0 = d->w0, ntot = s->ntot;
  long bl = inner < FT_BLOCK ? inner : FT_BLOCK, nblk = inner / bl;
  long nw = s->nw;
  const double *wr = s->wr, *wi = s->wi;
  const int *rv = s->rev;
  double dir = d->dir;
#pragma acc parallel loop gang collapse(2) vector_length(128) \
    present(re[0:ntot], im[0:ntot], wr[0:nw], wi[0:nw], rv[0:nw])
  NPB_OMP(omp parallel for collapse(2))
  for (long o = 0; o < outer; o++)
    for (long ib = 0; ib < nblk; ib++) {
      long base = o * n * inner + ib * bl;
#pragma acc loop vector collapse(2)
      for (int m = 0; m < n; m++)
        for (long i = 0; i < bl; i++) {
          int rev = rv[w0 + m];
          if (rev > m) {
            long p = base + m * inner + i, q = base + rev * inner + i;
            double tr = re[p], ti = im[p];
            re[p] = re[q];
            im[p] = im[q];
            re[q] = tr;
            im[q] = ti;
          }
        }
#pragma acc loop seq
      for (int lh = 0; lh < logn; lh++) {
        int half = 1 << lh, step = n >> (lh + 1);
#pragma acc loop vector collapse(2)
        for (int b = 0; b < nb; b++)
          for (long i = 0; i < bl; i++) {
            int t = b & (half - 1), p = ((b >> lh) << (lh + 1)) + t;
            double cr = wr[w0 + t * step], ci = dir * -wi[w0 + t * step];
            long pa = base + p * inner + i, qa = pa + half * inner;
            double xr = re[qa] * cr - im[qa] * ci;
            double xi = re[qa] * ci + im[qa] * cr;
            re[qa] = re[pa] - xr;
            im[qa] = im[pa] - xi;
            re[pa] += xr;
            im[pa] += xi;
          }
      }
    }
}

/* Returns log2 of the power of two n. */
static int ft_log2(int n)
{
  int l = 0;
  while ((1 << l) < n)
    l++;
  return l;
}

/* 3-D transform of (re, im) in place: x, y, z lines. */
static void ft_fft3d(struct ft_state *s, double *re, double *im, double dir)
{
  long nx = s->nx, ny = s->ny, nz = s->nz;
  struct ft_pass px = {s->nx, ft_log2(s->nx), 1, ny * nz, 0, dir};
  struct ft_pass py = {s->ny, ft_log2(s->ny), nx, nz, nx, dir};
  struct ft_pass pz = {s->nz, ft_log2(s->nz), nx * ny, 1, nx + ny, dir};
  ft_dim(s, re, im, &px);
  ft_dim(s, re, im, &py);
  ft_dim(s, re, im, &pz);
}

/* u0 *= tw; u1 = u0. */
static void ft_evolve(struct ft_state *s)
{
  double *re0 = s->re0, *im0 = s->im0, *re1 = s->re1, *im1 = s->im1,
         *tw = s->tw;
  long ntot = s->ntot;
#pragma acc parallel loop gang vector present(re0[0:ntot], im0[0:ntot], \
                                              re1[0:ntot], im1[0:ntot], \
                                              tw[0:ntot])
  NPB_OMP(omp parallel for)
  for (long i = 0; i < ntot; i++) {
    re0[i] *= tw[i];
    im0[i] *= tw[i];
    re1[i] = re0[i];
    im1[i] = im0[i];
  }
}

/* Returns the checksum of u1 (real part in *cr, imaginary in *ci). */
static void ft_checksum(struct ft_state *s, double *cr, double *ci)
{
  double *re = s->re1, *im = s->im1, sr = 0.0, si = 0.0;
  long nx = s->nx, ny = s->ny, nz = s->nz, ntot = s->ntot;
#pragma acc parallel loop gang vector reduction(+:sr, si) \
    present(re[0:ntot], im[0:ntot])
  NPB_OMP(omp parallel for reduction(+:sr, si))
  for (long j = 1; j <= 1024; j++) {
    long at = ((5 * j) % nz * ny + (3 * j) % ny) * nx + j % nx;
    sr += re[at];
    si += im[at];
  }
  *cr = sr / (double)ntot;
  *ci = si / (double)ntot;
}

/* Runs the benchmark (initial condition, forward transform, niter steps);
   sums[t] receives the checksums.  Returns the seconds taken. */
static double ft_run(struct ft_state *s, int niter, double sums[][2])
{
  double t0 = npb_wtime();
  ft_init_twiddle(s);
  ft_init_u(s);
  ft_fft3d(s, s->re0, s->im0, -1.0);
  for (int it = 0; it < niter; it++) {
    ft_evolve(s);
    ft_fft3d(s, s->re1, s->im1, 1.0);
    ft_checksum(s, &sums[it][0], &sums[it][1]);
  }
  return npb_wtime() - t0;
}

int main(int argc, char **argv)
{
  char cls = npb_class(argc, argv);
  const struct ft_class *pc = &ft_classes[npb_class_index(cls)];
  struct ft_state st = {pc->nx, pc->ny, pc->nz,
                        (long)pc->nx * pc->ny * pc->nz,
                        NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                        (long)pc->nx + pc->ny + pc->nz};
  long ntot = st.ntot, nw = st.nw;
  double *re0 = st.re0 = npb_alloc((size_t)ntot, sizeof(double), "u0 real");
  double *im0 = st.im0 = npb_alloc((size_t)ntot, sizeof(double), "u0 imag");
  double *re1 = st.re1 = npb_alloc((size_t)ntot, sizeof(double), "u1 real");
  double *im1 = st.im1 = npb_alloc((size_t)ntot, sizeof(double), "u1 imag");
  double *tw = st.tw = npb_alloc((size_t)ntot, sizeof(double), "twiddle");
  double *wr = st.wr = npb_alloc((size_t)nw, sizeof(double), "roots real");
  double *wi = st.wi = npb_alloc((size_t)nw, sizeof(double), "roots imag");
  int *rev = st.rev = npb_alloc((size_t)nw, sizeof(int), "bit reversals");
  double sums[MAXITER][2], t;
  ft_init_roots(&st);

  printf("\n NAS Parallel Benchmarks (accgpu OpenACC C) - FT Benchmark\n\n");
  printf(" Size                : %4dx%4dx%4d\n Iterations          : %6d\n\n",
         pc->nx, pc->ny, pc->nz, pc->niter);

#pragma acc data create(re0[0:ntot], im0[0:ntot], re1[0:ntot], im1[0:ntot], \
                        tw[0:ntot]) copyin(wr[0:nw], wi[0:nw], \
                                                  rev[0:nw])
  {
    ft_run(&st, 1, sums); /* untimed warm-up, as NPB does */
    t = ft_run(&st, pc->niter, sums);
  }

  int ok = 1;
  for (int it = 0; it < pc->niter; it++) {
    double dr = NPB_SPOIL(sums[it][0]) - pc->sum[it][0], di = sums[it][1] - pc->sum[it][1];
    double err = sqrt((dr * dr + di * di) /
                      (pc->sum[it][0] * pc->sum[it][0] +
                       pc->sum[it][1] * pc->sum[it][1]));
    ok &= err <= 1e-12;
    printf(" T = %5d     Checksum = %22.12e %22.12e\n", it + 1, sums[it][0],
           sums[it][1]);
  }

  double n = (double)ntot;
  double mops = 1e-6 * n *
                (14.8157 + 7.19641 * log(n) +
                 (5.23518 + 7.21113 * log(n)) * pc->niter) / t;
  char size[48];
  snprintf(size, sizeof size, "%dx%dx%d", pc->nx, pc->ny, pc->nz);
  int rc = npb_report("FT", cls, size, pc->niter, t, mops, "floating point", ok);
  free(re0); free(im0); free(re1); free(im1); free(tw); free(wr); free(wi);
  free(rev);
  return rc;
}
