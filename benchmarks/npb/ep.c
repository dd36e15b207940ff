/* ep.c — NPB EP: Gaussian pairs by the Marsaglia polar method.
 *
 * 2^M pairs (x1, x2) are drawn from NPB's stream (seed 271828183, a = 5^13),
 * mapped to (-1, 1)^2; a pair inside the unit disc gives the Gaussian pair
 * (x1 t, x2 t) with t = sqrt(-2 ln s / s), s = x1^2 + x2^2.  The benchmark
 * sums both coordinates and counts the pairs by annulus l = floor(max |.|).
 *
 * GPU mapping (Xu, ch. 4): the pair stream is cut into chunks, one per thread;
 * a thread jumps to its chunk with a^n mod 2^46 (no shared generator state).
 * The annulus counts are an array reduction, done by privatization (§4.1.6):
 * each thread owns one column of qq[NQ][nchunks] (column-major so the threads
 * of a warp touch consecutive words, §4.1.3), and a second kernel sums the rows
 * with a gang/vector schedule (§4.1.2).  One data region holds qq (§4.1.4).  */
#include "npb.h"

#define NQ 10
#define EP_SEED UINT64_C(271828183)

struct ep_class {
  char cls;
  int m;
  double sx, sy; /* published verification sums */
};

static const struct ep_class ep_classes[] = {
    {'S', 24, -3.247834652034740e+3, -6.958407078382297e+3},
    {'W', 25, -2.863319731645753e+3, -6.320053679109499e+3},
    {'A', 28, -4.295875165629892e+3, -1.580732573678431e+4},
    {'B', 30, 4.033815542441498e+4, -2.660669192809235e+4},
    {'C', 32, 4.764367927995374e+4, -8.084072988043731e+4},
};

/* Draws the pairs of chunks [0, nch) of `chunk` pairs each; adds the sums to
   *sx, *sy and the annulus counts to q[NQ]. */
static void ep_run(long nch, long chunk, double *sx, double *sy, double *q)
{
  double *qq = npb_alloc((size_t)NQ * (size_t)nch, sizeof(double), "qq");
  double tsx = 0.0, tsy = 0.0;

#pragma acc data create(qq[0:NQ * nch]) copyout(q[0:NQ])
  {
#pragma acc parallel loop gang vector vector_length(128) \
    reduction(+:tsx, tsy) present(qq[0:NQ * nch])
    NPB_OMP(omp parallel for reduction(+:tsx, tsy))
    for (long c = 0; c < nch; c++) {
      uint64_t x;
      NPB_SKIP(x, EP_SEED, (uint64_t)(2 * c * chunk));
      double lsx = 0.0, lsy = 0.0;
      for (int l = 0; l < NQ; l++)
        qq[l * nch + c] = 0.0;
      for (long p = 0; p < chunk; p++) {
        double x1 = 2.0 * NPB_RANDLC(x) - 1.0;
        double x2 = 2.0 * NPB_RANDLC(x) - 1.0;
        double t1 = x1 * x1 + x2 * x2;
        if (t1 <= 1.0) {
          double t2 = sqrt(-2.0 * log(t1) / t1);
          double t3 = x1 * t2, t4 = x2 * t2;
          int l = (int)fmax(fabs(t3), fabs(t4));
          if (l < NQ)
            qq[l * nch + c] += 1.0;
          lsx += t3;
          lsy += t4;
        }
      }
      tsx += lsx;
      tsy += lsy;
    }

#pragma acc parallel loop gang num_gangs(NQ) vector_length(256) \
    present(qq[0:NQ * nch], q[0:NQ])
    NPB_OMP(omp parallel for)
    for (int l = 0; l < NQ; l++) {
      double s = 0.0;
#pragma acc loop vector reduction(+:s)
      for (long c = 0; c < nch; c++)
        s += qq[l * nch + c];
      q[l] = s;
    }
  }
  *sx = tsx;
  *sy = tsy;
  free(qq);
}

int main(int argc, char **argv)
{
  char cls = npb_class(argc, argv);
  const struct ep_class *pc = &ep_classes[npb_class_index(cls)];
  int m = pc->m;
  /* Enough chunks to fill a GPU, few enough to keep qq small. */
  int lch = m - 7 < 18 ? m - 7 : 18;
  long nch = 1L << lch, chunk = 1L << (m - lch);
  double sx, sy, q[NQ], gc = 0.0;

  printf("\n NAS Parallel Benchmarks (accgpu OpenACC C) - EP Benchmark\n\n");
  printf(" Number of random numbers generated: %15.0f\n", ldexp(1.0, m + 1));

  double t0 = npb_wtime();
  ep_run(nch, chunk, &sx, &sy, q);
  double t = npb_wtime() - t0;

  for (int l = 0; l < NQ; l++)
    gc += q[l];
  double ex = fabs((NPB_SPOIL(sx) - pc->sx) / pc->sx), ey = fabs((sy - pc->sy) / pc->sy);
  int ok = ex <= 1e-8 && ey <= 1e-8;

  printf("\n EP Benchmark Results:\n\n");
  printf(" CPU Time =%10.4f\n", t);
  printf(" N = 2^%5d\n", m);
  printf(" No. Gaussian Pairs = %15.0f\n", gc);
  printf(" Sums = %25.15e %25.15e\n", sx, sy);
  printf(" Counts:\n");
  for (int l = 0; l < NQ; l++)
    printf("%3d%15.0f\n", l, q[l]);
  printf(" Relative errors: sx %.3e sy %.3e\n", ex, ey);

  char size[32];
  snprintf(size, sizeof size, "2^%d", m + 1);
  return npb_report("EP", cls, size, 0, t, ldexp(1.0, m + 1) / t / 1e6,
                    "Random numbers generated", ok);
}
