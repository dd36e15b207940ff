/* transpose.c — the kernel of autotune/models/transpose.yaml, as C: tests/tune/run.sh
 * checks that -fplugin-arg-accgpu-tune-dump finds the same references.
 * The construct's line must stay the model id's line. */




void transpose(int nx, int ny, const float *restrict in, float *restrict out) {
#pragma acc parallel loop gang copyin(in[0:nx*ny]) copyout(out[0:nx*ny])
  for (int j = 0; j < ny; j++)
#pragma acc loop vector
    for (int i = 0; i < nx; i++)
      out[i * ny + j] = in[j * nx + i];
}
