/* model.c — the kernel model (docs/kernel-model.md): loading, validating and
 * binding parameter values. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"
#include "yamlutil.h"

typedef struct loader {
  tune_yaml y;
  tune_kernel *k;
  int ops_cap, refs_cap;
  int scope[TUNE_MAX_VARS]; /* loop variables visible in the body */
  int nscope;
} loader;

static const char *const kernel_keys[] = {"id", "file", "line", "function",
                                          "params", "loops", "body", NULL};
static const char *const loop_keys[] = {"var", "lower", "upper", NULL};
static const char *const ref_keys[] = {"array", "elem", "access", "affine",
                                       "index", NULL};
static const char *const seq_keys[] = {"loop", "body", NULL};
static const char *const top_keys[] = {"kernels", NULL};

/* Reports that memory ran out.  Returns -1. */
static int oom(loader *L) {
  snprintf(L->y.err, L->y.errlen, "%s: out of memory loading the model",
           L->y.path);
  return -1;
}

/* Parses the scalar N as an expression.  Returns it, or NULL with a
 * located message. */
static tune_expr *expr_of(loader *L, yaml_node_t *n, const char *what) {
  const char *s = accgpu_tune_yaml_text(n);
  char perr[200];
  if (!s) {
    accgpu_tune_yaml_fail(&L->y, n, "expected an expression for %s", what);
    return NULL;
  }
  tune_expr *e = accgpu_tune_expr_parse(s, perr, sizeof perr);
  if (!e)
    accgpu_tune_yaml_fail(&L->y, n, "%s: %s", what, perr);
  return e;
}

static int push_op(loader *L, int kind, int arg, int match) {
  tune_kernel *k = L->k;
  if (k->nops == L->ops_cap) {
    int nc = L->ops_cap ? L->ops_cap * 2 : 16;
    tune_op *n = realloc(k->ops, (size_t)nc * sizeof *n);
    if (!n)
      return oom(L);
    k->ops = n;
    L->ops_cap = nc;
  }
  k->ops[k->nops++] = (tune_op){kind, arg, match};
  return k->nops - 1;
}

/* Reads {var, lower, upper} at N into a new loop variable.  Returns its
 * index or -1. */
static int read_loop(loader *L, yaml_node_t *n) {
  tune_kernel *k = L->k;
  if (accgpu_tune_yaml_expect(&L->y, n, YAML_MAPPING_NODE,
                              "a loop {var, lower, upper}") ||
      accgpu_tune_yaml_keys(&L->y, n, loop_keys, "a loop"))
    return -1;
  if (k->nvars == TUNE_MAX_VARS)
    return accgpu_tune_yaml_fail(&L->y, n, "more than %d loop variables",
                                 TUNE_MAX_VARS);
  tune_loop *lp = &k->vars[k->nvars];
  if (accgpu_tune_yaml_str(&L->y, n, "var", 1, lp->var, sizeof lp->var))
    return -1;
  for (int i = 0; i < k->nvars; i++)
    if (strcmp(k->vars[i].var, lp->var) == 0)
      return accgpu_tune_yaml_fail(&L->y, n, "loop variable '%s' used twice",
                                   lp->var);
  yaml_node_t *lo = accgpu_tune_yaml_get(&L->y, n, "lower");
  yaml_node_t *up = accgpu_tune_yaml_get(&L->y, n, "upper");
  if (!up)
    return accgpu_tune_yaml_fail(&L->y, n, "missing key 'upper'");
  lp->yline = accgpu_tune_yaml_line(n);
  if (lo && !(lp->lower = expr_of(L, lo, "lower")))
    return -1;
  if (!(lp->upper = expr_of(L, up, "upper")))
    return -1;
  return k->nvars++;
}

static int var_in_scope(loader *L, const char *name) {
  for (int i = 0; i < L->nscope; i++)
    if (strcmp(L->k->vars[L->scope[i]].var, name) == 0)
      return L->scope[i];
  return -1;
}

static int array_id(loader *L, const char *name) {
  tune_kernel *k = L->k;
  for (int i = 0; i < k->narrays; i++)
    if (strcmp(k->arrays[i], name) == 0)
      return i;
  char(*n)[TUNE_NAME] = realloc(k->arrays, (size_t)(k->narrays + 1) *
                                               sizeof *n);
  if (!n)
    return oom(L);
  k->arrays = n;
  snprintf(k->arrays[k->narrays], TUNE_NAME, "%s", name);
  return k->narrays++;
}

