/* cmp_models.c — tests/tune/run.sh's judge: does the kernel model the
 * plugin dumped (-fplugin-arg-accgpu-tune-dump) describe the same kernel as
 * a hand-written one (autotune/models/)?
 *
 *   tune-cmp-models DUMP.yaml MODEL.yaml
 *
 * For every kernel of MODEL, the kernel of DUMP with the same id must have
 * the same loop variables (names, order, parallel count, bounds) and the
 * same references as a multiset: array, access, element size, innermost
 * enclosing loop, coefficient of every loop variable and constant.
 * Expressions are compared by value, both files read by acc-tune's own
 * loader, under two unrelated sets of parameter values, so "nj*nk" and
 * "nk*nj" agree and "n" and "m" do not.  Prints each difference; exits 0
 * when there is none.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../autotune/tune.h"

typedef struct rkey {
  char arr[TUNE_NAME];
  int write, elem, affine, loop;
  int64_t coef[TUNE_MAX_VARS], cst;
} rkey;

static const char *const pnames[] = {"n", "m", "nx", "ny", "nz",
                                     "ni", "nj", "nk"};
static const int64_t pvals[2][8] = {{37, 11, 41, 29, 23, 13, 17, 19},
                                    {53, 7, 31, 43, 47, 59, 61, 67}};

static int rkey_cmp(const void *a, const void *b) {
  return memcmp(a, b, sizeof(rkey));
}

/* Fills KEYS (K->nrefs entries, zeroed) from the bound kernel K, sorted;
   returns their count. */
static int keys_of(const tune_kernel *k, rkey *keys) {
  int stack[TUNE_MAX_VARS], depth = 0;
  for (int o = 0; o < k->nops; o++) {
    const tune_op *op = &k->ops[o];
    if (op->kind == TUNE_OP_LOOP)
      stack[depth++] = op->arg;
    else if (op->kind == TUNE_OP_END)
      depth--;
    else {
      const tune_ref *r = &k->refs[op->arg];
      rkey *y = &keys[op->arg];
      snprintf(y->arr, sizeof y->arr, "%s", k->arrays[r->arr]);
      y->write = r->is_write;
      y->elem = r->elem;
      y->affine = r->affine;
      y->loop = depth ? stack[depth - 1] : -1;
      if (r->affine) {
        memcpy(y->coef, r->ecoef, sizeof y->coef);
        y->cst = r->ecst;
      }
    }
  }
  qsort(keys, (size_t)k->nrefs, sizeof *keys, rkey_cmp);
  return k->nrefs;
}

static void show(const char *what, const tune_kernel *k, const rkey *y) {
  printf("    %s: %s %s elem %d loop %s:", what, y->arr,
         y->write ? "write" : "read", y->elem,
         y->loop < 0 ? "-" : k->vars[y->loop].var);
  for (int v = 0; v < k->nvars; v++)
    printf(" %s*%lld", k->vars[v].var, (long long)y->coef[v]);
  printf(" + %lld%s\n", (long long)y->cst, y->affine ? "" : " (not affine)");
}

/* Compares kernel D (dumped) with M (hand-written) under parameter set S.
   Returns the number of differences printed. */
static int compare(tune_kernel *d, tune_kernel *m, int s, const char *dp,
                   const char *mp) {
  tune_params p = {0};
  char err[TUNE_ERR];
  for (int i = 0; i < 8; i++)
    accgpu_tune_params_set(&p, pnames[i], pvals[s][i]);
  if (accgpu_tune_kernel_bind(d, dp, &p, NULL, err, sizeof err) ||
      accgpu_tune_kernel_bind(m, mp, &p, NULL, err, sizeof err)) {
    printf("  %s: %s\n", m->id, err);
    return 1;
  }
  int bad = 0;
  if (d->npar != m->npar || d->nvars != m->nvars) {
    printf("  %s: %d parallel of %d loops dumped, %d of %d expected\n", m->id,
           d->npar, d->nvars, m->npar, m->nvars);
    return 1;
  }
  for (int v = 0; v < m->nvars; v++)
    if (strcmp(d->vars[v].var, m->vars[v].var) || d->vars[v].lo != m->vars[v].lo
        || d->vars[v].trip != m->vars[v].trip) {
      printf("  %s: loop %d: %s from %lld, %lld trips dumped; %s from %lld, "
             "%lld expected\n", m->id, v, d->vars[v].var,
             (long long)d->vars[v].lo, (long long)d->vars[v].trip,
             m->vars[v].var, (long long)m->vars[v].lo,
             (long long)m->vars[v].trip);
      bad++;
    }
  rkey *kd = calloc((size_t)d->nrefs + 1, sizeof *kd);
  rkey *km = calloc((size_t)m->nrefs + 1, sizeof *km);
  int nd = keys_of(d, kd), nm = keys_of(m, km);
  for (int i = 0, j = 0; i < nd || j < nm;) {
    int c = i == nd ? 1 : j == nm ? -1 : rkey_cmp(&kd[i], &km[j]);
    if (c == 0) {
      i++, j++;
      continue;
    }
    if (!bad++)
      printf("  %s: references differ:\n", m->id);
    if (c < 0)
      show("only dumped", d, &kd[i++]);
    else
      show("only expected", m, &km[j++]);
  }
  free(kd);
  free(km);
  return bad;
}

int main(int argc, char **argv) {
  tune_model d = {0}, m = {0};
  char err[TUNE_ERR];
  if (argc != 3) {
    fprintf(stderr, "usage: %s DUMP.yaml MODEL.yaml\n", argv[0]);
    return 2;
  }
  if (accgpu_tune_model_load(argv[1], &d, err, sizeof err) ||
      accgpu_tune_model_load(argv[2], &m, err, sizeof err)) {
    printf("  %s\n", err);
    return 1;
  }
  int bad = 0;
  for (int i = 0; i < m.nkernels; i++) {
    tune_kernel *dk = NULL;
    for (int j = 0; j < d.nkernels && !dk; j++)
      if (!strcmp(d.kernels[j].id, m.kernels[i].id))
        dk = &d.kernels[j];
    if (!dk) {
      printf("  %s: not in %s\n", m.kernels[i].id, argv[1]);
      bad++;
      continue;
    }
    for (int s = 0; s < 2; s++)
      bad += compare(dk, &m.kernels[i], s, argv[1], argv[2]);
  }
  accgpu_tune_model_free(&d);
  accgpu_tune_model_free(&m);
  return bad != 0;
}
