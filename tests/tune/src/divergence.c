/* divergence.c — the kernel of autotune/models/divergence.yaml, as C: tests/tune/run.sh
 * checks that -fplugin-arg-accgpu-tune-dump finds the same references.
 * The construct's line must stay the model id's line. */








#define IDX(k, j, i) (((long)(k) * ny + (j)) * nx + (i))
void divergence(int nx, int ny, int nz, const float *restrict ux,
                const float *restrict uy, const float *restrict uz, float *restrict div) {
#pragma acc parallel loop gang copyin(ux[0:nx*ny*nz], uy[0:nx*ny*nz], uz[0:nx*ny*nz]) copy(div[0:nx*ny*nz])
  for (int k = 1; k < nz - 1; k++)
#pragma acc loop worker
    for (int j = 1; j < ny - 1; j++)
#pragma acc loop vector
      for (int i = 1; i < nx - 1; i++)
        div[IDX(k, j, i)] = (ux[IDX(k, j, i + 1)] - ux[IDX(k, j, i - 1)])
                          + (uy[IDX(k, j + 1, i)] - uy[IDX(k, j - 1, i)])
                          + (uz[IDX(k + 1, j, i)] - uz[IDX(k - 1, j, i)]);
}
