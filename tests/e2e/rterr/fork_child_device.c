/* A fork()ed child cannot use a device with its own memory once its parent
 * initialised it: CUDA fails there with "initialization error", and the
 * emulator refuses it the same way.  The child's construct is a clear
 * error naming its line; the parent returns the child's exit status. */
/* accgpu-expect-stderr: accgpu: error: .*fork_child_device\.c:23 .*the (emulator|nvidia) device cannot be used in this process: its parent process initialised it before fork\(\) */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 100
static double a[N];

int main(void)
{
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < N; i++)
    a[i] = i;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0)
    return 3;
  if (pid == 0) {
#pragma acc parallel loop copy(a)
    for (int i = 0; i < N; i++)
      a[i] += 1;
    _exit(0);
  }
  int st = 0;
  if (waitpid(pid, &st, 0) != pid)
    return 3;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}
