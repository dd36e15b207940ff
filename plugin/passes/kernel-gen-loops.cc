/* kernel-gen-loops.cc — partitioned loops (gang/worker/vector stride
 * loops, tiles, loop reductions, the multicore image's forms); the choice
 * of each loop's partitioning is kernel-gen-partition.cc.              */
#include "passes/kernel-gen-internal.h"

/* ---- loops ---- */

/* The construct's vector_length when it is a constant, else 0. */
static HOST_WIDE_INT const_vector_length(kg *g)
{
  if (!g->region)
    return 0;
  for (tree c = gimple_omp_target_clauses(g->region->stmt); c;
       c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_VECTOR_LENGTH) {
      tree v = OMP_CLAUSE_VECTOR_LENGTH_EXPR(c);
      return tree_fits_shwi_p(v) ? tree_to_shwi(v) : 0;
    }
  return 0;
}

/* Size of a `*` at level L of NL tiled levels: a warp's width on the
   innermost level (consecutive lanes, consecutive elements), the rest of
   the vector length (128 unless a constant says otherwise) on the level
   outside it, 1 further out. */
static HOST_WIDE_INT star_tile(kg *g, unsigned l, unsigned nl)
{
  if (l + 1 == nl)
    return 32;
  if (l + 2 < nl)
    return 1;
  HOST_WIDE_INT v = const_vector_length(g);
  v = v > 0 ? v : 128;
  return v / 32 > 1 ? v / 32 : 1;
}

static void ll(kg *g, kbuf *b, tree e);

/* Size L of NL in a tile clause's list, V: `*` (0) picked by star_tile,
   a positive constant, else a value read at run time (tile-sizes.cc),
   `*` when it is not positive there; declared as __ts<ID>_<L>. */
static void emit_tile_size(kg *g, tree v, unsigned l, unsigned nl, int id)
{
  HOST_WIDE_INT star = star_tile(g, l, nl);
  ind(g);
  kb_printf(g->out, "long long __ts%d_%u = ", id, l);
  if (!v || (tree_fits_shwi_p(v) && tree_to_shwi(v) <= 0))
    kb_printf(g->out, "%lld;\n", (long long)star);
  else if (tree_fits_shwi_p(v))
    kb_printf(g->out, "%lld;\n", (long long)tree_to_shwi(v));
  else {
    ll(g, g->out, v);
    kb_add(g->out, " > 0 ? ");
    ll(g, g->out, v);
    kb_printf(g->out, " : %lld;\n", (long long)star);
  }
}

/* Declares the tile sizes of F's tile clause for its NL levels (ID: the
   loop's); returns false without a tile clause. */
static bool tile_sizes(kg *g, gomp_for *f, unsigned nl, int id)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_TILE)
      continue;
    tree t = OMP_CLAUSE_TILE_LIST(c);
    bool star = false;
    char buf[128] = "";
    for (unsigned l = 0; l < nl; l++, t = t ? TREE_CHAIN(t) : t) {
      tree v = t ? TREE_VALUE(t) : NULL_TREE;
      emit_tile_size(g, v, l, nl, id);
      bool known = !v || tree_fits_shwi_p(v);
      star |= !v || integer_zerop(v);
      long long sz = !known ? 0 : v && tree_to_shwi(v) > 0 ? tree_to_shwi(v)
                     : star_tile(g, l, nl);
      size_t n = strlen(buf);
      if (n < 100 && known)
        snprintf(buf + n, sizeof buf - n, "%s%lld", l ? " x " : "", sz);
      else if (n < 100)
        snprintf(buf + n, sizeof buf - n, "%s(run time)", l ? " x " : "");
    }
    if (star && accgpu_opts.info && !g->quiet)
      inform(gimple_location(f), "accgpu: tile sizes %s (%<*%> picked)",
             buf);
    return true;
  }
  return false;
}

/* gang(static:N) or gang(static:*) on F: N (> 0), -1 for `*`, 0 when
   absent or not a positive constant. */
static HOST_WIDE_INT gang_static_chunk(gomp_for *f)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_GANG)
      continue;
    tree e = OMP_CLAUSE_GANG_STATIC_EXPR(c);
    if (!e)
      return 0;
    if (integer_minus_onep(e))
      return -1;
    return tree_fits_shwi_p(e) && tree_to_shwi(e) > 0 ? tree_to_shwi(e) : 0;
  }
  return 0;
}

/* gang(static:N) on a gang-only loop ID (not tiled): chunks of N
   iterations dealt round-robin to the gangs (static:*: one chunk per
   gang).  The gang stride loop then runs over the iterations padded to
   whole rounds of chunks (__tot, the real count kept in __n), and
   gang_static_index maps its m-th step in gang g to iteration
   ((m / N) * gridDim.x + g) * N + m % N, skipping the padding.  Returns
   true when it applies.  (Iterations of a gang loop are independent, so
   this changes only which gang runs which: locality, not results.) */
static bool gang_static_pad(kg *g, gomp_for *f, int dims, bool tiled, int id)
{
  HOST_WIDE_INT n = gang_static_chunk(f);
  if (dims != KG_GANG || tiled || n == 0 || n == 1) {
    if (n && n != 1 && dims != KG_GANG && accgpu_opts.info && !g->quiet)
      inform(gimple_location(f), "accgpu: %<gang(static:...)%> applies to "
             "gang-only loops here; iterations are dealt one by one");
    return false;
  }
  ind(g);
  if (n > 0)
    kb_printf(g->out, "long long __n%d = __tot%d, __ch%d = %lld;\n", id, id,
              id, (long long)n);
  else
    kb_printf(g->out, "long long __n%d = __tot%d, __ch%d = (__tot%d + "
              "gridDim.x - 1) / gridDim.x > 1 ? (__tot%d + gridDim.x - 1) / "
              "gridDim.x : 1;\n", id, id, id, id, id);
  ind(g);
  kb_printf(g->out, "__tot%d = (__n%d + gridDim.x * __ch%d - 1) / "
            "(gridDim.x * __ch%d) * (gridDim.x * __ch%d);\n", id, id, id,
            id, id);
  return true;
}

