/* compute_printf_strings.c — device printf of device strings: a char
 * array mapped with copyin, a string literal, %.3s and %.*s of a mapped
 * buffer with no terminator (printf reads no further than the precision;
 * the checked emulator checks just those bytes), with %*d, %ld, %f, %c and
 * %% around them.  As compute_printf.c: stdout goes to a temporary file
 * for the regions, and its lines, sorted, are compared with the lines the
 * host's printf makes of the same calls. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"

#define N 8
#define MAXL 96

static char got[N + 4][MAXL], want[N + 4][MAXL];

static int by_text(const void *a, const void *b)
{
  return strcmp((const char *)a, (const char *)b);
}

static int read_lines(FILE *f, char (*lines)[MAXL])
{
  int n = 0;
  rewind(f);
  while (n < N + 4 && fgets(lines[n], MAXL, f))
    n++;
  qsort(lines, n, MAXL, by_text);
  return n;
}

/* One line of the loop, printed by whoever runs it (F: the host's file,
   or stdout in a kernel: printf). */
#define LINE(out, name, raw, i, v)                                            \
  out("%s|%-6s|%.3s|%.*s|%*d|%ld|%.2f|%c|%d%%\n", name, i % 2 ? "odd" : "even", \
      raw, (int)(i % 4), raw, 4, i, (long)i * 1000000007L, v[i],              \
      'a' + i, i * 10)

#define HOSTF(...) fprintf(ref, __VA_ARGS__)

int main(void)
{
  char name[16] = "device";
  char raw[3] = {'x', 'y', 'z'}; /* no terminator */
  double v[N];
  for (int i = 0; i < N; i++)
    v[i] = i * 0.25 - 1;
  FILE *tmp = tmpfile(), *ref = tmpfile();
  if (!tmp || !ref)
    return 1;
  fflush(stdout);
  int saved = dup(1);
  dup2(fileno(tmp), 1);
#pragma acc parallel loop copyin(name, raw, v)
  for (int i = 0; i < N; i++)
    LINE(printf, name, raw, i, v);
#pragma acc serial copyin(name, raw)
  {
    printf("[%s] [%.3s] [%10.2s] [%-4c] [%s]\n", name, raw, name, 'q',
           "literal");
  }
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  for (int i = 0; i < N; i++)
    LINE(HOSTF, name, raw, i, v);
  fprintf(ref, "[%s] [%.3s] [%10.2s] [%-4c] [%s]\n", name, raw, name, 'q',
          "literal");
  fflush(ref);
  int ng = read_lines(tmp, got), nw = read_lines(ref, want);
  CHECK_INT("lines printed", ng, nw);
  for (int i = 0; i < ng && i < nw; i++)
    if (strcmp(got[i], want[i]))
      e2e_report("line", __LINE__, got[i], want[i]);
  return e2e_done();
}
