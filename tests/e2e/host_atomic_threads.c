/* Two host threads run the same compute construct at once, each adding to
 * shared counters with `atomic update`.  On the host device a construct's
 * atomics were plain loads and stores (one thread per construct), and GCC
 * keeps such a counter in a register for the whole loop: one thread's
 * updates were lost.  Once the process has a second thread (glibc's
 * __libc_single_threaded), host atomics take a lock around the load and
 * store (runtime/host.c); every device must give the exact totals of the
 * serial count. */
#include <pthread.h>
#include <stdio.h>

#define N 400000
#define ROUNDS 8

static long cnt;
static double fsum;
static int tally[4];
static pthread_barrier_t start;

static void *work(void *arg) {
  int id = *(int *)arg;
  pthread_barrier_wait(&start);
#pragma acc parallel loop copy(cnt, fsum, tally)
  for (int i = 0; i < N; i++) {
#pragma acc atomic update
    cnt += 1;
#pragma acc atomic
    fsum += 0.5;
#pragma acc atomic update
    tally[(i + id) & 3]++;
  }
  return NULL;
}

int main(void) {
  long want = 0;
  int bad = 0;
  for (int r = 0; r < ROUNDS; r++) {
    pthread_t t[2];
    int id[2] = {0, 1};
    pthread_barrier_init(&start, NULL, 2);
    for (int k = 0; k < 2; k++)
      pthread_create(&t[k], NULL, work, &id[k]);
    for (int k = 0; k < 2; k++)
      pthread_join(t[k], NULL);
    pthread_barrier_destroy(&start);
    want += 2L * N; /* the serial count: N per thread and round */
    bad += cnt != want || fsum != 0.5 * (double)want;
  }
  long sum = tally[0] + tally[1] + tally[2] + tally[3];
  bad += sum != want || tally[0] != want / 4;
  if (bad) {
    fprintf(stderr, "lost updates: %ld (want %ld), %g, tally %ld\n", cnt, want,
            fsum, sum);
    return 1;
  }
  printf("%ld %g\n", cnt, fsum);
  return 0;
}
