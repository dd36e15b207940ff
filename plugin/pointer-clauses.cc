/* pointer-clauses.cc — a warning for a pointer named in a data clause
 * without a range (`copyin(p)`, `create(tmp)`, `present(m)` with
 * `double *p`): by the OpenACC spec that maps the pointer variable itself,
 * not the data it points to, which is rarely what the program meant.
 *
 * Checked on each function's GENERIC (PLUGIN_PRE_GENERICIZE), where the
 * clauses are those written: the gimplifier adds implicit maps of pointers
 * later.  `p[0:n]` and `p[0:1]` are sections there (a map of `*p` plus a
 * pointer assignment of `p`), so a range silences it; `deviceptr`,
 * `attach`, `detach`, `private`, `firstprivate` and `use_device` are other
 * clause kinds and never warn.  On with -Wall (as GCC's -Wall warnings);
 * -fplugin-arg-accgpu-Wpointer-clause turns it on without -Wall,
 * -fplugin-arg-accgpu-Wno-pointer-clause off (docs/compiler.md). */
#include "accgpu-plugin.h"
#include "passes/data-internal.h"
#include "opts.h"
#include "toplev.h"

/* The clause a map of KIND in CONSTRUCT was written as, or NULL for those
   that take a pointer as such (deviceptr, attach, detach, pointer
   assignments of sections, declare's device_resident and link). */
const char *accgpu_map_clause_name(unsigned kind, enum tree_code construct)
{
  bool update = construct == OACC_UPDATE;
  switch (kind) {
  case GOMP_MAP_TO: case GOMP_MAP_FORCE_TO:
    return update ? "device" : "copyin";
  case GOMP_MAP_FROM: case GOMP_MAP_FORCE_FROM:
    return update ? "self" : "copyout";
  case GOMP_MAP_TOFROM: case GOMP_MAP_FORCE_TOFROM:
    return "copy";
  case GOMP_MAP_ALLOC: case GOMP_MAP_FORCE_ALLOC:
    return "create";
  case GOMP_MAP_RELEASE: case GOMP_MAP_DELETE:
    return "delete";
  case GOMP_MAP_FORCE_PRESENT:
    return "present";
  case GOMP_MAP_IF_PRESENT:
    return "no_create";
  default:
    return NULL;
  }
}

static void check_clause(tree c, enum tree_code construct)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return;
  tree d = OMP_CLAUSE_DECL(c);
  const char *name = accgpu_map_clause_name(OMP_CLAUSE_MAP_KIND(c),
                                            construct);
  if (!name || (!VAR_P(d) && TREE_CODE(d) != PARM_DECL) ||
      !POINTER_TYPE_P(TREE_TYPE(d)) ||
      accgpu_parm_array_bound(d))
    return; /* array parameters: array-params.cc */
  location_t loc = OMP_CLAUSE_LOCATION(c);
  if (!strcmp(name, "present"))
    warning_at(loc, 0, "%<present(%E)%> names the pointer %qE without a "
               "range: accgpu uses what it points to, which must be present "
               "(by the OpenACC spec the pointer itself must be); write "
               "%<%E[0:n]%> to name the data", d, d, d);
  else
    warning_at(loc, 0, "%<%s(%E)%> %s the pointer %qE itself, not the "
               "data it points to; write %<%E[0:n]%> for n elements "
               "(%<%E[0:1]%> for one)", name, d,
               construct == OACC_UPDATE ? "copies" : "maps", d, d, d);
}

/* The clauses from C on, in source order (the parser chains them last
   first). */
static void check_clauses(tree c, enum tree_code construct)
{
  if (!c)
    return;
  check_clauses(OMP_CLAUSE_CHAIN(c), construct);
  check_clause(c, construct);
}

/* walk_tree callback: checks the clauses of OpenACC data and compute
   constructs. */
static tree check_construct(tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp, clauses;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case OACC_PARALLEL: case OACC_KERNELS: case OACC_SERIAL: case OACC_DATA:
  case OACC_HOST_DATA:
    clauses = OMP_CLAUSES(t);
    break;
  case OACC_DECLARE: case OACC_UPDATE: case OACC_ENTER_DATA:
  case OACC_EXIT_DATA:
    clauses = OMP_STANDALONE_CLAUSES(t);
    break;
  default:
    return NULL_TREE;
  }
  check_clauses(clauses, TREE_CODE(t));
  return NULL_TREE;
}

/* -Wall on the command line (the last of -Wall / -Wno-all). */
bool accgpu_wall_given(void)
{
  bool on = false;
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    if (save_decoded_options[i].opt_index == OPT_Wall)
      on = save_decoded_options[i].value != 0;
  return on;
}

static const accgpu_generic_walk walk = {check_construct};

bool accgpu_pointer_clause_arg(const char *key, const char *val)
{
  if (val || (strcmp(key, "Wpointer-clause") &&
              strcmp(key, "Wno-pointer-clause")))
    return false;
  accgpu_opts.pointer_clause = key[1] == 'p' ? 1 : 0;
  return true;
}

void accgpu_pointer_clause_init(const char *plugin_name)
{
  int on = accgpu_opts.pointer_clause;
  if (on < 0)
    on = accgpu_wall_given();
  if (on)
    accgpu_walk_each_generic(plugin_name, &walk);
}