/* The iteration the current step of a gang_static_pad loop stands for,
   as __r<ID>; padding steps are skipped. */
static void gang_static_index(kg *g, int id)
{
  kb_printf(g->out, "long long __m%d = __iv%d / gridDim.x, __r%d = ((__m%d / "
            "__ch%d) * gridDim.x + blockIdx.x) * __ch%d + __m%d %% __ch%d;\n",
            id, id, id, id, id, id, id, id);
  ind(g);
  kb_printf(g->out, "if (__r%d >= __n%d) continue;\n", id, id);
}

/* A sorry MSG at loop F's directive naming its index. */
static bool loop_form_fail(kg *g, gomp_for *f, const loop_level *lv,
                           const char *msg)
{
  location_t save = g->loc;
  if (gimple_location(f) != UNKNOWN_LOCATION)
    g->loc = gimple_location(f);
  fail(g, lv->index, msg);
  g->loc = save;
  return false;
}

/* True when an unsigned index of at most 32 bits with constant start,
   bound and step wraps around past 0 or its maximum after its last
   iteration to a value that still passes the test (`for (uint8_t b = 250;
   b > 3; b -= 7)`: 5 - 7 is 254): C goes on, the trip count does not. */
static bool wraps_on_p(const loop_level *lv)
{
  tree it = TREE_TYPE(lv->index);
  unsigned prec = TYPE_PRECISION(it);
  if (!TYPE_UNSIGNED(it) || prec > 32 || !tree_fits_shwi_p(lv->n1)
      || !tree_fits_shwi_p(lv->n2) || TREE_CODE(lv->step) != INTEGER_CST)
    return false;
  long long a = tree_to_shwi(lv->n1), c = tree_to_shwi(lv->n2);
  long long st = wi::to_wide(lv->step).to_shwi(), m = 1LL << prec;
  if (TYPE_UNSIGNED(TREE_TYPE(lv->step)) && st < 0)
    st += m;
  if (st == 0)
    return false;
  long long n = lv->cond == LT_EXPR ? (c - a + st - 1) / st
                : lv->cond == LE_EXPR ? (c - a + st) / st
                : lv->cond == GT_EXPR ? (a - c - st - 1) / -st
                                      : (a - c - st) / -st;
  long long next = a + n * st;
  if (n <= 0 || (next >= 0 && next < m))
    return false;
  long long w = ((next % m) + m) % m;
  switch (lv->cond) {
  case LT_EXPR: return w < c;
  case LE_EXPR: return w <= c;
  case GT_EXPR: return w > c;
  default: return w >= c;
  }
}

/* False, after a sorry at the loop naming its index, when LV's constant
   step moves away from its bound (`i < n` with i--: an unsigned index
   counting down through the wrap-around at 0, `for (size_t i = n - 1;
   i < n; i--)`), or its unsigned index wraps (wraps_on_p): such a loop has
   no trip count to partition (the device ran it once, the host fallback
   n times). */
static bool step_toward_bound(kg *g, gomp_for *f, const loop_level *lv)
{
  if (TREE_CODE(lv->step) != INTEGER_CST || lv->cond == NE_EXPR)
    return true;
  bool up = lv->cond == LT_EXPR || lv->cond == LE_EXPR;
  if (up == (bool)tree_int_cst_sign_bit(lv->step))
    return loop_form_fail(g, f, lv, up ? "loop counts down while its "
                          "condition is '<' or '<=' (an unsigned index "
                          "wrapping around below 0 is no OpenACC loop; count "
                          "up, or down with '>' or '>=')"
                          : "loop counts up while its condition is '>' or "
                          "'>='");
  if (wraps_on_p(lv))
    return loop_form_fail(g, f, lv, "unsigned loop index wraps around after "
                          "its last iteration to a value that passes the "
                          "test again: no OpenACC trip count");
  return true;
}

static bool get_level(kg *g, gomp_for *f, unsigned l, loop_level *lv)
{
  lv->index = gimple_omp_for_index(f, l);
  lv->n1 = gimple_omp_for_initial(f, l);
  lv->n2 = gimple_omp_for_final(f, l);
  lv->cond = gimple_omp_for_cond(f, l);
  tree incr = gimple_omp_for_incr(f, l);
  if (TREE_CODE(incr) == MODIFY_EXPR)
    incr = TREE_OPERAND(incr, 1);
  if (!POINTER_TYPE_P(TREE_TYPE(lv->index)) && TREE_CODE(incr) == PLUS_EXPR)
    lv->step = TREE_OPERAND(incr, 1);
  else if (!POINTER_TYPE_P(TREE_TYPE(lv->index))
           && TREE_CODE(incr) == MINUS_EXPR)
    lv->step = fold_build1(NEGATE_EXPR, TREE_TYPE(TREE_OPERAND(incr, 1)),
                           TREE_OPERAND(incr, 1));
  else {
    fail(g, lv->index, "unsupported loop increment (pointer or non-additive)");
    return false;
  }
  if (!INTEGRAL_TYPE_P(TREE_TYPE(lv->index))) {
    fail(g, lv->index, "loop index must have integer type");
    return false;
  }
  /* A downward unsigned loop's step is the step's negation modulo 2^N
     (u-- steps by UINT_MAX): read as a 64-bit number it made the trip
     count 0, so the loop ran no iteration.  In the signed type of the
     index's width it is the negative step it stands for. */
  tree it = TREE_TYPE(lv->index);
  if (TYPE_UNSIGNED(it) && (lv->cond == GT_EXPR || lv->cond == GE_EXPR))
    lv->step = fold_convert(signed_type_for(it), lv->step);
  return step_toward_bound(g, f, lv);
}

