/* A gang-private array (declared in a gang loop, or private on one) that
 * the gang's vector lanes write and must share, larger than the 16 KiB of
 * shared memory accgpu gives it: a sorry at the declaration.  Each thread
 * had its own copy, and lanes read elements no one wrote in theirs (a
 * silent wrong answer; kernel-gen-stmt.cc, share_as).  Firstprivate
 * arrays that large have copies per gang in device memory instead. */
/* accgpu-expect: sorry: 15: gang-private array larger than the 16 KiB .*.tmp. */
/* accgpu-expect: sorry: 29: gang-private array larger than the 16 KiB .*.big. */
#define T 2049

void declared(double *out)
{
#pragma acc parallel loop gang copyout(out[0:4])
  for (int g = 0; g < 4; g++) {
    double tmp[T];
#pragma acc loop vector
    for (int k = 0; k < T; k++)
      tmp[k] = k + g;
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int k = 0; k < T; k++)
      s += tmp[T - 1 - k];
    out[g] = s;
  }
}

void private_clause(double *out)
{
  double big[T];
#pragma acc parallel loop gang private(big) copyout(out[0:4])
  for (int g = 0; g < 4; g++) {
#pragma acc loop vector
    for (int k = 0; k < T; k++)
      big[k] = k;
    out[g] = big[T / 2];
  }
}
