/* kernel-gen.cc — translates the high GIMPLE of a compute construct into a
 * CUDA C kernel (docs/kernel-abi.md §3), and functions called from kernels
 * into __device__ functions.
 *
 *   #pragma acc parallel loop copyin(b[0:n]) copyout(a[0:n])
 *   for (i = 0; i < n; i++) a[i] = b[i] * s;
 * becomes
 *   ACCGPU_KERNEL void __accgpu_k_f_3_0(float *a_7, const float *__restrict__
 *                                        b_8, double s_9, int n_10) {
 *     ...
 *     for (long long __iv = blockIdx.x*blockDim.x+threadIdx.x; __iv < __tot;
 *          __iv += gridDim.x*blockDim.x) { i_11 = 0 + __iv; ... }
 *   }
 *
 * Every variable of the region is a thread-private C local of the kernel;
 * code outside partitioned loops runs redundantly in every thread, and its
 * stores to memory are done by one thread of the gang (or worker) followed
 * by a barrier (seed 001 §5.2.2).  Loop mapping: gang = blockIdx.x,
 * worker = threadIdx.y, vector = threadIdx.x, each a stride loop over the
 * collapsed iteration space, independent of the launch size.            */
#include "passes/kernel-gen-internal.h"
#include "passes/pointer-private.h"

/* ------------------------------------------------------------------ */
/* Module-wide state: types, helpers, device functions.               */

struct kbuf kg_types;    /* typedefs and struct definitions */
static struct kbuf g_protos;   /* device function prototypes */
static struct kbuf g_prelude;  /* all of the above, assembled */

vec<type_entry> kg_type_tab;
vec<tree> kg_statics; /* static consts defined in the module */

static vec<devfn *> g_devfns;
static vec<tree> g_wanted; /* called from kernels before they were seen */

devfn *kg_find_devfn(tree decl)
{
  for (unsigned i = 0; i < g_devfns.length(); i++)
    if (g_devfns[i]->decl == decl)
      return g_devfns[i];
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Per-translation context.                                           */

/* A variable-length array type: its size is a run-time expression.  */
bool kg_vla_type_p(tree t)
{
  return TREE_CODE(t) == ARRAY_TYPE && TYPE_SIZE_UNIT(t)
         && TREE_CODE(TYPE_SIZE_UNIT(t)) != INTEGER_CST;
}

void fail(kg *g, tree t, const char *msg)
{
  if (g->failed)
    return;
  g->failed = true;
  if (g->quiet) { /* a routine's reason, named with the variable */
    g->why = t && DECL_P(t) && DECL_NAME(t)
                 ? concat(msg, " (", IDENTIFIER_POINTER(DECL_NAME(t)), ")",
                          NULL)
                 : xstrdup(msg);
    return;
  }
  location_t l = g->loc;
  if (t && EXPR_P(t) && EXPR_HAS_LOCATION(t))
    l = EXPR_LOCATION(t);
  if (t && TYPE_P(t))
    sorry_at(l, "accgpu: %s (type %qT) in an OpenACC compute region", msg, t);
  else if (t && DECL_P(t))
    sorry_at(l, "accgpu: %s: %qD", msg, t);
  else if (t)
    sorry_at(l, "accgpu: %s (%qs)", msg, get_tree_code_name(TREE_CODE(t)));
  else
    sorry_at(l, "accgpu: %s", msg);
}

/* A sorry naming variable D at LOC (its declaration or the clause).  */
void fail_at(kg *g, tree d, location_t loc, const char *msg)
{
  location_t save = g->loc;
  if (loc != UNKNOWN_LOCATION)
    g->loc = loc;
  fail(g, d, msg);
  g->loc = save;
}

/* private(a) of a VLA of the code around the region was given copies
   allocated per launch (plugin/pointer-private.cc); one left here was
   declared in the region (its own sorry) or is on a routine's loop,
   where nothing allocates copies.  */
void reject_vla_private(kg *g, tree clauses)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE
        && kg_vla_type_p(TREE_TYPE(OMP_CLAUSE_DECL(c))))
      fail_at(g, OMP_CLAUSE_DECL(c), OMP_CLAUSE_LOCATION(c),
               "private copy of a variable-length array");
}

