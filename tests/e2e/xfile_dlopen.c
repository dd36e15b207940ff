/* Multi-file programs: OpenACC code in a library opened with dlopen after
 * the runtime started (this file's kernels ran first), closed and opened
 * again, three times.  Its kernels and routine must be found and its
 * declared globals mapped at each load: `declare copyin(tab)` starts from
 * tab's initial value in every load, as the library's own data does.
 * Before session 11 the second load found the device copy of the first
 * (mapped at the same address, never unmapped) and read tab doubled; and
 * every load left the library's kernel image loaded on the device (an
 * emulator or multicore image and its descriptor): the program must hold
 * as many descriptors after the third load as after the first. */
/* accgpu-test: dlopen mfplug dl_plugin.c */
#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { N = 100 };

/* libNAME.so beside this program. */
static void lib_path(char *path, size_t size, const char *name)
{
  ssize_t len = readlink("/proc/self/exe", path, size - 1);
  path[len > 0 ? len : 0] = 0;
  char *slash = strrchr(path, '/');
  snprintf(slash ? slash + 1 : path, size - (slash ? slash + 1 - path : 0),
           "lib%s.so", name);
}

/* Descriptors open in this process. */
static int open_fds(void)
{
  int n = 0;
  DIR *d = opendir("/proc/self/fd");
  if (!d)
    return -1;
  while (readdir(d))
    n++;
  closedir(d);
  return n;
}

static int check(const char *what, const double *out, double scale)
{
  for (int i = 0; i < N; i++)
    if (out[i] != scale * (i % 8 + 1) + i) {
      fprintf(stderr, "%s: out[%d] = %g, want %g\n", what, i, out[i],
              scale * (i % 8 + 1) + i);
      return 1;
    }
  return 0;
}

int main(void)
{
  char path[PATH_MAX];
  int fds = 0;
  double out[N];
#pragma acc parallel loop copyout(out[0:N])
  for (int i = 0; i < N; i++)
    out[i] = i;
  if (check("before", out, 0))
    return 1;
  lib_path(path, sizeof path, "mfplug");
  for (int round = 0; round < 3; round++) {
    void *h = dlopen(path, RTLD_NOW);
    if (!h) {
      fprintf(stderr, "dlopen: %s\n", dlerror());
      return 1;
    }
    void (*run)(double *, int);
    *(void **)&run = dlsym(h, "plug_run");
    char what[64];
    for (int call = 0; call < 2; call++) {
      for (int i = 0; i < N; i++)
        out[i] = i;
      run(out, N);
      snprintf(what, sizeof what, "load %d, call %d", round, call);
      if (check(what, out, call ? 2 : 1))
        return 1;
    }
    dlclose(h);
#pragma acc parallel loop copy(out[0:N])
    for (int i = 0; i < N; i++)
      out[i] -= 2 * (i % 8 + 1);
    if (check("after dlclose", out, 0))
      return 1;
    if (round == 0)
      fds = open_fds();
  }
  if (open_fds() != fds) {
    fprintf(stderr, "%d descriptors open after the first unload, %d after "
            "the third\n", fds, open_fds());
    return 1;
  }
  return 0;
}
