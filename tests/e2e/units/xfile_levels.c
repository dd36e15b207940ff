/* Unit of rterr/routine_xfile_level.c and diag/routine_other_file_levels.c's
 * story: a `routine worker` and a `routine gang` with external linkage.  Only
 * `routine seq` is exported to other files; these are exported refused, so a
 * unit declaring them `routine seq` gets an error naming their level. */
#pragma acc routine worker
void xl_wfill(double *x, int n)
{
#pragma acc loop worker
  for (int i = 0; i < n; i++)
    x[i] = i;
}

#pragma acc routine gang
void xl_gfill(double *x, int n)
{
#pragma acc loop gang
  for (int i = 0; i < n; i++)
    x[i] = 2 * i;
}
