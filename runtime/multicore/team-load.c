/* team-load.c — finds and loads libaccgpu-mc.so (team.c: the blocks of a
 * launch over libgomp's thread pool) the first time a multicore launch runs.
 * Programs that never pick the multicore device never load libgomp; those
 * that pick it with ACC_DEVICE_TYPE=multicore load it as they start
 * (preload), not in the first launch they time: a millisecond or more of
 * dynamic loading and libgomp's start-up on a small machine.
 *
 * Where: beside the libaccgpu.so this code is in (dladdr), else by its
 * name (the loader's path: rpath, LD_LIBRARY_PATH, the system's), else in
 * the build tree it came from (static links of an uninstalled build). */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/single_threaded.h>

#include "core.h"
#include "device.h"
#include "multicore/mc.h"

#define MC_LIB "libaccgpu-mc.so"

typedef int team_run_fn(const accgpu_mc_launch *l);
typedef void team_start_fn(int threads);

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static team_run_fn *team_run;
static team_start_fn *team_start;
static char load_error[512];

/* dlopen of MC_LIB in the directory of FILE (a path). */
static void *open_beside(const char *file) {
  char path[PATH_MAX];
  const char *slash = file ? strrchr(file, '/') : NULL;
  if (!slash || (size_t)(slash - file) + sizeof MC_LIB + 1 > sizeof path)
    return NULL;
  memcpy(path, file, (size_t)(slash - file) + 1);
  strcpy(path + (slash - file) + 1, MC_LIB);
  return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

static void load_team(void) {
  Dl_info self;
  void *h = NULL;
  if (dladdr((void *)load_team, &self) && self.dli_fname &&
      strstr(self.dli_fname, ".so"))
    h = open_beside(self.dli_fname);
  if (!h)
    h = dlopen(MC_LIB, RTLD_NOW | RTLD_LOCAL);
  if (!h)
    h = open_beside(ACCGPU_BUILD_LIBDIR "/");
  if (!h) {
    snprintf(load_error, sizeof load_error, "%s", dlerror());
    return;
  }
  team_start = (team_start_fn *)dlsym(h, "accgpu_mc_team_start");
  team_run = (team_run_fn *)dlsym(h, "accgpu_mc_team_run");
  if (!team_run || !team_start)
    snprintf(load_error, sizeof load_error, "%s", dlerror());
}

/* libgomp reads its wait policy once, from the environment, as it loads
   (with MC_LIB, below).  Its default spins about 3 ms before a waiting
   thread sleeps; where other processes use the cores too, a spinning
   worker holds the core its partner needs: NPB CG class W took 0.47-11 s
   on multicore against the host device's 0.23 s on the 2-core VM at load
   2-4.  Unless the user chose (OMP_WAIT_POLICY, GOMP_SPINCOUNT) or the
   program loaded libgomp itself (its policy is set), the team spins
   MC_SPIN rounds, libgomp's own count for more threads than CPUs (about
   10 us): 0.35-0.39 s there (10000 rounds: 1.3-1.4 s; passive: 0.26-0.30
   s, but a sleeping team costs every launch a wake-up on an idle machine).
   The variable exists only while libgomp loads, and is set only while the
   process has one thread (setenv races with other threads' getenv).
   Returns whether it set it. */
#define MC_SPIN "1000"
static int spin_set(void) {
  if (getenv("OMP_WAIT_POLICY") || getenv("GOMP_SPINCOUNT") ||
      !__libc_single_threaded)
    return 0;
  void *gomp = dlopen("libgomp.so.1", RTLD_NOLOAD | RTLD_LAZY);
  if (gomp) {
    dlclose(gomp);
    return 0;
  }
  return setenv("GOMP_SPINCOUNT", MC_SPIN, 0) == 0;
}

static void load(void) {
  int spin = spin_set();
  load_team();
  if (spin)
    unsetenv("GOMP_SPINCOUNT");
}

/* ACC_DEVICE_TYPE=multicore at start-up (core.c's start-up hook): the team
   is loaded now, not in the first launch a program times. */
void accgpu_mc_preload(void) { pthread_once(&load_once, load); }

void accgpu_mc_start_team(int threads) {
  pthread_once(&load_once, load);
  if (team_start && threads > 1)
    team_start(threads);
}

int accgpu_mc_run(const accgpu_mc_launch *l) {
  pthread_once(&load_once, load);
  if (!team_run) {
    accgpu_set_error(ACCGPU_ERR_LAUNCH, "multicore: cannot load " MC_LIB
                     " (the thread team, with libgomp): %s", load_error);
    return -1;
  }
  if (team_run(l) != 0) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "multicore: out of host memory for "
                     "%u B of dynamic shared memory per block",
                     l->shared_bytes);
    return -1;
  }
  return 0;
}
