/* A kernel on queue 2 (waiting for queue 1) reads a never-written element;
 * the kernel after it on queue 1 (waiting for queue 2) reads only what the
 * first wrote.  The error names the kernel that failed first, line 22, and
 * 'a': before session 23 the queue that waited took no failure, its own
 * next kernel failed too (initcheck: on data the failed kernel never
 * wrote), and `wait` reported that one, line 25 and 'b'. */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_INITCHECK=1 */
/* accgpu-expect-stderr: initcheck: read of 8 bytes .* by kernel [^ ]+ \(parallel at [^ ]*initcheck_async_wait_chain.c:22 in main\).*'a\[0:n\]' */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  int n = 256;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), s = 0;
#pragma acc data create(a[0:n], b[0:n])
  {
#pragma acc parallel loop present(a[0:n]) async(1)
    for (int i = 1; i < n; i++)
      a[i] = i; /* a[0] never written */
#pragma acc parallel loop present(a[0:n], b[0:n]) async(2) wait(1)
    for (int i = 0; i < n; i++)
      b[i] = a[i];
#pragma acc parallel loop present(b[0:n]) reduction(+:s) async(1) wait(2)
    for (int i = 100; i < n; i++)
      s += b[i];
#pragma acc wait
  }
  printf("not reached %g\n", s);
  return 0;
}
