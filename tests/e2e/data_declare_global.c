/* data_declare_global.c — declare copyin/create on file-scope variables:
 * mapped before main (the device copy holds the initial value), so update
 * and present clauses find them without any data directive. */
#include "e2e.h"

#define N 100

int table[N] = {5, 6, 7};
#pragma acc declare copyin(table)
double scratch[N];
#pragma acc declare create(scratch)

int main(void)
{
  int sep = e2e_separate_memory();
#ifdef _OPENACC
  CHECK_TRUE("table present", acc_is_present(table, sizeof table));
  CHECK_TRUE("scratch present", acc_is_present(scratch, sizeof scratch));
  int d = 0;
  acc_memcpy_from_device(&d, acc_deviceptr(&table[2]), sizeof d);
  CHECK_INT("device table[2] holds the initial value", d, 7);
#endif
  table[2] = -1;
#pragma acc update self(table[0:3])
  CHECK_INT("update self brings the device value back", table[2],
            sep ? 7 : -1);
  for (int i = 0; i < N; i++)
    scratch[i] = i * 0.5;
#pragma acc update device(scratch)
  for (int i = 0; i < N; i++)
    scratch[i] = 0;
#pragma acc update self(scratch[10:5])
  for (int i = 0; i < N; i++)
    CHECK_REAL("scratch", scratch[i], sep && i >= 10 && i < 15 ? i * 0.5 : 0,
               0);
  return e2e_done();
}
