/* real3_nbody_bs.c — floating-point kernels of NVIDIA's OpenACC samples
 * and course exercises: an all-pairs n-body step on `float3`-like structs
 * (a body struct with position and velocity, softening and dt as
 * `firstprivate`, the inverse distance through a `routine seq` the program
 * itself names `rsqrtf`, as codes do when porting from CUDA, and helper
 * routines named `min`/`max`), Black-Scholes call and put prices with
 * expf/logf/sqrtf/erff and a cumulative normal in a `routine seq`, and a
 * Monte-Carlo pi estimate whose samples come from an LCG in a `routine
 * seq`, counted with `reduction(+:)` on an int and a double at once. Each
 * against the same code run serially. */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>

typedef struct { float x, y, z; } float3;
typedef struct { float3 pos, vel; float mass; } Body;

/* Codes ported from CUDA keep its rsqrtf. */
#pragma acc routine seq
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }

#pragma acc routine seq
static inline int min(int a, int b) { return a < b ? a : b; }

#pragma acc routine seq
static inline int max(int a, int b) { return a > b ? a : b; }

#pragma acc routine seq
static inline float3 make_float3(float x, float y, float z)
{
  float3 r = {x, y, z};
  return r;
}

#pragma acc routine seq
static float3 body_accel(float3 pi, float3 pj, float mj, float soft, float3 a)
{
  float3 d = make_float3(pj.x - pi.x, pj.y - pi.y, pj.z - pi.z);
  float dist2 = d.x * d.x + d.y * d.y + d.z * d.z + soft;
  float inv = rsqrtf(dist2);
  float inv3 = inv * inv * inv * mj;
  a.x += d.x * inv3;
  a.y += d.y * inv3;
  a.z += d.z * inv3;
  return a;
}

#define NB 300

static void nbody_step(Body *b, int n, float dt, float soft, int dev)
{
#pragma acc parallel loop firstprivate(dt, soft) present(b[0:n]) if(dev)
  for (int i = 0; i < n; i++) {
    float3 a = make_float3(0.0f, 0.0f, 0.0f);
    for (int j = 0; j < n; j++)
      a = body_accel(b[i].pos, b[j].pos, b[j].mass, soft, a);
    b[i].vel.x += dt * a.x;
    b[i].vel.y += dt * a.y;
    b[i].vel.z += dt * a.z;
  }
#pragma acc parallel loop present(b[0:n]) if(dev)
  for (int i = 0; i < n; i++) {
    b[i].pos.x += b[i].vel.x * dt;
    b[i].pos.y += b[i].vel.y * dt;
    b[i].pos.z += b[i].vel.z * dt;
  }
}

static void test_nbody(void)
{
  Body *b = malloc(NB * sizeof *b), *r = malloc(NB * sizeof *r);
  for (int i = 0; i < NB; i++) {
    b[i].pos = make_float3((i * 37 % 101) * 0.1f, (i * 53 % 97) * 0.1f,
                           (i * 11 % 89) * 0.1f);
    b[i].vel = make_float3(0.0f, 0.01f * (i % 3), 0.0f);
    b[i].mass = 1.0f + (i % 5) * 0.25f;
    r[i] = b[i];
  }
  float dt = 0.01f, soft = 0.05f;
#pragma acc data copy(b[0:NB])
  for (int it = 0; it < 3; it++)
    nbody_step(b, NB, dt, soft, 1);
  for (int it = 0; it < 3; it++)
    nbody_step(r, NB, dt, soft, 0);
  for (int i = 0; i < NB; i++) {
    CHECK_REAL("nbody x", b[i].pos.x, r[i].pos.x, 1e-4);
    CHECK_REAL("nbody y", b[i].pos.y, r[i].pos.y, 1e-4);
    CHECK_REAL("nbody z", b[i].pos.z, r[i].pos.z, 1e-4);
    CHECK_REAL("nbody vy", b[i].vel.y, r[i].vel.y, 1e-3);
  }
  /* min/max routines of the program's own on the device */
  int lo = 1 << 30, hi = -1;
  int *clamp = malloc(NB * sizeof *clamp);
#pragma acc parallel loop copyout(clamp[0:NB]) reduction(min:lo) \
    reduction(max:hi)
  for (int i = 0; i < NB; i++) {
    clamp[i] = max(10, min(i * 3 - 50, 500));
    lo = min(lo, clamp[i]);
    hi = max(hi, clamp[i]);
  }
  int rlo = 1 << 30, rhi = -1;
  for (int i = 0; i < NB; i++) {
    int c = max(10, min(i * 3 - 50, 500));
    CHECK_INT("clamp", clamp[i], c);
    rlo = min(rlo, c), rhi = max(rhi, c);
  }
  CHECK_INT("clamp min", lo, rlo);
  CHECK_INT("clamp max", hi, rhi);
  free(b), free(r), free(clamp);
}

