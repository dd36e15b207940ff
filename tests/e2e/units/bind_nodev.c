/* Unit of rterr/routine_bind_missing.c: bind_host_only() for the host only
 * (no `#pragma acc routine`): no object defines it for the device. */
double bind_host_only(double x) { return x + 1.0; }
