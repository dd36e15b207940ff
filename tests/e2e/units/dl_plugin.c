/* Unit of xfile_dlopen.c, built into libmfplug.so and opened with dlopen:
 * declared globals (one initialised, one created), a routine and
 * kernels. */
static double tab[8] = {1, 2, 3, 4, 5, 6, 7, 8};
#pragma acc declare copyin(tab)
static double scratch[64];
#pragma acc declare create(scratch)

#pragma acc routine seq
static double pick(int i) { return tab[i % 8]; }

/* out[i] += tab[i % 8] (the device copy), then tab doubles there. */
void plug_run(double *out, int n)
{
#pragma acc parallel loop copy(out[0:n])
  for (int i = 0; i < n; i++) {
    scratch[i % 64] = pick(i);
    out[i] += scratch[i % 64];
  }
#pragma acc serial
  for (int i = 0; i < 8; i++)
    tab[i] *= 2;
}