bool kg_env_off(const char *name)
{
  const char *e = getenv(name);
  return e && !strcmp(e, "0");
}

int kg_env_int(const char *name, int lo, int hi)
{
  const char *e = getenv(name);
  int v = e ? atoi(e) : 0;
  return v >= lo && v <= hi ? v : 0;
}

void ind(kg *g)
{
  for (int i = 0; i < g->indent; i++)
    kb_add(g->out, "  ");
}

const char *lookup_name(kg *g, tree decl)
{
  for (int i = (int)g->names.length() - 1; i >= 0; i--)
    if (g->names[i].decl == decl)
      return g->names[i].text;
  return NULL;
}

/* Writes a C identifier for DECL into BUF: its name (non-identifier
   characters replaced) and its uid. */
const char *kg_ident(tree decl, const char *dflt, char *buf, size_t n)
{
  const char *nm = DECL_NAME(decl) ? IDENTIFIER_POINTER(DECL_NAME(decl)) : dflt;
  snprintf(buf, n, "%s_%u", nm, DECL_UID(decl));
  for (char *p = buf; *p; p++)
    if (!ISALNUM(*p) && *p != '_')
      *p = '_';
  return buf;
}

void push_name(kg *g, tree decl, const char *text)
{
  name_entry e = {decl, xstrdup(text)};
  g->names.safe_push(e);
}

/* ------------------------------------------------------------------ */
/* Kernels.                                                            */

static void kg_init(kg *g, location_t loc)
{
  memset(g, 0, sizeof *g);
  g->loc = loc;
  g->loop_dims = new hash_map<gimple *, int>;
  g->indent = 1;
}

static void kg_fini(kg *g)
{
  for (unsigned i = 0; i < g->names.length(); i++)
    free(g->names[i].text);
  g->names.release();
  g->callees.release();
  g->derived_from.release();
  g->written.release();
  g->shared.release();
  g->atomic_targets.release();
  g->lreds.release();
  g->creds.release();
  kb_free(&g->decls);
  delete g->loop_dims;
  delete g->sched_dims;
  free(g->why);
}

/* Marks FN and every function it calls as used in the module. */
static void use_devfn(tree fn)
{
  devfn *d = kg_find_devfn(fn);
  if (!d && kg_use_import(fn))
    return; /* a routine of another file */
  if (!d && !g_wanted.contains(fn)) {
    accgpu_keep(fn);
    g_wanted.safe_push(fn); /* not seen yet: used when it is */
  }
  if (!d || d->used)
    return;
  d->used = true;
  for (unsigned i = 0; i < d->callees.length(); i++)
    use_devfn(d->callees[i]);
}

/* Reports functions called from kernels that could not be translated. */
static bool check_callees(kg *g, location_t loc)
{
  bool ok = true;
  for (unsigned i = 0; i < g->callees.length(); i++) {
    tree fn = g->callees[i];
    devfn *d = kg_find_devfn(fn);
    if (d && !d->text) {
      error_at(loc, "accgpu: %qD, called in this compute region, cannot run "
                    "on the device: %s", fn, d->why ? d->why : "unsupported");
      ok = false;
    } else if (d && !d->routine && !d->noted) {
      d->noted = true;
      inform(DECL_SOURCE_LOCATION(fn),
             "accgpu: %qD has no %<#pragma acc routine%>; compiled for the "
             "device as %<routine seq%>", fn);
    }
    if (d || kg_imported_p(fn))
      use_devfn(fn);
    else if (!g_wanted.contains(fn)) {
      accgpu_keep(fn);
      g_wanted.safe_push(fn);
    }
  }
  return ok;
}

/* A firstprivate array: passed by value, wrapped in a struct
   (lower-compute.cc), the body's variable a private copy of it. */
static bool fp_array_p(const kg_param *p)
{
  return p->fp_buffer || (!p->by_ref
                          && TREE_CODE(TREE_TYPE(p->decl)) == ARRAY_TYPE
                          && RECORD_OR_UNION_TYPE_P(p->type));
}