static void ll(kg *g, kbuf *b, tree e)
{
  kb_add(b, "(long long)(");
  ex(g, b, e);
  kb_add(b, ")");
}

/* LV's index is unsigned and 64 bits wide: its bounds, read as long long,
   may straddle LLONG_MAX (`for (i = LLONG_MAX + 4473ULL; i > LLONG_MAX -
   27ULL; i -= 3)`, GCC's parallel-loop-1), so its tests and differences
   are done in unsigned long long (their wrap-around is defined). */
static bool wide_unsigned_p(const loop_level *lv)
{
  tree t = TREE_TYPE(lv->index);
  return TYPE_UNSIGNED(t)
         && TYPE_PRECISION(t) >= TYPE_PRECISION(long_long_integer_type_node);
}

/* E as an unsigned long long (for wide_unsigned_p levels). */
static void ull(kg *g, kbuf *b, tree e)
{
  kb_add(b, "(unsigned long long)(");
  ex(g, b, e);
  kb_add(b, ")");
}

/* Declares __tcN_l, the trip count of level LV. */
static void emit_trip(kg *g, loop_level *lv, int id, unsigned l)
{
  struct kbuf a = {}, c = {}, s = {};
  bool u = wide_unsigned_p(lv);
  (u ? ull : ll)(g, &a, lv->n1);
  (u ? ull : ll)(g, &c, lv->n2);
  if (u) { /* the step's sign is its long long value's */
    kb_add(&s, "(long long)(");
    ull(g, &s, lv->step);
    kb_add(&s, ")");
  } else
    ll(g, &s, lv->step);
  const char *A = kb_str(&a), *C = kb_str(&c), *S = kb_str(&s);
  ind(g);
  kb_printf(g->out, "long long __tc%d_%u = %s", id, l,
            u ? "(long long)" : "");
  switch (lv->cond) {
  case LT_EXPR:
    kb_printf(g->out, "(%s < %s ? (long long)(%s - %s + %s - 1) / %s : 0);\n",
              A, C, C, A, S, S);
    break;
  case LE_EXPR:
    kb_printf(g->out, "(%s <= %s ? (long long)(%s - %s + %s) / %s : 0);\n", A,
              C, C, A, S, S);
    break;
  case GT_EXPR:
    kb_printf(g->out, "(%s > %s ? (long long)(%s - %s - (%s) - 1) / -(%s) : "
              "0);\n", A, C, A, C, S, S);
    break;
  case GE_EXPR:
    kb_printf(g->out, "(%s >= %s ? (long long)(%s - %s - (%s)) / -(%s) : "
              "0);\n", A, C, A, C, S, S);
    break;
  default: /* NE_EXPR */
    kb_printf(g->out, "%s > 0 ? (%s - %s + %s - 1) / %s : (%s - %s - (%s) - "
                      "1) / -(%s);\n", S, C, A, S, S, A, C, S, S);
  }
  kb_free(&a);
  kb_free(&c);
  kb_free(&s);
}

/* Indices of a tiled loop from __iv<ID>: the element within a tile from
   the low part (consecutive threads of a gang share a tile), the tile
   from the high part; padding outside the iteration space is skipped. */
/* LEVEL's index = (its type)(n1 + DIGIT * step). */
void kg_emit_index(kg *g, const loop_level *lv, const char *digit)
{
  bool u = wide_unsigned_p(lv);
  ind(g);
  kb_printf(g->out, "%s = (", decl_name(g, lv->index));
  type_str(g, g->out, TREE_TYPE(lv->index));
  kb_add(g->out, ")(");
  (u ? ull : ll)(g, g->out, lv->n1);
  kb_printf(g->out, u ? " + (unsigned long long)(%s) * " : " + %s * ", digit);
  (u ? ull : ll)(g, g->out, lv->step);
  kb_add(g->out, ");\n");
}

/* The multicore image steps every loop by one (one-thread blocks, gang
   shares), so it keeps an index of integer type as a counter of its own
   type, __ctr<ID>, set from the iteration number FIRST and then advanced by
   the step: a signed counter cannot wrap, as in the user's loop, and GCC
   widens it once instead of sign-extending the index truncated from the
   64-bit formula at every access (NPB CG's sparse product: 8 instructions
   a nonzero against 7 for the same loop built with -fopenmp).  The
   counter's last step is the one the user's loop takes before its test.
   A 64-bit index needs none (a second induction variable GCC kept beside
   the first in NPB FT's collapsed runs: 2.7 % more instructions). */
static bool mc_counter_p(const loop_level *lv)
{
  tree t = TREE_TYPE(lv->index);
  return TREE_CODE(t) == INTEGER_TYPE &&
         TYPE_PRECISION(t) < TYPE_PRECISION(long_long_integer_type_node);
}

/* Declares LEVEL's counter __ctr<ID> at iteration number FIRST. */
static void emit_mc_counter(kg *g, const loop_level *lv, int id,
                            const char *first)
{
  tree t = TREE_TYPE(lv->index);
  ind(g);
  type_str(g, g->out, t);
  kb_printf(g->out, " __ctr%d = (", id);
  type_str(g, g->out, t);
  kb_add(g->out, ")(");
  ll(g, g->out, lv->n1);
  kb_printf(g->out, " + (%s) * ", first);
  ll(g, g->out, lv->step);
  kb_add(g->out, ");\n");
}

