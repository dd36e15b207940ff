/* expr.c — the small integer expressions of the kernel model: loop bounds
 * and subscript coefficients in terms of kernel parameters ("n-1", "2*m"). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

struct tune_expr {
  char op;                 /* 'n' number, 'v' name, or + - * / % 'u' */
  int64_t num;
  char name[TUNE_NAME];
  tune_expr *l, *r;
};

typedef struct parser {
  const char *s;
  char *err;
  size_t errlen;
} parser;

static tune_expr *parse_sum(parser *p);

static void skip(parser *p) {
  while (isspace((unsigned char)*p->s))
    p->s++;
}

static tune_expr *node(char op, tune_expr *l, tune_expr *r) {
  tune_expr *e = calloc(1, sizeof *e);
  if (e) {
    e->op = op;
    e->l = l;
    e->r = r;
  }
  return e;
}

static tune_expr *fail(parser *p, const char *what, tune_expr *a,
                       tune_expr *b) {
  if (!p->err[0])
    snprintf(p->err, p->errlen, "expected %s at \"%s\"", what, p->s);
  accgpu_tune_expr_free(a);
  accgpu_tune_expr_free(b);
  return NULL;
}

/* atom := number | name | '(' sum ')' | '-' atom */
static tune_expr *parse_atom(parser *p) {
  skip(p);
  if (*p->s == '(') {
    p->s++;
    tune_expr *e = parse_sum(p);
    skip(p);
    if (!e || *p->s != ')')
      return fail(p, "')'", e, NULL);
    p->s++;
    return e;
  }
  if (*p->s == '-') {
    p->s++;
    tune_expr *a = parse_atom(p);
    return a ? node('u', a, NULL) : NULL;
  }
  if (isdigit((unsigned char)*p->s)) {
    tune_expr *e = node('n', NULL, NULL);
    if (!e)
      return fail(p, "memory", NULL, NULL);
    e->num = strtoll(p->s, (char **)&p->s, 10);
    return e;
  }
  if (isalpha((unsigned char)*p->s) || *p->s == '_') {
    tune_expr *e = node('v', NULL, NULL);
    if (!e)
      return fail(p, "memory", NULL, NULL);
    size_t n = 0;
    while ((isalnum((unsigned char)*p->s) || *p->s == '_') && n < TUNE_NAME - 1)
      e->name[n++] = *p->s++;
    return e;
  }
  return fail(p, "a number, a name or '('", NULL, NULL);
}

static tune_expr *parse_product(parser *p) {
  tune_expr *l = parse_atom(p);
  for (skip(p); l && (*p->s == '*' || *p->s == '/' || *p->s == '%');
       skip(p)) {
    char op = *p->s++;
    tune_expr *r = parse_atom(p);
    if (!r)
      return fail(p, "an operand", l, NULL);
    l = node(op, l, r);
  }
  return l;
}

static tune_expr *parse_sum(parser *p) {
  tune_expr *l = parse_product(p);
  for (skip(p); l && (*p->s == '+' || *p->s == '-'); skip(p)) {
    char op = *p->s++;
    tune_expr *r = parse_product(p);
    if (!r)
      return fail(p, "an operand", l, NULL);
    l = node(op, l, r);
  }
  return l;
}

tune_expr *accgpu_tune_expr_parse(const char *s, char *err, size_t errlen) {
  parser p = {s, err, errlen};
  err[0] = 0;
  tune_expr *e = parse_sum(&p);
  skip(&p);
  if (e && *p.s)
    return fail(&p, "an operator or the end", e, NULL);
  return e;
}

void accgpu_tune_expr_free(tune_expr *e) {
  if (!e)
    return;
  accgpu_tune_expr_free(e->l);
  accgpu_tune_expr_free(e->r);
  free(e);
}

static int lookup(const tune_params *p, const char *name, int64_t *out) {
  for (int i = 0; p && i < p->n; i++)
    if (strcmp(p->name[i], name) == 0) {
      *out = p->val[i];
      return 0;
    }
  return -1;
}

int accgpu_tune_expr_eval(const tune_expr *e, const tune_params *p,
                          int64_t *out, const char **unknown) {
  int64_t a = 0, b = 0;
  switch (e->op) {
  case 'n':
    *out = e->num;
    return 0;
  case 'v':
    if (lookup(p, e->name, out) == 0)
      return 0;
    *unknown = e->name;
    return -1;
  case 'u':
    if (accgpu_tune_expr_eval(e->l, p, &a, unknown))
      return -1;
    *out = -a;
    return 0;
  }
  if (accgpu_tune_expr_eval(e->l, p, &a, unknown) ||
      accgpu_tune_expr_eval(e->r, p, &b, unknown))
    return -1;
  if ((e->op == '/' || e->op == '%') && b == 0) {
    *unknown = "/";
    return -1;
  }
  switch (e->op) {
  case '+': *out = a + b; break;
  case '-': *out = a - b; break;
  case '*': *out = a * b; break;
  case '/': *out = a / b; break;
  default:  *out = a % b; break;
  }
  return 0;
}

int accgpu_tune_params_set(tune_params *p, const char *name, int64_t v) {
  for (int i = 0; i < p->n; i++)
    if (strcmp(p->name[i], name) == 0) {
      p->val[i] = v;
      return 0;
    }
  if (p->n == TUNE_MAX_PARAMS)
    return -1;
  snprintf(p->name[p->n], TUNE_NAME, "%s", name);
  p->val[p->n++] = v;
  return 0;
}
