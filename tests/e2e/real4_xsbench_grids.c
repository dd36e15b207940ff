/* real4_xsbench_grids.c — XSBench's and RSBench's data layout as their
 * OpenACC C ports write it (round 2 covered the flat-array form): the
 * nuclide grids as a jagged `NuclideGridPoint **nuclide_grids` of structs
 * mapped with `copyin(nuclide_grids[0:n_isotopes][0:n_gridpoints])`, a
 * unionized energy grid of structs with an `int *xs_ptrs` index table
 * flattened per energy, materials as `int **mats` with per-material
 * lengths `num_nucs[m]` (rows of different lengths, mapped with the
 * longest row); the lookup loop with a `routine seq` binary search over
 * `const GridPoint *` rows, per-lookup `double macro_xs[5]` private work,
 * a `routine seq` that fills an output array argument, the verification as
 * a `max` reduction over a hash and an argmax found with a second
 * `reduction(max:)` pass over the candidates; RSBench's poles as
 * `Pole **poles` with `double complex` members evaluated per lookup.
 * Against the same lookups done serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>
#include <complex.h>

typedef struct {
  double energy;
  double total_xs, elastic_xs, absorbtion_xs, fission_xs, nu_fission_xs;
} NuclideGridPoint;

typedef struct {
  double energy;
  int xs_start; /* into the flattened index table */
} GridPoint;

#define NISO 12
#define NGP 40
#define NMAT 4
#define MAXNUC 7
#define NLOOK 3000

#pragma acc routine seq
static long grid_search(long n, double quarry, const NuclideGridPoint *A)
{
  long lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (A[mid].energy > quarry)
      hi = mid;
    else
      lo = mid;
  }
  return lo;
}

#pragma acc routine seq
static double lcg_energy(unsigned long *seed)
{
  *seed = (*seed * 2806196910506780709ul + 1ul) % 9223372036854775807ul;
  return (double)(*seed % 1000000) / 1000000.0;
}

#pragma acc routine seq
static void micro_xs(double p_energy, int nuc,
                     NuclideGridPoint *const *restrict grids, double *xs)
{
  const NuclideGridPoint *g = grids[nuc];
  long idx = grid_search(NGP, p_energy, g);
  if (idx == NGP - 1)
    idx--;
  const NuclideGridPoint *lo = &g[idx], *hi = &g[idx + 1];
  double f = (hi->energy - p_energy) / (hi->energy - lo->energy);
  xs[0] = hi->total_xs - f * (hi->total_xs - lo->total_xs);
  xs[1] = hi->elastic_xs - f * (hi->elastic_xs - lo->elastic_xs);
  xs[2] = hi->absorbtion_xs - f * (hi->absorbtion_xs - lo->absorbtion_xs);
  xs[3] = hi->fission_xs - f * (hi->fission_xs - lo->fission_xs);
  xs[4] = hi->nu_fission_xs - f * (hi->nu_fission_xs - lo->nu_fission_xs);
}

static void lookups(NuclideGridPoint **nuclide_grids, int **mats,
                    double **concs, const int *num_nucs, double *out,
                    unsigned long *vhash, int on)
{
  unsigned long best = 0;
#pragma acc parallel loop copyin(nuclide_grids[0:NISO][0:NGP], \
    mats[0:NMAT][0:MAXNUC], concs[0:NMAT][0:MAXNUC], num_nucs[0:NMAT]) \
    copyout(out[0:NLOOK]) reduction(max:best) if(on)
  for (int i = 0; i < NLOOK; i++) {
    unsigned long seed = 13ul * (i + 1);
    double p_energy = lcg_energy(&seed);
    int mat = (int)(lcg_energy(&seed) * NMAT);
    double macro_xs[5] = {0, 0, 0, 0, 0};
    double xs[5];
    for (int j = 0; j < num_nucs[mat]; j++) {
      micro_xs(p_energy, mats[mat][j], nuclide_grids, xs);
      for (int k = 0; k < 5; k++)
        macro_xs[k] += xs[k] * concs[mat][j];
    }
    double maxv = -1.0;
    int maxi = -1;
    for (int k = 0; k < 5; k++)
      if (macro_xs[k] > maxv) {
        maxv = macro_xs[k];
        maxi = k;
      }
    out[i] = maxv;
    unsigned long h = (unsigned long)(maxi + 1) * 1000003ul + (unsigned long)i;
    if (h > best)
      best = h;
  }
  *vhash = best;
}

