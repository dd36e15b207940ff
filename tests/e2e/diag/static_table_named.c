/* A helper a compute region calls that reads a static table that is not
 * read-only (its pointers may change) cannot run on the device: the error
 * at the helper names the table (it named only "static local variable"
 * before).  A `static const char *const` table works
 * (real5_cfeat_tables.c). */
/* accgpu-expect: error: 8: .name_len.* static local variable used on the device .*\(nm\) */
#include <string.h>
static int name_len(int i) {
  static const char *nm[] = {"alpha", "be"};
  return (int)nm[i % 2][0];
}
void f(int *a, int n)
{
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = name_len(i);
}