/* LEVEL's index = its counter, which moves on to the next iteration. */
static void emit_mc_counter_index(kg *g, const loop_level *lv, int id)
{
  ind(g);
  kb_printf(g->out, "%s = __ctr%d; __ctr%d += (", decl_name(g, lv->index), id,
            id);
  type_str(g, g->out, TREE_TYPE(lv->index));
  kb_add(g->out, ")(");
  ex(g, g->out, lv->step);
  kb_add(g->out, ");\n");
}

/* Collapsed levels without a division per iteration: the digits of the
   iteration number in the levels' trip counts (__dgID_L, level 0 the
   outermost) are computed once, from the first iteration, with those of the
   loop's step (__sdID_L); each later iteration adds the step's digits with
   carries (a digit and a step digit are below the level's count, so one
   subtraction wraps it).  64-bit divisions cost tens of cycles on a CPU and
   far more on a GPU, against a few for a butterfly or a stencil point. */
static void declare_digits(kg *g, unsigned nl, int id)
{
  ind(g);
  kb_printf(g->out, "int __dv%d = 0;\n", id);
  for (unsigned l = 0; l < nl; l++) {
    ind(g);
    kb_printf(g->out, "long long __dg%d_%u = 0, __sd%d_%u = 0;\n", id, l, id, l);
  }
}

/* DIGIT_L of VALUE (the text of a long long) into NAME_ID_L, levels NL-1..0. */
static void split_digits(kg *g, unsigned nl, int id, const char *value,
                         const char *name)
{
  ind(g);
  kb_printf(g->out, "{ long long __q = %s;", value);
  for (unsigned l = nl - 1; l > 0; l--)
    kb_printf(g->out, " %s%d_%u = __q %% __tc%d_%u; __q /= __tc%d_%u;", name,
              id, l, id, l, id, l);
  kb_printf(g->out, " %s%d_0 = __q; }\n", name, id);
}

static void emit_digit_indices(kg *g, const loop_level *lv, unsigned nl,
                               int id, const char *step)
{
  char iv[32];
  snprintf(iv, sizeof iv, "__iv%d", id);
  ind(g);
  kb_printf(g->out, "if (!__dv%d) {\n", id);
  g->indent++;
  split_digits(g, nl, id, iv, "__dg");
  split_digits(g, nl, id, step, "__sd");
  ind(g);
  kb_printf(g->out, "__dv%d = 1;\n", id);
  g->indent--;
  ind(g);
  kb_printf(g->out, "} else {\n");
  g->indent++;
  ind(g);
  kb_add(g->out, "int __cy = 0;\n");
  for (unsigned l = nl - 1; l > 0; l--) {
    ind(g);
    kb_printf(g->out, "__dg%d_%u += __sd%d_%u + __cy; __cy = __dg%d_%u >= "
              "__tc%d_%u; if (__cy) __dg%d_%u -= __tc%d_%u;\n", id, l, id, l,
              id, l, id, l, id, l, id, l);
  }
  ind(g);
  kb_printf(g->out, "__dg%d_0 += __sd%d_0 + __cy;\n", id, id);
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
  for (int l = (int)nl - 1; l >= 0; l--) {
    char d[48];
    snprintf(d, sizeof d, "__dg%d_%d", id, l);
    kg_emit_index(g, &lv[l], d);
  }
}

/* The multicore image (__ACCGPU_MC__, one thread per block, every step 1)
   runs a collapsed loop's share [LO, HI) as runs along the innermost
   level: the outer levels' indices are set once per run and the innermost
   is a plain counted loop, which GCC vectorizes and whose invariants it
   hoists, as in the nest the user wrote.  Digits are split once per share;
   a run ends at the end of a row or of the share.  The GPU's and the
   emulator's code is the #else branch (emit_digit_indices). */
static void emit_mc_runs_head(kg *g, const loop_level *lv, unsigned nl,
                              int id, const char *lo, const char *hi)
{
  unsigned in = nl - 1;
  char v[48];
  ind(g);
  kb_printf(g->out, "long long __iv%d = %s, __ie%d = %s, __n%d;\n", id, lo,
            id, hi, id);
  ind(g);
  kb_add(g->out, "long long");
  for (unsigned l = 0; l < nl; l++)
    kb_printf(g->out, "%s __dg%d_%u = 0", l ? "," : "", id, l);
  kb_add(g->out, ";\n");
  ind(g);
  kb_printf(g->out, "if (__iv%d < __ie%d)\n", id, id);
  snprintf(v, sizeof v, "__iv%d", id);
  split_digits(g, nl, id, v, "__dg");
  ind(g);
  kb_printf(g->out, "for (; __iv%d < __ie%d; __iv%d += __n%d) {\n", id, id,
            id, id);
  g->indent++;
  ind(g);
  kb_printf(g->out, "__n%d = __tc%d_%u - __dg%d_%u < __ie%d - __iv%d ? "
            "__tc%d_%u - __dg%d_%u : __ie%d - __iv%d;\n", id, id, in, id, in,
            id, id, id, in, id, in, id, id);
  for (unsigned l = 0; l < in; l++) {
    snprintf(v, sizeof v, "__dg%d_%u", id, l);
    kg_emit_index(g, &lv[l], v);
  }
  snprintf(v, sizeof v, "__dg%d_%u", id, in);
  bool counter = mc_counter_p(&lv[in]);
  if (counter)
    emit_mc_counter(g, &lv[in], id, v);
  ind(g);
  kb_printf(g->out, "for (long long __in%d = __dg%d_%u, __ix%d = __in%d + "
            "__n%d; __in%d < __ix%d; __in%d++) {\n", id, id, in, id, id, id,
            id, id, id);
  g->indent++;
  snprintf(v, sizeof v, "__in%d", id);
  if (counter)
    emit_mc_counter_index(g, &lv[in], id);
  else
    kg_emit_index(g, &lv[in], v);
}

