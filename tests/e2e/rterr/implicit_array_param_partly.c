/* A parameter declared with variable bounds (`double A[n][m]`, no section
 * inferred for its variable-length rows) used without a data clause is
 * present-or-copy of the whole declared array, A[0:n]: with only its first
 * rows present that is an error naming it and the construct's line (it was
 * the pointer alone, and the kernel read host memory). */
/* accgpu-expect-stderr: accgpu: error: .*implicit_array_param_partly\.c:13 \(parallel in bump\): 'A\[0:n\]' \(240 bytes at .*\) is only partly present */
#include <stdio.h>

#define N 10

static void bump(int n, int m, double A[n][m])
{
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] += 1;
}

int main(void) {
  static double A[N][3];
#pragma acc data copy(A[0:N / 2][0:3])
  bump(N, 3, A);
  printf("%g\n", A[0][0]);
  return 0;
}
