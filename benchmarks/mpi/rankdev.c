/* rankdev.c — which device each rank runs on: rank 0 prints the device
 * numbers of ranks 0..P-1 on one line ("devices: 0 1"), after a kernel ran
 * on each.  With "set0" every rank first calls acc_set_device_num(0, ...),
 * which must win over the launcher's local rank.  (benchmarks/mpi/test.sh) */
#include "mpi_bench.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (argc > 1 && strcmp(argv[1], "set0") == 0)
    acc_set_device_num(0, acc_get_device_type());
  int x[64], s = 0;
  for (int i = 0; i < 64; i++)
    x[i] = i;
#pragma acc parallel loop reduction(+:s) copyin(x)
  for (int i = 0; i < 64; i++)
    s += x[i];
  int dev = s == 2016 ? acc_get_device_num(acc_get_device_type()) : -1;
  int *all = mb_alloc(np * sizeof *all);
  MPI_Gather(&dev, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("devices:");
    for (int r = 0; r < np; r++)
      printf(" %d", all[r]);
    printf("\n");
  }
  free(all);
  MPI_Finalize();
  return 0;
}
