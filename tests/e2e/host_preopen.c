/* host_preopen.c — with ACC_DEVICE_TYPE=host the runtime starts and opens
 * the host device as the program loads, so the first construct a program
 * times costs what the serial build's loop costs: it allocates nothing
 * (before, it started the runtime and allocated the device there: 0.2-0.5
 * ms on a small VM, the gap of small benchmarks in issue 10's host-speed
 * goal).  Allocations are counted by wrappers around glibc's allocator. */
/* accgpu-test: accgpu-only */
#include <stdlib.h>
#include <strings.h>

#include "e2e.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static volatile int counting, allocations;

static void count(void) {
  if (counting)
    allocations++;
}
void *malloc(size_t n) { count(); return __libc_malloc(n); }
void *calloc(size_t k, size_t n) { count(); return __libc_calloc(k, n); }
void *realloc(void *p, size_t n) { count(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *aligned_alloc(size_t a, size_t n) { count(); return __libc_memalign(a, n); }
int posix_memalign(void **p, size_t a, size_t n) {
  count();
  *p = __libc_memalign(a, n);
  return *p ? 0 : 12; /* ENOMEM */
}

#define N 4096

int main(void) {
  static double a[N];
  const char *type = getenv("ACC_DEVICE_TYPE");
  int host = type && !strcasecmp(type, "host");
  for (int i = 0; i < N; i++)
    a[i] = i;
  counting = 1;
#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    a[i] = 2 * a[i] + 1;
  counting = 0;
  if (host)
    CHECK_INT("allocations in the first construct on host", allocations, 0);
  for (int i = 0; i < N; i++)
    CHECK_INT("a[i]", (long long)a[i], 2LL * i + 1);
  return e2e_done();
}
