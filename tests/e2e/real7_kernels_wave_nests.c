/* real7_kernels_wave_nests.c — one `kernels` region holding a time step
 * of a 3-D wave solver in the shape of the OpenACC book's 3Dwave example:
 * seven acc loop nests (collapse(2) gang with an inner vector loop,
 * collapse(2) boundary copies) over fields put on the device with enter
 * data, indices i, j, k declared once for the whole function, subscripts
 * through an OFFSET macro, and a nest over [1, n-1) reading i - 1.
 *   - GCC's gimplifier reuses its temporaries (`D.1 = i * nz`, `D.2 = nx -
 *     1`) in every nest, the bound nx - 1 of one nest computed inside an
 *     earlier nest's body: accgpu took that as a value flowing between
 *     nests and kept the region in one kernel, every nest on full gangs
 *     with only a block barrier between them (a later nest read cells
 *     another gang had not written yet).
 *   - the implicit section of a field read at i - 1 took i over the union
 *     of every nest's range ([0, nx) here, [1, nx-1) there) and started one
 *     plane before the field; with the fields carved from one block, that
 *     address lies in the field before it, whose device copy the kernel
 *     then used (emulator: memcheck's "past the end of a device
 *     allocation").
 * Each step is checked against the same loops run serially. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include <stdlib.h>

#include "e2e.h"

#define OFFSET(i, j, k, ny, nz) ((k) + (nz) * ((j) + (i) * (ny)))
enum { NX = 12, NY = 10, NZ = 9, STEPS = 6 };

static void step_serial(int nx, int ny, int nz, float dt, float *f, float *g,
                        float *fp, float *gp) {
  int i, j, k;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++)
      for (k = 0; k < nz; k++)
        fp[OFFSET(i, j, k, ny, nz)] =
            f[OFFSET(i, j, k, ny, nz)] + dt * g[OFFSET(i, j, k, ny, nz)];
  for (j = 0; j < ny; j++)
    for (k = 0; k < nz; k++) {
      gp[OFFSET(0, j, k, ny, nz)] = g[OFFSET(0, j, k, ny, nz)];
      gp[OFFSET(nx - 1, j, k, ny, nz)] = g[OFFSET(nx - 1, j, k, ny, nz)];
    }
  for (i = 0; i < nx; i++)
    for (k = 0; k < nz; k++) {
      gp[OFFSET(i, 0, k, ny, nz)] = g[OFFSET(i, 0, k, ny, nz)];
      gp[OFFSET(i, ny - 1, k, ny, nz)] = g[OFFSET(i, ny - 1, k, ny, nz)];
    }
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      gp[OFFSET(i, j, 0, ny, nz)] = g[OFFSET(i, j, 0, ny, nz)];
      gp[OFFSET(i, j, nz - 1, ny, nz)] = g[OFFSET(i, j, nz - 1, ny, nz)];
    }
  for (i = 1; i < nx - 1; i++)
    for (j = 1; j < ny - 1; j++)
      for (k = 1; k < nz - 1; k++) {
        int c = OFFSET(i, j, k, ny, nz);
        gp[c] = g[c] + dt * (fp[OFFSET(i + 1, j, k, ny, nz)] - 2 * fp[c] +
                             fp[OFFSET(i - 1, j, k, ny, nz)] +
                             fp[OFFSET(i, j + 1, k, ny, nz)] - 2 * fp[c] +
                             fp[OFFSET(i, j - 1, k, ny, nz)]);
      }
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++)
      for (k = 0; k < nz; k++) {
        int o = OFFSET(i, j, k, ny, nz);
        fp[o] = f[o] + dt * 0.5f * (g[o] + gp[o]);
      }
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++)
      for (k = 0; k < nz; k++) {
        int o = OFFSET(i, j, k, ny, nz);
        f[o] = fp[NX * NY * NZ - 1 - o]; /* another gang's cell */
        g[o] = gp[o];
      }
}

