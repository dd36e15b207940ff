/* A routine with a function static that it updates (a call counter):
 * OpenACC 3.3 §2.15.1 supports no function static variables in routines.
 * GCC marks such a static "omp declare target" like a declared global,
 * so the kernel reached it through a routine-global pointer that nothing
 * set: every device run stopped at a read of address 0, naming no
 * variable.  Now a compile-time error names it and the routine. */
/* accgpu-expect: sorry: 12: static local variable used on the device .*counter */
/* accgpu-expect: error: 10: .next_id., called in a compute region, cannot run on the device */
#pragma acc routine seq
static int next_id(void) {
  static int counter = 0;
  counter += 1;
  return counter;
}

void f(int *id, int n)
{
#pragma acc parallel loop copyout(id[0:n])
  for (int i = 0; i < n; i++)
    id[i] = next_id();
}
