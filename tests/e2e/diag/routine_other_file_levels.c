/* Routines of other files declared with their own level (gang, worker):
 * only `routine seq` may be called across files, an error at the
 * declaration naming the function and its level (diag/routine_other_file.c
 * has vector; a unit that declares them seq: rterr/routine_xfile_level.c). */
/* accgpu-expect: error: 8: .xl_gfill. is a .routine gang. defined in another file: only .routine seq. may be called across files */
/* accgpu-expect: error: 10: .xl_wfill. is a .routine worker. defined in another file: only .routine seq. may be called across files */
#pragma acc routine gang
extern void xl_gfill(double *x, int n);
#pragma acc routine worker
extern void xl_wfill(double *x, int n);

void gfill(double *a)
{
#pragma acc parallel copyout(a[0:64])
  xl_gfill(a, 64);
}

void wfill(double (*a)[64])
{
#pragma acc parallel loop gang copyout(a[0:8][0:64])
  for (int i = 0; i < 8; i++)
    xl_wfill(a[i], 64);
}
