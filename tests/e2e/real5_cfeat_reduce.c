/* real5_cfeat_reduce.c — reductions on char, signed char, unsigned char,
 * short, unsigned short, unsigned, _Bool and unsigned long long with &,
 * |, ^, &&, ||, min, max and + (wrapping), on gang, vector, gang-vector,
 * worker and seq-in-vector loops, a parallel construct's own reduction,
 * and in kernels and serial.  Checked against the same operations run
 * serially (narrow sums wrap as C converts them back). */
#include "e2e.h"
#include <stdbool.h>
#include <stdint.h>

enum { N = 3003 };
static unsigned char v8[N];
static short v16[N];
static unsigned v32[N];

static void fill(void) {
  for (int i = 0; i < N; i++) {
    v8[i] = (unsigned char)(i * 37 + 11);
    v16[i] = (short)((i * 7919) % 60001 - 30000);
    v32[i] = 0xffffffffu ^ (1u << (i % 32)) ^ ((unsigned)i << 7);
  }
  v8[1234] = 0; /* & of everything is 0 anyway; min hits 0 */
}

typedef struct {
  unsigned char uand, uor, uxor, umin, umax, usum;
  signed char smin, smax;
  char cxor;
  short hmin, hmax, hsum, hand;
  unsigned short wor, wxor;
  unsigned land, lor, lmin, lmax;
  bool ball, bany;
  int iand, ior;
  unsigned long long qxor;
} red_t;

static void serial_ref(red_t *r) {
  *r = (red_t){.uand = 0xff, .umin = 0xff, .smin = 127, .smax = -128, .hmin = 32767,
               .hmax = -32768, .hand = -1, .land = ~0u, .lmin = ~0u, .ball = 1, .iand = 1};
  for (int i = 0; i < N; i++) {
    r->uand &= v8[i]; r->uor |= v8[i]; r->uxor ^= v8[i];
    r->umin = v8[i] < r->umin ? v8[i] : r->umin; r->umax = v8[i] > r->umax ? v8[i] : r->umax;
    r->usum += v8[i];
    signed char sc = (signed char)v8[i];
    r->smin = sc < r->smin ? sc : r->smin; r->smax = sc > r->smax ? sc : r->smax;
    r->cxor ^= (char)(v8[i] >> 1);
    r->hmin = v16[i] < r->hmin ? v16[i] : r->hmin; r->hmax = v16[i] > r->hmax ? v16[i] : r->hmax;
    r->hsum += v16[i]; r->hand &= v16[i] | 0x100;
    r->wor |= (unsigned short)v16[i]; r->wxor ^= (unsigned short)v16[i];
    r->land &= v32[i]; r->lor |= v32[i] & 0xff00;
    r->lmin = v32[i] < r->lmin ? v32[i] : r->lmin; r->lmax = v32[i] > r->lmax ? v32[i] : r->lmax;
    r->ball = r->ball && v8[i] != 77; r->bany = r->bany || v16[i] == v16[N / 2];
    r->iand = r->iand && v32[i]; r->ior = r->ior || v8[i] == 0;
    r->qxor ^= (unsigned long long)v32[i] << (i % 32);
  }
}

static void check(const char *what, const red_t *g, const red_t *w) {
  CHECK_INT(what, g->uand, w->uand); CHECK_INT(what, g->uor, w->uor);
  CHECK_INT(what, g->uxor, w->uxor); CHECK_INT(what, g->umin, w->umin);
  CHECK_INT(what, g->umax, w->umax); CHECK_INT(what, g->usum, w->usum);
  CHECK_INT(what, g->smin, w->smin); CHECK_INT(what, g->smax, w->smax);
  CHECK_INT(what, g->cxor, w->cxor); CHECK_INT(what, g->hmin, w->hmin);
  CHECK_INT(what, g->hmax, w->hmax); CHECK_INT(what, g->hsum, w->hsum);
  CHECK_INT(what, g->hand, w->hand); CHECK_INT(what, g->wor, w->wor);
  CHECK_INT(what, g->wxor, w->wxor); CHECK_INT(what, g->land, w->land);
  CHECK_INT(what, g->lor, w->lor); CHECK_INT(what, g->lmin, w->lmin);
  CHECK_INT(what, g->lmax, w->lmax); CHECK_INT(what, g->ball, w->ball);
  CHECK_INT(what, g->bany, w->bany); CHECK_INT(what, g->iand, w->iand);
  CHECK_INT(what, g->ior, w->ior);
  CHECK_INT(what, (long long)g->qxor, (long long)w->qxor);
}

