/* Unit of rterr/routine_xfile_missing.c: defines twice() for the host
 * only (no `#pragma acc routine`), so no object of the program defines it
 * for the device. */
double twice(double x) { return 2.0 * x; }
