/* helpers.cc — the device functions a module's reductions call, emitted
 * once per operator and type into the module's prelude (docs/reductions.md):
 *   __accgpu_redw_OP_T(v, l, m)  one warp's shuffle tree, to lane 0;
 *   __accgpu_redb_OP_T(v, s)     over the whole block, the result to all;
 *   __accgpu_redr_OP_T(v, s)     over the caller's row (one worker's
 *                                vector lanes), the result to the row;
 *   __accgpu_redb1_OP_T, __accgpu_redr1_OP_T  the same, the result to
 *                                the first thread of the block / row only;
 *   __accgpu_atom_OP_T(p, v)     *p = *p OP v atomically: CUDA's atomic
 *                                where there is one, else a CAS loop
 *                                (complex values: complex.cc).
 * S is the function's reduction scratch (accgpu_red_scratch_decl): 65
 * slots of ST bytes (its largest reduced type), so that rows combining
 * different types at the same time never overlap. */
#include "reduction/reduction.h"

static struct kbuf g_helpers;          /* helper definitions, in order */
static vec<char *> g_helper_names;

bool accgpu_red_helper_seen(const char *name)
{
  for (unsigned i = 0; i < g_helper_names.length(); i++)
    if (!strcmp(g_helper_names[i], name))
      return true;
  g_helper_names.safe_push(xstrdup(name));
  return false;
}

void accgpu_red_add_helper(const char *text)
{
  kb_add(&g_helpers, text);
}

const char *accgpu_red_prelude(void)
{
  return kb_str(&g_helpers);
}

bool accgpu_red_atomic_p(tree type)
{
  if (accgpu_red_complex(type))
    return true;
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  return size == 4 || size == 8
         || ((size == 1 || size == 2) && INTEGRAL_TYPE_P(type));
}

/* __accgpu_atom_SFX for a 1- or 2-byte integer type T: a CAS loop on the
   aligned 4-byte word holding it (little-endian, as the GPU and the
   emulator's CPU are), its first try the word's value read relaxed (not an
   atomic: one atomic per call when no other thread intervenes); the other bytes of
   the word are left as they are (the CAS fails when they change). */
static void small_atom_helper(struct kbuf *h, const char *sfx, const char *T,
                              tree type, enum tree_code op)
{
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  const char *su = size == 1 ? "unsigned char" : "unsigned short";
  struct kbuf c = {};
  accgpu_red_combine(&c, op, type, "__ov", "__v");
  kb_printf(h, "static __device__ void __accgpu_atom_%s(%s *__p, %s __v) "
               "{\n", sfx, T, T);
  kb_add(h, "  unsigned int *__w = (unsigned int *)((unsigned long long)__p "
            "& ~3ull);\n"
            "  unsigned __sh = (unsigned)((unsigned long long)__p & 3ull) * "
            "8u;\n");
  kb_printf(h, "  unsigned __m = (unsigned)(%s)~0u << __sh;\n", su);
  kb_add(h, "  unsigned int __o = __accgpu_ld_relaxed32(__w);\n"
            "  for (;;) {\n");
  kb_printf(h, "    %s __ov = (%s)(%s)((__o & __m) >> __sh);\n", T, T, su);
  kb_printf(h, "    %s __nv = %s;\n", T, kb_str(&c));
  kb_printf(h, "    unsigned int __n = (__o & ~__m) | (((unsigned)(%s)__nv "
               "<< __sh) & __m);\n", su);
  kb_add(h, "    unsigned int __q = atomicCAS(__w, __o, __n);\n"
            "    if (__q == __o) break;\n    __o = __q;\n  }\n}\n");
  kb_free(&c);
}

/* Text of X OP Y of values of TYPE, xmalloc'd. */
static char *comb(enum tree_code op, tree type, const char *x, const char *y)
{
  struct kbuf b = {};
  accgpu_red_combine(&b, op, type, x, y);
  return kb_take(&b);
}

/* The type a shuffle moves a T of SIZE bytes as (narrow ones promote). */
static const char *shfl_type(tree type, unsigned size)
{
  bool fl = FLOAT_TYPE_P(type);
  if (size == 8)
    return fl ? "double" : "long long";
  return size == 4 && fl ? "float" : "int";
}

/* A shuffle (FN: "" or "_down") of __v of TYPE (C name T) with mask M and
   lane or delta A: complex values move part by part. */
static void emit_shfl(struct kbuf *h, tree type, const char *T,
                      const char *fn, const char *m, const char *a)
{
  if (const char *c = accgpu_red_complex(type)) {
    kb_printf(h, "__accgpu_shfl%s_%s(%s, __v, %s)", fn, c + 9, m, a);
    return;
  }
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  kb_printf(h, "(%s)__shfl%s_sync(%s, (%s)__v, %s)", T, fn, m,
            shfl_type(type, size), a);
}

