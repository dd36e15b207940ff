/* implicit_array_sections.c — R. Farber's multi-GPU Jacobi ("Parallel
 * Programming with OpenACC", ch. 7), in small: global arrays
 * `double A[NY][NX]`, each device gets `enter data` of its row block (with
 * halo rows for A), and the compute constructs name no data clause, their
 * loops running over the device's rows `lo[d] <= iy < hi[d]`.  GCC maps
 * the whole arrays implicitly; accgpu infers the rows each construct
 * touches, as NVHPC does, and uses the block present on the device.  A
 * `kernels` and a `parallel loop` form, `async` on each device, halo rows
 * through `update`; checked against the serial Jacobi. */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include <string.h>

#include "e2e.h"

#define NY 40
#define NX 24
#define ITERS 12
#define MAXDEV 8

double A[NY][NX], Anew[NY][NX], rhs[NY][NX];
static double ref[NY][NX], refnew[NY][NX];

static void init(void)
{
  for (int iy = 0; iy < NY; iy++)
    for (int ix = 0; ix < NX; ix++) {
      rhs[iy][ix] = (iy * 7 + ix * 3) % 11 - 5.0;
      A[iy][ix] = ref[iy][ix] = (iy == 0 || iy == NY - 1) ? 1.0 : 0.0;
      Anew[iy][ix] = refnew[iy][ix] = 0.0;
    }
}

static void serial(void)
{
  for (int it = 0; it < ITERS; it++) {
    for (int iy = 1; iy < NY - 1; iy++)
      for (int ix = 1; ix < NX - 1; ix++)
        refnew[iy][ix] = -0.25 * (rhs[iy][ix] - (ref[iy][ix + 1]
                                  + ref[iy][ix - 1] + ref[iy - 1][ix]
                                  + ref[iy + 1][ix]));
    for (int iy = 1; iy < NY - 1; iy++)
      for (int ix = 1; ix < NX - 1; ix++)
        ref[iy][ix] = refnew[iy][ix];
    for (int iy = 1; iy < NY - 1; iy++) {
      ref[iy][0] = ref[iy][NX - 2];
      ref[iy][NX - 1] = ref[iy][1];
    }
  }
}

int main(void)
{
  int ndev = 1, lo[MAXDEV], hi[MAXDEV];
#ifdef _OPENACC
  acc_device_t type = acc_get_device_type();
  ndev = acc_get_num_devices(type);
  if (ndev < 1)
    ndev = 1;
  if (ndev > MAXDEV)
    ndev = MAXDEV;
#endif
  int chunk = (NY - 2 + ndev - 1) / ndev;
  for (int d = 0; d < ndev; d++) {
    lo[d] = 1 + d * chunk;
    hi[d] = lo[d] + chunk < NY - 1 ? lo[d] + chunk : NY - 1;
  }
  init();
  serial();
  for (int d = 0; d < ndev; d++) {
#pragma acc set device_num(d)
#pragma acc enter data copyin(A[lo[d] - 1:hi[d] - lo[d] + 2][0:NX], rhs[lo[d]:hi[d] - lo[d]][0:NX]) create(Anew[lo[d]:hi[d] - lo[d]][0:NX])
  }
  for (int it = 0; it < ITERS; it++) {
    for (int d = 0; d < ndev; d++) {
#pragma acc set device_num(d)
#pragma acc kernels async /* accgpu-expect-note: implicit copy\(Anew\[ */
      for (int iy = lo[d]; iy < hi[d]; iy++)
        for (int ix = 1; ix < NX - 1; ix++)
          Anew[iy][ix] = -0.25 * (rhs[iy][ix] - (A[iy][ix + 1] + A[iy][ix - 1]
                                  + A[iy - 1][ix] + A[iy + 1][ix]));
#pragma acc parallel loop collapse(2) async /* accgpu-expect-note: implicit copyin\(Anew\[ */
      for (int iy = lo[d]; iy < hi[d]; iy++)
        for (int ix = 1; ix < NX - 1; ix++)
          A[iy][ix] = Anew[iy][ix];
#pragma acc parallel loop async
      for (int iy = lo[d]; iy < hi[d]; iy++) {
        A[iy][0] = A[iy][NX - 2];
        A[iy][NX - 1] = A[iy][1];
      }
#pragma acc update self(A[lo[d]:1][0:NX]) async
#pragma acc update self(A[hi[d] - 1:1][0:NX]) async
    }
    for (int d = 0; d < ndev; d++) {
#pragma acc set device_num(d)
#pragma acc wait
    }
    for (int d = 0; d < ndev; d++) {
#pragma acc set device_num(d)
#pragma acc update device(A[lo[d] - 1:1][0:NX])
#pragma acc update device(A[hi[d]:1][0:NX])
    }
  }
  for (int d = 0; d < ndev; d++) {
#pragma acc set device_num(d)
#pragma acc exit data copyout(A[lo[d] - 1:hi[d] - lo[d] + 2][0:NX]) delete(rhs[lo[d]:hi[d] - lo[d]][0:NX], Anew[lo[d]:hi[d] - lo[d]][0:NX])
  }
  for (int iy = 0; iy < NY; iy++)
    for (int ix = 0; ix < NX; ix++)
      CHECK_REAL("A", A[iy][ix], ref[iy][ix], 1e-12);
  return e2e_done();
}