/* The kernel's name of parameter DECL of G's region. */
static const char *param_name(kg *g, tree decl)
{
  for (unsigned i = 0; i < g->region->params.length(); i++)
    if (g->region->params[i].decl == decl)
      return g->region->params[i].name;
  return "0";
}

/* D, a firstprivate in a device buffer (P), is the pointer NB: at the
   buffer itself when the region only reads it (every thread reads the one
   copy), else at the gang's copy in P's table, which the gang's threads
   fill together (then wait).  Its stores are a gang's shared stores. */
static void fp_in_memory(kg *g, kg_param *p, const char *nb,
                         struct kbuf *body)
{
  tree d = p->decl, t = TREE_TYPE(d);
  if (!p->gang_copies)
    t = build_qualified_type(t, TYPE_QUAL_CONST);
  struct kbuf ts = {};
  type_str(g, &ts, t);
  kb_printf(&g->decls, "  %s *%s;\n", kb_str(&ts), nb);
  if (!p->gang_copies)
    kb_printf(body, "  %s = (%s *)%s;\n", nb, kb_str(&ts), p->name);
  else {
    unsigned long size = tree_to_uhwi(TYPE_SIZE_UNIT(t));
    const char *w = size % 8 == 0 ? "unsigned long long"
                    : size % 4 == 0 ? "unsigned" : "unsigned char";
    kb_printf(body, "  %s = (%s *)((void *const *)%s)[__accgpu_gid];\n",
              nb, kb_str(&ts), param_name(g, p->gang_copies));
    kb_printf(body, "  for (unsigned long __k = threadIdx.x + blockDim.x * "
              "(threadIdx.y + blockDim.y * threadIdx.z); __k < sizeof(%s) / "
              "sizeof(%s); __k += blockDim.x * blockDim.y * blockDim.z)\n"
              "    ((%s *)%s)[__k] = ((const %s *)%s)[__k];\n", kb_str(&ts),
              w, w, nb, w, p->name);
    if (g->dims & (KG_WORKER | KG_VECTOR | KG_PGI))
      kb_add(body, "  __syncthreads();\n");
    g->shared.safe_push(d);
  }
  kb_free(&ts);
  char ref[220];
  snprintf(ref, sizeof ref, "(*%s)", nb);
  push_name(g, d, ref);
}

/* Declares each firstprivate array of G's region as the gang's copy
   (__shared__ when the gang's threads share it, as private aggregates
   are: maybe_share) and copies the parameter into it at the start of
   BODY; one thread copies a shared one, then the gang waits.  One in a
   device buffer is read there, or copied into global memory per gang
   (fp_in_memory), unless written and shared. */
static void fp_arrays(kg *g, struct kbuf *body)
{
  for (unsigned i = 0; i < g->region->params.length(); i++) {
    kg_param *p = &g->region->params[i];
    if (!fp_array_p(p))
      continue;
    tree d = p->decl;
    char nb[200];
    kg_ident(d, "v", nb, sizeof nb);
    if (p->gang_copies || !p->fp_buffer)
      kg_share_or_memory(g, d);
    bool sh = g->shared.contains(d);
    if (p->fp_buffer && !sh) {
      fp_in_memory(g, p, nb, body);
      continue;
    }
    if (p->gang_copies) /* shared: no copies in memory to allocate */
      accgpu_pp_slot_of(p->gang_copies)->len =
          build_int_cst(long_integer_type_node, 0);
    kb_add(&g->decls, sh ? "  __shared__ " : "  ");
    decl_str(g, &g->decls, TREE_TYPE(d), nb);
    kb_add(&g->decls, ";\n");
    push_name(g, d, nb);
    kb_add(body, sh ? "  if (threadIdx.x == 0 && threadIdx.y == 0) "
                    : "  ");
    if (p->fp_buffer) /* a large one: its bytes in a device buffer */
      kb_printf(body, "__accgpu_memcpy((void *)&%s, (const void *)%s, "
                "sizeof %s);\n", nb, p->name, nb);
    else {
      kb_add(body, "*(");
      type_str(g, body, p->type);
      kb_printf(body, " *)&%s = %s;\n", nb, p->name);
    }
    if (sh)
      kb_add(body, "  __syncthreads();\n");
  }
}

