/* Unit of routine_xfile.c: a function its header declares `routine seq`,
 * defined here without the directive (this file does not include the
 * header), so for the host only. */
double xf_host_only(double x);

double xf_host_only(double x) { return x + 0.5; }
