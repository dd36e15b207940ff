/* Unit of rterr/routine_xfile_level.c and rterr/routine_xfile_level_other.c:
 * a `routine worker` with external linkage, linked under its level
 * (`xl_wfill__worker`), so a unit declaring it `routine seq` or `routine
 * vector` gets a run-time error naming the levels. */
#pragma acc routine worker
void xl_wfill(double *x, int n)
{
#pragma acc loop worker
  for (int i = 0; i < n; i++)
    x[i] = i;
}
