/* compute_unsigned_char.c — plain char where it is unsigned (-funsigned-char,
 * as on AArch64 and POWER): the kernels' char was the device compilers'
 * signed one, so 200 read back as -56 on the emulator and multicore (and
 * would on a GPU).  Plain char now follows the host's signedness
 * (kernel-gen-expr.cc).  Also string literals (a routine's table, printf's
 * format) and char arithmetic.  Against serial loops. */
/* accgpu-test: cflags -funsigned-char */
#include "e2e.h"

#pragma acc routine seq
static int digit_of(char c)
{
  const char *digits = "0123456789";
  for (int k = 0; digits[k]; k++)
    if (digits[k] == c)
      return k;
  return c > 127 ? 1000 + c : -1; /* a high char is > 127 when unsigned */
}

int main(void)
{
  char c[6] = {(char)200, (char)-1, 100, 0, '7', (char)0x80};
  int out[6], dig[6];
  char half[6];
#pragma acc parallel loop copyin(c) copyout(out, dig, half)
  for (int i = 0; i < 6; i++) {
    out[i] = c[i];
    dig[i] = digit_of(c[i]);
    half[i] = c[i] / 2;
  }
#pragma acc serial
  printf("%s %d\n", "device", (int)(char)255);
  for (int i = 0; i < 6; i++) {
    CHECK_INT("char read as int", out[i], c[i]);
    CHECK_INT("digit_of", dig[i], digit_of(c[i]));
    CHECK_INT("char / 2", half[i], (char)(c[i] / 2));
  }
  return e2e_done();
}