/* Reads the subscript mapping IDX {var: coef, ..., const: c} into R. */
static int read_index(loader *L, yaml_node_t *idx, tune_ref *r) {
  if (accgpu_tune_yaml_expect(&L->y, idx, YAML_MAPPING_NODE,
                              "index: a mapping {loopvar: coefficient, const: "
                              "c}"))
    return -1;
  for (yaml_node_pair_t *p = idx->data.mapping.pairs.start;
       p < idx->data.mapping.pairs.top; p++) {
    yaml_node_t *kn = yaml_document_get_node(&L->y.doc, p->key);
    yaml_node_t *vn = yaml_document_get_node(&L->y.doc, p->value);
    const char *name = accgpu_tune_yaml_text(kn);
    if (!name)
      return accgpu_tune_yaml_fail(&L->y, kn, "expected a loop variable name");
    tune_expr **slot = &r->cst;
    if (strcmp(name, "const") != 0) {
      int v = var_in_scope(L, name);
      if (v < 0)
        return accgpu_tune_yaml_fail(&L->y, kn,
                                     "index uses '%s', which is not a loop "
                                     "variable in scope",
                                     name);
      slot = &r->coef[v];
    }
    if (*slot)
      return accgpu_tune_yaml_fail(&L->y, kn, "'%s' given twice", name);
    if (!(*slot = expr_of(L, vn, name)))
      return -1;
  }
  return 0;
}

static int read_ref(loader *L, yaml_node_t *n) {
  tune_kernel *k = L->k;
  char arr[TUNE_NAME], acc[16];
  int64_t elem;
  if (k->nrefs == L->refs_cap) {
    int nc = L->refs_cap ? L->refs_cap * 2 : 8;
    tune_ref *nr = realloc(k->refs, (size_t)nc * sizeof *nr);
    if (!nr)
      return oom(L);
    k->refs = nr;
    L->refs_cap = nc;
  }
  tune_ref *r = &k->refs[k->nrefs++];
  memset(r, 0, sizeof *r);
  r->yline = accgpu_tune_yaml_line(n);
  if (accgpu_tune_yaml_keys(&L->y, n, ref_keys, "a reference") ||
      accgpu_tune_yaml_str(&L->y, n, "array", 1, arr, sizeof arr) ||
      accgpu_tune_yaml_int(&L->y, n, "elem", 1, &elem) ||
      accgpu_tune_yaml_str(&L->y, n, "access", 1, acc, sizeof acc))
    return -1;
  if (elem <= 0 || elem > 64)
    return accgpu_tune_yaml_fail(&L->y, accgpu_tune_yaml_get(&L->y, n, "elem"),
                                 "elem must be 1..64 bytes");
  if (strcmp(acc, "read") && strcmp(acc, "write"))
    return accgpu_tune_yaml_fail(&L->y,
                                 accgpu_tune_yaml_get(&L->y, n, "access"),
                                 "expected 'read' or 'write' for 'access'");
  r->elem = (int)elem;
  r->is_write = acc[0] == 'w';
  r->affine = 1;
  yaml_node_t *af = accgpu_tune_yaml_get(&L->y, n, "affine");
  if (af) {
    const char *s = accgpu_tune_yaml_text(af);
    if (!s || (strcmp(s, "true") && strcmp(s, "false")))
      return accgpu_tune_yaml_fail(&L->y, af, "expected true or false for "
                                              "'affine'");
    r->affine = s[0] == 't';
  }
  if ((r->arr = array_id(L, arr)) < 0)
    return -1;
  yaml_node_t *idx = accgpu_tune_yaml_get(&L->y, n, "index");
  if (!idx && r->affine)
    return accgpu_tune_yaml_fail(&L->y, n, "missing key 'index' (or "
                                           "'affine: false')");
  if (idx && read_index(L, idx, r))
    return -1;
  return push_op(L, TUNE_OP_REF, k->nrefs - 1, 0) < 0 ? -1 : 0;
}

static int read_body(loader *L, yaml_node_t *body);

/* - loop: {var, lower, upper}
 *   body: [...]                                                       */
