/* struct_values_and_sections.c — a compute construct whose data clauses
 * name value members and pointer-member sections of one struct variable
 * (`copy(v.scale, v.count, v.x[0:n])`, `present(s.a, s.b, s.c[0:N])` after
 * enter data of the same), with other members only read in the region.
 * The value members are the device copies (written there, copied back),
 * the sections are the mapped data, the other members the host's values.
 * Before, GCC's deep-copy-1 and struct-copyout-2 shapes were refused
 * ("pointer member ... in a data clause of this compute construct"). */
#include "e2e.h"
#include <stdlib.h>

#define N 200

struct vec {
  double scale;
  int count;
  double *x;
  int shift; /* in no clause: the host's value, read only */
};

struct str {
  int a, b;
  int *c;
};

int main(void) {
  struct vec v = {2.5, 0, malloc(N * sizeof(double)), 3};
  double ref[N];
  for (int i = 0; i < N; i++)
    v.x[i] = ref[i] = i * 0.5;

#pragma acc parallel loop copy(v.scale, v.count, v.x[0:N]) reduction(+:v.count)
  for (int i = 0; i < N; i++) {
    v.x[i] = v.x[i] * v.scale + v.shift;
    v.count += i % 2;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("v.x", v.x[i], ref[i] * 2.5 + 3, 0);
  CHECK_INT("v.count", v.count, N / 2);

#pragma acc serial copy(v.scale) copyin(v.x[0:N])
  v.scale = v.x[N - 1] + v.shift;
  CHECK_REAL("v.scale written on the device", v.scale,
             ref[N - 1] * 2.5 + 3 + 3, 0);

  struct str s = {1, 2, malloc(N * sizeof(int))};
  for (int i = 0; i < N; i++)
    s.c[i] = i + 10;
#pragma acc enter data copyin(s.a, s.b, s.c[0:N])
#pragma acc serial present(s.a, s.b, s.c[0:N])
  {
    s.a = 3;
    s.b = s.c[5] + 4;
    for (int i = 0; i < N; i++)
      s.c[i] = i + 20;
  }
#pragma acc exit data copyout(s.a, s.b, s.c[0:N])
  CHECK_INT("s.a", s.a, 3);
  CHECK_INT("s.b", s.b, 15 + 4);
  for (int i = 0; i < N; i++)
    CHECK_INT("s.c", s.c[i], i + 20);
  free(s.c);
  free(v.x);
  return e2e_done();
}
