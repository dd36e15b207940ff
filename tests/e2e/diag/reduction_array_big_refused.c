/* Array reductions that accgpu still refuses, each with a "sorry" naming
 * the variable (large and run-time-sized arrays are otherwise reduced
 * with atomics on their elements: tests/e2e/reduction_array_big_*.c):
 * - a variable-length array: the kernel cannot name one (declare a
 *   pointer and reduce its section p[0:n]);
 * - a large array private to a gang or thread (here a 40 KB gang-private
 *   array, too big for shared memory): the atomics need memory that all
 *   the loop's threads see (refused at its declaration, session 22);
 * - a loop reducing a run-time section inside a loop that reduces a
 *   constant section of the same array (per-thread copies outside,
 *   atomics inside would not meet);
 * - a routine's loop: its pointer may point to the caller's private memory;
 * - a section of structs (GCC itself asks for a user-defined reduction). */
/* accgpu-expect: sorry: 25: variable-length array.*.vla. */
/* accgpu-expect: sorry: 32: gang-private array larger than the 16 KiB .*.loc. */
/* accgpu-expect: sorry: 42: reduces a constant section of it.*.c. */
/* accgpu-expect: sorry: 49: in a routine.*.c. */
/* accgpu-expect: error: 54: user defined reduction not found */
/* accgpu-expect: sorry: 54: section or element of this kind */
struct pt { int a, b; };

void f(int n, const int *key) {
  int vla[n];
  for (int b = 0; b < n; b++) vla[b] = 0;
#pragma acc parallel loop reduction(+:vla) copyin(key[0:n])
  for (int i = 0; i < n; i++)
    vla[key[i]] += 1;
}
void g(int n, const int *key, double *out) {
#pragma acc parallel loop gang copyin(key[0:n]) copyout(out[0:n])
  for (int j = 0; j < 4; j++) {
    double loc[5000];
#pragma acc loop vector reduction(+:loc)
    for (int i = 0; i < n; i++)
      loc[key[i]] += 1;
    out[j] = loc[j];
  }
}
void h(int n, const int *key, int *c) {
#pragma acc parallel loop gang reduction(+:c[0:10]) copyin(key[0:n])
  for (int j = 0; j < 4; j++) {
#pragma acc loop vector reduction(+:c[0:n])
    for (int i = 0; i < n; i++)
      c[key[i]] += 1;
  }
}
#pragma acc routine vector
void r(int n, const int *key, int *c) {
#pragma acc loop vector reduction(+:c[0:n])
  for (int i = 0; i < n; i++)
    c[key[i]] += 1;
}
void k(int n, const int *key, struct pt *s) {
#pragma acc parallel loop reduction(+:s[0:n]) copyin(key[0:n])
  for (int i = 0; i < n; i++)
    s[key[i]].a += 1;
}
