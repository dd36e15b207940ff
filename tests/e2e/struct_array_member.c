/* struct_array_member.c — structs with array members: an array of structs
 * copied whole, a struct section, member access in the region, and a struct
 * passed by value (firstprivate). */
#include "e2e.h"

#define NS 24
#define L 40

typedef struct {
  int id;
  double v[L];
  float w[4];
} particle;

typedef struct {
  double scale;
  int shift;
} params;

static particle ps[NS];

int main(void) {
  params p = {0.5, 3};
  for (int s = 0; s < NS; s++) {
    ps[s].id = s;
    for (int k = 0; k < L; k++)
      ps[s].v[k] = s * 100 + k;
    for (int k = 0; k < 4; k++)
      ps[s].w[k] = k;
  }
#pragma acc parallel loop gang copy(ps[0:NS]) firstprivate(p)
  for (int s = 0; s < NS; s++) {
#pragma acc loop vector
    for (int k = 0; k < L; k++)
      ps[s].v[k] = ps[s].v[k] * p.scale + ps[s].w[k % 4] + p.shift;
    ps[s].id += 1000;
  }
  for (int s = 0; s < NS; s++) {
    CHECK_INT("id", ps[s].id, s + 1000);
    for (int k = 0; k < L; k++)
      CHECK_REAL("v", ps[s].v[k], (s * 100 + k) * 0.5 + k % 4 + 3, 0);
  }

  /* Only ps[4..11] travel; the rest keeps its host values. */
#pragma acc parallel loop copy(ps[4:8])
  for (int s = 4; s < 12; s++)
    ps[s].w[0] = -1.0f;
  for (int s = 0; s < NS; s++)
    CHECK_REAL("w[0]", ps[s].w[0], s >= 4 && s < 12 ? -1.0f : 0.0f, 0);
  return e2e_done();
}
