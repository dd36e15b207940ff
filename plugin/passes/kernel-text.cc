/* kernel-text.cc — growable text buffer (see kernel-text.h). */
#include "gcc-common.h"
#include "passes/kernel-text.h"

static void reserve(struct kbuf *b, size_t extra)
{
  if (b->n + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->n + extra + 1)
    cap *= 2;
  b->s = (char *)xrealloc(b->s, cap);
  b->cap = cap;
}

void kb_add(struct kbuf *b, const char *text)
{
  size_t len = strlen(text);
  reserve(b, len);
  memcpy(b->s + b->n, text, len + 1);
  b->n += len;
}

void kb_printf(struct kbuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  reserve(b, len);
  va_start(ap, fmt);
  vsnprintf(b->s + b->n, len + 1, fmt, ap);
  va_end(ap);
  b->n += len;
}

const char *kb_str(const struct kbuf *b)
{
  return b->s ? b->s : "";
}

char *kb_take(struct kbuf *b)
{
  char *s = b->s ? b->s : xstrdup("");
  b->s = NULL;
  b->n = b->cap = 0;
  return s;
}

void kb_free(struct kbuf *b)
{
  free(b->s);
  b->s = NULL;
  b->n = b->cap = 0;
}
