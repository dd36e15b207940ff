/* data_unstructured.c — enter/exit data and update, observed on the device
 * through the OpenACC API (acc_is_present, acc_memcpy_from_device): copyin
 * copies the value at the time of the directive, create does not copy,
 * update device/self move data both ways, exit data copyout/delete with
 * reference counts and finalize, if(), async + wait, if_present; the
 * multi-GPU extension's words used as variable names on acc lines. */
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define N 1000

/* The device copy of HOST[0:n] (a separate buffer on the emulator). */
static void device_copy(double *out, double *host, int n)
{
#ifdef _OPENACC
  acc_memcpy_from_device(out, acc_deviceptr(host), n * sizeof *host);
#else
  memcpy(out, host, n * sizeof *host);
#endif
}

int main(void)
{
  int n = N, sep = e2e_separate_memory();
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *dev = malloc(n * sizeof *dev);
  for (int i = 0; i < n; i++)
    a[i] = i, b[i] = -1;

  /* copyin snapshots a; later host writes stay on the host. */
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
  CHECK_TRUE("a present", e2e_present(a, n * sizeof *a, 1));
  CHECK_TRUE("b present", e2e_present(b, n * sizeof *b, 1));
  for (int i = 0; i < n; i++)
    a[i] = 2 * i;
  device_copy(dev, a, n);
  for (int i = 0; i < n; i++)
    CHECK_REAL("device a after copyin", dev[i], sep ? i : 2 * i, 0);

  /* update device(a[10:20]) moves only that section. */
#pragma acc update device(a[10:20])
  device_copy(dev, a, n);
  for (int i = 0; i < n; i++)
    CHECK_REAL("device a after update", dev[i],
               sep && (i < 10 || i >= 30) ? i : 2 * i, 0);

  /* update self brings the device values back over host changes. */
  for (int i = 0; i < n; i++)
    a[i] = -5;
#pragma acc update self(a[0:n])
  for (int i = 0; i < n; i++)
    CHECK_REAL("host a after update self", a[i],
               sep ? (i >= 10 && i < 30 ? 2 * i : i) : -5, 0);

  /* A second enter bumps the count: one exit keeps it, the next frees. */
#pragma acc enter data copyin(a[0:n])
#pragma acc exit data delete(a[0:n])
  CHECK_TRUE("a still present", e2e_present(a, n * sizeof *a, 1));
  for (int i = 0; i < n; i++)
    a[i] = 7;
#pragma acc exit data copyout(a[0:n])
  if (sep)
    CHECK_INT("a gone", e2e_present(a, n * sizeof *a, 1), 0);
  for (int i = 0; i < n; i++)
    CHECK_REAL("a copied out", a[i],
               sep ? (i >= 10 && i < 30 ? 2 * i : i) : 7, 0);

  /* finalize drops every dynamic reference at once. */
#pragma acc enter data copyin(b[0:n])
#pragma acc enter data copyin(b[0:n])
#pragma acc exit data delete(b[0:n]) finalize
  if (sep)
    CHECK_INT("b finalized", e2e_present(b, n * sizeof *b, 1), 0);

  /* if(0) does nothing; if(1) maps. */
  int no = n < 0, yes = n > 0;
#pragma acc enter data copyin(a[0:n]) if(no)
  if (sep)
    CHECK_INT("if(0) maps nothing", e2e_present(a, n * sizeof *a, 1), 0);
#pragma acc enter data copyin(a[0:n]) if(yes) async(3)
#pragma acc wait(3)
  CHECK_TRUE("if(1) maps", e2e_present(a, n * sizeof *a, 1));

  /* async update then wait; if_present skips what is absent. */
  for (int i = 0; i < n; i++)
    a[i] = 3 * i, b[i] = 1;
#pragma acc update device(a[0:n]) async(1)
#pragma acc update device(b[0:n]) if_present wait(1) async(2)
#pragma acc wait
  device_copy(dev, a, n);
  for (int i = 0; i < n; i++)
    CHECK_REAL("device a after async update", dev[i], 3 * i, 0);
#pragma acc exit data delete(a[0:n]) async
#pragma acc wait async
#pragma acc wait
  if (sep)
    CHECK_INT("a deleted", e2e_present(a, n * sizeof *a, 1), 0);

  /* The multi-GPU extension's words stay the user's names on acc lines
     where they are not the extension: arrays named peer/to/from in update
     clauses, an int named device in a wait list. */
  {
    double peer[4] = {1, 2, 3, 4}, to[4] = {5, 6, 7, 8}, from[2] = {9, 9};
    int device = 5;
#pragma acc enter data copyin(peer, to, from)
    peer[0] = to[0] = to[1] = from[0] = -1;
#pragma acc update self(peer[0:2]) device(to[1:2]) self(from) async(device)
#pragma acc wait(device)
    CHECK_REAL("peer[0] from the device", peer[0], sep ? 1 : -1, 0);
    CHECK_REAL("from[0] from the device", from[0], sep ? 9 : -1, 0);
    CHECK_REAL("to[0] untouched", to[0], -1, 0);
#pragma acc exit data copyout(to) delete(peer, from)
    CHECK_REAL("to[1] went to the device and back", to[1], -1, 0);
    CHECK_REAL("to[0] came back from the device", to[0], sep ? 5 : -1, 0);
  }

  free(a), free(b), free(dev);
  return e2e_done();
}
