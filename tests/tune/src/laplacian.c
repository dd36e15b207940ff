/* laplacian.c — the kernel of autotune/models/laplacian.yaml, as C: tests/tune/run.sh
 * checks that -fplugin-arg-accgpu-tune-dump finds the same references.
 * The construct's line must stay the model id's line. */








#define IDX(k, j, i) (((long)(k) * ny + (j)) * nx + (i))
void laplacian(int nx, int ny, int nz, float alpha, float beta,
               const float *restrict u, float *restrict w) {
#pragma acc parallel loop gang copyin(u[0:nx*ny*nz]) copy(w[0:nx*ny*nz])
  for (int k = 1; k < nz - 1; k++)
#pragma acc loop worker
    for (int j = 1; j < ny - 1; j++)
#pragma acc loop vector
      for (int i = 1; i < nx - 1; i++)
        w[IDX(k, j, i)] = alpha * u[IDX(k, j, i)]
                        + beta * (u[IDX(k, j, i - 1)] + u[IDX(k, j, i + 1)]
                                  + u[IDX(k, j - 1, i)] + u[IDX(k, j + 1, i)]
                                  + u[IDX(k - 1, j, i)] + u[IDX(k + 1, j, i)]);
}
