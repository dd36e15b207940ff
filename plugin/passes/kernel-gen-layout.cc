/* kernel-gen-layout.cc — structs whose layout the device compilers would
 * not rebuild from their members alone: `#pragma pack`, the packed and
 * aligned attributes, -fpack-struct.  Host and device share the bytes of
 * mapped data, so a kernel's struct must put each member where GCC put
 * it: such a struct is written packed with explicit padding before each
 * member and its own alignment (define_type, kernel-gen-expr.cc).  Before,
 * the natural layout read the wrong bytes (a `#pragma pack(1)` record's
 * double read 7 bytes off; the emulator's memcheck saw the array's end
 * passed, multicore read garbage).                                      */
#include "passes/kernel-gen-internal.h"

static unsigned long unit_align(tree t)
{
  while (TREE_CODE(t) == ARRAY_TYPE)
    t = TREE_TYPE(t);
  return TYPE_ALIGN_UNIT(TYPE_MAIN_VARIANT(t));
}

static bool sized_p(tree t)
{
  return TYPE_SIZE_UNIT(t) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(t));
}

unsigned long kg_field_offset(tree f)
{
  return tree_to_uhwi(DECL_FIELD_OFFSET(f))
         + tree_to_uhwi(DECL_FIELD_BIT_OFFSET(f)) / BITS_PER_UNIT;
}

/* Would the fields of T, written as they are, land where GCC put them? */
bool kg_layout_natural_p(tree t)
{
  t = TYPE_MAIN_VARIANT(t);
  if (!sized_p(t))
    return true;
  unsigned long off = 0, align = 1, size = 0;
  bool uni = TREE_CODE(t) == UNION_TYPE;
  for (tree f = TYPE_FIELDS(t); f; f = DECL_CHAIN(f)) {
    if (TREE_CODE(f) != FIELD_DECL)
      continue;
    if (DECL_BIT_FIELD(f) || !sized_p(TREE_TYPE(f))
        || !tree_fits_uhwi_p(DECL_FIELD_OFFSET(f)))
      return !TYPE_PACKED(t); /* the natural rules, or refused */
    unsigned long a = unit_align(TREE_TYPE(f));
    unsigned long n = tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(f)));
    off = uni ? 0 : (off + a - 1) / a * a;
    if (kg_field_offset(f) != off)
      return false;
    off += n;
    size = off > size ? off : size;
    align = a > align ? a : align;
  }
  size = (size + align - 1) / align * align;
  return TYPE_ALIGN_UNIT(t) == align
         && tree_to_uhwi(TYPE_SIZE_UNIT(t)) == size;
}

/* Whether T, to be written with explicit layout, can be: no bit-fields. */
bool kg_layout_explicit_ok(tree t)
{
  for (tree f = TYPE_FIELDS(TYPE_MAIN_VARIANT(t)); f; f = DECL_CHAIN(f))
    if (TREE_CODE(f) == FIELD_DECL
        && (DECL_BIT_FIELD(f) || !sized_p(TREE_TYPE(f))
            || !tree_fits_uhwi_p(DECL_FIELD_OFFSET(f))))
      return false;
  return sized_p(t);
}

/* Padding of N bytes as member K of the definition in B. */
void kg_layout_pad(kbuf *b, unsigned k, unsigned long n)
{
  if (n)
    kb_printf(b, "  char __accgpu_pad%u[%lu];\n", k, n);
}
