/* Unit of xfile_data_phases.c: opens the data the compute file uses. */
void phase_init(double *a, double *b, int n)
{
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
}
