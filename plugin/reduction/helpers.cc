/* helpers.cc — the device functions a module's reductions call, emitted
 * once per operator and type into the module's prelude:
 *   __accgpu_redx_OP_T(v)     combined over the caller's row (threadIdx.x):
 *                             a shared-memory tree when the block is one
 *                             row, else warp shuffles, then, when a row is
 *                             several warps wide, __accgpu_redw_OP_T: the
 *                             warps' values through the row's own scratch
 *                             bytes between row barriers (rows run
 *                             independently);
 *   __accgpu_redy_OP_T(v)     combined over threadIdx.y (lane 0 values);
 *   __accgpu_atom_OP_T(p, v)  *p = *p OP v atomically, a CAS loop on the
 *                             bit pattern starting from an atomic read.  */
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
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  return size == 4 || size == 8
         || ((size == 1 || size == 2) && INTEGRAL_TYPE_P(type));
}

/* __accgpu_atom_SFX for a 1- or 2-byte integer type T: a CAS loop on the
   aligned 4-byte word holding it (little-endian, as the GPU and the
   emulator's CPU are), starting from an atomic read; the other bytes of
   the word are left as they are (the CAS fails when they change). */
static void small_atom_helper(struct kbuf *h, const char *sfx, const char *T,
                              unsigned size, enum tree_code op)
{
  const char *su = size == 1 ? "unsigned char" : "unsigned short";
  struct kbuf c = {};
  accgpu_red_combine(&c, op, "__ov", "__v");
  kb_printf(h, "static __device__ void __accgpu_atom_%s(%s *__p, %s __v) "
               "{\n", sfx, T, T);
  kb_add(h, "  unsigned int *__w = (unsigned int *)((unsigned long long)__p "
            "& ~3ull);\n"
            "  unsigned __sh = (unsigned)((unsigned long long)__p & 3ull) * "
            "8u;\n");
  kb_printf(h, "  unsigned __m = (unsigned)(%s)~0u << __sh;\n", su);
  kb_add(h, "  unsigned int __o = atomicCAS(__w, 0u, 0u);\n  for (;;) {\n");
  kb_printf(h, "    %s __ov = (%s)(%s)((__o & __m) >> __sh);\n", T, T, su);
  kb_printf(h, "    %s __nv = %s;\n", T, kb_str(&c));
  kb_printf(h, "    unsigned int __n = (__o & ~__m) | (((unsigned)(%s)__nv "
               "<< __sh) & __m);\n", su);
  kb_add(h, "    unsigned int __q = atomicCAS(__w, __o, __n);\n"
            "    if (__q == __o) break;\n    __o = __q;\n  }\n}\n");
  kb_free(&c);
}

/* Text of X OP Y, xmalloc'd. */
static char *comb(enum tree_code op, const char *x, const char *y)
{
  struct kbuf b = {};
  accgpu_red_combine(&b, op, x, y);
  return kb_take(&b);
}

/* __accgpu_redw_SFX: a row several warps wide, each warp's lane 0
   holding its warp's value: combined through the row's own scratch bytes
   between row barriers.  Not inlined, so the 32-wide path of
   __accgpu_redx stays as small as it was. */
static void emit_redw(struct kbuf *h, enum tree_code op, const char *T,
                      const char *sfx)
{
  char *c5 = comb(op, "__v", "__s[__k]");
  kb_printf(h, "static __device__ __noinline__ %s __accgpu_redw_%s(%s __v) "
               "{\n", T, sfx, T);
  kb_add(h, "  unsigned __t = threadIdx.x, __n = blockDim.x;\n");
  kb_printf(h, "  %s *__s = (%s *)%s;\n", T, T, accgpu_red_scratch_ref(true));
  kb_add(h, "  if ((__t & 31u) == 0) __s[__t >> 5] = __v;\n"
            "  __accgpu_sync_row();\n"
            "  __v = __s[0];\n"
            "  for (unsigned __k = 1; __k < __n >> 5; __k++)\n");
  kb_printf(h, "    __v = %s;\n", c5);
  kb_add(h, "  __accgpu_sync_row();\n  return __v;\n}\n");
  free(c5);
}