/* A firstprivate scalar or small struct of G's region passed by value
   that the gang's threads must share: updated by an atomic, or stored by
   a lane for the gang's code after its loop (kg_lane_store_escapes).  It
   is one copy per gang (OpenACC 3.3 §2.5.1): a __shared__ copy that one
   thread fills from the parameter at the start of BODY, then the gang
   waits.  A thread's own copy would count its lanes' updates only. */
static bool fp_shared_p(kg *g, kg_param *p)
{
  tree t = p->type;
  if (p->by_ref || fp_array_p(p) || kg_ld_type_p(t))
    return false;
  if (INTEGRAL_TYPE_P(t) || SCALAR_FLOAT_TYPE_P(t))
    return kg_atomic_target_p(g, p->decl)
           || kg_lane_store_escapes(g, p->decl);
  return RECORD_OR_UNION_TYPE_P(t) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(t))
         && tree_to_uhwi(TYPE_SIZE_UNIT(t)) <= 1024
         && g->shared_bytes + tree_to_uhwi(TYPE_SIZE_UNIT(t)) <= 32768
         && kg_lane_store_escapes(g, p->decl);
}

static void fp_shared_scalars(kg *g, struct kbuf *body)
{
  if (!(g->dims & (KG_WORKER | KG_VECTOR)))
    return; /* one thread per gang: the parameter is the gang's copy */
  for (unsigned i = 0; i < g->region->params.length(); i++) {
    kg_param *p = &g->region->params[i];
    tree d = p->decl;
    if (!fp_shared_p(g, p))
      continue;
    if (RECORD_OR_UNION_TYPE_P(p->type))
      g->shared_bytes += tree_to_uhwi(TYPE_SIZE_UNIT(p->type));
    char *nb = p->name;
    p->name = concat(nb, "_in", NULL);
    kb_add(&g->decls, "  __shared__ ");
    decl_str(g, &g->decls, p->type, nb);
    kb_add(&g->decls, ";\n");
    kb_printf(body, "  if (threadIdx.x == 0 && threadIdx.y == 0) %s = %s;\n"
              "  __syncthreads();\n", nb, p->name);
    g->shared.safe_push(d);
  }
}

/* A long double passed by value arrives in the host's layout (P->name,
   NB_in) and is the double NB in the body. */
static void ld_param(kg *g, kg_param *p, const char *nb, struct kbuf *body)
{
  bool c = TREE_CODE(p->type) == COMPLEX_TYPE;
  p->name = concat(nb, "_in", NULL);
  push_name(g, p->decl, nb);
  kb_add(&g->decls, "  ");
  decl_str(g, &g->decls, p->type, nb);
  kb_add(&g->decls, ";\n");
  kb_printf(body, "  %s = %s(%s);\n", nb, c ? "__accgpu_cldv"
                                             : "__accgpu_ldv", p->name);
}

