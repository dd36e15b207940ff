/* child.h — runs a test body in a forked child: for runtime paths that end
 * the process (fatal errors), asserted from the parent. */
#ifndef ACCGPU_TEST_CHILD_H
#define ACCGPU_TEST_CHILD_H 1

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs FN in a child process with stderr captured; returns its exit status
   (-1 when it did not exit) and its stderr in OUT. */
__attribute__((unused)) static int run_child(void (*fn)(void), char *out, size_t n) {
  int pfd[2];
  if (pipe(pfd) != 0)
    return -2;
  /* The child goes on with the parent's emulator devices (a GPU program
     could not: core.c, forked_child). */
  setenv("ACCGPU_EMU_FORK", "allow", 1);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(pfd[1], 2);
    close(pfd[0]);
    fn();
    _exit(0);
  }
  close(pfd[1]);
  size_t got = 0;
  ssize_t r;
  while (got + 1 < n && (r = read(pfd[0], out + got, n - 1 - got)) > 0)
    got += (size_t)r;
  out[got] = 0;
  close(pfd[0]);
  int st;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Asserts FN exits with status 1 printing exactly one line that contains
   every string of WANT (NULL-terminated). */
__attribute__((unused)) static void expect_fatal(void (*fn)(void), const char *const *want) {
  char out[4096];
  int st = run_child(fn, out, sizeof out);
  CU_ASSERT_EQUAL(st, 1);
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "accgpu: error: "));
  char *nl = strchr(out, '\n');
  CU_ASSERT(nl && nl[1] == 0); /* one line */
  for (; *want; want++)
    if (!strstr(out, *want)) {
      fprintf(stdout, "\n  missing '%s' in: %s", *want, out);
      CU_FAIL("error text");
    }
}

#endif
