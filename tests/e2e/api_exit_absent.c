/* api_exit_absent.c — acc_copyout, acc_delete and their _finalize and
 * _async forms on data that is not present do nothing (OpenACC 3.3
 * §2.7.8, §2.7.11: exit data of data whose reference counter is zero
 * takes no action, and the routines are its equivalents), like exit data
 * itself: the host data stays as it was, present data elsewhere is not
 * touched, and a second acc_copyout after the data's last reference has
 * gone does not copy again.  Before, every routine stopped the program
 * with "... is not present" (GCC's pr92970-1, refcounting-2). */
#include "e2e.h"

#define N 32

int main(void) {
  int a[N], b[N], ref[N];
  int q = 0;
  for (int i = 0; i < N; i++)
    a[i] = b[i] = ref[i] = i * 7;

  /* a was never mapped. */
  acc_copyout(a, sizeof a);
  acc_copyout_async(a, sizeof a, q++);
  acc_copyout_finalize(a, sizeof a);
  acc_copyout_finalize_async(a, sizeof a, q++);
  acc_delete(a, sizeof a);
  acc_delete_async(a, sizeof a, q++);
  acc_delete_finalize(a, sizeof a);
  acc_delete_finalize_async(a, sizeof a, q++);
#pragma acc exit data copyout(a) finalize
  acc_wait_all();
  for (int i = 0; i < N; i++)
    CHECK_INT("a after exits of absent data", a[i], ref[i]);

  /* b: mapped once, changed on the device, copied out; then more exits
     find it absent and leave the host's copy alone. */
  acc_copyin(b, sizeof b);
#pragma acc parallel loop present(b)
  for (int i = 0; i < N; i++)
    b[i] += 1;
  acc_copyout(b, sizeof b);
  for (int i = 0; i < N; i++)
    b[i] -= 100; /* the host's value from now on */
  acc_copyout(b, sizeof b);
  acc_copyout_finalize(b, sizeof b);
  acc_delete(b, sizeof b);
  for (int i = 0; i < N; i++)
    CHECK_INT("b after the second copyout", b[i], ref[i] + 1 - 100);

  /* A routine on absent a leaves present b alone. */
  for (int i = 0; i < N; i++)
    b[i] = ref[i];
  acc_copyin(b, sizeof b);
  acc_delete(a, sizeof a);
#pragma acc parallel loop present(b)
  for (int i = 0; i < N; i++)
    b[i] *= 2;
  acc_copyout(b, sizeof b);
  for (int i = 0; i < N; i++)
    CHECK_INT("b, present through the exit of a", b[i], ref[i] * 2);
  return e2e_done();
}