/* Closes the innermost loop of emit_mc_runs_head's runs: the next run
   starts a row later (carries into the outer digits).  The loop over
   __iv<ID> closes as the other forms do. */
static void emit_mc_runs_tail(kg *g, unsigned nl, int id)
{
  kb_add(g->out, "#ifdef __ACCGPU_MC__\n");
  ind(g);
  kb_printf(g->out, "}\n");
  ind(g);
  kb_printf(g->out, "__dg%d_%u = 0;\n", id, nl - 1);
  ind(g);
  kb_add(g->out, "{ int __cy = 1;");
  for (unsigned l = nl - 2; l > 0; l--)
    kb_printf(g->out, " if (__cy && (__cy = ++__dg%d_%u >= __tc%d_%u)) "
              "__dg%d_%u = 0;", id, l, id, l, id, l);
  kb_printf(g->out, " __dg%d_0 += __cy; }\n", id);
  kb_add(g->out, "#endif\n");
}

static void emit_tile_indices(kg *g, loop_level *lv, unsigned nl, int id)
{
  ind(g);
  kb_printf(g->out, "long long __ta%d = 1", id);
  for (unsigned l = 0; l < nl; l++)
    kb_printf(g->out, " * __ts%d_%u", id, l);
  kb_add(g->out, ";\n");
  ind(g);
  kb_printf(g->out, "long long __e%d = __iv%d %% __ta%d, __t%d = __iv%d / "
            "__ta%d;\n", id, id, id, id, id, id);
  for (int l = (int)nl - 1; l >= 0; l--) {
    ind(g);
    kb_printf(g->out, "long long __k%d_%d = (__t%d %% ((__tc%d_%d + __ts%d_%d "
              "- 1) / __ts%d_%d)) * __ts%d_%d + __e%d %% __ts%d_%d;\n", id, l,
              id, id, l, id, l, id, l, id, l, id, id, l);
    ind(g);
    kb_printf(g->out, "__t%d /= (__tc%d_%d + __ts%d_%d - 1) / __ts%d_%d; "
              "__e%d /= __ts%d_%d;\n", id, id, l, id, l, id, l, id, id, l);
  }
  ind(g);
  kb_add(g->out, "if (");
  for (unsigned l = 0; l < nl; l++)
    kb_printf(g->out, "__k%d_%u >= __tc%d_%u || ", id, l, id, l);
  kb_add(g->out, "0) continue;\n");
  for (unsigned l = 0; l < nl; l++) {
    ind(g);
    kb_printf(g->out, "%s = (", decl_name(g, lv[l].index));
    type_str(g, g->out, TREE_TYPE(lv[l].index));
    kb_add(g->out, ")(");
    ll(g, g->out, lv[l].n1);
    kb_printf(g->out, " + __k%d_%u * ", id, l);
    ll(g, g->out, lv[l].step);
    kb_add(g->out, ");\n");
  }
}

/* Start and stride of the flattened index of a loop on blockIdx.y or .z
   (acc-tune schedules): the block index is the outer digit, then
   threadIdx.y, then threadIdx.x, as for gang (blockIdx.x). */
static void sched_start_stride(int dims, char *start, char *stride, size_t n)
{
  const char *b = dims & KG_GANG_Y ? "y" : "z";
  bool w = dims & KG_WORKER, v = dims & KG_VECTOR;
  snprintf(start, n, "((long long)blockIdx.%s * %s + %s) * %s + %s", b,
           w ? "blockDim.y" : "1", w ? "threadIdx.y" : "0",
           v ? "blockDim.x" : "1", v ? "threadIdx.x" : "0");
  snprintf(stride, n, "(long long)gridDim.%s * %s * %s", b,
           w ? "blockDim.y" : "1", v ? "blockDim.x" : "1");
}

/* The grid axis of a gang (or PGI nest) loop's blocks. */
static const char *gang_axis(int dims)
{
  if (dims & KG_PGI)
    return dims & KG_PGI_X ? "x" : dims & KG_PGI_Y ? "y" : "z";
  return dims & KG_GANG ? "x" : dims & KG_GANG_Y ? "y" : "z";
}

/* The text of loop ID's first iteration and its end: a gang loop's chunk
   (AXIS: the multicore image's share of the grid), else START and the
   trip count. */
static void loop_bounds(int id, const char *axis, const char *start,
                        char *lo, size_t nlo, char *hi, size_t nhi)
{
  if (axis) {
    snprintf(lo, nlo, "__ACCGPU_GANG_LO(%s, __tot%d, %s)", start, id, axis);
    snprintf(hi, nhi, "__ACCGPU_GANG_HI(__tot%d, %s)", id, axis);
  } else {
    snprintf(lo, nlo, "%s", start);
    snprintf(hi, nhi, "__tot%d", id);
  }
}

/* for (long long __iv<ID> = LO; __iv<ID> < HI; __iv<ID> += STEP) { */
static void emit_step_for(kg *g, int id, const char *lo, const char *hi,
                          const char *step)
{
  ind(g);
  kb_printf(g->out, "for (long long __iv%d = %s; __iv%d < %s; __iv%d += %s) "
            "{\n", id, lo, id, hi, id, step);
  g->indent++;
}

