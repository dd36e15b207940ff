/* Unit of xfile_data_phases.c: brings the results back and frees all. */
void phase_fini(double *a, double *b, int n)
{
#pragma acc exit data copyout(b[0:n]) delete(a[0:n])
}
