/* reduction_array_big.h — the body of reduction_array_big_*.c: a
 * histogram-style reduction (OPTOK, combining like OPF) on type T into a
 * pointer's section h[0:nb] of a run-time number of bins (over
 * ACCGPU_RED_ARRAY_MAX, so reduced with atomics on the elements), at each
 * placement: gang, worker, vector, gang worker vector, and a gang loop
 * whose inner vector loop names the same section; block shapes that are
 * not powers of two.  Every bin starts at a non-identity value that must
 * take part.  Checked against the same updates run serially.  The
 * including file defines T and TNAME once, then, before each inclusion,
 * OPTOK, OPF(a, b), INIT(b), VAL(i), CHECK_T(what, got, want) and OPNAME
 * (the suffix of this inclusion's function: big_OPNAME()). */
#ifndef REDUCTION_ARRAY_BIG_H
#define REDUCTION_ARRAY_BIG_H 1
#include <stdlib.h>

#include "e2e.h"

#define PR(x) _Pragma(#x)
#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define FN(x) CAT(x, OPNAME)
/* the bin item i falls in: scattered, every bin hit */
#define KEY(i, nb) ((int)(((unsigned)(i) * 2654435761u) % (unsigned)(nb)))
#endif

static void FN(big_check)(const char *where, const T *h, int nb, int n)
{
  T *want = malloc(nb * sizeof *want);
  for (int b = 0; b < nb; b++)
    want[b] = INIT(b);
  for (int i = 0; i < n; i++)
    want[KEY(i, nb)] = OPF(want[KEY(i, nb)], VAL(i));
  for (int b = 0; b < nb; b++)
    CHECK_T(where, h[b], want[b]);
  free(want);
}

static void FN(big_reset)(T *h, int nb)
{
  for (int b = 0; b < nb; b++)
    h[b] = INIT(b);
}

static void FN(big)(int nb, int n)
{
  T *h = malloc(nb * sizeof *h);
  FN(big_reset)(h, nb);
  PR(acc parallel loop gang num_gangs(7) reduction(OPTOK:h[0:nb]))
  for (int i = 0; i < n; i++)
    h[KEY(i, nb)] = OPF(h[KEY(i, nb)], VAL(i));
  FN(big_check)(TNAME " gang", h, nb, n);

  FN(big_reset)(h, nb);
  PR(acc parallel num_gangs(1) num_workers(5) vector_length(1))
  PR(acc loop worker reduction(OPTOK:h[0:nb]))
  for (int i = 0; i < n; i++)
    h[KEY(i, nb)] = OPF(h[KEY(i, nb)], VAL(i));
  FN(big_check)(TNAME " worker", h, nb, n);

  FN(big_reset)(h, nb);
  PR(acc parallel num_gangs(1) vector_length(40) copy(h[0:nb]))
  PR(acc loop vector reduction(OPTOK:h[0:nb]))
  for (int i = 0; i < n; i++)
    h[KEY(i, nb)] = OPF(h[KEY(i, nb)], VAL(i));
  FN(big_check)(TNAME " vector", h, nb, n);

  FN(big_reset)(h, nb);
  PR(acc parallel loop gang worker vector num_gangs(5) num_workers(3)
     vector_length(33) reduction(OPTOK:h[0:nb]))
  for (int i = 0; i < n; i++)
    h[KEY(i, nb)] = OPF(h[KEY(i, nb)], VAL(i));
  FN(big_check)(TNAME " gang worker vector", h, nb, n);

  /* a gang loop over chunks, its vector loop over the chunk's items */
  FN(big_reset)(h, nb);
  int nc = (n + 99) / 100;
  PR(acc parallel num_gangs(4) vector_length(96) copy(h[0:nb]))
  PR(acc loop gang reduction(OPTOK:h[0:nb]))
  for (int c = 0; c < nc; c++) {
    PR(acc loop vector reduction(OPTOK:h[0:nb]))
    for (int i = c * 100; i < c * 100 + 100; i++)
      if (i < n)
        h[KEY(i, nb)] = OPF(h[KEY(i, nb)], VAL(i));
  }
  FN(big_check)(TNAME " gang, inner vector", h, nb, n);
  free(h);
}