/* The loop body, for every reduction variable (locals of the caller). */
#define BODY(i)                                                               \
  do {                                                                        \
    uand &= v8[i]; uor |= v8[i]; uxor ^= v8[i];                               \
    umin = v8[i] < umin ? v8[i] : umin; umax = v8[i] > umax ? v8[i] : umax;   \
    usum += v8[i];                                                            \
    signed char sc_ = (signed char)v8[i];                                     \
    smin = sc_ < smin ? sc_ : smin; smax = sc_ > smax ? sc_ : smax;           \
    cxor ^= (char)(v8[i] >> 1);                                               \
    hmin = v16[i] < hmin ? v16[i] : hmin; hmax = v16[i] > hmax ? v16[i] : hmax;\
    hsum += v16[i]; hand &= v16[i] | 0x100;                                   \
    wor |= (unsigned short)v16[i]; wxor ^= (unsigned short)v16[i];            \
    land &= v32[i]; lor |= v32[i] & 0xff00;                                   \
    lmin = v32[i] < lmin ? v32[i] : lmin; lmax = v32[i] > lmax ? v32[i] : lmax;\
    ball = ball && v8[i] != 77; bany = bany || v16[i] == v16[N / 2];          \
    iand = iand && v32[i]; ior = ior || v8[i] == 0;                           \
    qxor ^= (unsigned long long)v32[i] << (i % 32);                           \
  } while (0)

#define DECLS                                                                 \
  unsigned char uand = 0xff, uor = 0, uxor = 0, umin = 0xff, umax = 0,        \
                usum = 0;                                                     \
  signed char smin = 127, smax = -128;                                        \
  char cxor = 0;                                                              \
  short hmin = 32767, hmax = -32768, hsum = 0, hand = -1;                     \
  unsigned short wor = 0, wxor = 0;                                           \
  unsigned land = ~0u, lor = 0, lmin = ~0u, lmax = 0;                         \
  bool ball = 1, bany = 0;                                                    \
  int iand = 1, ior = 0;                                                      \
  unsigned long long qxor = 0

#define CLAUSES                                                               \
  reduction(&: uand, hand, land) reduction(|: uor, wor, lor)                  \
  reduction(^: uxor, cxor, wxor, qxor) reduction(min: umin, smin, hmin, lmin) \
  reduction(max: umax, smax, hmax, lmax) reduction(+: usum, hsum)             \
  reduction(&&: ball, iand) reduction(||: bany, ior)

#define RESULT                                                                \
  (red_t){uand, uor, uxor, umin, umax, usum, smin, smax, cxor, hmin, hmax,   \
          hsum, hand, wor, wxor, land, lor, lmin, lmax, ball, bany, iand, ior,\
          qxor}

static red_t gang_vector(void) {
  DECLS;
#pragma acc parallel loop gang vector copyin(v8, v16, v32) CLAUSES
  for (int i = 0; i < N; i++) BODY(i);
  return RESULT;
}

static red_t vector_only(void) {
  DECLS;
#pragma acc parallel num_gangs(1) vector_length(128) copyin(v8, v16, v32)
  {
#pragma acc loop vector CLAUSES
    for (int i = 0; i < N; i++) BODY(i);
  }
  return RESULT;
}

static red_t worker_rows(void) {
  DECLS;
  enum { R = 3, C = N / 3 };
#pragma acc parallel num_gangs(2) num_workers(4) vector_length(32) copyin(v8, v16, v32) CLAUSES
  {
#pragma acc loop gang worker CLAUSES
    for (int r = 0; r < R; r++) {
#pragma acc loop vector CLAUSES
      for (int c = 0; c < C; c++) {
        int i = r * C + c;
        BODY(i);
      }
    }
  }
  return RESULT;
}

static red_t kernels_loop(void) {
  DECLS;
#pragma acc kernels copyin(v8, v16, v32)
  {
#pragma acc loop independent CLAUSES
    for (int i = 0; i < N; i++) BODY(i);
  }
  return RESULT;
}

static red_t serial_loop(void) {
  DECLS;
#pragma acc serial copyin(v8, v16, v32) CLAUSES
  for (int i = 0; i < N; i++) BODY(i);
  return RESULT;
}

int main(void) {
  fill();
  red_t want, got;
  serial_ref(&want);
  got = gang_vector(); check("gang vector", &got, &want);
  got = vector_only(); check("vector", &got, &want);
  got = worker_rows(); check("worker rows", &got, &want);
  got = kernels_loop(); check("kernels", &got, &want);
  got = serial_loop(); check("serial", &got, &want);
  return e2e_done();
}