/* The loop over __iv<ID>: a gang loop (AXIS non-NULL) over its chunk on
   multicore (accgpu_mc.h), else from START by STEP to __tot<ID>. */
static void emit_for(kg *g, int id, const char *axis, const char *start,
                     const char *step)
{
  char lo[320], hi[96];
  loop_bounds(id, axis, start, lo, sizeof lo, hi, sizeof hi);
  if (!axis) {
    emit_step_for(g, id, lo, hi, step);
    return;
  }
  ind(g);
  kb_printf(g->out, "for (long long __iv%d = %s, __ie%d = %s; __iv%d < "
            "__ie%d; __iv%d += %s) {\n", id, lo, id, hi, id, id, id, step);
  g->indent++;
}

static tree count_stmt(gimple_stmt_iterator *gsi, bool *, walk_stmt_info *wi)
{
  if (!is_gimple_debug(gsi_stmt(*gsi)))
    (*(unsigned *)wi->info)++;
  return NULL_TREE;
}

/* How many copies of BODY's iterations a lane runs together: eight for a
   short body reducing 4-byte values (CUB takes more items per thread for
   those), four otherwise: eight 8-byte loads in flight took a gang worker
   vector double kernel from 31 to 39 registers on sm_90, one 1024-thread
   block per SM instead of two (1.5x slower on an H200). */
static int unroll_factor(gimple_seq body, vec<loop_red *> *reds)
{
  /* ACCGPU_RED_UNROLL=N at compile time: N for every such loop (to time
     the choice: benchmarks/reduction-table52). */
  if (int n = kg_env_int("ACCGPU_RED_UNROLL", 1, 16))
    return n;
  for (unsigned i = 0; i < reds->length(); i++)
    if (tree_to_uhwi(TYPE_SIZE_UNIT((*reds)[i]->type)) > 4)
      return 4;
  unsigned n = 0;
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &n;
  walk_gimple_seq(body, count_stmt, NULL, &wi);
  return n <= 12 ? 8 : 4;
}

/* On multicore, a vector loop whose reductions are all sums or products
   of scalars is `omp simd` with them (emit_mc_simd_for; the image is
   compiled with -fopenmp-simd): the clause lets GCC add a floating-point
   partial in any order, as a GPU's lanes do (OpenACC fixes no order), so
   it vectorizes the sum (a CSR row's: NPB CG's sparse product 1.3x
   faster a thread on the 2-core VM), which the sequential C order
   forbade.  A vector loop's iterations are independent (the user's
   `vector`, or found so), so the clause asserts nothing new.  Other
   reductions (min, max: the image's NaN rule; arrays; atomics) keep the
   plain loop, as does every loop with ACCGPU_MC_SIMD=0 at compile time
   (to time it). */
static bool mc_simd_p(vec<loop_red *> *reds)
{
  if (kg_env_off("ACCGPU_MC_SIMD"))
    return false;
  for (unsigned i = 0; i < reds->length(); i++) {
    loop_red *r = (*reds)[i];
    if (!r->priv || r->len || r->section || r->big || r->gather
        || (r->op != PLUS_EXPR && r->op != MINUS_EXPR && r->op != MULT_EXPR)
        || !(INTEGRAL_TYPE_P(r->type) || SCALAR_FLOAT_TYPE_P(r->type)))
      return false;
  }
  return !reds->is_empty();
}

/* The multicore branch's loop of a vector loop mc_simd_p accepts, with
   its pragma: omp simd wants one variable declared in the loop's head, so
   a gang loop's end (AXIS) is declared before it. */
static void emit_mc_simd_for(kg *g, vec<loop_red *> *reds, int id,
                             const char *axis, const char *start,
                             const char *step)
{
  char lo[320], hi[96];
  loop_bounds(id, axis, start, lo, sizeof lo, hi, sizeof hi);
  if (axis) {
    ind(g);
    kb_printf(g->out, "long long __ie%d = %s;\n", id, hi);
    snprintf(hi, sizeof hi, "__ie%d", id);
  }
  ind(g);
  kb_add(g->out, "_Pragma(\"omp simd");
  for (unsigned i = 0; i < reds->length(); i++)
    kb_printf(g->out, " reduction(%s:%s)",
              (*reds)[i]->op == MULT_EXPR ? "*" : "+", (*reds)[i]->priv);
  kb_add(g->out, "\")\n");
  emit_step_for(g, id, lo, hi, step);
}

void kg_emit_counted_head(kg *g, const char *var, int id, const char *lo,
                          const char *hi, const char *step, int unroll)
{
  ind(g);
  kb_printf(g->out, "ACCGPU_UNROLL(%d)\n", unroll);
  ind(g);
  kb_printf(g->out, "for (long long %s%d = %s, __n%d = __accgpu_trips("
            "%s%d, %s, %s), __c%d = 0; __c%d < __n%d; __c%d++, %s%d += "
            "%s) {\n", var, id, lo, id, var, id, hi, step, id, id, id, id,
            var, id, step);
}

/* The head of a vector loop that reduces, except on multicore (one lane):
   counted by the thread's own trips, so that `unroll UNROLL` puts that many
   iterations' loads in flight with no exit test between them.  On the
   stride loop NVVM unrolled with a test after each copy and a lane's
   loads waited for one another (seed Table 5.2's vector cases: 12 ms on
   an H200, GCC's build 3.3-6.4 ms).  The partial stays one register: the
   adds keep their order per lane.  The multicore image's loop follows
   this #else (emit_for, or emit_mc_simd_for for sums). */
