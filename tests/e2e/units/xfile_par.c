/* Unit of routine_xfile_par.c: routines with loops of their own level
 * (vector, worker, gang), external linkage, called from another file. */
#pragma acc routine vector
void xp_vscale(double *x, int n, double s)
{
#pragma acc loop vector
  for (int k = 0; k < n; k++)
    x[k] *= s;
}

/* A vector reduction: the routine's own shared scratch. */
#pragma acc routine vector
double xp_vdot(const double *x, const double *y, int n)
{
  double t = 0;
#pragma acc loop vector reduction(+:t)
  for (int k = 0; k < n; k++)
    t += x[k] * y[k];
  return t;
}

#pragma acc routine worker
void xp_wrows(double *a, int rows, int cols, double base)
{
#pragma acc loop worker
  for (int r = 0; r < rows; r++) {
#pragma acc loop vector
    for (int c = 0; c < cols; c++)
      a[r * cols + c] = base + r * cols + c;
  }
}

#pragma acc routine gang
void xp_gfill(double *x, int n, double s)
{
#pragma acc loop gang vector
  for (int i = 0; i < n; i++)
    x[i] = s * i + 1;
}
