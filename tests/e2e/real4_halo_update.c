/* real4_halo_update.c — halo exchanges as domain-decomposed OpenACC C
 * codes write them (MPI replaced by copies between the subdomains of one
 * process): each subdomain a 2-D grid `double (*u)[NXL+2]` with one ghost
 * layer, kept on the device by `enter data copyin`; each step the
 * boundary rows go host-side with `update self(u[1:1][0:NXL+2])` and the
 * boundary columns with the strided `update self(u[1:NYL][1:1])` and
 * `update self(u[1:NYL][NXL:1])` (a column of a 2-D array: one part of
 * every row), the neighbours' values are copied into the ghost cells on
 * the host, and only the ghosts go back with `update device(u[0:1][...])`
 * and `update device(u[1:NYL][0:1])`; a Jacobi sweep over the interior
 * with `parallel loop collapse(2) present(u, un)`; the same with a
 * file-scope `static double g[GY][GX]` under `declare create(g)` and
 * `update device(g[1:GY-2][0:1]) async(1)` + `wait(1)`, a 1-D
 * `update device(a[lo:len])` / `update self(a[lo:len])` of a block, and a
 * flattened grid's two halo rows in one directive naming the array twice,
 * `update self(u[nx:nx], u[(ny-2)*nx:nx])` (GCC: "appears more than
 * once").
 * Against the undecomposed grid stepped serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define PX 2
#define PY 2
#define NXL 10
#define NYL 7
#define NXG (PX * NXL)
#define NYG (PY * NYL)
#define STEPS 6

typedef double row_t[NXL + 2];

static double init_val(int gy, int gx)
{
  return (gx * 7 + gy * 13) % 17 * 0.25 + (gx == 0 ? 3.0 : 0.0);
}

/* the ghost values of subdomain (py, px) from its neighbours' interiors
   (periodic), as MPI_Sendrecv would deliver them */
static void exchange(row_t *sub[PY][PX])
{
  for (int py = 0; py < PY; py++)
    for (int px = 0; px < PX; px++) {
      row_t *u = sub[py][px];
      row_t *n = sub[(py + PY - 1) % PY][px], *s = sub[(py + 1) % PY][px];
      row_t *w = sub[py][(px + PX - 1) % PX], *e = sub[py][(px + 1) % PX];
      for (int i = 1; i <= NXL; i++) {
        u[0][i] = n[NYL][i];
        u[NYL + 1][i] = s[1][i];
      }
      for (int j = 1; j <= NYL; j++) {
        u[j][0] = w[j][NXL];
        u[j][NXL + 1] = e[j][1];
      }
    }
}

