/* compute_types.c — data types on the device: a struct with an array
 * member mapped whole, a struct through a pointer, long and unsigned long
 * indices, float math functions, signed division and modulo of negatives,
 * unsigned shifts and rotates, abs/labs, mixed float/int conversions, all
 * three levels of parallelism with a worker-private array. */
#include <math.h>
#include <stdlib.h>

#include "e2e.h"

#define N 500

typedef struct {
  int n;
  float v[N];
  unsigned char tag[N];
} blob;

static blob B, RB;

int main(void) {
  static long li[N], rli[N];
  static unsigned long ul[N], rul[N];
  static float fv[N], rfv[N], rfs[N];
  static int three[8 * 16 * 32], rthree[8 * 16 * 32];
  B.n = RB.n = N;
  for (int i = 0; i < N; i++) {
    B.v[i] = RB.v[i] = i * 0.125f - 20.0f;
    B.tag[i] = RB.tag[i] = (unsigned char)(i * 13);
  }
  blob *pb = &B;
  /* pb[0:1] is B: present, so pb holds B's device address in the region
     (a bare pb would be the host address, which a GPU cannot read). */
#pragma acc data copy(B)
#pragma acc parallel loop copyout(li, ul, fv) present(pb[0:1])
  for (long i = 0; i < N; i++) {
    long m = i - 250;
    li[i] = m / -7 + m % -7 + labs(m) * (m < 0 ? -1 : 1) + abs((int)m % 3);
    unsigned long u = (unsigned long)i * 2654435761ul;
    ul[i] = (u >> 7) ^ (u << 5) ^ ((u >> 3) | (u << 61));
    fv[i] = sqrtf(fabsf(pb->v[i])) + expf(-pb->v[i] * 0.01f) + (float)(int)pb->v[i];
    pb->tag[i] = (unsigned char)(pb->tag[i] * 3 + (pb->v[i] > 0));
    pb->v[i] = (float)(long long)(pb->v[i] * 3.7f);
  }
  for (long i = 0; i < N; i++) {
    long m = i - 250;
    rli[i] = m / -7 + m % -7 + labs(m) * (m < 0 ? -1 : 1) + abs((int)m % 3);
    unsigned long u = (unsigned long)i * 2654435761ul;
    rul[i] = (u >> 7) ^ (u << 5) ^ ((u >> 3) | (u << 61));
    rfv[i] = sqrtf(fabsf(RB.v[i])) + expf(-RB.v[i] * 0.01f) + (float)(int)RB.v[i];
    rfs[i] = sqrtf(fabsf(RB.v[i])) + expf(-RB.v[i] * 0.01f) + fabsf((float)(int)RB.v[i]);
    RB.tag[i] = (unsigned char)(RB.tag[i] * 3 + (RB.v[i] > 0));
    RB.v[i] = (float)(long long)(RB.v[i] * 3.7f);
  }

#pragma acc parallel loop gang num_workers(4) vector_length(32) copyout(three)
  for (int g = 0; g < 8; g++) {
#pragma acc loop worker
    for (int w = 0; w < 16; w++) {
      int tmp[32];
#pragma acc loop vector
      for (int v = 0; v < 32; v++)
        tmp[v] = g * 1000 + w * 40 + v;
#pragma acc loop vector
      for (int v = 0; v < 32; v++)
        three[(g * 16 + w) * 32 + v] = tmp[31 - v];
    }
  }
  for (int g = 0; g < 8; g++)
    for (int w = 0; w < 16; w++)
      for (int v = 0; v < 32; v++)
        rthree[(g * 16 + w) * 32 + v] = g * 1000 + w * 40 + (31 - v);

  for (int i = 0; i < N; i++) {
    CHECK_INT("long div/mod/labs", li[i], rli[i]);
    CHECK_INT("unsigned long shifts", (long long)ul[i], (long long)rul[i]);
    /* The terms nearly cancel, and CUDA's expf is within 2 ulp (glibc's
       within 1): the terms' size bounds the difference, not the result's. */
    CHECK_ABS("float math", fv[i], rfv[i], 1e-6 * rfs[i]);
    CHECK_INT("struct tag through pointer", B.tag[i], RB.tag[i]);
    CHECK_REAL("struct float member", B.v[i], RB.v[i], 0);
  }
  for (int i = 0; i < 8 * 16 * 32; i++)
    CHECK_INT("gang/worker/vector with private array", three[i], rthree[i]);
  return e2e_done();
}