static int read_seq(loader *L, yaml_node_t *n, yaml_node_t *loop) {
  if (accgpu_tune_yaml_keys(&L->y, n, seq_keys, "a sequential loop"))
    return -1;
  int v = read_loop(L, loop);
  if (v < 0)
    return -1;
  yaml_node_t *body = accgpu_tune_yaml_get(&L->y, n, "body");
  if (!body)
    return accgpu_tune_yaml_fail(&L->y, n, "missing key 'body' of loop '%s'",
                                 L->k->vars[v].var);
  int at = push_op(L, TUNE_OP_LOOP, v, 0);
  if (at < 0)
    return -1;
  L->scope[L->nscope++] = v;
  if (read_body(L, body))
    return -1;
  L->nscope--;
  int end = push_op(L, TUNE_OP_END, v, at);
  if (end < 0)
    return -1;
  L->k->ops[at].match = end;
  return 0;
}

static int read_body(loader *L, yaml_node_t *body) {
  if (accgpu_tune_yaml_expect(&L->y, body, YAML_SEQUENCE_NODE,
                              "body: a list of references and loops"))
    return -1;
  for (int i = 0; i < accgpu_tune_yaml_len(body); i++) {
    yaml_node_t *n = accgpu_tune_yaml_item(&L->y, body, i);
    if (accgpu_tune_yaml_expect(&L->y, n, YAML_MAPPING_NODE,
                                "a reference {array, elem, access, index} or "
                                "a loop {loop, body}"))
      return -1;
    yaml_node_t *loop = accgpu_tune_yaml_get(&L->y, n, "loop");
    if (loop ? read_seq(L, n, loop) : read_ref(L, n))
      return -1;
  }
  return 0;
}

static int read_params(loader *L, yaml_node_t *n) {
  if (accgpu_tune_yaml_expect(&L->y, n, YAML_MAPPING_NODE,
                              "params: a mapping name -> default value") ||
      accgpu_tune_yaml_keys(&L->y, n, NULL, "params"))
    return -1;
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
       p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *kn = yaml_document_get_node(&L->y.doc, p->key);
    yaml_node_t *vn = yaml_document_get_node(&L->y.doc, p->value);
    const char *name = accgpu_tune_yaml_text(kn);
    int64_t v;
    if (strlen(name) >= TUNE_NAME)
      return accgpu_tune_yaml_fail(&L->y, kn, "parameter name longer than "
                                              "%d characters", TUNE_NAME - 1);
    if (accgpu_tune_yaml_intval(&L->y, vn, name, &v))
      return -1;
    if (accgpu_tune_params_set(&L->k->defaults, name, v))
      return accgpu_tune_yaml_fail(&L->y, kn, "too many parameters");
  }
  return 0;
}

static int read_kernel(loader *L, yaml_node_t *n) {
  tune_kernel *k = L->k;
  int64_t line = 0;
  k->yline = accgpu_tune_yaml_line(n);
  if (accgpu_tune_yaml_expect(&L->y, n, YAML_MAPPING_NODE, "a kernel mapping") ||
      accgpu_tune_yaml_keys(&L->y, n, kernel_keys, "a kernel") ||
      accgpu_tune_yaml_str(&L->y, n, "id", 1, k->id, sizeof k->id) ||
      accgpu_tune_yaml_str(&L->y, n, "file", 0, k->file, sizeof k->file) ||
      accgpu_tune_yaml_str(&L->y, n, "function", 0, k->function,
                           sizeof k->function) ||
      accgpu_tune_yaml_int(&L->y, n, "line", 0, &line))
    return -1;
  if (line < 0 || line > INT_MAX)
    return accgpu_tune_yaml_fail(&L->y, accgpu_tune_yaml_get(&L->y, n, "line"),
                                 "'line' must be 0..%d", INT_MAX);
  k->line = (int)line;
  yaml_node_t *pn = accgpu_tune_yaml_get(&L->y, n, "params");
  if (pn && read_params(L, pn))
    return -1;
  yaml_node_t *loops = accgpu_tune_yaml_get(&L->y, n, "loops");
  int nl = accgpu_tune_yaml_len(loops);
  if (!loops || loops->type != YAML_SEQUENCE_NODE || nl < 1 ||
      nl > TUNE_MAX_PAR)
    return accgpu_tune_yaml_fail(&L->y, loops ? loops : n,
                                 "expected 'loops': a list of 1 to %d "
                                 "parallel loops, outermost first",
                                 TUNE_MAX_PAR);
  for (int i = 0; i < nl; i++) {
    int v = read_loop(L, accgpu_tune_yaml_item(&L->y, loops, i));
    if (v < 0)
      return -1;
    L->scope[L->nscope++] = v;
  }
  k->npar = nl;
  yaml_node_t *body = accgpu_tune_yaml_get(&L->y, n, "body");
  if (!body)
    return accgpu_tune_yaml_fail(&L->y, n, "missing key 'body'");
  return read_body(L, body);
}