/* __accgpu_redw_SFX(v, l, m): the tree of one warp whose lanes 0..M-1
   exist (L: the caller's lane); lane 0 gets the warp's value.  Shuffles
   down, so only lanes of the warp are named in the mask. */
static void emit_redw(struct kbuf *h, enum tree_code op, tree type,
                      const char *T, const char *sfx)
{
  char *c = comb(op, type, "__v", "__w");
  kb_printf(h, "static __device__ __forceinline__ %s __accgpu_redw_%s(%s __v, "
               "unsigned __l, unsigned __m) {\n", T, sfx, T);
  kb_add(h, "  unsigned __k = __m >= 32u ? 0xffffffffu : (1u << __m) - 1u;\n"
            "  for (unsigned __o = 16; __o > 0; __o >>= 1) {\n");
  kb_printf(h, "    %s __w = ", T);
  emit_shfl(h, type, T, "_down", "__k", "__o");
  kb_printf(h, ";\n    if (__l + __o < __m) __v = %s;\n  }\n  return __v;\n}\n",
            c);
  free(c);
}

/* What a block combine and a row combine differ in. */
struct red_level {
  const char *kind;   /* "redb", "redr" */
  bool row;           /* a row combine (of a one-row block: the block's) */
  const char *vars;   /* the caller's place */
  const char *tree;   /* lane and live lanes of the first warp tree */
  const char *alone;  /* the caller's warp is all there is */
  const char *mask;   /* its lanes */
  const char *store;  /* the warps' values to their slots */
  const char *sync;   /* the barrier of the combining threads */
  const char *first;  /* the caller's index; 0 is the first thread */
  const char *nw;     /* number of warps */
  const char *base;   /* their first slot */
  const char *res;    /* the slot of the result */
};

/* __accgpu_KIND[1]_SFX(v, s): warp trees, the values of warps 1..
   through their slots (warp 0 keeps its own), warp 0's tree of them, the
   result to all through slot RES (KIND1: to the first thread only): two
   barriers, none when there is one warp. */
static void emit_red_level(struct kbuf *h, const struct red_level *L,
                           tree type, const char *T, const char *sfx,
                           const char *id, bool one)
{
  const char *o = one ? "1" : "";
  kb_printf(h, "static __device__ %s __accgpu_%s%s_%s(%s __v, void *__sp, "
               "unsigned __st) {\n", T, L->kind, o, sfx, T);
  if (L->row)
    kb_printf(h, "  if (blockDim.y == 1) return __accgpu_redb%s_%s(__v, __sp, "
                 "__st);\n", o, sfx);
  kb_printf(h, "#define __accgpu_S(k) (*(%s *)((char *)__sp + (k) * __st))\n"
               "%s  __v = __accgpu_redw_%s(__v, %s);\n  if (%s) return ",
            T, L->vars, sfx, L->tree, L->alone);
  if (one)
    kb_add(h, "__v");
  else
    emit_shfl(h, type, T, "", L->mask, "0");
  kb_printf(h, ";\n%s  %s;\n  if (%s < 32u) {\n", L->store, L->sync,
            L->first);
  kb_printf(h, "    if (%s > 0u) __v = %s < %s ? __accgpu_S(%s%s) : %s;\n",
            L->first, L->first, L->nw, L->base, L->first, id);
  kb_printf(h, "    __v = __accgpu_redw_%s(__v, %s, 32u);\n", sfx, L->first);
  if (!one)
    kb_printf(h, "    if (%s == 0) __accgpu_S(%s) = __v;\n", L->first,
              L->res);
  kb_printf(h, "  }\n  %s;\n", L->sync);
  if (one)
    kb_add(h, "  return __v;\n");
  else
    kb_printf(h, "  return __accgpu_S(%s);\n", L->res);
  kb_add(h, "#undef __accgpu_S\n}\n");
}

/* Over the whole block; any block size, a partial last warp included. */
static const struct red_level block_level = {
  "redb", false, "  unsigned __n = blockDim.x * blockDim.y;\n"
  "  unsigned __t = threadIdx.y * blockDim.x + threadIdx.x;\n"
  "  unsigned __l = __t & 31u, __m = __n - (__t - __l);\n",
  "__l, __m", "__n <= 32u", "__m >= 32u ? 0xffffffffu : (1u << __m) - 1u",
  "  if (__l == 0 && __t >= 32u) __accgpu_S(__t >> 5) = __v;\n",
  "__syncthreads()", "__t", "(__n + 31u) >> 5", "", "64"};

