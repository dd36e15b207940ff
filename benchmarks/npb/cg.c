/* cg.c — NPB CG: inverse power method with 25 conjugate-gradient steps per
 * outer iteration on a random sparse symmetric matrix (makea).
 *
 * makea, as NPB specifies it: n sparse vectors v_i, each with `nonzer` random
 * entries (value, column) drawn from NPB's stream (the column as
 * floor(nn1 * r) + 1 with nn1 the power of two >= n, rejected when > n or
 * repeated) plus the entry 0.5 at column i; the matrix is
 *   A = sum_i size_i v_i v_i^T + (rcond - shift) I,  size_i = rcond^(i/n).
 * We assemble it row by row with a sparse accumulator, adding each entry's
 * contributions in increasing i (the order NPB's sparse() uses), so the values
 * are bit-identical to NPB's.
 *
 * GPU mapping (Xu, ch. 4): one data region holds the matrix and the vectors
 * for the whole timed loop (§4.1.4); the host receives only the scalars of
 * the reductions.  The sparse matrix-vector product gives each row a gang and
 * its nonzeros the vector lanes (§4.1.2), so consecutive lanes read
 * consecutive a[] and colidx[] (§4.1.3).                                   */
#include "npb.h"

#define CGITMAX 25
#define RCOND 0.1

struct cg_class {
  char cls;
  int na, nonzer, niter;
  double shift, zeta;
};

static const struct cg_class cg_classes[] = {
    {'S', 1400, 7, 15, 10.0, 8.5971775078648},
    {'W', 7000, 8, 15, 12.0, 10.362595087124},
    {'A', 14000, 11, 15, 20.0, 17.130235054029},
    {'B', 75000, 13, 75, 60.0, 22.712745482631},
    {'C', 150000, 15, 75, 110.0, 28.973605592845},
};

/* The matrix in CSR form.  The arrays are malloc'd; main frees them. */
struct csr {
  int n;
  long nnz;
  int *rowstr, *colidx;
  double *a;
};

/* The outer-product vectors: vector i has cnt[i] entries at [i*w, i*w+cnt). */
struct vecs {
  int w, *cnt, *col;
  double *val;
};

/* Draws the sparse vector of outer product i (NPB's sprnvc then vecset):
   nonzer distinct columns in [0, n) with random values, then column i set to
   0.5 (overwritten if drawn, appended if not).  *tran is the stream. */
static void cg_sparse_vector(const struct cg_class *pc, struct vecs *v, int i,
                             uint64_t *tran)
{
  int n = pc->na, nn1 = 1, k = 0;
  int *col = v->col + (long)i * v->w;
  double *val = v->val + (long)i * v->w;
  while (nn1 < n)
    nn1 *= 2;
  while (k < pc->nonzer) {
    double value = NPB_RANDLC(*tran);
    double where = NPB_RANDLC(*tran);
    int c = (int)(nn1 * where); /* 0-based; NPB's 1-based index is c + 1 */
    int seen = c >= n;
    for (int j = 0; j < k && !seen; j++)
      seen = col[j] == c;
    if (seen)
      continue;
    col[k] = c;
    val[k++] = value;
  }
  int j = 0;
  while (j < k && col[j] != i)
    j++;
  col[j] = i;
  val[j] = 0.5;
  v->cnt[i] = j == k ? k + 1 : k;
}

