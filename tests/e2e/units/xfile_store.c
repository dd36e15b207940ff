/* Unit of rterr/routine_xfile_memcheck.c: a routine that writes one
 * element past the end of the array it is given. */
#pragma acc routine seq
void xf_fill(double *y, int n)
{
  for (int i = 0; i <= n; i++)
    y[i] = i;
}