bool kg_generate(struct kg_region *r)
{
  kg g;
  location_t loc = gimple_location(r->stmt);
  kg_init(&g, loc);
  g.region = r;
  g.kind = r->kind;
  struct kbuf body = {};
  g.out = &body;
  bool serial = r->kind == GF_OMP_TARGET_KIND_OACC_SERIAL;
  bool kernels = r->kind == GF_OMP_TARGET_KIND_OACC_KERNELS;

  /* Parameters and what the body calls them. */
  for (unsigned i = 0; i < r->params.length(); i++) {
    kg_param *p = &r->params[i];
    tree d = p->decl;
    char nb[200];
    kg_ident(d, "v", nb, sizeof nb);
    if (fp_array_p(p)) { /* the value comes in as *_in; see fp_arrays */
      p->name = concat(nb, "_in", NULL);
      continue;
    }
    if (!p->by_ref && kg_ld_type_p(p->type)) {
      ld_param(&g, p, nb, &body);
      continue;
    }
    p->name = xstrdup(nb);
    if (p->by_ref) {
      char t[220];
      snprintf(t, sizeof t, "(*%s)", nb);
      push_name(&g, d, t);
    } else {
      push_name(&g, d, nb);
      if (POINTER_TYPE_P(TREE_TYPE(d))) {
        g.derived_from.safe_push(d);
        g.derived_from.safe_push(d);
      }
    }
  }
  /* Construct-level reductions: a per-gang private, combined at the end. */
  kgr_construct_open(&g, r);

  /* Loop partitioning. */
  vec<lnode *> loops = vNULL;
  collect_loops(gimple_omp_body(r->stmt), &loops, kernels && !serial);
  int dims = 0, npart = 0;
  const char *pgi_why = NULL;
  location_t pgi_at = loc;
  int pgi = kernels && !serial ? kg_pgi_nest(&g, &loops, &pgi_why, &pgi_at)
            : 0;
  if (pgi > 0) {
    dims = pgi;
    npart = 1;
  }
  for (unsigned i = 0; pgi <= 0 && i < loops.length(); i++) {
    int d = assign_dims(&g, loops[i], 0, kernels, serial);
    dims |= d;
    npart += d != 0;
  }
  if (pgi < 0 && g.failed) /* the nesting error: why PGI's schedule did not
                              apply either */
    inform(pgi_at, "accgpu: in %<kernels%>, a tightly nested nest of up to "
           "3 loops with gang or vector maps one loop per grid dimension "
           "(the PGI schedule); not here: %s", pgi_why);
  if (pgi <= 0 && sched_apply(&g, &loops, kernels, serial))
    dims = assign_dims(&g, loops[0], 0, kernels, serial);
  if (kernels) {
    vec<location_t> seq_loops = vNULL;
    kg_find_sequential_plain_loops(gimple_omp_body(r->stmt), &seq_loops);
    for (unsigned i = 0; accgpu_opts.info && i < seq_loops.length(); i++)
      inform(seq_loops[i], "accgpu: loop not parallelized (possible "
             "loop-carried dependence, or a body the dependence test cannot "
             "analyse): runs sequentially");
    seq_loops.release();
  }
  /* Worker/vector routines called here need those threads. */
  if (!serial)
    dims |= kg_seq_callee_dims(gimple_omp_body(r->stmt));
  g.dims = dims;
  r->dims = dims;
  if (accgpu_opts.info) {
    g.dims = dims;
    info_loops(&g, &loops);
  }
  free_loops(&loops);

  reject_vla_private(&g, gimple_omp_target_clauses(r->stmt));
  for (tree c = gimple_omp_target_clauses(r->stmt); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE)
      maybe_share(&g, OMP_CLAUSE_DECL(c)); /* gang-private on the construct */
  fp_arrays(&g, &body);
  fp_shared_scalars(&g, &body);
  emit_seq(&g, gimple_omp_body(r->stmt));

  /* Combine the gangs' construct-level reduction values. */
  kgr_construct_close(&g, r, &body);
  /* kernels: several parallel loops in one kernel need the barrier between
     them that only one gang gives. */
  r->gang_redundant_store = g.gang_redundant_store || !g.callees.is_empty()
                            || (kernels && npart > 1);
  bool ok = !g.failed && check_callees(&g, loc);
  kgr_scratch_decl(&g);
  kg_kernel_globals(&g, &g.decls);

  /* Signature, now that read-only pointers are known. */
  struct kbuf k = {};
  kb_printf(&k, "ACCGPU_KERNEL void %s(", r->kname);
  for (unsigned i = 0; i < r->params.length(); i++) {
    kg_param *p = &r->params[i];
    if (i)
      kb_add(&k, ", ");
    p->readonly = POINTER_TYPE_P(p->type) && !p->by_ref
                  && !g.written.contains(p->decl)
                  && !kg_ro_alias_p(&g, p->decl, g.written);
    if (p->readonly) {
      tree ro = build_pointer_type(build_qualified_type(
          TREE_TYPE(p->type), TYPE_QUAL_CONST));
      type_str(&g, &k, ro);
      kb_printf(&k, "__restrict__ %s", p->name);
    } else if (kg_ld_type_p(p->type)) {
      storage_str(&g, &k, p->type);
      kb_printf(&k, " %s", p->name);
    } else {
      decl_str(&g, &k, p->type, p->name);
    }
  }
  if (r->params.is_empty())
    kb_add(&k, "void");
  kb_add(&k, ")\n{\n");
  kb_add(&k, kb_str(&g.decls));
  kb_add(&k, kb_str(&body));
  kb_add(&k, "}\n#ifdef __ACCGPU_EMU__\n");
  kb_printf(&k, "ACCGPU_EMU_ENTRY(%s)\n{\n  %s(", r->kname, r->kname);
  for (unsigned i = 0; i < r->params.length(); i++) {
    kg_param *p = &r->params[i];
    if (i)
      kb_add(&k, ", ");
    kb_printf(&k, "*(");
    if (p->readonly) {
      tree ro = build_pointer_type(build_qualified_type(
          TREE_TYPE(p->type), TYPE_QUAL_CONST));
      type_str(&g, &k, ro);
    } else
      storage_str(&g, &k, p->type);
    kb_printf(&k, " *)args[%u]", i);
  }
  kb_add(&k, ");\n}\n#endif\n");
  ok = ok && !g.failed;
  r->text = ok ? kb_take(&k) : NULL;
  kb_free(&k);
  kb_free(&body);
  kg_fini(&g);
  return ok;
}

