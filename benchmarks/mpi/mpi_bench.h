/* mpi_bench.h — shared by the MPI benchmarks (benchmarks/mpi): timing,
 * argument parsing and the result line.  Rank 0 prints one line
 *     NAME ranks=P SIZE TIME_S verified|FAILED
 * and the program exits 1 on every rank when the check fails.           */
#ifndef ACCGPU_MPI_BENCH_H
#define ACCGPU_MPI_BENCH_H 1

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

/* argv[I] as a positive number, or DEF when absent; exits on a bad one. */
static inline long mb_arg(int argc, char **argv, int i, long def) {
  if (i >= argc)
    return def;
  char *end;
  long v = strtol(argv[i], &end, 10);
  if (*end || v <= 0) {
    fprintf(stderr, "%s: argument %d (%s) is not a positive number\n",
            argv[0], i, argv[i]);
    exit(2);
  }
  return v;
}

/* Allocates N bytes or aborts all ranks with a message. */
static inline void *mb_alloc(size_t n) {
  void *p = calloc(1, n ? n : 1);
  if (!p) {
    fprintf(stderr, "mpi bench: out of memory (%zu bytes)\n", n);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return p;
}

/* The slowest rank's seconds since T0 (every rank gets it). */
static inline double mb_elapsed(double t0) {
  double t = MPI_Wtime() - t0, tmax;
  MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return tmax;
}

/* Rank 0's verdict OK goes to every rank; rank 0 prints the line.
   Returns the exit status. */
static inline int mb_report(const char *name, const char *size, double t,
                            int ok) {
  int rank, size_p;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size_p);
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%s ranks=%d %s %.6f %s\n", name, size_p, size, t,
           ok ? "verified" : "FAILED");
  return ok ? 0 : 1;
}

#endif
