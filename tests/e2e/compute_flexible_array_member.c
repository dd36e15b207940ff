/* compute_flexible_array_member.c — structs with a flexible array member
 * (C99 `double v[];`) in kernels and routines.  The module is C++ under
 * NVRTC, which has no such member (`v[]` and `v[0]` are refused): the
 * whole compile failed wherever a CUDA toolkit was found.  The member is
 * now `v[ACCGPU_FLEX]` (1 under CUDA, empty in C; kernel-gen-expr.cc),
 * indexed from its offset, which is the host's. */
#include <stdlib.h>

#include "e2e.h"

typedef struct {
  int n;
  double scale;
  double v[];
} vec_t;

typedef struct {
  short tag;
  struct { float x, y; } p[];
} pts_t;

#pragma acc routine seq
static double weighted(const vec_t *d, int i)
{
  return d->v[i] * d->scale + d->n;
}

int main(void)
{
  int n = 3000;
  size_t bytes = sizeof(vec_t) + n * sizeof(double);
  vec_t *s = malloc(bytes);
  s->n = n;
  s->scale = 1.5;
  for (int i = 0; i < n; i++)
    s->v[i] = i % 23;
  char *raw = (char *)s;
#pragma acc data copy(raw[0:bytes])
  {
#pragma acc parallel loop present(raw[0:bytes])
    for (int i = 0; i < n; i++) {
      vec_t *d = (vec_t *)raw;
      d->v[i] = weighted(d, i);
    }
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("vec_t", s->v[i], (i % 23) * 1.5 + n, 0);

  size_t pbytes = sizeof(pts_t) + n * sizeof(s->v[0]);
  pts_t *q = malloc(pbytes);
  q->tag = 7;
  char *qraw = (char *)q;
#pragma acc parallel loop copy(qraw[0:pbytes])
  for (int i = 0; i < n; i++) {
    pts_t *d = (pts_t *)qraw;
    d->p[i].x = (float)(i * d->tag);
    d->p[i].y = -(float)i;
  }
  for (int i = 0; i < n; i++) {
    CHECK_REAL("pts_t x", q->p[i].x, (float)(i * 7), 0);
    CHECK_REAL("pts_t y", q->p[i].y, -(float)i, 0);
  }
  free(s);
  free(q);
  return e2e_done();
}
