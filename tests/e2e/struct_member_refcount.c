/* struct_member_refcount.c — enter data of members of a present struct
 * (`copyin(v.n, v.x[0:n], v.y[0:n], v.z[0:n])` after `copyin(v)`), then one
 * exit data per member.  Only the clause's items count (OpenACC 3.3
 * §2.7.7-2.7.8): v.n adds a reference to v, each section its own; the
 * pointer members GCC maps to hold the attached pointers count nothing.
 * Before, the three pointer members made one item that added one
 * reference to v while each of the three exits took one away: v was
 * unmapped by the second pointer member's exit and the struct's device
 * copy (with its attached pointers) was gone (GCC's deep-copy-8).
 * Also: the same members entered while v is not present (the pointers
 * mapped on their own, as before, and released by the exits).  Presence
 * is checked where memory is not shared with the host (the emulator). */
#include "e2e.h"
#include <stdlib.h>

#define N 64

struct grid {
  int n;
  double *x, *y, *z;
};

/* Data never mapped is present only where the device shares host memory. */
static int probe;
#define PRESENT(what, addr, bytes, want)                                      \
  CHECK_INT(what, acc_is_present(addr, bytes), shared ? 1 : (want))

int main(void) {
  int shared = acc_is_present(&probe, sizeof probe);
  struct grid v;
  v.n = N;
  v.x = malloc(N * sizeof(double));
  v.y = malloc(N * sizeof(double));
  v.z = malloc(N * sizeof(double));
  double ref_x[N], ref_y[N];
  for (int i = 0; i < N; i++) {
    v.x[i] = ref_x[i] = i;
    v.y[i] = ref_y[i] = 2 * i;
    v.z[i] = 0;
  }

#pragma acc enter data copyin(v)
  for (int round = 0; round < 4; round++) {
#pragma acc enter data copyin(v.n, v.x[0:N], v.y[0:N], v.z[0:N])
#pragma acc parallel loop present(v)
    for (int i = 0; i < v.n; i++)
      v.z[i] = v.x[i] + v.y[i] + round;
#pragma acc exit data copyout(v.z[0:N])
    PRESENT("v after the first member's exit", &v, sizeof v, 1);
#pragma acc exit data delete(v.y[0:N])
    PRESENT("v after the second member's exit", &v, sizeof v, 1);
#pragma acc exit data delete(v.x[0:N])
#pragma acc exit data copyout(v.n)
    PRESENT("v after the members' exits", &v, sizeof v, 1);
    PRESENT("v.x after its exit", v.x, N * sizeof(double), 0);
    PRESENT("v.z after its exit", v.z, N * sizeof(double), 0);
    for (int i = 0; i < N; i++)
      CHECK_REAL("v.z from the device", v.z[i], ref_x[i] + ref_y[i] + round,
                 0);
  }
#pragma acc exit data delete(v)
  PRESENT("v after its own exit", &v, sizeof v, 0);

  /* The struct not present: the sections and their pointers are mapped,
     and the exits release all of it. */
#pragma acc enter data copyin(v.x[0:N], v.y[0:N])
  PRESENT("v.x entered alone", v.x, N * sizeof(double), 1);
  PRESENT("v.y entered alone", v.y, N * sizeof(double), 1);
#pragma acc exit data delete(v.x[0:N], v.y[0:N])
  PRESENT("v.x after its exit", v.x, N * sizeof(double), 0);
  PRESENT("v.x's pointer after the exit", &v.x, sizeof v.x, 0);
  free(v.x);
  free(v.y);
  free(v.z);
  return e2e_done();
}