static void test_subdomains(void)
{
  row_t *sub[PY][PX], *nsub[PY][PX];
  for (int py = 0; py < PY; py++)
    for (int px = 0; px < PX; px++) {
      row_t *u = calloc(NYL + 2, sizeof(row_t));
      row_t *un = calloc(NYL + 2, sizeof(row_t));
      for (int j = 1; j <= NYL; j++)
        for (int i = 1; i <= NXL; i++)
          u[j][i] = init_val(py * NYL + j - 1, px * NXL + i - 1);
      sub[py][px] = u;
      nsub[py][px] = un;
#pragma acc enter data copyin(u[0:NYL+2][0:NXL+2]) create(un[0:NYL+2][0:NXL+2])
    }
  for (int t = 0; t < STEPS; t++) {
    for (int py = 0; py < PY; py++)
      for (int px = 0; px < PX; px++) {
        row_t *u = sub[py][px];
#pragma acc update self(u[1:1][0:NXL+2])
#pragma acc update self(u[NYL:1][0:NXL+2])
#pragma acc update self(u[1:NYL][1:1])
#pragma acc update self(u[1:NYL][NXL:1])
      }
    exchange(sub);
    for (int py = 0; py < PY; py++)
      for (int px = 0; px < PX; px++) {
        row_t *u = sub[py][px], *un = nsub[py][px];
#pragma acc update device(u[0:1][0:NXL+2])
#pragma acc update device(u[NYL+1:1][0:NXL+2])
#pragma acc update device(u[1:NYL][0:1])
#pragma acc update device(u[1:NYL][NXL+1:1])
#pragma acc parallel loop collapse(2) present(u[0:NYL+2], un[0:NYL+2])
        for (int j = 1; j <= NYL; j++)
          for (int i = 1; i <= NXL; i++)
            un[j][i] = 0.25 * (u[j - 1][i] + u[j + 1][i] + u[j][i - 1] +
                               u[j][i + 1]);
#pragma acc parallel loop collapse(2) present(u[0:NYL+2], un[0:NYL+2])
        for (int j = 1; j <= NYL; j++)
          for (int i = 1; i <= NXL; i++)
            u[j][i] = un[j][i];
      }
  }
  /* only the interiors come back; the host's ghosts stay as exchanged */
  for (int py = 0; py < PY; py++)
    for (int px = 0; px < PX; px++) {
      row_t *u = sub[py][px], *un = nsub[py][px];
#pragma acc update self(u[1:NYL][1:NXL])
#pragma acc exit data delete(u[0:NYL+2][0:NXL+2], un[0:NYL+2][0:NXL+2])
    }
  /* reference: the whole periodic grid */
  double (*g)[NXG] = malloc(sizeof(double[NYG][NXG]));
  double (*gn)[NXG] = malloc(sizeof(double[NYG][NXG]));
  for (int y = 0; y < NYG; y++)
    for (int x = 0; x < NXG; x++)
      g[y][x] = init_val(y, x);
  for (int t = 0; t < STEPS; t++) {
    for (int y = 0; y < NYG; y++)
      for (int x = 0; x < NXG; x++)
        gn[y][x] = 0.25 * (g[(y + NYG - 1) % NYG][x] + g[(y + 1) % NYG][x] +
                           g[y][(x + NXG - 1) % NXG] + g[y][(x + 1) % NXG]);
    memcpy(g, gn, sizeof(double[NYG][NXG]));
  }
  for (int py = 0; py < PY; py++)
    for (int px = 0; px < PX; px++) {
      for (int j = 1; j <= NYL; j++)
        for (int i = 1; i <= NXL; i++)
          CHECK_REAL("halo subdomain", sub[py][px][j][i],
                     g[py * NYL + j - 1][px * NXL + i - 1], 1e-12);
      free(sub[py][px]);
      free(nsub[py][px]);
    }
  free(g);
  free(gn);
}

#define GY 9
#define GX 11
static double gg[GY][GX];
#pragma acc declare create(gg)

/* a column of a declared global: the left column set on the host and sent
   alone, asynchronously; the right column read back alone */
static void test_declared_columns(void)
{
  double ref[GY][GX];
  for (int j = 0; j < GY; j++)
    for (int i = 0; i < GX; i++)
      gg[j][i] = ref[j][i] = j * GX + i;
#pragma acc update device(gg)
  for (int j = 1; j < GY - 1; j++)
    gg[j][0] = ref[j][0] = -j;
  /* host-only change that must not reach the device */
  gg[4][5] = -100.0;
#pragma acc update device(gg[1:GY-2][0:1]) async(1)
#pragma acc wait(1)
#pragma acc parallel loop present(gg)
  for (int j = 1; j < GY - 1; j++)
    gg[j][GX - 1] = gg[j][0] * 2.0 + gg[j][5];
  for (int j = 1; j < GY - 1; j++)
    ref[j][GX - 1] = ref[j][0] * 2.0 + ref[j][5];
  if (!e2e_separate_memory())
    ref[4][GX - 1] = ref[4][0] * 2.0 - 100.0;
  /* a host value in the right column the update must overwrite, and one
     next to it it must not touch */
  gg[2][GX - 1] = 555.0;
  gg[2][GX - 2] = 777.0;
  ref[2][GX - 2] = 777.0;
  if (!e2e_separate_memory())
    ref[2][GX - 1] = 555.0; /* one memory: the host's store is the last */
#pragma acc update self(gg[1:GY-2][GX-1:1])
  for (int j = 0; j < GY; j++)
    for (int i = 0; i < GX; i++) {
      double want = ref[j][i];
      if (j == 4 && i == 5)
        want = -100.0; /* the host's own change stays */
      CHECK_REAL("declared column", gg[j][i], want, 0);
    }
}