/* ------------------------------------------------------------------ */
/* Device functions.                                                   */

int oacc_fn_attrib_level(tree attr); /* omp-offload.cc: 0 gang .. 3 seq */

/* Levels of parallelism a `routine` FN may partition (0: seq or none). */
int kg_routine_dims(tree fn)
{
  tree attr = oacc_get_fn_attrib(fn);
  if (!attr)
    return 0;
  switch (oacc_fn_attrib_level(attr)) {
  case 0: return KG_GANG | KG_WORKER | KG_VECTOR;
  case 1: return KG_WORKER | KG_VECTOR;
  case 2: return KG_VECTOR;
  default: return 0;
  }
}

/* walk_gimple_seq callback: ORs into *WI->info the levels of the routines
   the statement calls. */
tree kg_callee_dims(gimple_stmt_iterator *gsi, bool *handled,
                        walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_CALL && gimple_call_fndecl(s))
    *(int *)wi->info |=
        kg_routine_dims(accgpu_device_callee(gimple_call_fndecl(s)))
        & ~KG_GANG;
  return NULL_TREE;
}

int kg_seq_callee_dims(gimple_seq seq)
{
  int cd = 0;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &cd;
  walk_gimple_seq(seq, kg_callee_dims, NULL, &wi);
  return cd;
}

char *device_proto(kg *g, tree fn, bool with_names)
{
  struct kbuf b = {};
  tree rt = TREE_TYPE(TREE_TYPE(fn));
  kb_add(&b, "static __device__ ");
  if (AGGREGATE_TYPE_P(rt) || TREE_CODE(rt) == COMPLEX_TYPE)
    kb_add(&b, "ACCGPU_STRUCT_RET "); /* a CUDA 13.0 bug: accgpu_cuda.h */
  need_complete(g, rt);
  type_str(g, &b, rt);
  kb_printf(&b, " __accgpu_r_%s(", IDENTIFIER_POINTER(DECL_NAME(fn)));
  unsigned k = 0;
  for (tree a = DECL_ARGUMENTS(fn); a; a = DECL_CHAIN(a), k++) {
    if (k)
      kb_add(&b, ", ");
    need_complete(g, TREE_TYPE(a));
    type_str(g, &b, TREE_TYPE(a));
    if (with_names)
      kb_printf(&b, " %s", decl_name(g, a));
  }
  kg_global_params(&b, k == 0); /* declared globals: routine-globals.cc */
  kb_add(&b, ")");
  return kb_take(&b);
}

