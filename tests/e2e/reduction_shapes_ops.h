/* reduction_shapes_ops.h — reduction_shapes.h for + * max min on type T
 * (TNAME its name); main() runs them all.  Values are small integers (and
 * powers of two for *) so that every order of combining gives the same
 * result, in floating point too. */
#define OPTOK +
#define OPF(a, b) ((a) + (b))
#define INIT ((T)3)
#define VAL(k) ((T)((k) * 37 % 23 - 11))
#define NAME TNAME " +"
#define OPNAME add
#include "reduction_shapes.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef NAME
#undef OPNAME

#define OPTOK *
#define OPF(a, b) ((a) * (b))
#define INIT ((T)-1)
#define VAL(k) ((T)((k) % 101 == 0 ? 2 : (k) % 89 == 0 ? -1 : 1))
#define NAME TNAME " *"
#define OPNAME mul
#include "reduction_shapes.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef NAME
#undef OPNAME

#define OPTOK max
#define OPF(a, b) ((a) > (b) ? (a) : (b))
#define INIT ((T)105)
#define VAL(k) ((T)((k) * 53 % 211 - 100))
#define NAME TNAME " max"
#define OPNAME max
#include "reduction_shapes.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef NAME
#undef OPNAME

#define OPTOK min
#define OPF(a, b) ((a) < (b) ? (a) : (b))
#define INIT ((T)-95)
#define VAL(k) ((T)((k) * 53 % 211 - 100))
#define NAME TNAME " min"
#define OPNAME min
#include "reduction_shapes.h"

int main(void) {
  run_add();
  run_mul();
  run_max();
  run_min();
  return e2e_errors != 0;
}
