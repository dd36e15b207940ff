/* kernel-gen-reduce-array.cc — reductions on arrays, sections and
 * elements (OpenACC 2.7, docs/reductions.md): which items can be reduced,
 * and the text that names their elements.  Each element is reduced by
 * itself: kernel-gen-reduce.cc wraps the scalar combine and fold in a
 * loop over the elements (index __ri) that these helpers open.          */
#include "passes/kernel-gen-internal.h"

/* The type of the values a reduction on a variable of TYPE combines: TYPE
   itself for a scalar (*LEN 0), the element type of an array of scalars
   of at most ACCGPU_RED_ARRAY_MAX elements (*LEN: their number, all
   dimensions flattened); NULL_TREE when there is none. */
tree kgr_value_type(tree type, unsigned long *len)
{
  *len = 0;
  if (accgpu_red_scalar_p(type))
    return type;
  tree e = strip_array_types(type);
  if (TREE_CODE(type) != ARRAY_TYPE || !accgpu_red_scalar_p(e)
      || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(type))
      || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(e))
      || !tree_to_uhwi(TYPE_SIZE_UNIT(e)))
    return NULL_TREE;
  *len = tree_to_uhwi(TYPE_SIZE_UNIT(type)) / tree_to_uhwi(TYPE_SIZE_UNIT(e));
  return *len && *len <= ACCGPU_RED_ARRAY_MAX ? e : NULL_TREE;
}

/* For an array reduction, opens a loop over its elements (index __ri). */
void kgr_elem_open(kg *g, loop_red *r)
{
  if (!r->len)
    return;
  ind(g);
  kb_printf(g->out, "for (int __ri = 0; __ri < %lu; __ri++) {\n", r->len);
  g->indent++;
  ind(g);
}

void kgr_elem_close(kg *g, loop_red *r)
{
  if (!r->len)
    return;
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
}

/* Appends the value of R that BASE names: BASE itself, or element __ri of
   the array BASE, flattened. */
void kgr_elem_text(kg *g, loop_red *r, const char *base, struct kbuf *b)
{
  if (!r->len) {
    kb_add(b, base);
    return;
  }
  kb_add(b, "((");
  type_str(g, b, r->type);
  kb_printf(b, " *)(%s))[__ri]", base);
}

/* The same for the variable outside the loop (a section's elements). */
void kgr_outer_text(kg *g, loop_red *r, const char *base, struct kbuf *b)
{
  if (!r->section) {
    kgr_elem_text(g, r, base, b);
    return;
  }
  kb_add(b, "((");
  type_str(g, b, r->type);
  kb_printf(b, " *)(%s))[%lu%s]", base, r->lo, r->len ? " + __ri" : "");
}

/* A reduction clause's ITEM: the variable (for a section, the pointer or
   array it is of; *LO its first element), NULL_TREE when not one that
   can be reduced (a section must have a constant start and length). */
tree kgr_red_item(tree item, tree *vtype, unsigned long *lo)
{
  tree v = accgpu_red_var(item);
  unsigned long len;
  *lo = 0;
  *vtype = TREE_TYPE(v);
  if (accgpu_red_whole_p(item))
    return kgr_value_type(*vtype, &len) ? v : NULL_TREE;
  /* a section: MEM_REF<T[N]>(p, offset) of a pointer or array P */
  tree p = TREE_OPERAND(item, 0), e = strip_array_types(TREE_TYPE(item));
  if (TREE_CODE(p) == ADDR_EXPR)
    p = TREE_OPERAND(p, 0);
  *vtype = TREE_TYPE(item);
  if (!DECL_P(p) || !kgr_value_type(*vtype, &len)
      || (TREE_CODE(TREE_TYPE(p)) == ARRAY_TYPE
          && TREE_CODE(TREE_TYPE(TREE_TYPE(p))) == ARRAY_TYPE)
      || !tree_fits_uhwi_p(TREE_OPERAND(item, 1)))
    return NULL_TREE;
  *lo = tree_to_uhwi(TREE_OPERAND(item, 1)) / tree_to_uhwi(TYPE_SIZE_UNIT(e));
  return p;
}

/* What R's variable is called in its loop: its partial, or for a section,
   the partial shifted so that the section's indices address it. */
char *kgr_bound_text(kg *g, loop_red *r)
{
  if (!r->section)
    return xstrdup(r->priv);
  struct kbuf b = {};
  kb_add(&b, "(((");
  type_str(g, &b, r->type);
  kb_printf(&b, " *)%s%s) - %lu)", r->len ? "" : "&", r->priv, r->lo);
  char *t = xstrdup(kb_str(&b));
  kb_free(&b);
  return t;
}
