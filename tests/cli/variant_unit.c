/* variant_unit.c — one source built twice (-DVARIANT=1 and 2) into two
 * objects linked into one program (tests/cli/run.sh, 15): each object's
 * kernels need their own names, or a GPU's device link of the two finds
 * one kernel defined twice. */
#define NAME_(v) scale##v
#define NAME(v) NAME_(v)

#pragma acc routine seq
static double twice(double x) { return 2 * x; }

double NAME(VARIANT)(double *a, int n)
{
  double s = 0;
#pragma acc parallel loop copyin(a[0:n]) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += twice(a[i]) * VARIANT;
  return s;
}
