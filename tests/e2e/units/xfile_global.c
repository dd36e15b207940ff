/* Unit of rterr/routine_xfile_global.c: a routine that uses a global with
 * a `declare` directive (its pointer comes from a kernel of this unit), and
 * one that writes one element past the array it is given. */
double xf_coef[4] = {1, 2, 3, 4};
#pragma acc declare copyin(xf_coef)

#pragma acc routine seq
double xf_weighted(double x) { return xf_coef[1] * x; }
