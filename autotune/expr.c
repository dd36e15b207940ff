/* expr.c — the small integer expressions of the kernel model: loop bounds
 * and subscript coefficients in terms of kernel parameters ("n-1", "2*m"). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

struct tune_expr {
  char op;                 /* 'n' number, 'v' name, or + - * / % 'u' */
  int depth;               /* of the tree: bounds eval's and free's recursion */
  int64_t num;
  char name[TUNE_NAME];
  tune_expr *l, *r;
};

typedef struct parser {
  const char *s;
  char *err;
  size_t errlen;
  int nest; /* open parentheses and unary minuses: the parser's recursion */
} parser;

static tune_expr *parse_sum(parser *p);
static tune_expr *parse_atom(parser *p);

static void skip(parser *p) {
  while (isspace((unsigned char)*p->s))
    p->s++;
}

static tune_expr *fail(parser *p, const char *what, tune_expr *a,
                       tune_expr *b) {
  if (!p->err[0])
    snprintf(p->err, p->errlen, "expected %s at \"%.40s\"", what, p->s);
  accgpu_tune_expr_free(a);
  accgpu_tune_expr_free(b);
  return NULL;
}

/* Says why the parse stops; returns NULL after freeing A and B. */
static tune_expr *fail_msg(parser *p, const char *msg, tune_expr *a,
                           tune_expr *b) {
  if (!p->err[0])
    snprintf(p->err, p->errlen, "%s", msg);
  return fail(p, "", a, b);
}

/* A new node over L and R (which it owns: freed when it cannot be made). */
static tune_expr *node(parser *p, char op, tune_expr *l, tune_expr *r) {
  int d = 1 + (l ? l->depth : 0);
  if (r && r->depth >= d)
    d = r->depth + 1;
  if (d > TUNE_EXPR_MAX_DEPTH)
    return fail_msg(p, "expression nested deeper than "
                       TUNE_STR(TUNE_EXPR_MAX_DEPTH) " levels", l, r);
  tune_expr *e = calloc(1, sizeof *e);
  if (!e)
    return fail_msg(p, "out of memory", l, r);
  e->op = op;
  e->depth = d;
  e->l = l;
  e->r = r;
  return e;
}

/* number: decimal digits that fit in 64 bits. */
static tune_expr *parse_number(parser *p) {
  errno = 0;
  char *end;
  long long v = strtoll(p->s, &end, 10);
  if (errno == ERANGE)
    return fail_msg(p, "number out of range (more than 64 bits)", NULL, NULL);
  p->s = end;
  tune_expr *e = node(p, 'n', NULL, NULL);
  if (e)
    e->num = v;
  return e;
}

/* name: letters, digits and '_', at most TUNE_NAME - 1 of them. */
static tune_expr *parse_name(parser *p) {
  size_t n = 0;
  while (isalnum((unsigned char)p->s[n]) || p->s[n] == '_')
    n++;
  if (n >= TUNE_NAME)
    return fail_msg(p, "name longer than 63 characters", NULL, NULL);
  tune_expr *e = node(p, 'v', NULL, NULL);
  if (e)
    memcpy(e->name, p->s, n);
  p->s += n;
  return e;
}

/* The part of atom that recurses: '(' sum ')' | '-' atom. */
static tune_expr *parse_nested(parser *p) {
  if (++p->nest > TUNE_EXPR_MAX_DEPTH)
    return fail_msg(p, "expression nested deeper than "
                       TUNE_STR(TUNE_EXPR_MAX_DEPTH) " levels", NULL, NULL);
  tune_expr *e;
  if (*p->s++ == '-') {
    e = parse_atom(p);
    e = e ? node(p, 'u', e, NULL) : NULL;
  } else {
    e = parse_sum(p);
    skip(p);
    if (e && *p->s != ')')
      e = fail(p, "')'", e, NULL);
    else if (e)
      p->s++;
  }
  p->nest--;
  return e;
}

/* atom := number | name | '(' sum ')' | '-' atom */
static tune_expr *parse_atom(parser *p) {
  skip(p);
  if (*p->s == '(' || *p->s == '-')
    return parse_nested(p);
  if (isdigit((unsigned char)*p->s))
    return parse_number(p);
  if (isalpha((unsigned char)*p->s) || *p->s == '_')
    return parse_name(p);
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
    l = node(p, op, l, r);
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
    l = node(p, op, l, r);
  }
  return l;
}

tune_expr *accgpu_tune_expr_parse(const char *s, char *err, size_t errlen) {
  parser p = {s, err, errlen, 0};
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

/* A op B into *OUT.  Returns 0 or a TUNE_EXPR_* error. */
static int apply(char op, int64_t a, int64_t b, int64_t *out) {
  if ((op == '/' || op == '%') && b == 0)
    return TUNE_EXPR_DIV0;
  switch (op) {
  case '+': return __builtin_add_overflow(a, b, out) ? TUNE_EXPR_OVERFLOW : 0;
  case '-': return __builtin_sub_overflow(a, b, out) ? TUNE_EXPR_OVERFLOW : 0;
  case '*': return __builtin_mul_overflow(a, b, out) ? TUNE_EXPR_OVERFLOW : 0;
  }
  if (a == INT64_MIN && b == -1) /* the one quotient that does not fit */
    return op == '/' ? TUNE_EXPR_OVERFLOW : (*out = 0, 0);
  *out = op == '/' ? a / b : a % b;
  return 0;
}

int accgpu_tune_expr_eval(const tune_expr *e, const tune_params *p,
                          int64_t *out, const char **unknown) {
  int64_t a = 0, b = 0;
  int rc;
  switch (e->op) {
  case 'n':
    *out = e->num;
    return 0;
  case 'v':
    if (lookup(p, e->name, out) == 0)
      return 0;
    *unknown = e->name;
    return TUNE_EXPR_UNKNOWN;
  case 'u':
    if ((rc = accgpu_tune_expr_eval(e->l, p, &a, unknown)))
      return rc;
    return apply('-', 0, a, out);
  }
  if ((rc = accgpu_tune_expr_eval(e->l, p, &a, unknown)) ||
      (rc = accgpu_tune_expr_eval(e->r, p, &b, unknown)))
    return rc;
  return apply(e->op, a, b, out);
}

int accgpu_tune_parse_int(const char *s, int64_t *out) {
  char *end;
  errno = 0;
  long long v = s ? strtoll(s, &end, 0) : 0;
  if (!s || !*s || *end || isspace((unsigned char)*s))
    return -1;
  if (errno == ERANGE)
    return -2;
  *out = v;
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
