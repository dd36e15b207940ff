/* real6_search_atomic_found.c — a search kernel that records its hit with
 * atomic writes, as student ports of "sum of three cubes" do: a
 * gang/worker/vector nest over a <= b <= c calls a `routine seq`
 * predicate, and the hit is stored with `atomic write` into scalars the
 * construct names in no data clause.  On `parallel` those scalars are
 * firstprivate (OpenACC 3.3 §2.6.2): the host never sees the hit and the
 * program searched on until its iteration limit, with no word from the
 * compiler.  accgpu now warns at each such atomic (an atomic read, a
 * scalar in copy(), a global with `declare create` get none); the
 * corrected search, with copy(), is checked against the same search run
 * serially. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>

#pragma acc routine seq
static int hit(int a, int b, int c, int s) {
  long la = (long)a * a * a, lb = (long)b * b * b, lc = (long)c * c * c;
  return labs(la + lb - lc) == s || labs(la - lb + lc) == s ||
         labs(-la + lb + lc) == s;
}

static int g_hits; /* hits of all searches, on the device */
#pragma acc declare create(g_hits)

/* The search: the largest a of a hit and the number of hits, in copy();
   `found` and `done` as the student code wrote them (warnings). */
static void search(int lo, int hi, int s, int *a_out, int *n_out) {
  int a_sol = 0, nhit = 0, found = 0, done = 0, seen = 0;
#pragma acc parallel loop gang copy(a_sol, nhit)
  for (int a = lo; a <= hi; a++) {
#pragma acc loop worker
    for (int b = 1; b <= a; b++) {
#pragma acc loop vector
      for (int c = 1; c <= b; c++) {
        if (hit(a, b, c, s)) {
#pragma acc atomic write
          found = a; /* accgpu-expect-warning: .found. is firstprivate on this .parallel. construct \(a scalar without a data clause\): the atomic changes a copy made for the construct, never .found. after it; add .copy\(found\). */
#pragma acc atomic update /* accgpu-expect-warning: .done. is firstprivate on this .parallel. construct */
          done++;
#pragma acc atomic update
          nhit++;
#pragma acc atomic update
          g_hits++; /* its device copy: no warning */
          int cur;
#pragma acc atomic read
          cur = a_sol;
          while (cur < a) { /* atomic max by retry */
#pragma acc atomic capture
            { cur = a_sol; a_sol = a > a_sol ? a : a_sol; }
          }
        }
#pragma acc atomic read
        seen = done; /* a read: no warning */
      }
    }
  }
  (void)found;
  (void)seen;
  *a_out = a_sol;
  *n_out = nhit;
}

int main(void) {
  int all_hits = 0;
  g_hits = 0;
#pragma acc update device(g_hits)
  for (int s = 1; s <= 40; s += 13) {
    int want_a = 0, want_n = 0, got_a, got_n;
    for (int a = 1; a <= 60; a++)
      for (int b = 1; b <= a; b++)
        for (int c = 1; c <= b; c++)
          if (hit(a, b, c, s)) {
            want_n++;
            want_a = a;
          }
    search(1, 60, s, &got_a, &got_n);
    CHECK_INT("hits", got_n, want_n);
    CHECK_INT("largest a", got_a, want_a);
    all_hits += want_n;
  }
#pragma acc update self(g_hits)
  CHECK_INT("declared global", g_hits, all_hits);
  return e2e_done();
}
