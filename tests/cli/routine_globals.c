/* A kernel gets a parameter for each declared global that the routines
 * it calls reach, and no other (each is a present lookup per launch):
 * f1 reaches a, f2 a and b through a chain, f3 none. */
double a[8], b[8], c[8];
#pragma acc declare create(a, b, c)
#pragma acc routine seq
static double fa(int i) { return a[i] * 2; }
#pragma acc routine seq
static double fb(int i) { return b[i] * 3; }
#pragma acc routine seq
static double fab(int i) { return fa(i) + fb(i); }
#pragma acc routine seq
static double pure(int i) { return i + 0.5; }
void f1(double *out) {
#pragma acc parallel loop copyout(out[0:8])
  for (int i = 0; i < 8; i++) out[i] = fa(i);
}
void f2(double *out) {
#pragma acc parallel loop copyout(out[0:8])
  for (int i = 0; i < 8; i++) out[i] = fab(i);
}
void f3(double *out) {
#pragma acc parallel loop copyout(out[0:8])
  for (int i = 0; i < 8; i++) out[i] = pure(i);
}
double fc(int i) { return c[i]; }
