/* kernel-gen-red-big.cc — reductions on arrays too large for per-thread
 * copies, or of run-time bounds (OpenACC 2.7; docs/reductions.md, "Large
 * and run-time-sized arrays").  No partial is kept: every update of an
 * element in the reduction's loop is handed at once to the variable in
 * device memory with an atomic of the operator (`h[b] += v` becomes
 * `atom_add(&h[b], 0 + v)`), and a read of an element inside the loop
 * reads the operator's identity, which is what a thread's private copy
 * holds after it handed its updates on.  The atomics combine into the
 * values the array held before the region, as the clause says.          */
#include "passes/kernel-gen-internal.h"

/* A reduction clause's ITEM on an array of scalars that kgr_red_item
   does not take (over ACCGPU_RED_ARRAY_MAX elements, or a section of a
   run-time length or start): the pointer or array variable, *ETYPE the
   element type; NULL_TREE when not one (a VLA, a struct, an array of
   pointers). */
tree kgr_big_item(tree item, tree *etype)
{
  tree v = accgpu_red_var(item), e;
  if (!DECL_P(v) || kg_vla_type_p(TREE_TYPE(v)))
    return NULL_TREE;
  if (accgpu_red_whole_p(item)) {
    if (TREE_CODE(TREE_TYPE(v)) != ARRAY_TYPE)
      return NULL_TREE;
    e = strip_array_types(TREE_TYPE(v));
  } else {
    if (TREE_CODE(item) != MEM_REF
        || TREE_CODE(TREE_TYPE(item)) != ARRAY_TYPE)
      return NULL_TREE;
    e = TREE_TYPE(TREE_TYPE(item));
    if (TREE_CODE(TREE_TYPE(v)) == ARRAY_TYPE
        && TREE_CODE(TREE_TYPE(TREE_TYPE(v))) == ARRAY_TYPE)
      return NULL_TREE; /* a row of a 2-D array */
  }
  if (!accgpu_red_scalar_p(e))
    return NULL_TREE;
  *etype = e;
  return v;
}

/* V's elements are memory that every thread of the launch sees: a
   pointer the kernel receives, an array mapped by reference, a gang's
   array in shared memory.  Not a thread's own copy. */
static bool in_device_memory(kg *g, tree v)
{
  if (POINTER_TYPE_P(TREE_TYPE(v)))
    return root_of(g, v) == v;
  if (g->shared.contains(v))
    return true;
  const char *n = lookup_name(g, v);
  return n && n[0] == '(';
}

/* Opens reduction R (its decl, op and element type set) as one done
   with atomics.  False after saying why not, naming the variable. */
bool kgr_big_open(kg *g, loop_red *r)
{
  r->big = true;
  for (unsigned i = 0; i < g->lreds.length(); i++)
    if (g->lreds[i]->decl == r->decl && !g->lreds[i]->big) {
      fail(g, r->decl, "reduction on a large or run-time-sized array inside "
           "a loop that reduces a constant section of it (give both the "
           "same bounds)");
      return false;
    }
  if (g->routine_mode) {
    fail(g, r->decl, "reduction on a large or run-time-sized array in a "
         "routine (its pointer may point to memory private to the caller)");
    return false;
  }
  if (!in_device_memory(g, r->decl)) {
    fail(g, r->decl, "reduction on a large or run-time-sized array that is "
         "private to a gang or thread (reduce into a mapped array)");
    return false;
  }
  free(red_helpers(g, r->op, r->type)); /* says if it cannot be atomic */
  return !g->failed;
}

/* The open atomic reduction whose variable's element REF reads or
   writes, or NULL. */
static loop_red *big_of(kg *g, tree ref)
{
  tree base = ref, v = NULL_TREE;
  while (TREE_CODE(base) == ARRAY_REF)
    base = TREE_OPERAND(base, 0);
  if (TREE_CODE(base) == MEM_REF) {
    tree p = TREE_OPERAND(base, 0);
    if (TREE_CODE(p) == ADDR_EXPR)
      v = TREE_OPERAND(p, 0);
    else if (DECL_P(p))
      v = root_of(g, p);
  } else if (DECL_P(base) && base != ref)
    v = base;
  for (int i = (int)g->lreds.length() - 1; v && i >= 0; i--)
    if (g->lreds[i]->decl == v)
      return g->lreds[i]->big ? g->lreds[i] : NULL;
  return NULL;
}

bool kgr_big_on(kg *g, tree var)
{
  for (int i = (int)g->lreds.length() - 1; i >= 0; i--)
    if (g->lreds[i]->decl == var)
      return g->lreds[i]->big;
  return false;
}

/* The element REF of R has R's element type (not read as bytes). */
static bool elem_type_ok(kg *g, loop_red *r, tree ref)
{
  if (TYPE_MAIN_VARIANT(TREE_TYPE(ref)) == TYPE_MAIN_VARIANT(r->type))
    return true;
  fail(g, r->decl, "element of a large or run-time-sized reduction array "
       "accessed as another type");
  return false;
}

/* S reads or writes an element of an atomic reduction's array: a read
   gives the identity, a write hands the value to the element with the
   operator's atomic (one thread of those that run the code redundantly).
   True when S was emitted so. */
bool kgr_big_assign(kg *g, gimple *s)
{
  if (g->lreds.is_empty() || !gimple_assign_single_p(s))
    return false;
  tree lhs = gimple_assign_lhs(s), rhs = gimple_assign_rhs1(s);
  struct kbuf l = {}, v = {};
  if (loop_red *r = big_of(g, rhs)) {
    if (!elem_type_ok(g, r, rhs))
      return true;
    kg_ex_lvalue(g, &l, lhs);
    ind(g);
    kb_printf(g->out, "%s = ", kb_str(&l));
    red_identity(g, g->out, r->op, r->type);
    kb_add(g->out, ";\n");
    kb_free(&l);
    return true;
  }
  loop_red *r = big_of(g, lhs);
  if (!r)
    return false;
  if (!elem_type_ok(g, r, lhs))
    return true;
  char *sfx = red_helpers(g, r->op, r->type);
  ex(g, &l, lhs);
  cast_to(g, &v, r->type, rhs);
  bool guard = need_guard(g);
  if (guard)
    open_guard(g);
  ind(g);
  kb_printf(g->out, "__accgpu_atom_%s(&(%s), %s);\n", sfx, kb_str(&l),
            kb_str(&v));
  if (guard)
    close_guard(g);
  note_store(g, lhs);
  free(sfx);
  kb_free(&l);
  kb_free(&v);
  return true;
}
