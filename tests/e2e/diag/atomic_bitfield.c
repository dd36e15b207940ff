/* An `atomic update` of a bit-field member: GCC turns the store into a
 * BIT_INSERT_EXPR on the field's containing word, which the kernel
 * generator does not take; the message said "unsupported ternary
 * operation".  It now says what is not supported, at the statement. */
/* accgpu-expect: sorry: 12: atomic access to a bit-field */
struct bf { unsigned lo : 4, hi : 12; };

int count(struct bf *b, int n) {
#pragma acc parallel loop copy(b[0:1])
  for (int i = 0; i < n; i++) {
#pragma acc atomic update
    b->hi += 1;
  }
  return b->hi;
}