int accgpu_tune_model_load(const char *path, tune_model *m, char *err,
                           size_t errlen) {
  loader L;
  memset(&L, 0, sizeof L);
  snprintf(m->path, sizeof m->path, "%s", path);
  yaml_node_t *r = accgpu_tune_yaml_open(&L.y, path, err, errlen);
  yaml_node_t *ks = r ? accgpu_tune_yaml_get(&L.y, r, "kernels") : NULL;
  int rc = -1;
  if (!r || accgpu_tune_yaml_expect(&L.y, r, YAML_MAPPING_NODE,
                                    "a mapping with 'kernels'") ||
      accgpu_tune_yaml_keys(&L.y, r, top_keys, "the model"))
    goto out;
  if (!ks || ks->type != YAML_SEQUENCE_NODE || !accgpu_tune_yaml_len(ks)) {
    accgpu_tune_yaml_fail(&L.y, ks ? ks : r,
                          "expected 'kernels': a non-empty list");
    goto out;
  }
  int n = accgpu_tune_yaml_len(ks);
  m->kernels = calloc((size_t)n, sizeof *m->kernels);
  if (!m->kernels) {
    oom(&L);
    goto out;
  }
  for (int i = 0; i < n; i++) {
    L.k = &m->kernels[i];
    L.ops_cap = L.refs_cap = L.nscope = 0;
    m->nkernels = i + 1;
    if (read_kernel(&L, accgpu_tune_yaml_item(&L.y, ks, i)))
      goto out;
  }
  rc = 0;
out:
  accgpu_tune_yaml_close(&L.y);
  if (rc)
    accgpu_tune_model_free(m);
  return rc;
}

void accgpu_tune_model_free(tune_model *m) {
  for (int i = 0; i < m->nkernels; i++) {
    tune_kernel *k = &m->kernels[i];
    /* Every slot: a loop that failed after its lower bound parsed holds
     * an expression but was not counted. */
    for (int v = 0; v < TUNE_MAX_VARS; v++) {
      accgpu_tune_expr_free(k->vars[v].lower);
      accgpu_tune_expr_free(k->vars[v].upper);
    }
    for (int r = 0; r < k->nrefs; r++) {
      for (int v = 0; v < TUNE_MAX_VARS; v++)
        accgpu_tune_expr_free(k->refs[r].coef[v]);
      accgpu_tune_expr_free(k->refs[r].cst);
    }
    free(k->refs);
    free(k->ops);
    free(k->arrays);
  }
  free(m->kernels);
  m->kernels = NULL;
  m->nkernels = 0;
}

/* Evaluates E (NULL = DFLT) with the merged parameters.  Returns 0 or -1
 * with a located message naming the unknown parameter. */
static int bind_one(const tune_expr *e, int64_t dflt, const tune_params *p,
                    const char *path, int line, const char *what,
                    int64_t *out, char *err, size_t errlen) {
  const char *unknown = NULL;
  if (!e) {
    *out = dflt;
    return 0;
  }
  int rc = accgpu_tune_expr_eval(e, p, out, &unknown);
  if (rc == TUNE_EXPR_DIV0)
    snprintf(err, errlen, "%s:%d: division by zero in %s", path, line, what);
  else if (rc == TUNE_EXPR_OVERFLOW)
    snprintf(err, errlen, "%s:%d: %s overflows 64 bits with these parameter "
             "values", path, line, what);
  else if (rc)
    snprintf(err, errlen,
             "%s:%d: %s uses '%s', which has no value (give -D %s=VALUE, a "
             "profile, or a default under 'params')",
             path, line, what, unknown, unknown);
  return rc ? -1 : 0;
}

static void merge(tune_params *dst, const tune_params *src) {
  for (int i = 0; src && i < src->n; i++)
    accgpu_tune_params_set(dst, src->name[i], src->val[i]);
}

/* Binds loop LP: lower bound and trip count (the profile's, else upper -
 * lower), both within +-TUNE_MAX_INDEX.  Returns 0 or -1 with a message. */
