/* multicore_preload.c — the multicore device's thread team (libaccgpu-mc.so
 * with libgomp) is loaded as the program starts when ACC_DEVICE_TYPE picks
 * the multicore device, so the first launch a program times does not pay
 * for dynamic loading; on any other device it is loaded by the first
 * multicore launch and never before.  The device itself is opened at
 * start-up too (its first construct paid 0.2-0.3 ms): it read ACC_NUM_CORES
 * before main changes it, and its threads started.  So is the program's
 * multicore image (its first launch paid 0.3-0.6 ms). */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACC_NUM_CORES=3 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "e2e.h"

/* Whether a mapping of this process names WHAT. */
static int mapped(const char *what) {
  FILE *f = fopen("/proc/self/maps", "r");
  char line[4096];
  int found = 0;
  if (!f)
    return -1;
  while (!found && fgets(line, sizeof line, f))
    found = strstr(line, what) != NULL;
  fclose(f);
  return found;
}

static int team_loaded(void) { return mapped("libaccgpu-mc.so"); }

/* Threads of this process. */
static int threads(void) {
  DIR *d = opendir("/proc/self/task");
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));)
    n += e->d_name[0] != '.';
  if (d)
    closedir(d);
  return n;
}

int main(void) {
  const char *type = getenv("ACC_DEVICE_TYPE");
  int mc = type && !strcasecmp(type, "multicore");
  CHECK_INT("team loaded at start-up iff ACC_DEVICE_TYPE=multicore",
            team_loaded(), mc);
  /* This file's kernels too (a memfd: runtime/image.c), by the module's
     constructor: the first launch loaded them inside what programs time. */
  CHECK_INT("kernel image loaded at start-up iff ACC_DEVICE_TYPE=multicore",
            mapped("accgpu-module"), mc);
  /* And the team's threads (libgomp starts them in its first parallel
     region, which was the first launch). */
  CHECK_INT("ACC_NUM_CORES threads at start-up iff ACC_DEVICE_TYPE=multicore",
            threads(), mc ? 3 : 1);
  setenv("ACC_NUM_CORES", "5", 1); /* seen only by a device opened later */
  const char *name = acc_get_property_string(0, acc_device_multicore,
                                             acc_property_name);
  const char *want = mc ? "multicore (3 threads)" : "multicore (5 threads)";
  CHECK_TRUE("device opened at start-up iff ACC_DEVICE_TYPE=multicore",
             name && !strcmp(name, want));
  long sum = 0;
#pragma acc parallel loop reduction(+:sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  CHECK_INT("sum", sum == 999L * 1000 / 2, 1);
  /* Only a multicore launch loads it. */
  CHECK_INT("team after a launch on the start-up device", team_loaded(), mc);
  acc_set_device_type(acc_device_multicore);
  sum = 0;
#pragma acc parallel loop reduction(+:sum)
  for (int i = 0; i < 1000; i++)
    sum += 2 * i;
  CHECK_INT("sum on multicore", sum == 999L * 1000, 1);
  CHECK_INT("team after a multicore launch", team_loaded(), 1);
  return e2e_done();
}