/* Over the caller's row (one worker's vector lanes).  Rows of a block
   with several are whole warps (docs/compiler.md, launch geometry) and
   run apart: the row's warps use slots from __w0, its result slot
   32 + row, between row barriers. */
static const struct red_level row_level = {
  "redr", true, "  unsigned __x = threadIdx.x, __nw = blockDim.x >> 5;\n"
  "  unsigned __w0 = threadIdx.y * __nw;\n",
  "__x & 31u, 32u", "__nw == 1", "0xffffffffu",
  "  if ((__x & 31u) == 0 && __x >= 32u) __accgpu_S(__w0 + (__x >> 5)) = "
  "__v;\n", "__accgpu_sync_row()", "__x", "__nw", "__w0 + ",
  "32 + threadIdx.y"};

const char *accgpu_red_native_atomic(enum tree_code op, tree type,
                                     const char **ct)
{
  const char *tag = accgpu_red_type_tag(type);
  if (!tag)
    return NULL;
  bool i32 = !strcmp(tag, "i"), u32 = !strcmp(tag, "u");
  bool i64 = !strcmp(tag, "ll"), u64 = !strcmp(tag, "ull");
  bool fl = !strcmp(tag, "f") || !strcmp(tag, "d");
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  *ct = i32 ? "int" : u32 ? "unsigned int" : "unsigned long long";
  if (fl && size != (strcmp(tag, "f") ? 8u : 4u))
    return NULL;
  switch (op) {
  case PLUS_EXPR: case MINUS_EXPR:
    if (fl)
      *ct = strcmp(tag, "f") ? "double" : "float";
    return fl || i32 || u32 || i64 || u64 ? "atomicAdd" : NULL;
  case MIN_EXPR: case MAX_EXPR:
    if (i64)
      *ct = "long long";
    if (!(i32 || u32 || i64 || u64))
      return NULL;
    return op == MIN_EXPR ? "atomicMin" : "atomicMax";
  case BIT_AND_EXPR: case BIT_IOR_EXPR: case BIT_XOR_EXPR:
    if (!(i32 || u32 || i64 || u64))
      return NULL;
    return op == BIT_AND_EXPR ? "atomicAnd"
           : op == BIT_IOR_EXPR ? "atomicOr" : "atomicXor";
  default:
    return NULL;
  }
}

/* __accgpu_atom_SFX for a 4- or 8-byte type T: the native atomic, else a
   CAS loop on the bit pattern whose first try is the value read relaxed
   (a load, not an atomic: one atomic per call unless another thread
   changes the value in between). */
static void emit_atom(struct kbuf *h, enum tree_code op, tree type,
                      unsigned size, const char *T, const char *sfx)
{
  const char *ct, *fn = accgpu_red_native_atomic(op, type, &ct);
  kb_printf(h, "static __device__ void __accgpu_atom_%s(%s *__p, %s __v) "
               "{\n", sfx, T, T);
  if (fn) {
    kb_printf(h, "  %s((%s *)__p, (%s)__v);\n}\n", fn, ct, ct);
    return;
  }
  const char *ut = size == 8 ? "unsigned long long" : "unsigned int";
  char *c4 = comb(op, type, "__o.v", "__v");
  kb_printf(h, "  union { %s v; %s u; } __o, __n;\n", T, ut);
  kb_printf(h, "  __o.u = __accgpu_ld_relaxed%u((const %s *)__p);\n",
            size * 8, ut);
  kb_add(h, "  for (;;) {\n");
  kb_printf(h, "    __n.v = %s;\n", c4);
  kb_printf(h, "    %s __q = atomicCAS((%s *)__p, __o.u, __n.u);\n", ut, ut);
  kb_add(h, "    if (__q == __o.u) break;\n    __o.u = __q;\n  }\n}\n");
  free(c4);
}

char *accgpu_red_helpers(enum tree_code op, tree type, const char *T,
                         const char *id)
{
  char *sfx = concat(accgpu_red_op_tag(op), "_", accgpu_red_type_tag(type),
                     NULL);
  char key[64];
  snprintf(key, sizeof key, "red_%s", sfx);
  if (accgpu_red_helper_seen(key))
    return sfx;
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  emit_redw(&g_helpers, op, type, T, sfx);
  for (int one = 0; one < 2; one++) {
    emit_red_level(&g_helpers, &block_level, type, T, sfx, id, one);
    emit_red_level(&g_helpers, &row_level, type, T, sfx, id, one);
  }
  if (accgpu_red_complex(type))
    accgpu_red_complex_atom(&g_helpers, op, type, T, sfx);
  else if (size == 4 || size == 8)
    emit_atom(&g_helpers, op, type, size, T, sfx);
  else if (accgpu_red_atomic_p(type))
    small_atom_helper(&g_helpers, sfx, T, type, op);
  return sfx;
}
