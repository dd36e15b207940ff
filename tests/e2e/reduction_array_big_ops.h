/* reduction_array_big_ops.h — reduction_array_big.h for + * max min on
 * type T (TNAME its name, CHECK_T its check), and with BIG_BITOPS also
 * & | ^ && ||.  Values are small integers (powers of two and -1 for *)
 * so that every order of combining gives the same result, in floating
 * point too.  main(): a run-time 1000 bins (1001 with an argument),
 * 20000 updates. */
#define OPTOK +
#define OPF(a, b) ((a) + (b))
#define INIT(b) ((T)((b) % 7))
#define VAL(i) ((T)((i) * 37 % 23 - 11))
#define OPNAME add
#include "reduction_array_big.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef OPNAME

#define OPTOK *
#define OPF(a, b) ((a) * (b))
#define INIT(b) ((T)((b) % 3 == 0 ? -1 : 1))
#define VAL(i) ((T)((i) % 101 == 0 ? 2 : (i) % 89 == 0 ? -1 : 1))
#define OPNAME mul
#include "reduction_array_big.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef OPNAME

#define OPTOK max
#define OPF(a, b) ((a) > (b) ? (a) : (b))
#define INIT(b) ((T)((b) % 50))
#define VAL(i) ((T)((i) * 53 % 211 - 100))
#define OPNAME max
#include "reduction_array_big.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef OPNAME

#define OPTOK min
#define OPF(a, b) ((a) < (b) ? (a) : (b))
#define INIT(b) ((T)((b) % 50 - 25))
#define VAL(i) ((T)((i) * 53 % 211 - 100))
#define OPNAME min
#include "reduction_array_big.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef OPNAME

#ifdef BIG_BITOPS
#define OPTOK &
#define OPF(a, b) ((a) & (b))
#define INIT(b) ((T)(0x7fff ^ (1 << (b) % 5)))
#define VAL(i) ((T)(0x7fff ^ (1 << (i) % 13)))
#define OPNAME and
#include "reduction_array_big.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef OPNAME

#define OPTOK |
#define OPF(a, b) ((a) | (b))
#define INIT(b) ((T)(1 << (b) % 3))
#define VAL(i) ((T)(1 << (i) % 17))
#define OPNAME or
#include "reduction_array_big.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef OPNAME

#define OPTOK ^
#define OPF(a, b) ((a) ^ (b))
#define INIT(b) ((T)((b) & 255))
#define VAL(i) ((T)((i) * 37 & 1023))
#define OPNAME xor
#include "reduction_array_big.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef OPNAME

#define OPTOK &&
#define OPF(a, b) ((a) && (b))
#define INIT(b) ((T)((b) % 5 != 0))
#define VAL(i) ((T)((i) % 29 != 0))
#define OPNAME land
#include "reduction_array_big.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef OPNAME

#define OPTOK ||
#define OPF(a, b) ((a) || (b))
#define INIT(b) ((T)((b) % 5 == 0))
#define VAL(i) ((T)((i) % 31 == 0))
#define OPNAME lor
#include "reduction_array_big.h"
#undef OPTOK
#undef OPF
#undef INIT
#undef VAL
#undef OPNAME
#endif

static void big_all(int nb, int n)
{
  big_add(nb, n);
  big_mul(nb, n);
  big_max(nb, n);
  big_min(nb, n);
#ifdef BIG_BITOPS
  big_and(nb, n);
  big_or(nb, n);
  big_xor(nb, n);
  big_land(nb, n);
  big_lor(nb, n);
#endif
}

int main(int argc, char **argv)
{
  (void)argv;
  big_all(1000 + (argc > 1), 20000);
  return e2e_done();
}