void kg_maybe_emit_device_function(function *fun)
{
  tree fn = fun->decl;
  if (kg_find_devfn(fn) || !DECL_NAME(fn) || DECL_ARTIFICIAL(fn)
      || decl_function_context(fn) /* nested: routine-nesting.cc */
      || accgpu_device_callee(fn) != fn) /* bound: routine-bind.cc */
    return;
  gimple_seq body = gimple_body(fn);
  if (!body)
    return;
  devfn *d = XCNEW(devfn);
  d->decl = fn;
  accgpu_keep(fn);
  d->routine = lookup_attribute("oacc function", DECL_ATTRIBUTES(fn));
  kg g;
  kg_init(&g, DECL_SOURCE_LOCATION(fn));
  g.routine_mode = true;
  g.quiet = !d->routine;
  /* Parameters are named like locals but must not be declared twice. */
  for (tree a = DECL_ARGUMENTS(fn); a; a = DECL_CHAIN(a)) {
    char nb[200];
    kg_ident(a, "p", nb, sizeof nb);
    push_name(&g, a, nb);
  }
  char *proto = device_proto(&g, fn, true);
  struct kbuf b = {};
  g.out = &b;
  g.dims = kg_routine_dims(fn);
  bool failed_before = g.failed;
  if (g.dims) {
    /* Levels the routine does not have count as taken by its caller. */
    vec<lnode *> loops = vNULL;
    collect_loops(body, &loops, false);
    for (unsigned i = 0; i < loops.length(); i++)
      assign_dims(&g, loops[i], (KG_GANG | KG_WORKER | KG_VECTOR) & ~g.dims,
                  false, false);
    free_loops(&loops);
    g.failed = failed_before; /* level errors come from the pass driver */
  }
  emit_seq(&g, body);
  kgr_scratch_decl(&g);
  if (g.failed) {
    d->why = g.why ? xstrdup(g.why) : xstrdup("unsupported construct");
  } else {
    struct kbuf t = {};
    kb_printf(&t, "%s\n{\n%s%s}\n", proto, kb_str(&g.decls), kb_str(&b));
    d->text = kb_take(&t);
    char *p = device_proto(&g, fn, false);
    d->proto = concat(p, ";\n", NULL);
    free(p);
  }
  d->callees = g.callees.copy();
  d->global = g.global_used;
  /* Other units may call it: routine-link.cc. */
  bool exported = d->routine && kg_export_routine(&g, fn);
  free(proto);
  kb_free(&b);
  kg_fini(&g);
  g_devfns.safe_push(d);
  if (exported)
    use_devfn(fn);
  if (g_wanted.contains(fn)) {
    if (!d->text)
      error_at(DECL_SOURCE_LOCATION(fn), "accgpu: %qD, called in a compute "
               "region, cannot run on the device: %s", fn, d->why);
    else if (!d->routine)
      inform(DECL_SOURCE_LOCATION(fn), "accgpu: %qD has no %<#pragma acc "
             "routine%>; compiled for the device as %<routine seq%>", fn);
    use_devfn(fn);
  }
}

/* Functions called on the device that the unit never defined (a routine
   of another file): an error at the declaration, not a module that does
   not build. */
static void check_wanted_defined(void)
{
  for (unsigned i = 0; i < g_wanted.length(); i++)
    if (!kg_find_devfn(g_wanted[i]) && !kg_imported_p(g_wanted[i]))
      error_at(DECL_SOURCE_LOCATION(g_wanted[i]), "accgpu: %qD is called in "
               "a compute region but not defined in this file: accgpu "
               "compiles a routine with the compute regions of its own file "
               "(define it here, or in a header as %<static%>)", g_wanted[i]);
  g_wanted.truncate(0);
}

const char *kg_prelude(void)
{
  check_wanted_defined();
  kb_free(&g_prelude);
  kb_add(&g_prelude, kb_str(&kg_types));
  kg_globals_prelude(&g_prelude);
  kg_link_imports(&g_prelude);
  for (unsigned i = 0; i < g_devfns.length(); i++)
    if (g_devfns[i]->used && g_devfns[i]->proto)
      kb_add(&g_prelude, g_devfns[i]->proto);
  kb_add(&g_prelude, kb_str(&g_protos));
  kb_add(&g_prelude, accgpu_red_prelude());
  for (unsigned i = 0; i < g_devfns.length(); i++)
    if (g_devfns[i]->used && g_devfns[i]->text)
      kb_add(&g_prelude, g_devfns[i]->text);
  kg_link_exports(&g_prelude);
  return kb_str(&g_prelude);
}
