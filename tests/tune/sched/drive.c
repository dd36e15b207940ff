/* drive.c — runs one kernel of tests/tune/src (chosen with -DK_<name>) on
 * odd-sized random data twice: as compiled with the plugin (and a schedule)
 * and as the same source compiled by plain gcc with ref_ prefixed names
 * (the serial reference), then compares every output element.
 * Exit 0 and no output when they agree (tests/tune/sched.sh). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float *rnd(long n, unsigned seed) {
  float *x = malloc(n * sizeof *x);
  for (long i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    x[i] = (float)((seed >> 8) % 1000) / 250.0f - 2.0f;
  }
  return x;
}

static float *dup(const float *x, long n) {
  float *y = malloc(n * sizeof *y);
  memcpy(y, x, n * sizeof *y);
  return y;
}

/* Same order of operations per element: equal up to contraction. */
static int agree(const char *k, const float *x, const float *ref, long n) {
  for (long i = 0; i < n; i++)
    if (fabsf(x[i] - ref[i]) > 1e-4f * (1.0f + fabsf(ref[i]))) {
      fprintf(stderr, "%s: element %ld is %g, serial %g\n", k, i, x[i],
              ref[i]);
      return 1;
    }
  return 0;
}

#define R const float *restrict
#define W float *restrict
#if defined K_matmul
void matmul(int, R, R, W);
void ref_matmul(int, R, R, W);
int main(void) {
  int n = 45;
  float *a = rnd(n * n, 1), *b = rnd(n * n, 2), *c = rnd(n * n, 3);
  float *rc = dup(c, n * n);
  matmul(n, a, b, c);
  ref_matmul(n, a, b, rc);
  return agree("matmul", c, rc, n * n);
}
#elif defined K_jacobi
void jacobi(int, float, float, R, W);
void ref_jacobi(int, float, float, R, W);
int main(void) {
  int n = 45;
  float *a = rnd(n * n, 1), *b = rnd(n * n, 2), *rb = dup(b, n * n);
  jacobi(n, 0.5f, 0.125f, a, b);
  ref_jacobi(n, 0.5f, 0.125f, a, rb);
  return agree("jacobi", b, rb, n * n);
}
#elif defined K_transpose
void transpose(int, int, R, W);
void ref_transpose(int, int, R, W);
int main(void) {
  int nx = 45, ny = 39;
  float *in = rnd(nx * ny, 1), *o = rnd(nx * ny, 2), *ro = dup(o, nx * ny);
  transpose(nx, ny, in, o);
  ref_transpose(nx, ny, in, ro);
  return agree("transpose", o, ro, nx * ny);
}
#elif defined K_xreuse || defined K_yreuse
#ifdef K_xreuse
#define KF xreuse
#define RF ref_xreuse
#else
#define KF yreuse
#define RF ref_yreuse
#endif
void KF(int, int, R, W);
void RF(int, int, R, W);
int main(void) {
  int n = 45, m = 7;
  float *a = rnd(n * n + m * n, 1), *c = rnd(n * n, 2), *rc = dup(c, n * n);
  KF(n, m, a, c);
  RF(n, m, a, rc);
  return agree("x/yreuse", c, rc, n * n);
}
#elif defined K_divergence
void divergence(int, int, int, R, R, R, W);
void ref_divergence(int, int, int, R, R, R, W);
int main(void) {
  int nx = 45, ny = 11, nz = 7;
  long n = (long)nx * ny * nz;
  float *ux = rnd(n, 1), *uy = rnd(n, 2), *uz = rnd(n, 3), *d = rnd(n, 4);
  float *rd = dup(d, n);
  divergence(nx, ny, nz, ux, uy, uz, d);
  ref_divergence(nx, ny, nz, ux, uy, uz, rd);
  return agree("divergence", d, rd, n);
}
#elif defined K_laplacian
void laplacian(int, int, int, float, float, R, W);
void ref_laplacian(int, int, int, float, float, R, W);
int main(void) {
  int nx = 45, ny = 11, nz = 7;
  long n = (long)nx * ny * nz;
  float *u = rnd(n, 1), *w = rnd(n, 2), *rw = dup(w, n);
  laplacian(nx, ny, nz, 0.5f, 0.25f, u, w);
  ref_laplacian(nx, ny, nz, 0.5f, 0.25f, u, rw);
  return agree("laplacian", w, rw, n);
}
#elif defined K_himeno
void jacobi(int, int, int, float, R, R, R, R, R, R, W);
void ref_jacobi(int, int, int, float, R, R, R, R, R, R, W);
int main(void) {
  int ni = 7, nj = 11, nk = 45;
  long n = (long)ni * nj * nk;
  float *a = rnd(4 * n, 1), *b = rnd(3 * n, 2), *c = rnd(3 * n, 3);
  float *p = rnd(n, 4), *bnd = rnd(n, 5), *w1 = rnd(n, 6), *w2 = rnd(n, 7);
  float *rw2 = dup(w2, n);
  jacobi(ni, nj, nk, 0.8f, a, b, c, p, bnd, w1, w2);
  ref_jacobi(ni, nj, nk, 0.8f, a, b, c, p, bnd, w1, rw2);
  return agree("himeno", w2, rw2, n);
}
#else
#error "define K_<kernel>"
#endif
