/* Unit of xfile_same_kernel_linked.c: defines the routine the main unit
 * calls, and a static `work` with a construct at the line of the main
 * unit's `work` (line 14 in both files), so that both modules have a
 * kernel __accgpu_k_work_14_0.  */
#pragma acc routine seq
double lw_twice(double x) { return 2.0 * x; }

/* The main unit's `work` computes o[i] = 2i - 1, this one 2i + 1.  */




static void work(double *o, int n) {
#pragma acc parallel loop copyout(o[0:n])
  for (int i = 0; i < n; i++) o[i] = lw_twice(i) + 1;
}
void lw_unit(double *o, int n) { work(o, n); }
