/* data_struct_element_member_rest.c — a compute construct names a member of
 * an element of a pointer to structs (`copy(arr[1].v)`, `copy(arr[j].v)`
 * with j a variable, `copy(arr[1].v[0:N])`, `copyin(arr[j].v)`,
 * `present(arr[1].v)` inside `data copy(arr[0:3])`) and its region also
 * reads another member of that element (`arr[1].c`).  OpenACC 3.3 §2.6.2:
 * the element is then implicitly `copy` as an aggregate, so the kernel's
 * arr must reach the device copy of the whole element.  Before, only the
 * member was mapped, and arr's implicit section arr[1:1] took the
 * element's device address from the member's block: the kernel read
 * arr[1].c 8 bytes before that block (the emulator's memcheck: "8 bytes
 * before the start of a device allocation: 'arr + 520->v'"); host and
 * multicore share memory and passed.  A region that uses only the member
 * keeps the member's own map (present inside a data region that entered
 * only that member).                                                    */
#include "e2e.h"

#include <stdlib.h>

#define N 64

struct S {
  int c;
  double v[N];
};

static void init(struct S *arr)
{
  for (int j = 0; j < 3; j++) {
    arr[j].c = j + 1;
    for (int i = 0; i < N; i++)
      arr[j].v[i] = i;
  }
}

/* Element K's v is i + ADD (the others untouched); every c as init's. */
static void check(const char *what, const struct S *arr, int k, double add)
{
  for (int j = 0; j < 3; j++) {
    CHECK_INT(what, arr[j].c, j + 1);
    for (int i = 0; i < N; i++)
      CHECK_REAL(what, arr[j].v[i], i + (j == k ? add : 0), 0);
  }
}

/* Constant index: the member whole, then as a section. */
static void constant_index(struct S *arr)
{
  init(arr);
#pragma acc parallel loop copy(arr[1].v)
  for (int i = 0; i < N; i++)
    arr[1].v[i] += arr[1].c;
  check("copy(arr[1].v)", arr, 1, 2);

  init(arr);
#pragma acc parallel loop copy(arr[2].v[0:N])
  for (int i = 0; i < N; i++)
    arr[2].v[i] += arr[2].c;
  check("copy(arr[2].v[0:N])", arr, 2, 3);
}

/* Variable index: copy, and copyin with the results in another array. */
static void variable_index(struct S *arr, int j)
{
  double out[N];
  init(arr);
#pragma acc parallel loop copy(arr[j].v)
  for (int i = 0; i < N; i++)
    arr[j].v[i] += arr[j].c;
  check("copy(arr[j].v)", arr, j, j + 1);

  init(arr);
#pragma acc parallel loop copyin(arr[j].v) copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = arr[j].v[i] * arr[j].c;
  for (int i = 0; i < N; i++)
    CHECK_REAL("copyin(arr[j].v)", out[i], (double)i * (j + 1), 0);
}

/* Inside a data region holding all of arr: a kernel changes arr[1].c on
   the device only, the next must see it. */
static void present_in_data(struct S *arr, int j)
{
  init(arr);
#pragma acc data copy(arr[0:3])
  {
#pragma acc serial present(arr[0:3])
    arr[j].c = 10;
#pragma acc parallel loop present(arr[j].v)
    for (int i = 0; i < N; i++)
      arr[j].v[i] += arr[j].c;
  }
  CHECK_INT("present c", arr[j].c, 10);
  arr[j].c = j + 1;
  check("present(arr[j].v)", arr, j, 10);
}

/* Only the member used: it alone may be present. */
static void member_only(struct S *arr)
{
  init(arr);
#pragma acc data copy(arr[1].v)
  {
#pragma acc parallel loop present(arr[1].v)
    for (int i = 0; i < N; i++)
      arr[1].v[i] *= 2;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("member only", arr[1].v[i], 2.0 * i, 0);
}

int main(void)
{
  struct S *arr = malloc(3 * sizeof *arr);
  if (!arr)
    return 1;
  constant_index(arr);
  variable_index(arr, 1);
  variable_index(arr, 2);
  present_in_data(arr, 1);
  member_only(arr);
  free(arr);
  return e2e_done();
}