/* qsort order of ints, ascending. */
static int cg_cmp_int(const void *x, const void *y)
{
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

/* Builds row r of A into m (columns ascending) from the vectors that touch
   it; acc/mark/cols are n-sized scratch.  Returns the row's entry count. */
static int cg_row(const struct cg_class *pc, const struct vecs *v,
                  const double *size, const int *users, int nusers, int r,
                  double *acc, char *mark, int *cols, struct csr *m, long at)
{
  int ncol = 0;
  for (int u = 0; u < nusers; u++) {
    int i = users[2 * u], pos = users[2 * u + 1];
    const int *col = v->col + (long)i * v->w;
    const double *val = v->val + (long)i * v->w;
    double scale = size[i] * val[pos];
    for (int q = 0; q < v->cnt[i]; q++) {
      int c = col[q];
      double va = val[q] * scale;
      if (c == r && r == i)
        va = va + RCOND - pc->shift;
      if (!mark[c]) {
        mark[c] = 1;
        acc[c] = 0.0;
        cols[ncol++] = c;
      }
      acc[c] += va;
    }
  }
  qsort(cols, (size_t)ncol, sizeof(int), cg_cmp_int);
  for (int q = 0; q < ncol; q++) {
    m->colidx[at + q] = cols[q];
    m->a[at + q] = acc[cols[q]];
    mark[cols[q]] = 0;
  }
  return ncol;
}

/* NPB's makea.  Returns the matrix; *tran continues NPB's stream. */
static struct csr cg_makea(const struct cg_class *pc, uint64_t *tran)
{
  int n = pc->na, w = pc->nonzer + 1;
  struct vecs v = {w, npb_alloc((size_t)n, sizeof(int), "vector counts"),
                   npb_alloc((size_t)n * w, sizeof(int), "vector columns"),
                   npb_alloc((size_t)n * w, sizeof(double), "vector values")};
  double *size = npb_alloc((size_t)n, sizeof(double), "sizes");
  double s = 1.0, ratio = pow(RCOND, 1.0 / (double)n);
  for (int i = 0; i < n; i++) {
    cg_sparse_vector(pc, &v, i, tran);
    size[i] = s;
    s *= ratio;
  }
  /* users of row r: the (vector, position) pairs with column r, i ascending */
  int *ustart = npb_alloc((size_t)n + 1, sizeof(int), "row users");
  int *users = npb_alloc((size_t)n * w * 2, sizeof(int), "row users");
  long bound = 0;
  for (int i = 0; i < n; i++)
    for (int q = 0; q < v.cnt[i]; q++) {
      ustart[v.col[(long)i * w + q] + 1]++;
      bound += v.cnt[i];
    }
  for (int r = 0; r < n; r++)
    ustart[r + 1] += ustart[r];
  int *fill = npb_alloc((size_t)n, sizeof(int), "row fill");
  for (int i = 0; i < n; i++)
    for (int q = 0; q < v.cnt[i]; q++) {
      int r = v.col[(long)i * w + q], at = ustart[r] + fill[r]++;
      users[2 * at] = i;
      users[2 * at + 1] = q;
    }

  struct csr m = {n, 0, npb_alloc((size_t)n + 1, sizeof(int), "rowstr"),
                  npb_alloc((size_t)bound, sizeof(int), "colidx"),
                  npb_alloc((size_t)bound, sizeof(double), "a")};
  double *acc = npb_alloc((size_t)n, sizeof(double), "row scratch");
  char *mark = npb_alloc((size_t)n, 1, "row marks");
  int *cols = npb_alloc((size_t)n, sizeof(int), "row columns");
  for (int r = 0; r < n; r++) {
    m.rowstr[r] = (int)m.nnz;
    m.nnz += cg_row(pc, &v, size, users + 2L * ustart[r],
                    ustart[r + 1] - ustart[r], r, acc, mark, cols, &m, m.nnz);
  }
  m.rowstr[n] = (int)m.nnz;
  free(acc); free(mark); free(cols); free(fill); free(users); free(ustart);
  free(size); free(v.cnt); free(v.col); free(v.val);
  return m;
}

/* q = A p on the device. */
static void cg_spmv(const struct csr *m, const double *p, double *q)
{
  int n = m->n;
  long nnz = m->nnz;
  const int *rowstr = m->rowstr, *colidx = m->colidx;
  const double *a = m->a;
#pragma acc parallel loop gang vector_length(32) \
    present(rowstr[0:n + 1], colidx[0:nnz], a[0:nnz], p[0:n], q[0:n])
  NPB_OMP(omp parallel for)
  for (int j = 0; j < n; j++) {
    double sum = 0.0;
#pragma acc loop vector reduction(+:sum)
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      sum += a[k] * p[colidx[k]];
    q[j] = sum;
  }
}

/* Returns sum x[j] * y[j] over the device vectors. */
static double cg_dot(int n, const double *x, const double *y)
{
  double s = 0.0;
#pragma acc parallel loop gang vector reduction(+:s) present(x[0:n], y[0:n])
  NPB_OMP(omp parallel for reduction(+:s))
  for (int j = 0; j < n; j++)
    s += x[j] * y[j];
  return s;
}

/* NPB's conj_grad: 25 CG steps on A z = x from z = 0; returns ||x - A z||. */
static double cg_solve(const struct csr *m, double *x, double *z, double *p,
                       double *q, double *r)
{
  int n = m->n;
#pragma acc parallel loop gang vector present(x[0:n], z[0:n], p[0:n], \
                                              q[0:n], r[0:n])
  NPB_OMP(omp parallel for)
  for (int j = 0; j < n; j++) {
    q[j] = 0.0;
    z[j] = 0.0;
    r[j] = x[j];
    p[j] = x[j];
  }
  double rho = cg_dot(n, r, r);
  for (int it = 0; it < CGITMAX; it++) {
    cg_spmv(m, p, q);
    double alpha = rho / cg_dot(n, p, q), rho0 = rho;
    rho = 0.0;
#pragma acc parallel loop gang vector reduction(+:rho) \
    present(z[0:n], p[0:n], q[0:n], r[0:n])
    NPB_OMP(omp parallel for reduction(+:rho))
    for (int j = 0; j < n; j++) {
      z[j] += alpha * p[j];
      r[j] -= alpha * q[j];
      rho += r[j] * r[j];
    }
    double beta = rho / rho0;
#pragma acc parallel loop gang vector present(p[0:n], r[0:n])
    NPB_OMP(omp parallel for)
    for (int j = 0; j < n; j++)
      p[j] = r[j] + beta * p[j];
  }
  cg_spmv(m, z, r);
  double sum = 0.0;
#pragma acc parallel loop gang vector reduction(+:sum) present(x[0:n], r[0:n])
  NPB_OMP(omp parallel for reduction(+:sum))
  for (int j = 0; j < n; j++) {
    double d = x[j] - r[j];
    sum += d * d;
  }
  return sqrt(sum);
}

