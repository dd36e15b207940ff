/* compute_printf.c — printf in compute regions (and the puts and putchar
 * calls GCC makes of printf("...\n") and printf("%c", c)): each call's
 * output stays one piece; code that every vector lane runs redundantly
 * prints once.  The program sends its stdout to a temporary file for the
 * regions, then compares the lines, sorted (threads print in any order),
 * with the lines the host's printf makes of the same calls.  Also string
 * literals as data in a kernel. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"

#define N 40
#define MAXL 64

static char got[4 * N + 8][MAXL], want[4 * N + 8][MAXL];

static int by_text(const void *a, const void *b)
{
  return strcmp((const char *)a, (const char *)b);
}

/* The lines of F into LINES; their number. */
static int read_lines(FILE *f, char (*lines)[MAXL])
{
  int n = 0;
  rewind(f);
  while (n < 4 * N + 8 && fgets(lines[n], MAXL, f))
    n++;
  qsort(lines, n, MAXL, by_text);
  return n;
}

/* What the regions print, printed by the host. */
static void reference(FILE *f, const double *x)
{
  fprintf(f, "start \"q\"\t100%%\n");
  for (int i = 0; i < N; i++) {
    fprintf(f, "i=%d x=%.3f h=%x s=%s\n", i, x[i], i * 37, i % 2 ? "odd" : "even");
    fputc('A' + i % 26, f);
    fputc('\n', f);
  }
  for (int i = 0; i < N; i += 4)
    fprintf(f, "line\n");
  fprintf(f, "Z\nsolo\n");
}

int main(void)
{
  double x[N];
  for (int i = 0; i < N; i++)
    x[i] = i * 1.25 - 7;
  FILE *tmp = tmpfile(), *ref = tmpfile();
  if (!tmp || !ref)
    return 1;
  fflush(stdout);
  int saved = dup(1);
  dup2(fileno(tmp), 1);
#pragma acc parallel num_gangs(1) vector_length(32) copyin(x)
  {
    printf("start \"q\"\t100%%\n"); /* vector-redundant: once */
#pragma acc loop vector
    for (int i = 0; i < N; i++) {
      printf("i=%d x=%.3f h=%x s=%s\n", i, x[i], i * 37, i % 2 ? "odd" : "even");
      printf("%c\n", 'A' + i % 26);
    }
  }
#pragma acc parallel loop
  for (int i = 0; i < N; i += 4)
    printf("line\n");
#pragma acc serial
  {
    putchar('Z');
    putchar('\n');
    puts("solo");
  }
  /* String literals as data. */
  char c[N], d[N], e[N];
  const char *names[2] = {"even", "odd"};
#pragma acc parallel loop copyout(c, d, e)
  for (int i = 0; i < N; i++) {
    const char *s = i % 2 ? "odd" : "even";
    char w[300] = "lit"; /* the rest zeros, not what follows the literal */
    c[i] = s[i % 3];
    d[i] = "hello"[i % 5];
    e[i] = (char)(w[i % 5] + w[299 - i]);
  }
  for (int i = 0; i < N; i++) {
    char w[300] = "lit";
    CHECK_INT("literal", c[i], names[i % 2][i % 3]);
    CHECK_INT("literal", d[i], "hello"[i % 5]);
    CHECK_INT("array initialized by a literal", e[i],
              (char)(w[i % 5] + w[299 - i]));
  }
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  reference(ref, x);
  fflush(ref);
  int ng = read_lines(tmp, got), nw = read_lines(ref, want);
  CHECK_INT("lines printed", ng, nw);
  for (int i = 0; i < ng && i < nw; i++)
    if (strcmp(got[i], want[i]))
      e2e_report("line", __LINE__, got[i], want[i]);
  return e2e_done();
}
