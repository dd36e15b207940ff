/* Shared by same_a.c, same_b.c and the tests that link them. */
#include <stdio.h>
#define SAME_N 200
#define SAME_A_ADD 1.0
#define SAME_A_C0 2.0
#define SAME_A_C1 0.5
#define SAME_B_ADD -3.0
#define SAME_B_C0 5.0
#define SAME_B_C1 7.0

void same_a_run(double *out, double *kept, int n);
void same_b_run(double *out, double *kept, int n);

/* Checks what same_X_run gave against a serial computation; 0 when right. */
static inline int same_check(const char *who, const double *out,
                             const double *kept, int n, double add,
                             double c0, double c1)
{
  for (int i = 0; i < n; i++) {
    double g = (i + add) * c0;
    if (kept[i] != g || out[i] != g + c1) {
      fprintf(stderr, "%s: [%d] = %g (g %g), want %g (g %g)\n", who, i,
              out[i], kept[i], g + c1, g);
      return 1;
    }
  }
  return 0;
}
