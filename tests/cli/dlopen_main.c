/* Loads tests/cli/dlopen_lib.c's library (path in argv[1]) with dlopen and
   calls it from 4 threads at once, 20 times each, against serial sums
   computed here.  Prints "ok", or how many calls differed. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
static double (*sum_squares)(int, int);
static double (*scaled_rows)(int, int, int);

static double want_squares(int n, int seed) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += ((i * seed) % 17 * 0.5) * ((i * seed) % 17 * 0.5);
  return s;
}

static double want_rows(int nr, int nc, int seed) {
  double t = 0;
  for (int i = 0; i < nr * nc; i++)
    t += (i + seed) % 9 * 0.25 * (double)(i / nc % 4 + 1);
  return t;
}

static void *calls(void *arg) {
  int seed = (int)(long)arg;
  long wrong = 0;
  for (int r = 0; r < 20; r++) {
    wrong += sum_squares(3000 + r, seed) != want_squares(3000 + r, seed);
    wrong += scaled_rows(40, 33 + r, seed) != want_rows(40, 33 + r, seed);
  }
  return (void *)wrong;
}

int main(int argc, char **argv) {
  void *lib = argc > 1 ? dlopen(argv[1], RTLD_NOW) : NULL;
  if (!lib) {
    fprintf(stderr, "dlopen: %s\n", argc > 1 ? dlerror() : "no path");
    return 1;
  }
  *(void **)&sum_squares = dlsym(lib, "lib_sum_squares");
  *(void **)&scaled_rows = dlsym(lib, "lib_scaled_rows");
  if (!sum_squares || !scaled_rows) {
    fprintf(stderr, "dlsym: %s\n", dlerror());
    return 1;
  }
  pthread_t t[THREADS];
  long wrong = 0;
  for (long k = 0; k < THREADS; k++)
    pthread_create(&t[k], NULL, calls, (void *)(k + 3));
  for (int k = 0; k < THREADS; k++) {
    void *w;
    pthread_join(t[k], &w);
    wrong += (long)w;
  }
  if (wrong)
    printf("%ld of %d calls wrong\n", wrong, THREADS * 40);
  else
    printf("ok\n");
  return wrong != 0;
}