/* a flattened grid whose two boundary rows go out and the two ghost rows
   come in, each pair in one directive naming the array twice (and once
   as two clauses): `update self(u[nx:nx], u[(ny-2)*nx:nx])` */
static void test_flat_rows(void)
{
  const int nx = 12, ny = 9, steps = 4;
  double *u = malloc(nx * ny * sizeof *u), *r = malloc(nx * ny * sizeof *r);
  double *un = malloc(nx * ny * sizeof *un), *rn = malloc(nx * ny * sizeof *rn);
  for (int i = 0; i < nx * ny; i++)
    u[i] = r[i] = un[i] = rn[i] = (i * 7) % 11 * 0.5;
#pragma acc data copy(u[0:nx*ny]) create(un[0:nx*ny])
  {
#pragma acc parallel loop present(u[0:nx*ny], un[0:nx*ny])
    for (int i = 0; i < nx * ny; i++)
      un[i] = u[i];
    for (int t = 0; t < steps; t++) {
#pragma acc update self(u[nx:nx], u[(ny-2)*nx:nx])
      /* periodic in y, done on the host as a neighbour rank would */
      for (int i = 0; i < nx; i++) {
        u[i] = u[(ny - 2) * nx + i];
        u[(ny - 1) * nx + i] = u[nx + i];
      }
#pragma acc update device(u[0:nx]) device(u[(ny-1)*nx:nx])
#pragma acc parallel loop collapse(2) present(u[0:nx*ny], un[0:nx*ny])
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          un[j * nx + i] = 0.5 * u[j * nx + i] +
                           0.125 * (u[(j - 1) * nx + i] + u[(j + 1) * nx + i] +
                                    u[j * nx + i - 1] + u[j * nx + i + 1]);
#pragma acc parallel loop present(u[0:nx*ny], un[0:nx*ny])
      for (int i = nx; i < (ny - 1) * nx; i++)
        u[i] = un[i];
    }
  }
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < nx; i++) {
      r[i] = r[(ny - 2) * nx + i];
      r[(ny - 1) * nx + i] = r[nx + i];
    }
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        rn[j * nx + i] = 0.5 * r[j * nx + i] +
                         0.125 * (r[(j - 1) * nx + i] + r[(j + 1) * nx + i] +
                                  r[j * nx + i - 1] + r[j * nx + i + 1]);
    for (int i = nx; i < (ny - 1) * nx; i++)
      r[i] = rn[i];
  }
  for (int i = 0; i < nx * ny; i++)
    CHECK_REAL("flat rows", u[i], r[i], 1e-14);
  free(u); free(r); free(un); free(rn);
}

/* a block of a 1-D array sent and fetched on its own */
static void test_block_updates(void)
{
  int n = 1000, lo = 250, len = 300;
  double *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc data copyin(a[0:n])
  {
    for (int i = 0; i < n; i++)
      a[i] = -i;
#pragma acc update device(a[lo:len])
#pragma acc parallel loop present(a[0:n])
    for (int i = 0; i < n; i++)
      a[i] = a[i] + 0.5;
#pragma acc update self(a[lo+len/2:len])
  }
  for (int i = 0; i < n; i++) {
    double want = -i; /* the host's values where nothing came back */
    if (i >= lo + len / 2 && i < lo + len / 2 + len)
      want = (i < lo + len ? -i : i) + 0.5;
    if (!e2e_separate_memory())
      want = -i + 0.5;
    CHECK_REAL("block update", a[i], want, 0);
  }
  free(a);
}

int main(void)
{
  test_subdomains();
  test_declared_columns();
  test_block_updates();
  test_flat_rows();
  return e2e_done();
}