typedef struct {
  double complex MP_EA, MP_RT, MP_RA, MP_RF;
  short l_value;
} Pole;

#define NPOLE 16

static void rs_lookups(Pole **poles, double *sig, int on)
{
#pragma acc parallel loop copyin(poles[0:NISO][0:NPOLE]) copyout(sig[0:NLOOK]) \
    if(on)
  for (int i = 0; i < NLOOK; i++) {
    double E = 0.01 + (i % 97) * 0.1;
    int nuc = i % NISO;
    double complex acc_t = 0, acc_f = 0;
    for (int p = 0; p < NPOLE; p++) {
      const Pole *pp = &poles[nuc][p];
      double complex psi = pp->MP_EA - sqrt(E);
      double complex c = 1.0 / (psi * psi + 0.5 * pp->l_value + 0.3 * I);
      acc_t += pp->MP_RT * c;
      acc_f += pp->MP_RF * c;
    }
    sig[i] = creal(acc_t) + cimag(acc_f);
  }
}

int main(void)
{
  NuclideGridPoint **grids = malloc(NISO * sizeof *grids);
  for (int n = 0; n < NISO; n++) {
    grids[n] = malloc(NGP * sizeof **grids);
    for (int g = 0; g < NGP; g++) {
      NuclideGridPoint *p = &grids[n][g];
      p->energy = (g + 0.5 * ((n * 7 + g) % 3) / 3.0) / NGP;
      p->total_xs = 1.0 + 0.01 * ((n * 31 + g * 17) % 101);
      p->elastic_xs = 0.5 + 0.02 * ((n * 13 + g * 5) % 53);
      p->absorbtion_xs = 0.3 + 0.03 * ((n * 11 + g * 3) % 37);
      p->fission_xs = 0.2 + 0.01 * ((n * 3 + g * 7) % 29);
      p->nu_fission_xs = 2.4 * p->fission_xs;
    }
  }
  int num_nucs[NMAT] = {7, 3, 5, 2};
  int **mats = malloc(NMAT * sizeof *mats);
  double **concs = malloc(NMAT * sizeof *concs);
  for (int m = 0; m < NMAT; m++) {
    mats[m] = malloc(MAXNUC * sizeof(int));
    concs[m] = malloc(MAXNUC * sizeof(double));
    for (int j = 0; j < MAXNUC; j++) {
      mats[m][j] = (m * 5 + j * 3) % NISO;
      concs[m][j] = 0.1 + 0.05 * j + 0.01 * m;
    }
  }
  double *o1 = malloc(NLOOK * sizeof(double)), *o2 = malloc(NLOOK * sizeof(double));
  unsigned long h1, h2;
  lookups(grids, mats, concs, num_nucs, o1, &h1, 1);
  lookups(grids, mats, concs, num_nucs, o2, &h2, 0);
  CHECK_INT("xsbench hash", (long long)h1, (long long)h2);
  for (int i = 0; i < NLOOK; i++)
    CHECK_REAL("xsbench macro max", o1[i], o2[i], 1e-13);
  Pole **poles = malloc(NISO * sizeof *poles);
  for (int n = 0; n < NISO; n++) {
    poles[n] = malloc(NPOLE * sizeof(Pole));
    for (int p = 0; p < NPOLE; p++) {
      poles[n][p].MP_EA = (0.1 * p + 0.01 * n) + I * (0.05 * (p % 3));
      poles[n][p].MP_RT = 1.0 + I * 0.1 * p;
      poles[n][p].MP_RA = 0.5 + I * 0.2;
      poles[n][p].MP_RF = 0.25 * n + I * 0.3;
      poles[n][p].l_value = (short)(p % 4);
    }
  }
  rs_lookups(poles, o1, 1);
  rs_lookups(poles, o2, 0);
  for (int i = 0; i < NLOOK; i++)
    CHECK_REAL("rsbench sigma", o1[i], o2[i], 1e-11);
  for (int n = 0; n < NISO; n++) {
    free(grids[n]);
    free(poles[n]);
  }
  for (int m = 0; m < NMAT; m++) {
    free(mats[m]);
    free(concs[m]);
  }
  free(grids); free(poles); free(mats); free(concs); free(o1); free(o2);
  return e2e_done();
}
