/* coalesce.c — warp coalescing (seed §7.3.1: accesses of a warp falling in
 * one cache line are merged into one request). */
#include "coalesce.h"

/* Adds the bytes [A, A+ELEM) to the transaction list OUT of *NT entries. */
static void add_bytes(uint64_t a, int elem, int ls, int ss, tune_tx *out,
                      int *nt) {
  uint64_t last = a + (uint64_t)elem - 1;
  if (a >> ss == last >> ss) { /* common case: inside one sector */
    uint64_t line = a >> ls;
    uint32_t m = 1u << ((a >> ss) & ((1u << (ls - ss)) - 1));
    if (*nt && out[*nt - 1].line == line) {
      out[*nt - 1].sectors |= m;
      return;
    }
    if (!*nt || out[*nt - 1].line < line) {
      out[*nt].line = line;
      out[(*nt)++].sectors = m;
      return;
    }
  }
  last = a + (uint64_t)elem - 1;
  for (uint64_t line = a >> ls; line <= last >> ls; line++) {
    uint64_t lo = line << ls, hi = lo + (1ull << ls) - 1;
    uint64_t b0 = a > lo ? a : lo, b1 = last < hi ? last : hi;
    uint32_t m = 0;
    for (uint64_t s = (b0 - lo) >> ss; s <= (b1 - lo) >> ss; s++)
      m |= 1u << s;
    /* Lines usually arrive in order: check the newest entry first. */
    int i = *nt - 1;
    while (i >= 0 && out[i].line > line)
      i--;
    if (i >= 0 && out[i].line == line) {
      out[i].sectors |= m;
      continue;
    }
    for (int j = *nt; j > i + 1; j--)
      out[j] = out[j - 1];
    out[i + 1].line = line;
    out[i + 1].sectors = m;
    (*nt)++;
  }
}

int accgpu_tune_coalesce(const uint64_t *addr, int n, int elem,
                         int line_shift, int sector_shift, tune_tx *out) {
  int nt = 0, i = 0;
  /* Fast path while every access lies inside one sector and lines do not
   * decrease (the usual warp): the open line stays in registers. */
  uint32_t smask = (1u << (line_shift - sector_shift)) - 1, m = 0;
  uint64_t line = n ? addr[0] >> line_shift : 0;
  for (; i < n; i++) {
    uint64_t a = addr[i], l = a >> line_shift;
    if ((a ^ (a + (uint64_t)elem - 1)) >> sector_shift || l < line)
      break;
    if (l != line) {
      out[nt].line = line;
      out[nt++].sectors = m;
      line = l;
      m = 0;
    }
    m |= 1u << ((a >> sector_shift) & smask);
  }
  if (m) {
    out[nt].line = line;
    out[nt++].sectors = m;
  }
  for (; i < n; i++)
    add_bytes(addr[i], elem, line_shift, sector_shift, out, &nt);
  return nt;
}
