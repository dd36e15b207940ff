/* compute_gang_static.c — gang(static:N) and gang(static:*): chunks of N
 * iterations dealt round-robin to the gangs (one chunk per gang for `*`).
 * Every iteration must run exactly once whatever N, the number of gangs
 * and the trip count (not multiples of each other, N above the trip
 * count, negative steps, collapse), with inner vector loops and a gang
 * reduction.  Compared with serial code. */
#include "e2e.h"

#define N 1003
static int visit[N], v2[37][29];
static double val[N];

static void check_visits(const char *what, int lo, int hi, int step) {
  for (int i = 0; i < N; i++) {
    int in = i >= lo && i < hi && (i - lo) % step == 0;
    CHECK_INT(what, visit[i], in);
    visit[i] = 0;
  }
}

int main(void) {
  int n = N, chunk = 7;
#pragma acc parallel loop gang(static:4) num_gangs(5) copy(visit)
  for (int i = 0; i < n; i++)
    visit[i] += 1;
  check_visits("static:4, 5 gangs", 0, N, 1);

#pragma acc parallel loop gang(static:*) num_gangs(6) copy(visit)
  for (int i = 3; i < n; i += 2)
    visit[i] += 1;
  check_visits("static:*, step 2", 3, N, 2);

#pragma acc parallel loop gang(static:5000) copy(visit)
  for (int i = n - 1; i >= 10; i--)
    visit[i] += 1;
  check_visits("static:5000 > trips, negative step", 10, N, 1);

#pragma acc parallel loop gang(static:1) num_gangs(7) copy(visit)
  for (int i = 0; i < 100; i++)
    visit[i] += 1;
  check_visits("static:1", 0, 100, 1);

  /* firstprivate chunk size: not a constant, dealt one by one */
#pragma acc parallel loop gang(static:chunk) num_gangs(4) copy(visit)
  for (int i = 0; i < n; i++)
    visit[i] += 1;
  check_visits("static:chunk", 0, N, 1);

#pragma acc parallel loop gang(static:3) collapse(2) num_gangs(4) copyout(v2)
  for (int i = 0; i < 37; i++)
    for (int j = 0; j < 29; j++)
      v2[i][j] = i * 100 + j;
  for (int i = 0; i < 37; i++)
    for (int j = 0; j < 29; j++)
      CHECK_INT("static:3 collapse(2)", v2[i][j], i * 100 + j);

  double sum = 0, rsum = 0;
#pragma acc parallel loop gang(static:16) num_gangs(3) reduction(+:sum) \
    copyout(val)
  for (int i = 0; i < n; i++) {
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int k = 0; k < 50; k++)
      s += (i + k) % 11;
    val[i] = s;
    sum += s;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int k = 0; k < 50; k++)
      s += (i + k) % 11;
    CHECK_REAL("static:16 with a vector loop", val[i], s, 0);
    rsum += s;
  }
  CHECK_REAL("static:16 gang reduction", sum, rsum, 0);
  return e2e_done();
}
