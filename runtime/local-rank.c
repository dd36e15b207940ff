/* local-rank.c — the default device of an MPI rank.  Launchers tell each
 * process its rank among those on the same node (Open MPI, MPICH/Hydra,
 * Slurm); with several GPUs per node and ACC_DEVICE_NUM unset, rank r uses
 * device r % (devices of its type), so ranks spread over a node's GPUs
 * without code of their own (docs/mpi.md).  acc_set_device_num still wins. */
#include "core.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

/* Checked in this order; the first one set names the local rank. */
static const char *const rank_vars[] = {
    "OMPI_COMM_WORLD_LOCAL_RANK", /* Open MPI's mpirun */
    "MPI_LOCALRANKID",            /* MPICH's Hydra (mpiexec) */
    "SLURM_LOCALID",              /* srun */
};

#define RANK_MAX 1000000L

/* The launcher's local rank; -1 when no launcher set one.  A value that is
   not a rank is fatal, naming the variable. */
int accgpu_local_rank_env(void) {
  int r = -1;
  for (size_t i = 0; i < sizeof rank_vars / sizeof *rank_vars && r < 0; i++) {
    const char *e = getenv(rank_vars[i]);
    if (!e || !*e)
      continue;
    char *end;
    errno = 0;
    long v = strtol(e, &end, 10);
    if (*end || errno || !isdigit((unsigned char)*e) || v > RANK_MAX)
      accgpu_fatal(NULL, "%s=%s: expected a local MPI rank, a whole number "
                   "from 0 to %ld", rank_vars[i], e, RANK_MAX);
    r = (int)v;
  }
  return r;
}
