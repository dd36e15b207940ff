/* fork_child_emulator_allowed.c — with ACCGPU_EMU_FORK=allow a fork()ed
 * child uses the emulator its parent had started.  The child has none of
 * the parent's queue threads: its first region waited forever for them,
 * then hung signalling their condition variables (emulator/queue.c,
 * adopt).  The parent forks with an async kernel still queued; the child
 * runs synchronous and async regions of its own; both check their data. */
/* accgpu-test: env ACCGPU_EMU_FORK=allow */
/* accgpu-test: accgpu-only */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e.h"

#define N 4096

static int child(double *a, double *b)
{
#pragma acc parallel loop copy(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] += 1.0;
#pragma acc parallel loop copyout(b[0:N]) async(3)
  for (int i = 0; i < N; i++)
    b[i] = 3.0 * i;
#pragma acc wait(3)
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += a[i] != i + 1.0 || b[i] != 3.0 * i;
  return bad != 0;
}

int main(void)
{
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  double *c = malloc(N * sizeof *c);
#pragma acc parallel loop copyout(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc enter data create(c[0:N])
#pragma acc parallel loop present(c[0:N]) async(1)
  for (int i = 0; i < N; i++)
    c[i] = 2.0 * i;
  pid_t pid = fork();
  if (pid == 0)
    _exit(child(a, b));
  int st = 0;
  CHECK_TRUE("waitpid", waitpid(pid, &st, 0) == pid);
  CHECK_TRUE("child exited", WIFEXITED(st));
  CHECK_INT("child status", WEXITSTATUS(st), 0);
#pragma acc exit data copyout(c[0:N]) async(1)
#pragma acc wait(1)
  for (int i = 0; i < N; i++)
    CHECK_REAL("parent's async result", c[i], 2.0 * i, 0);
  free(a);
  free(b);
  free(c);
  return e2e_done();
}
