/* complex.cc — the fold of a block's complex reduction value into device
 * memory (__accgpu_atom_OP_cf / _cd, docs/reductions.md, "Complex"):
 *   +  two native atomicAdds, one per part (the parts add independently);
 *   *  the parts of a product depend on both old parts, so they must change
 *      together: a _Complex float on an 8-byte boundary is one 64-bit CAS
 *      loop on both parts (lock-free, first try read relaxed); otherwise
 *      (every _Complex double: no 128-bit CAS below sm_90) the folding
 *      thread takes the imaginary part's word by exchanging a signalling-
 *      NaN marker into it (no arithmetic result is a signalling NaN),
 *      spinning while another block holds it, reads the real part,
 *      writes the product's real part, then puts the product's imaginary
 *      part back in place of the marker, with fences between.  Only one
 *      thread per block folds (the first), so no warp spins against
 *      itself; the holder runs a few instructions with no barrier. */
#include "reduction/reduction.h"

/* The 64-bit CAS loop of a _Complex float product, when aligned. */
static void cas64(struct kbuf *h, const char *T)
{
  kb_printf(h, "  if (((unsigned long long)__p & 7ull) == 0) {\n"
               "    union { %s v; unsigned long long u; } __o, __n;\n", T);
  kb_add(h, "    __o.u = __accgpu_ld_relaxed64((const unsigned long long *)"
            "__p);\n    for (;;) {\n");
  kb_printf(h, "      __n.v = %s_mul(__o.v, __v);\n", T);
  kb_add(h, "      unsigned long long __q = atomicCAS((unsigned long long *)"
            "__p, __o.u, __n.u);\n"
            "      if (__q == __o.u) return;\n      __o.u = __q;\n"
            "    }\n  }\n");
}

/* The marker exchange of a complex product (parts of type R, words W of
   BITS bits, marker M). */
static void marked(struct kbuf *h, const char *T, bool f)
{
  const char *R = f ? "float" : "double";
  const char *W = f ? "unsigned int" : "unsigned long long";
  const char *M = f ? "0x7f8acc01u" : "0x7ff4acc0acc0acc1ull";
  kb_printf(h, "  union { %s f; %s u; } __r, __i;\n", R, W);
  kb_printf(h, "  %s *__pr = (%s *)&__p->re, *__pi = (%s *)&__p->im;\n", W, W,
            W);
  kb_printf(h, "  while ((__i.u = atomicExch(__pi, %s)) == %s) {}\n", M, M);
  kb_printf(h, "  __threadfence();\n  __r.u = __accgpu_ld_relaxed%d(__pr);\n",
            f ? 32 : 64);
  kb_printf(h, "  %s __n = %s_mul(%s_mk(__r.f, __i.f), __v);\n", T, T, T);
  kb_add(h, "  __r.f = __n.re;\n  __i.f = __n.im;\n"
            "  atomicExch(__pr, __r.u);\n  __threadfence();\n"
            "  atomicExch(__pi, __i.u);\n");
}

void accgpu_red_complex_atom(struct kbuf *h, enum tree_code op, tree type,
                             const char *T, const char *sfx)
{
  bool f = TYPE_PRECISION(TREE_TYPE(type)) == 32;
  kb_printf(h, "static __device__ void __accgpu_atom_%s(%s *__p, %s __v) "
               "{\n", sfx, T, T);
  if (op != MULT_EXPR)
    kb_add(h, "  atomicAdd(&__p->re, __v.re);\n"
              "  atomicAdd(&__p->im, __v.im);\n");
  else {
    if (f)
      cas64(h, T);
    marked(h, T, f);
  }
  kb_add(h, "}\n");
}