int main(void) {
  int i, j, k, n, nx = NX, ny = NY, nz = NZ, len = NX * NY * NZ;
  float dt = 0.125f;
  /* one block: each field right after the one before it */
  float *block = malloc(8 * len * sizeof(float));
  float *f = block, *g = f + len, *fp = g + len, *gp = fp + len;
  float *rf = gp + len, *rg = rf + len, *rfp = rg + len, *rgp = rfp + len;
  for (i = 0; i < len; i++) {
    f[i] = rf[i] = (float)((i * 7) % 23) / 23.0f;
    g[i] = rg[i] = (float)((i * 5) % 17) / 17.0f - 0.5f;
  }
#pragma acc enter data copyin(f[0:nx*ny*nz], g[0:nx*ny*nz])
#pragma acc enter data create(fp[0:nx*ny*nz], gp[0:nx*ny*nz])
  for (n = 0; n < STEPS; n++) {
#pragma acc kernels /* accgpu-expect-note: split into 7 kernels */
    {
#pragma acc loop independent collapse(2) gang
      for (i = 0; i < nx; i++)
        for (j = 0; j < ny; j++) {
#pragma acc loop independent vector
          for (k = 0; k < nz; k++) {
            int o = OFFSET(i, j, k, ny, nz);
            fp[o] = f[o] + dt * g[o];
          }
        }
#pragma acc loop independent collapse(2)
      for (j = 0; j < ny; j++)
        for (k = 0; k < nz; k++) {
          int lo = OFFSET(0, j, k, ny, nz), hi = OFFSET(nx - 1, j, k, ny, nz);
          gp[lo] = g[lo];
          gp[hi] = g[hi];
        }
#pragma acc loop independent collapse(2)
      for (i = 0; i < nx; i++)
        for (k = 0; k < nz; k++) {
          int lo = OFFSET(i, 0, k, ny, nz), hi = OFFSET(i, ny - 1, k, ny, nz);
          gp[lo] = g[lo];
          gp[hi] = g[hi];
        }
#pragma acc loop independent collapse(2)
      for (i = 0; i < nx; i++)
        for (j = 0; j < ny; j++) {
          int lo = OFFSET(i, j, 0, ny, nz), hi = OFFSET(i, j, nz - 1, ny, nz);
          gp[lo] = g[lo];
          gp[hi] = g[hi];
        }
#pragma acc loop independent collapse(2) gang
      for (i = 1; i < nx - 1; i++)
        for (j = 1; j < ny - 1; j++) {
#pragma acc loop independent vector
          for (k = 1; k < nz - 1; k++) {
            int c = OFFSET(i, j, k, ny, nz);
            gp[c] = g[c] + dt * (fp[OFFSET(i + 1, j, k, ny, nz)] - 2 * fp[c] +
                                 fp[OFFSET(i - 1, j, k, ny, nz)] +
                                 fp[OFFSET(i, j + 1, k, ny, nz)] - 2 * fp[c] +
                                 fp[OFFSET(i, j - 1, k, ny, nz)]);
          }
        }
#pragma acc loop independent collapse(2) gang
      for (i = 0; i < nx; i++)
        for (j = 0; j < ny; j++) {
#pragma acc loop independent vector
          for (k = 0; k < nz; k++) {
            int o = OFFSET(i, j, k, ny, nz);
            fp[o] = f[o] + dt * 0.5f * (g[o] + gp[o]);
          }
        }
#pragma acc loop independent collapse(2) gang
      for (i = 0; i < nx; i++)
        for (j = 0; j < ny; j++) {
#pragma acc loop independent vector
          for (int k = 0; k < nz; k++) {
            int o = OFFSET(i, j, k, ny, nz);
            f[o] = fp[NX * NY * NZ - 1 - o];
            g[o] = gp[o];
          }
        }
    }
    step_serial(NX, NY, NZ, dt, rf, rg, rfp, rgp);
  }
#pragma acc exit data copyout(f[0:nx*ny*nz], g[0:nx*ny*nz])
#pragma acc exit data delete(fp[0:nx*ny*nz], gp[0:nx*ny*nz])
  for (i = 0; i < len; i++) {
    CHECK_REAL("f", f[i], rf[i], 1e-5);
    CHECK_REAL("g", g[i], rg[i], 1e-5);
  }
  free(block);
  return e2e_done();
}
