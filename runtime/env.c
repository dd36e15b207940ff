/* env.c — sizes read from the environment, shared by the backends: a
 * value that is not a size in range is a fatal error naming the variable
 * (a typo must not silently give another size). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "core.h"

#define DEVICE_HEAP_DEFAULT ((size_t)8 << 20) /* CUDA's default */

size_t accgpu_env_size(const char *name, size_t def, size_t min,
                       size_t max) {
  const char *e = getenv(name);
  char *end;
  if (!e || !*e)
    return def;
  errno = 0;
  unsigned long long v = strtoull(e, &end, 10);
  unsigned shift = 0;
  switch (*end) {
  case 'k': case 'K': shift = 10; end++; break;
  case 'm': case 'M': shift = 20; end++; break;
  case 'g': case 'G': shift = 30; end++; break;
  default: break;
  }
  if (*end || errno || !isdigit(*e) || v > (max >> shift) ||
      (v << shift) < min)
    accgpu_fatal(NULL, "%s=%s: expected a size from %zu to %zu bytes (suffixes "
                 "K, M, G)", name, e, min, max);
  return (size_t)(v << shift);
}

size_t accgpu_device_heap(int *set) {
  const char *e = getenv("ACCGPU_DEVICE_HEAP");
  if (set)
    *set = e && *e;
  return accgpu_env_size("ACCGPU_DEVICE_HEAP", DEVICE_HEAP_DEFAULT, 0,
                         (size_t)1 << 40);
}
