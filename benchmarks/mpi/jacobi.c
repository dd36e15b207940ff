/* jacobi.c — distributed Jacobi relaxation of the 2-D Laplace equation
 * (fixed boundary: 1 on the top edge, 0 elsewhere), the grid's interior
 * rows split in blocks over the ranks.  Each sweep exchanges one halo row
 * with each neighbour straight from device memory (host_data use_device +
 * MPI_Sendrecv: needs a CUDA-aware MPI on a GPU), or, built with
 * -DJACOBI_STAGED, through host copies (update self / update device: any
 * MPI; docs/mpi.md).  Rank 0 gathers the grid and compares it with the same
 * sweeps done serially on the whole grid (the one-rank computation).
 *
 * Usage: mpirun -np P jacobi [ROWS [COLS [ITERS [weak]]]]
 *   ROWS interior rows of the whole grid (with "weak": of each rank)  */
#include "mpi_bench.h"

#include <math.h>

/* One serial sweep of rows 1..rows of the (rows+2) x m grid A; returns the
   largest change.  The same operations as the device loops below. */
static double sweep_serial(long rows, long m, double *a, double *anew) {
  double err = 0.0;
  for (long i = 1; i <= rows; i++)
    for (long j = 1; j < m - 1; j++) {
      long p = i * m + j;
      anew[p] = 0.25 * (a[p - m] + a[p + m] + a[p - 1] + a[p + 1]);
      err = fmax(err, fabs(anew[p] - a[p]));
    }
  for (long i = 1; i <= rows; i++)
    for (long j = 1; j < m - 1; j++)
      a[i * m + j] = anew[i * m + j];
  return err;
}

/* Rows [FIRST-1, FIRST+ROWS] of the initial global grid into A. */
static void init_rows(double *a, long first, long rows, long m) {
  for (long i = 0; i < rows + 2; i++)
    for (long j = 0; j < m; j++)
      a[i * m + j] = first - 1 + i == 0 ? 1.0 : 0.0;
}

/* Sends row 1 up and row ROWS down; receives rows 0 and ROWS+1.  A is
   whatever address the caller hands MPI: device memory or host. */
static void halo_mpi(double *a, long rows, long m, int up, int down) {
  MPI_Sendrecv(a + m, (int)m, MPI_DOUBLE, up, 0, a + (rows + 1) * m, (int)m,
               MPI_DOUBLE, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(a + rows * m, (int)m, MPI_DOUBLE, down, 1, a, (int)m,
               MPI_DOUBLE, up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* The halo exchange of the device copy of A (present). */
static void exchange(double *a, long rows, long m, int up, int down) {
#ifdef JACOBI_STAGED
  /* GCC takes one section of an array per directive. */
#pragma acc update self(a[m:m])
#pragma acc update self(a[rows * m:m])
  halo_mpi(a, rows, m, up, down);
#pragma acc update device(a[0:m])
#pragma acc update device(a[(rows + 1) * m:m])
#else
#pragma acc host_data use_device(a)
  halo_mpi(a, rows, m, up, down);
#endif
}

/* ITERS sweeps of the local block A (rows+2 rows, on the device); returns
   the global largest change of the last sweep. */
static double solve(double *a, double *anew, long rows, long m, int iters,
                    int up, int down) {
  long len = (rows + 2) * m;
  double gerr = 0.0;
  for (int it = 0; it < iters; it++) {
    exchange(a, rows, m, up, down);
    double err = 0.0;
#pragma acc parallel loop gang reduction(max:err) present(a[0:len], anew[0:len])
    for (long i = 1; i <= rows; i++) {
#pragma acc loop vector reduction(max:err)
      for (long j = 1; j < m - 1; j++) {
        long p = i * m + j;
        anew[p] = 0.25 * (a[p - m] + a[p + m] + a[p - 1] + a[p + 1]);
        err = fmax(err, fabs(anew[p] - a[p]));
      }
    }
#pragma acc parallel loop gang present(a[0:len], anew[0:len])
    for (long i = 1; i <= rows; i++) {
#pragma acc loop vector
      for (long j = 1; j < m - 1; j++)
        a[i * m + j] = anew[i * m + j];
    }
    MPI_Allreduce(&err, &gerr, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  return gerr;
}

/* Rank 0: the whole grid from every rank's rows (MPI_Gatherv), compared
   with the serial sweeps; returns 1 when they match. */
static int verify(const double *a, long rows, long total, long m, int iters,
                  double err) {
  int rank, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int *counts = mb_alloc(np * sizeof *counts), *displs = mb_alloc(np * sizeof *displs);
  int mine = (int)(rows * m);
  MPI_Gather(&mine, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
  for (int r = 0, off = 0; r < np; off += counts[r++])
    displs[r] = off;
  double *g = rank == 0 ? mb_alloc((total + 2) * m * sizeof *g) : NULL;
  MPI_Gatherv(a + m, mine, MPI_DOUBLE, g ? g + m : NULL, counts, displs,
              MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int ok = 1;
  if (rank == 0) {
    double *r = mb_alloc((total + 2) * m * sizeof *r);
    double *rn = mb_alloc((total + 2) * m * sizeof *rn);
    init_rows(r, 1, total, m);
    init_rows(rn, 1, total, m);
    double rerr = 0.0;
    for (int it = 0; it < iters; it++)
      rerr = sweep_serial(total, m, r, rn);
    for (long p = m; p < (total + 1) * m; p++)
      ok &= fabs(g[p] - r[p]) <= 1e-12 * fmax(fabs(r[p]), 1e-12);
    ok &= fabs(err - rerr) <= 1e-12 * rerr;
    free(r), free(rn), free(g);
  }
  free(counts), free(displs);
  return ok;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int weak = argc > 4 && strcmp(argv[4], "weak") == 0;
  long nrows = mb_arg(argc, argv, 1, 64), m = mb_arg(argc, argv, 2, 64);
  int iters = (int)mb_arg(argc, argv, 3, 20);
  long total = weak ? nrows * np : nrows;
  if (total < np || m < 3) {
    if (rank == 0)
      fprintf(stderr, "jacobi: %ld rows, %ld columns: need a row per rank "
              "and 3 columns\n", total, m);
    MPI_Finalize();
    return 2;
  }
  /* Rank r's interior rows: [first, first + rows), global numbering. */
  long first = 1 + rank * total / np;
  long rows = 1 + (rank + 1) * total / np - first;
  int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int down = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
  long len = (rows + 2) * m;
  double *a = mb_alloc(len * sizeof *a), *anew = mb_alloc(len * sizeof *a);
  init_rows(a, first, rows, m);
  init_rows(anew, first, rows, m);
  double err, t;
#pragma acc data copy(a[0:len]) copyin(anew[0:len])
  {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    err = solve(a, anew, rows, m, iters, up, down);
    t = mb_elapsed(t0);
  }
  int ok = verify(a, rows, total, m, iters, err);
  char size[64];
  snprintf(size, sizeof size, "%ldx%ld,iters=%d%s", total, m, iters,
           weak ? ",weak" : "");
#ifdef JACOBI_STAGED
  int rc = mb_report("jacobi-staged", size, t, ok);
#else
  int rc = mb_report("jacobi", size, t, ok);
#endif
  free(a), free(anew);
  MPI_Finalize();
  return rc;
}