/* One outer iteration: solve, then x = z / ||z||.  Returns 1/(x.z) + shift
   (zeta) and stores the residual norm in *rnorm. */
static double cg_outer(const struct csr *m, double shift, double *x,
                       double *z, double *p, double *q, double *r,
                       double *rnorm)
{
  int n = m->n;
  *rnorm = cg_solve(m, x, z, p, q, r);
  double xz = cg_dot(n, x, z), zz = cg_dot(n, z, z);
  double scale = 1.0 / sqrt(zz);
#pragma acc parallel loop gang vector present(x[0:n], z[0:n])
  NPB_OMP(omp parallel for)
  for (int j = 0; j < n; j++)
    x[j] = scale * z[j];
  return shift + 1.0 / xz;
}

/* x = 1 on the device (NPB's starting vector). */
static void cg_fill_ones(int n, double *x)
{
#pragma acc parallel loop gang vector present(x[0:n])
  NPB_OMP(omp parallel for)
  for (int j = 0; j < n; j++)
    x[j] = 1.0;
}

int main(int argc, char **argv)
{
  char cls = npb_class(argc, argv);
  const struct cg_class *pc = &cg_classes[npb_class_index(cls)];
  int n = pc->na;

  printf("\n NAS Parallel Benchmarks (accgpu OpenACC C) - CG Benchmark\n\n");
  printf(" Size: %11d\n Iterations: %5d\n", n, pc->niter);

  uint64_t tran = NPB_SEED;
  (void)NPB_RANDLC(tran); /* NPB draws (and discards) one number first */
  struct csr m = cg_makea(pc, &tran);
  long nnz = m.nnz;
  int *rowstr = m.rowstr, *colidx = m.colidx;
  double *a = m.a;
  double *x = npb_alloc((size_t)n, sizeof(double), "x");
  double *z = npb_alloc((size_t)n, sizeof(double), "z");
  double *p = npb_alloc((size_t)n, sizeof(double), "p");
  double *q = npb_alloc((size_t)n, sizeof(double), "q");
  double *r = npb_alloc((size_t)n, sizeof(double), "r");
  double zeta = 0.0, rnorm = 0.0, t;
  printf(" Nonzeros: %ld\n\n", nnz);

#pragma acc data copyin(rowstr[0:n + 1], colidx[0:nnz], a[0:nnz]) \
    create(x[0:n], z[0:n], p[0:n], q[0:n], r[0:n])
  {
    cg_fill_ones(n, x);
    cg_outer(&m, pc->shift, x, z, p, q, r, &rnorm); /* untimed, as NPB */
    cg_fill_ones(n, x);

    double t0 = npb_wtime();
    for (int it = 1; it <= pc->niter; it++) {
      zeta = cg_outer(&m, pc->shift, x, z, p, q, r, &rnorm);
      printf("    %5d       %20.14e%20.13e\n", it, rnorm, zeta);
    }
    t = npb_wtime() - t0;
  }

  double err = fabs(NPB_SPOIL(zeta) - pc->zeta) / pc->zeta;
  int ok = err <= 1e-10;
  printf("\n Zeta is    %20.13e\n Error is   %20.13e\n", zeta, err);

  double nz1 = (double)pc->nonzer * (pc->nonzer + 1);
  double mops = 2.0 * pc->niter * n * (3.0 + nz1 + 25.0 * (5.0 + nz1) + 3.0) /
                t / 1e6;
  char size[32];
  snprintf(size, sizeof size, "%d", n);
  int rc = npb_report("CG", cls, size, pc->niter, t, mops, "floating point", ok);
  free(rowstr); free(colidx); free(a);
  free(x); free(z); free(p); free(q); free(r);
  return rc;
}