static void emit_counted_for(kg *g, int id, const char *axis,
                             const char *start, const char *step, int unroll)
{
  char lo[320], hi[96];
  loop_bounds(id, axis, start, lo, sizeof lo, hi, sizeof hi);
  kb_add(g->out, "#ifndef __ACCGPU_MC__\n");
  kg_emit_counted_head(g, "__iv", id, lo, hi, step, unroll);
  kb_add(g->out, "#else\n");
}

/* A loop of one level, tiled (TILED: sizes __ts<ID>_<L>), gang(static:N)
   (CHUNKED) or of collapsed levels found by division. */
static void emit_plain_head(kg *g, loop_level *lv, unsigned nl, int id,
                            bool tiled, bool chunked, int counted,
                            vec<loop_red *> *reds, const char *axis,
                            const char *start, const char *step)
{
  /* One level stepped by one on multicore: a counter there. */
  bool counter = !tiled && !chunked && nl == 1 && mc_counter_p(lv);
  if (counter) {
    char first[320];
    if (axis)
      snprintf(first, sizeof first, "__ACCGPU_GANG_LO(%s, __tot%d, %s)",
               start, id, axis);
    else
      snprintf(first, sizeof first, "%s", start);
    kb_add(g->out, "#ifdef __ACCGPU_MC__\n");
    emit_mc_counter(g, lv, id, first);
    kb_add(g->out, "#endif\n");
  }
  if (counted)
    emit_counted_for(g, id, axis, start, step, counted);
  if (counted && mc_simd_p(reds))
    emit_mc_simd_for(g, reds, id, axis, start, step);
  else
    emit_for(g, id, axis, start, step);
  if (counted)
    kb_add(g->out, "#endif\n");
  if (tiled) {
    emit_tile_indices(g, lv, nl, id);
    return;
  }
  ind(g);
  if (chunked)
    gang_static_index(g, id);
  else
    kb_printf(g->out, "long long __r%d = __iv%d;\n", id, id);
  if (counter) {
    kb_add(g->out, "#ifdef __ACCGPU_MC__\n");
    emit_mc_counter_index(g, lv, id);
    kb_add(g->out, "#else\n");
  }
  for (int l = (int)nl - 1; l >= 0; l--) {
    char d[64];
    if (l > 0)
      snprintf(d, sizeof d, "(__r%d %% __tc%d_%d)", id, id, l);
    else
      snprintf(d, sizeof d, "__r%d", id);
    kg_emit_index(g, &lv[l], d);
    if (l > 0) {
      ind(g);
      kb_printf(g->out, "__r%d /= __tc%d_%d;\n", id, id, l);
    }
  }
  if (counter)
    kb_add(g->out, "#endif\n");
}

/* Collapsed levels: runs along the innermost level on multicore (step 1
   there: a gang's chunk, or a one-thread block's whole range), stepped
   digits elsewhere.  emit_mc_runs_tail closes the runs before the loop's
   closing brace. */
static void emit_digits_head(kg *g, const loop_level *lv, unsigned nl,
                             int id, const char *axis, const char *start,
                             const char *step)
{
  char lo[320], hi[96];
  loop_bounds(id, axis, start, lo, sizeof lo, hi, sizeof hi);
  kb_add(g->out, "#ifdef __ACCGPU_MC__\n");
  emit_mc_runs_head(g, lv, nl, id, lo, hi);
  g->indent -= 2;
  kb_add(g->out, "#else\n");
  declare_digits(g, nl, id);
  emit_for(g, id, axis, start, step);
  emit_digit_indices(g, lv, nl, id, step);
  kb_add(g->out, "#endif\n");
  g->indent++;
}

int loop_dims_of(kg *g, gimple *f)
{
  int *d = g->loop_dims->get(f);
  return d ? *d : 0;
}

