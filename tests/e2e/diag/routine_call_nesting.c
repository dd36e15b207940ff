/* A routine may only be called where its level of parallelism is still
 * free: a `routine gang` inside a `vector` or `worker` loop, a `routine
 * worker` inside a `vector` loop are incorrectly nested (GCC's OpenACC
 * rejects them; they used to compile and give different answers on the
 * emulator and the host).  One error at each call, naming the function. */
/* accgpu-expect: error: 33: fill_g.*vector|vector.*fill_g */
/* accgpu-expect: error: 36: fill_w.*vector|vector.*fill_w */
/* accgpu-expect: error: 39: fill_g.*worker|worker.*fill_g */
#pragma acc routine gang
static void fill_g(int *a, int n) {
#pragma acc loop gang
  for (int i = 0; i < n; i++)
    a[i] = 1;
}

#pragma acc routine worker
static void fill_w(int *a, int n) {
#pragma acc loop worker
  for (int i = 0; i < n; i++)
    a[i] = 2;
}

#pragma acc routine vector
static void fill_v(int *a, int n) {
#pragma acc loop vector
  for (int i = 0; i < n; i++)
    a[i] = 3;
}

void f(int *a, int n) {
#pragma acc parallel loop vector copy(a[0:n * n])
  for (int i = 0; i < n; i++)
    fill_g(a + i * n, n);
#pragma acc parallel loop vector copy(a[0:n * n])
  for (int i = 0; i < n; i++)
    fill_w(a + i * n, n);
#pragma acc parallel loop worker copy(a[0:n * n])
  for (int i = 0; i < n; i++)
    fill_g(a + i * n, n);
#pragma acc parallel loop gang copy(a[0:n * n]) /* allowed: vector inside gang */
  for (int i = 0; i < n; i++)
    fill_v(a + i * n, n);
}
