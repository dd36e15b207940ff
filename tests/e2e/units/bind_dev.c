/* Unit of routine_bind_xfile.c: the device versions its routines bind by
 * name, defined here only (routine seq: exported for device linking). */
#pragma acc routine seq
double bind_dev_scale(double x) { return 10.0 * x + 1.0; }

#pragma acc routine seq
int bind_dev_clamp(int v, int hi) { return v > hi ? hi : -v; }