void emit_omp_for(kg *g, gomp_for *f)
{
  int dims = loop_dims_of(g, f);
  unsigned nl = gimple_omp_for_collapse(f);
  int id = g->counter++;
  vec<loop_red *> reds = vNULL;
  reject_vla_private(g, gimple_omp_for_clauses(f));
  /* HOISTED: this loop's barriers are before and after its outer loop;
     INNER: the loop in this one's body whose barriers go here instead. */
  bool hoisted = g->bars_hoisted == f;
  gomp_for *inner = kg_bars_hoistable(g, f, dims);
  /* The threads that ran the code before the loop redundantly may still
     be reading what its iterations overwrite (a loop condition): they
     meet before the loop spreads over them. */
  if (!hoisted && ((dims & ~g->part & (KG_WORKER | KG_VECTOR)) || inner)
      && !after_barrier(g))
    redundant_barrier(g);
  ind(g);
  kb_add(g->out, "{\n");
  g->indent++;
  emit_seq(g, gimple_omp_for_pre_body(f));
  /* Reduction partials, private to each thread.  A PGI nest's thread
     folds its partial into the variable with one atomic, as a gang. */
  if (!kgr_open(g, f, dims & KG_PGI ? dims | KG_GANG : dims, id, &reds))
    return;
  /* Trip counts of all collapsed levels. */
  loop_level lv[8];
  if (nl > 8) {
    fail(g, NULL, "collapse deeper than 8");
    return;
  }
  for (unsigned l = 0; l < nl; l++) {
    if (!get_level(g, f, l, &lv[l]))
      return;
    emit_trip(g, &lv[l], id, l);
  }
  /* tile(...): sizes per level (__ts<ID>_<L>) */
  bool tiled = dims && tile_sizes(g, f, nl, id);
  ind(g);
  kb_printf(g->out, "long long __tot%d = 1", id);
  for (unsigned l = 0; l < nl; l++)
    if (tiled) /* whole tiles: tiles x elements, padded */
      kb_printf(g->out, " * ((__tc%d_%u + __ts%d_%u - 1) / __ts%d_%u) * "
                "__ts%d_%u", id, l, id, l, id, l, id, l);
    else
      kb_printf(g->out, " * __tc%d_%u", id, l);
  kb_add(g->out, ";\n");
  bool chunked = gang_static_pad(g, f, dims, tiled, id);
  const char *start, *stride;
  char sbuf[160], tbuf[160];
  switch (dims) {
  case KG_GANG: start = "blockIdx.x"; stride = "gridDim.x"; break;
  case KG_WORKER: start = "threadIdx.y"; stride = "blockDim.y"; break;
  case KG_VECTOR: start = "threadIdx.x"; stride = "blockDim.x"; break;
  case KG_GANG | KG_WORKER:
    start = "(long long)blockIdx.x * blockDim.y + threadIdx.y";
    stride = "(long long)gridDim.x * blockDim.y";
    break;
  case KG_GANG | KG_VECTOR:
    start = "(long long)blockIdx.x * blockDim.x + threadIdx.x";
    stride = "(long long)gridDim.x * blockDim.x";
    break;
  case KG_WORKER | KG_VECTOR:
    start = "(long long)threadIdx.y * blockDim.x + threadIdx.x";
    stride = "(long long)blockDim.y * blockDim.x";
    break;
  case KG_GANG | KG_WORKER | KG_VECTOR:
    start = "((long long)blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x "
            "+ threadIdx.x";
    stride = "(long long)gridDim.x * blockDim.y * blockDim.x";
    break;
  default:
    start = "0";
    stride = "1";
    if (dims & KG_PGI) { /* one grid and block dimension (PGI nest) */
      const char *a = gang_axis(dims);
      snprintf(sbuf, sizeof sbuf, "(long long)blockIdx.%s * blockDim.%s + "
               "threadIdx.%s", a, a, a);
      snprintf(tbuf, sizeof tbuf, "(long long)gridDim.%s * blockDim.%s", a,
               a);
      start = sbuf;
      stride = tbuf;
    } else if (dims & (KG_GANG_Y | KG_GANG_Z)) {
      sched_start_stride(dims, sbuf, tbuf, sizeof sbuf);
      start = sbuf;
      stride = tbuf;
    }
    break;
  }
  char step[200];
  bool blocks = dims & (KG_GANGS | KG_PGI); /* a loop over blocks */
  if (blocks && !chunked)
    snprintf(step, sizeof step, "__ACCGPU_GANG_STEP(%s)", stride);
  else
    snprintf(step, sizeof step, "(%s)", stride);
  bool digits = nl > 1 && !tiled && !chunked;
  /* A vector loop that reduces: four iterations' loads in flight per lane
     (one each otherwise: a warp waits for each load before the next one),
     as CUB's items per thread. */
  int counted = (dims & KG_VECTOR) && !reds.is_empty() && !digits && !tiled
                && !chunked ? unroll_factor(gimple_omp_body(f), &reds) : 0;
  /* Its 4-byte loads of consecutive elements read four at a time. */
  bool widen = counted && nl == 1 && !(dims & KG_PGI) && !inner
               && kg_wide_try(g, f, &lv[0], dims, &reds, id, start, step);
  if (digits)
    emit_digits_head(g, lv, nl, id, blocks ? gang_axis(dims) : NULL,
                     start, step);
  else
    emit_plain_head(g, lv, nl, id, tiled, chunked, counted, &reds,
                    blocks && !chunked ? gang_axis(dims) : NULL,
                    start, step);
  kgr_bind(g, &reds);
  if ((dims & KG_GANGS) && !(dims & (KG_WORKER | KG_VECTOR)))
    for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE)
        maybe_share(g, OMP_CLAUSE_DECL(c));
  /* A sequential loop's private array outside vector-partitioned code:
     one copy per gang (per worker inside a worker loop) that the lanes
     of its inner vector loops share (3.3 §2.9.10), as a gang loop's; a
     copy per lane read what other lanes' copies held (session 24). */
  if (!(dims & (KG_GANGS | KG_WORKER | KG_VECTOR | KG_PGI)))
    for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE)
        maybe_share(g, OMP_CLAUSE_DECL(c));
  int save_part = g->part;
  gomp_for *save_hoisted = g->bars_hoisted;
  /* A PGI nest's threads each run their own iterations: no store in it
     is gang-redundant. */
  g->part |= dims | (dims & KG_PGI ? KG_GANG : 0);
  /* A worker loop's private array: one copy per worker that the worker's
     vector lanes share (3.3 §2.9.10), as a gang loop's is per gang. */
  if ((dims & KG_WORKER) && !(dims & KG_VECTOR))
    for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE)
        maybe_share(g, OMP_CLAUSE_DECL(c));
  if (inner)
    g->bars_hoisted = inner;
  emit_seq(g, gimple_omp_body(f));
  g->part = save_part;
  g->bars_hoisted = save_hoisted;
  kgr_unbind(g, &reds);
  if (digits)
    emit_mc_runs_tail(g, nl, id);
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
  if (widen)
    kg_wide_close(g);
  /* End of a thread-partitioned loop: everyone finishes before the
     redundant code that follows reads what the loop wrote. */
  if (!hoisted && ((dims & (KG_WORKER | KG_VECTOR)) || inner))
    redundant_barrier(g);
  kgr_close(g, &reds);
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
}
