/* Globals without a declare directive used in routines (OpenACC 3.3
 * 2.15.1: an error): one error each, at its first use in a routine, and a
 * note at the declaration with the directive to add, instead of GCC 12's
 * error at the declaration repeated for every use (a dozen times for one
 * line, again in every routine).  A table read by two routines is reported
 * once; one whose declare comes after the routine is no error (GCC takes
 * it there). */
/* accgpu-expect: error: 20: .C. requires a .declare. directive for use in a .routine. function */
/* accgpu-expect: error: 21: .G. requires a .declare. directive */
static const double C[4] = {0.3, -1.25, 2.0, 0.75};
int G;
double L[2] = {1, 2};

#pragma acc routine seq
double poly(double x);

#pragma acc routine seq
double poly(double x)
{
  double r = ((C[3] * x + C[2]) * x + C[1]) * x + C[0];
  return r + G + L[1];
}

#pragma acc routine seq
double poly2(double x)
{
  return C[0] * x + G;
}

#pragma acc declare copyin(L)
