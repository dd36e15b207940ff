/* A GNU C nested function called in a compute region: it needs its
 * parent's frame, which is host memory.  One error at the call, naming the
 * function (it used to be an internal error from the CUDA compiler). */
/* accgpu-expect: error: 12: add.*nested|nested.*add */
int f(int *a, int n, int k)
{
  int add(int x) { return x + k; }
  int s = 0;
  for (int i = 0; i < n; i++) a[i] = i;
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = add(a[i]);
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