/* __accgpu_redx_SFX: over the row (threadIdx.x), the result to all. */
static void emit_redx(struct kbuf *h, enum tree_code op, tree type,
                      const char *T, const char *sfx)
{
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  char *c1 = comb(op, "__b[__t]", "__b[__t + __s]");
  char *c2 = comb(op, "__v", "__w");
  emit_redw(h, op, T, sfx);
  kb_printf(h, "static __device__ %s __accgpu_redx_%s(%s __v) {\n", T, sfx, T);
  kb_printf(h, "  %s *__b = (%s *)__accgpu_red_scratch;\n", T, T);
  kb_add(h, "  unsigned __t = threadIdx.x, __n = blockDim.x;\n");
  /* One row: a tree in shared memory. */
  kb_add(h, "  if (blockDim.y == 1) {\n");
  kb_add(h, "    __b[__t] = __v; __syncthreads();\n");
  kb_add(h, "    for (unsigned __s = 1; __s < __n; __s <<= 1) {\n");
  kb_printf(h, "      if (__t %% (2 * __s) == 0 && __t + __s < __n) "
               "__b[__t] = %s;\n", c1);
  kb_add(h, "      __syncthreads();\n    }\n");
  kb_printf(h, "    %s __r = __b[0]; __syncthreads(); return __r;\n  }\n", T);
  /* Rows of whole warps: shuffles within each warp, then the warps of a
     wider row. */
  kb_add(h, "  for (int __o = 16; __o > 0; __o >>= 1) {\n");
  if (size == 4 || size == 8)
    kb_printf(h, "    %s __w = __shfl_xor_sync(0xffffffffu, (%s)__v, __o);\n",
              T, size == 8 ? (FLOAT_TYPE_P(type) ? "double" : "long long")
                           : (FLOAT_TYPE_P(type) ? "float" : "int"));
  else
    kb_printf(h, "    %s __w = (%s)__shfl_xor_sync(0xffffffffu, (int)__v, "
                 "__o);\n", T, T);
  kb_printf(h, "    __v = %s;\n  }\n", c2);
  kb_printf(h, "  if (__n > 32) __v = __accgpu_redw_%s(__v);\n", sfx);
  kb_add(h, "  return __v;\n}\n");
  free(c1);
  free(c2);
}

/* __accgpu_redy_SFX: over the rows (lane 0's values), the result to all. */
static void emit_redy(struct kbuf *h, enum tree_code op, const char *T,
                      const char *sfx, const char *id)
{
  char *c3 = comb(op, "__r", "__b[__k]");
  kb_printf(h, "static __device__ %s __accgpu_redy_%s(%s __v) {\n", T, sfx, T);
  kb_printf(h, "  %s *__b = (%s *)__accgpu_red_scratch;\n", T, T);
  /* Rows wider than a warp may still be reading their warps' values in
     __accgpu_redw (row 0's area is where __b lies): all rows meet first. */
  kb_add(h, "  if (blockDim.x > 32) __syncthreads();\n");
  kb_add(h, "  if (threadIdx.x == 0) __b[threadIdx.y] = __v;\n"
            "  __syncthreads();\n");
  kb_printf(h, "  %s __r = %s;\n", T, id);
  kb_add(h, "  for (unsigned __k = 0; __k < blockDim.y; __k++)\n");
  kb_printf(h, "    __r = %s;\n", c3);
  kb_add(h, "  __syncthreads();\n  return __r;\n}\n");
  free(c3);
}

/* __accgpu_atom_SFX for a 4- or 8-byte type T. */
static void emit_atom(struct kbuf *h, enum tree_code op, unsigned size,
                      const char *T, const char *sfx)
{
  const char *ut = size == 8 ? "unsigned long long" : "unsigned int";
  char *c4 = comb(op, "__o.v", "__v");
  kb_printf(h, "static __device__ void __accgpu_atom_%s(%s *__p, %s __v) "
               "{\n", sfx, T, T);
  kb_printf(h, "  union { %s v; %s u; } __o, __n; "
               "__o.u = atomicCAS((%s *)__p, (%s)0, (%s)0);\n",
            T, ut, ut, ut, ut);
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
  /* One scratch buffer for all reductions of the module. */
  accgpu_red_need_scratch();
  emit_redx(&g_helpers, op, type, T, sfx);
  emit_redy(&g_helpers, op, T, sfx, id);
  if (size == 4 || size == 8)
    emit_atom(&g_helpers, op, size, T, sfx);
  else if (accgpu_red_atomic_p(type))
    small_atom_helper(&g_helpers, sfx, T, size, op);
  return sfx;
}
