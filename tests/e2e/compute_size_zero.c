/* compute_size_zero.c — num_gangs, num_workers, vector_length (and gang(num:),
 * worker(), vector() on loops) whose value is 0 or negative at run time are
 * ignored, as if the clause were absent: programs compute num_gangs(n*n/1024)
 * and get 0 at small sizes.  Each result is compared with the serial
 * computation; code outside the gang loop counts the gangs, which must be as
 * many as without the clause. */
#include "e2e.h"

#define N 1000
#define T 5

/* Gangs a region with these clause values launches (1 on the host). */
static int count_gangs(int g, int w, int v, float *a, const float *b) {
  int gangs = 0;
#pragma acc parallel copy(gangs) copyin(b[0:N]) copyout(a[0:N]) \
  num_gangs(g) num_workers(w) vector_length(v)
  {
#pragma acc atomic update
    gangs++;
#pragma acc loop gang worker vector
    for (int i = 0; i < N; i++)
      a[i] = b[i] * 2.0f + 1.0f;
  }
  return gangs;
}

static int count_gangs_default(float *a, const float *b) {
  int gangs = 0;
#pragma acc parallel copy(gangs) copyin(b[0:N]) copyout(a[0:N])
  {
#pragma acc atomic update
    gangs++;
#pragma acc loop gang worker vector
    for (int i = 0; i < N; i++)
      a[i] = b[i] * 2.0f + 1.0f;
  }
  return gangs;
}

int main(int argc, char **argv) {
  (void)argv;
  static float a[N], b[N], c[N * 8], ref[N * 8];
  int n = argc > 100 ? 4096 : 16;
  int g = n * n / 1024, w = n / 32, v = n - 17; /* 0, 0, -1 */
  for (int i = 0; i < N; i++)
    b[i] = (float)(i % 11);

  int dflt = count_gangs_default(a, b);
  int got = count_gangs(g, w, v, a, b);
  for (int i = 0; i < N; i++)
    CHECK_REAL("a", a[i], b[i] * 2.0f + 1.0f, 0.0);
  CHECK_INT("gangs with num_gangs(0)", got, dflt);
  got = count_gangs(-3, -2, 0, a, b);
  CHECK_INT("gangs with num_gangs(-3)", got, dflt);
  CHECK_INT("gangs with num_gangs(2)", count_gangs(2, w, v, a, b),
            e2e_offloaded() ? 2 : 1);

  /* gang, worker and vector loops; vector_length without workers */
  float sum = 0, rsum = 0;
#pragma acc parallel loop gang num_gangs(g) vector_length(v) \
  copyin(b[0:N]) copyout(c[0:N]) reduction(+:sum)
  for (int i = 0; i < N; i++) {
    c[i] = b[i] + i;
    sum += b[i];
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("c", c[i], b[i] + i, 0.0);
    rsum += b[i];
  }
  CHECK_REAL("sum", sum, rsum, 0.0);
#pragma acc parallel loop vector vector_length(g) copyout(c[0:N])
  for (int i = 0; i < N; i++)
    c[i] = 3.0f * i;
  for (int i = 0; i < N; i++)
    CHECK_REAL("c vector", c[i], 3.0f * i, 0.0);
#pragma acc parallel num_gangs(g) num_workers(w) vector_length(g) \
  copyin(b[0:N]) copyout(c[0:N * 8])
#pragma acc loop gang
  for (int i = 0; i < N; i++)
#pragma acc loop worker
    for (int j = 0; j < 8; j += 2)
#pragma acc loop vector
      for (int k = 0; k < 2; k++)
        c[i * 8 + j + k] = b[i] * (j + k);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 8; j++)
      CHECK_REAL("c nest", c[i * 8 + j], b[i] * j, 0.0);

  /* sizes given on the loops (in kernels: OpenACC allows them nowhere else) */
#pragma acc kernels copyin(b[0:N]) copyout(c[0:N])
#pragma acc loop independent gang(num:g) worker(w) vector(v)
  for (int i = 0; i < N; i++)
    c[i] = b[i] - 1.0f;
  for (int i = 0; i < N; i++)
    CHECK_REAL("c loop args", c[i], b[i] - 1.0f, 0.0);

  /* kernels: a time loop run on the host, one launch per nest and step */
  for (int i = 0; i < N; i++)
    c[i] = ref[i] = (float)(i % 7);
#pragma acc kernels copy(c[0:N]) num_gangs(g) num_workers(w) vector_length(v)
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < N; i++)
      c[i] = c[i] * 0.5f + t;
  }
  for (int t = 0; t < T; t++)
    for (int i = 0; i < N; i++)
      ref[i] = ref[i] * 0.5f + t;
  for (int i = 0; i < N; i++)
    CHECK_REAL("c kernels", c[i], ref[i], 0.0);
  return e2e_done();
}
