/* Routines shared between the units of the routine_xfile test (device
 * linking): declared once, defined in units/xfile_math.c and
 * units/xfile_scale.c, called from compute regions of every unit. */
#ifndef XFILE_MATH_H
#define XFILE_MATH_H

#pragma acc routine seq
double xf_poly(double x);             /* xfile_math.c, calls xf_scale */
#pragma acc routine seq
double xf_scale(double x, int k);     /* xfile_scale.c */
#pragma acc routine seq
int xf_digits(long v);                /* xfile_math.c: loops, ints */
#pragma acc routine seq
void xf_axpy(double *y, const double *x, double a, int n); /* pointers */

/* Declared for the device, defined for the host only (xfile_hostonly.c
   does not see this declaration):
   routine_xfile.c calls it from host code alone, so nothing needs it on
   a device. */
#pragma acc routine seq
double xf_host_only(double x);

/* xfile_use.c: a compute region of its own that calls xf_poly. */
void xf_use_fill(double *out, int n);

#endif