static int bind_loop(tune_loop *lp, const char *path, const tune_params *p,
                     const tune_profile_entry *prof, char *err,
                     size_t errlen) {
  int64_t up = 0, end;
  lp->trip_given = 0;
  for (int t = 0; prof && t < prof->ntrips; t++)
    if (strcmp(prof->trip_var[t], lp->var) == 0) {
      lp->trip = prof->trip[t];
      lp->trip_given = 1;
    }
  if (bind_one(lp->lower, 0, p, path, lp->yline, "the lower bound", &lp->lo,
               err, errlen))
    return -1;
  if (!lp->trip_given) {
    if (bind_one(lp->upper, 0, p, path, lp->yline, "the upper bound", &up,
                 err, errlen))
      return -1;
    if (up > lp->lo && __builtin_sub_overflow(up, lp->lo, &lp->trip))
      lp->trip = INT64_MAX; /* reported below */
    else if (up <= lp->lo)
      lp->trip = 0;
  }
  if (lp->lo < -TUNE_MAX_INDEX || lp->lo > TUNE_MAX_INDEX ||
      lp->trip > TUNE_MAX_INDEX ||
      __builtin_add_overflow(lp->lo, lp->trip, &end) || end > TUNE_MAX_INDEX) {
    snprintf(err, errlen, "%s:%d: loop '%s' from %lld for %lld iterations%s "
             "goes beyond 2^62, the largest index modeled", path, lp->yline,
             lp->var, (long long)lp->lo, (long long)lp->trip,
             lp->trip_given ? " (the profile's trip count)" : "");
    return -1;
  }
  return 0;
}

/* Largest |byte offset| reference RF of K reaches, in *OUT: |const| + sum
 * |coef| * (|lower| + trip + 2048), times elem.  The simulator's terms stay
 * below that: a warp's first lane may sit up to a block row (<= 1024)
 * past the loop's end.  Returns 0, or -1 when it does not fit in 64 bits
 * (bind_loop keeps |lower| and trip within 2^62). */
static int ref_reach(const tune_kernel *k, const tune_ref *rf, int64_t *out) {
  int64_t sum = rf->ecst == INT64_MIN ? INT64_MAX : llabs(rf->ecst);
  for (int v = 0; v < k->nvars; v++) {
    const tune_loop *lp = &k->vars[v];
    int64_t c = rf->ecoef[v], idx = llabs(lp->lo) + 2048, term;
    if (c == INT64_MIN || __builtin_add_overflow(idx, lp->trip, &idx) ||
        __builtin_mul_overflow(llabs(c), idx, &term) ||
        __builtin_add_overflow(sum, term, &sum))
      return -1;
  }
  return __builtin_mul_overflow(sum, (int64_t)rf->elem, out) ? -1 : 0;
}

/* Binds reference RF of K (coefficients and constant) and checks its
 * addresses fit in 64 bits.  Returns 0 or -1 with a message. */
static int bind_ref(const tune_kernel *k, tune_ref *rf, const char *path,
                    const tune_params *p, char *err, size_t errlen) {
  int64_t reach;
  for (int v = 0; v < TUNE_MAX_VARS; v++)
    if (bind_one(rf->coef[v], 0, p, path, rf->yline, "a subscript",
                 &rf->ecoef[v], err, errlen))
      return -1;
  if (bind_one(rf->cst, 0, p, path, rf->yline, "a subscript", &rf->ecst,
               err, errlen))
    return -1;
  if (rf->affine && ref_reach(k, rf, &reach)) {
    snprintf(err, errlen, "%s:%d: the reference's byte offsets go beyond 64 "
             "bits with these loop bounds and coefficients", path, rf->yline);
    return -1;
  }
  return 0;
}

int accgpu_tune_kernel_bind(tune_kernel *k, const char *path,
                            const tune_params *user,
                            const tune_profile_entry *prof, char *err,
                            size_t errlen) {
  tune_params p = k->defaults;
  merge(&p, prof ? &prof->params : NULL);
  merge(&p, user);
  for (int v = 0; v < k->nvars; v++)
    if (bind_loop(&k->vars[v], path, &p, prof, err, errlen))
      return -1;
  for (int r = 0; r < k->nrefs; r++)
    if (bind_ref(k, &k->refs[r], path, &p, err, errlen))
      return -1;
  return 0;
}