/* ---- Black-Scholes ---- */
#define NOPT 4000
#pragma acc routine seq
static float cnd(float d)
{
  return 0.5f * (1.0f + erff(d * 0.70710678118654752f));
}

#pragma acc routine seq
static void black_scholes_body(float *call, float *put, float S, float X,
                               float T, float R, float V)
{
  float sqrtT = sqrtf(T);
  float d1 = (logf(S / X) + (R + 0.5f * V * V) * T) / (V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float cndd1 = cnd(d1), cndd2 = cnd(d2);
  float expRT = expf(-R * T);
  *call = S * cndd1 - X * expRT * cndd2;
  *put = X * expRT * (1.0f - cndd2) - S * (1.0f - cndd1);
}

static void test_black_scholes(void)
{
  float *S = malloc(NOPT * sizeof *S), *X = malloc(NOPT * sizeof *X);
  float *T = malloc(NOPT * sizeof *T);
  float *call = malloc(NOPT * sizeof *call), *put = malloc(NOPT * sizeof *put);
  const float R = 0.02f, V = 0.30f;
  for (int i = 0; i < NOPT; i++) {
    S[i] = 5.0f + (i % 97) * 0.3f;
    X[i] = 1.0f + (i % 89) * 0.9f;
    T[i] = 0.25f + (i % 37) * 0.25f;
  }
#pragma acc parallel loop copyin(S[0:NOPT], X[0:NOPT], T[0:NOPT]) \
    copyout(call[0:NOPT], put[0:NOPT])
  for (int i = 0; i < NOPT; i++)
    black_scholes_body(&call[i], &put[i], S[i], X[i], T[i], R, V);
  double sum = 0, rsum = 0;
#pragma acc parallel loop copyin(call[0:NOPT], put[0:NOPT]) reduction(+:sum)
  for (int i = 0; i < NOPT; i++)
    sum += call[i] - put[i];
  for (int i = 0; i < NOPT; i++) {
    float c, p;
    black_scholes_body(&c, &p, S[i], X[i], T[i], R, V);
    CHECK_ABS("bs call", call[i], c, 2e-3f * (1 + fabsf(c)));
    CHECK_ABS("bs put", put[i], p, 2e-3f * (1 + fabsf(p)));
    rsum += c - p;
    /* put-call parity */
    CHECK_ABS("bs parity", call[i] - put[i],
              S[i] - X[i] * expf(-R * T[i]), 1e-2f * (1 + S[i]));
  }
  CHECK_ABS("bs sum", sum, rsum, 1e-2 * NOPT);
  free(S), free(X), free(T), free(call), free(put);
}

/* ---- Monte-Carlo pi ---- */
#pragma acc routine seq
static unsigned int lcg(unsigned int *state)
{
  *state = *state * 1664525u + 1013904223u;
  return *state;
}

#pragma acc routine seq
static double uniform(unsigned int *state)
{
  return (lcg(state) >> 8) * (1.0 / 16777216.0);
}

static void test_monte_carlo(void)
{
  const int nthreads = 512, per = 200;
  int inside = 0;
  double dist = 0;
#pragma acc parallel loop reduction(+:inside, dist)
  for (int t = 0; t < nthreads; t++) {
    unsigned int seed = 12345u + 7919u * (unsigned)t;
    for (int s = 0; s < per; s++) {
      double x = uniform(&seed), y = uniform(&seed);
      double d2 = x * x + y * y;
      if (d2 <= 1.0)
        inside++;
      dist += sqrt(d2);
    }
  }
  int rin = 0;
  double rdist = 0;
  for (int t = 0; t < nthreads; t++) {
    unsigned int seed = 12345u + 7919u * (unsigned)t;
    for (int s = 0; s < per; s++) {
      double x = uniform(&seed), y = uniform(&seed);
      double d2 = x * x + y * y;
      if (d2 <= 1.0)
        rin++;
      rdist += sqrt(d2);
    }
  }
  CHECK_INT("mc inside", inside, rin);
  CHECK_REAL("mc dist", dist, rdist, 1e-12);
  CHECK_ABS("mc pi", 4.0 * inside / (nthreads * per), M_PI, 0.05);
}

int main(void)
{
  test_nbody();
  test_black_scholes();
  test_monte_carlo();
  return e2e_done();
}
