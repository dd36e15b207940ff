/* An atomic on an object of 16 bytes (long double, __int128) has no CAS
 * wide enough on the GPU: a sorry at the atomic naming the variable, not
 * an internal error or a wrong answer (1- and 2-byte objects work:
 * real5_cfeat_atomics.c).  A `break` out of a `loop seq` is GCC's own
 * error (docs/compiler.md, "What does not work yet"). */
/* accgpu-expect: sorry: 16: atomic on a type that is not 1, 2, 4 or 8 bytes: .total. */
/* accgpu-expect: sorry: 21: unsupported integer type.*__int128 */
/* accgpu-expect: error: 27: break statement used with OpenMP for loop */
void f(long double *x, __int128 *b, int *a, int n)
{
  long double total = 0;
  __int128 *big = b;
#pragma acc parallel loop copyin(x[0:n]) copy(total)
  for (int i = 0; i < n; i++) {
#pragma acc atomic update
    total += x[i];
  }
#pragma acc parallel loop copy(big[0:1])
  for (int i = 0; i < n; i++) {
#pragma acc atomic update
    big[0] += i;
  }
#pragma acc parallel loop gang copy(a[0:n])
  for (int i = 0; i < n; i++) {
#pragma acc loop seq
    for (int j = 0; j < n; j++)
      if (a[j] == i) break;
  }
}
