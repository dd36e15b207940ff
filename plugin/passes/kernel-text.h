/* kernel-text.h — a growable text buffer for generated CUDA C. */
#ifndef ACCGPU_KERNEL_TEXT_H
#define ACCGPU_KERNEL_TEXT_H 1

#include <stdarg.h>
#include <stddef.h>

struct kbuf {
  char *s;     /* NUL-terminated, xmalloc'd; NULL while empty */
  size_t n, cap;
};

void kb_add(struct kbuf *b, const char *text);
void kb_printf(struct kbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The text ("" when empty); stays owned by B. */
const char *kb_str(const struct kbuf *b);
/* Hands the text to the caller (xmalloc'd) and empties B. */
char *kb_take(struct kbuf *b);
void kb_free(struct kbuf *b);

#endif
