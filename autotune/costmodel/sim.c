/* sim.c — the memory-trace cost model of seed §7.3.3-7.3.4.
 *
 * For one schedule and launch configuration: thread blocks are dispatched
 * round-robin to SMs in waves (Eq. 7.1, 7.2); inside an SM the warps of the
 * resident blocks issue their memory instructions round-robin, each warp one
 * transaction per timestamp ("Modeled", Figure 7.9: an uncoalesced
 * instruction delays the warp's next one) or one whole instruction per turn
 * ("Base").  Accesses of a warp are coalesced into lines and sectors; loads
 * go through the SM's L1 (reuse distance over lines), L1 misses and stores
 * through the shared L2 (reuse distance over sectors).  As in the seed, the
 * L1 of each SM runs first and records its misses; the L2 then takes the
 * SMs' lists round-robin.  To bound memory this happens in chunks of
 * CHUNK_ROUNDS rounds, all SMs covering the same rounds.
 * Long traces are sampled: windows of a warm-up wave and a measured wave;
 * when one wave alone exceeds the budget, the middle wave runs for a limited
 * number of rounds (the first half warms the caches, the second half is
 * measured) and the counts are scaled by the wave's instruction count. */
#include <stdlib.h>
#include <string.h>

#include "../tune.h"
#include "coalesce.h"
#include "rd.h"

/* The last coalescing of one reference by the warps of one index in their
 * blocks.  A lane's address minus the first present lane's depends only on
 * the lanes' thread indices (block and point add the same to every lane),
 * so while the active lanes are the same and the first lane's address
 * moved by whole lines, the lines just shift. */
#define MEMO_TX 4
typedef struct memo {
  uint64_t a;        /* first present lane's byte address */
  uint32_t act;
  int ntx;           /* 0: none */
  tune_tx tx[MEMO_TX];
  int have_rel;
  int64_t rel[32];   /* lane's byte address minus the first lane's */
} memo;

typedef struct warp {
  /* Hot: read every turn. */
  int64_t stride[TUNE_MAX_PAR], tcnt[TUNE_MAX_PAR], t[TUNE_MAX_PAR];
  int64_t maxb[TUNE_MAX_PAR];      /* largest lane offset (present lanes) */
  int64_t b0[TUNE_MAX_PAR];        /* the first present lane's offset */
  int64_t kval[TUNE_MAX_VARS];
  uint32_t present, active;
  int first;         /* first present lane */
  int pc, done;
  int ntx, itx, write;
  int nlanes;        /* active lanes of the current instruction */
  int meas;          /* the current instruction is measured */
  memo *memo;        /* per reference, shared by the warps with this
                        warp's index in its block */
  tune_tx tx[TUNE_MAX_TX];
  /* Cold: points at a boundary, first coalescing of a reference. */
  int64_t base[TUNE_MAX_PAR][32];  /* first iteration offset per lane */
} warp;

/* Rounds each SM runs before the L2 takes its requests: long enough to keep
 * one SM's L1 tables in the host's cache, short against a wave. */
#define CHUNK_ROUNDS 64

/* Allocations one thread reuses from configuration to configuration: the
 * engines keep their grown tables (no page faults, no rehash chains). */
struct tune_sim_ctx {
  accgpu_rd l2;
  int l2_ok;
  accgpu_rd *l1;
  int nl1;           /* initialised engines in L1 */
  warp *w;
  warp **live;
  size_t nw;
  memo *memos;
  size_t nmemo;
  int *nlive, *sm_ids, nsm;
  uint64_t **buf;
  size_t *nbuf, *capbuf;
  uint64_t *abase;
  int narr;
  uint64_t *ord;
  size_t capord;
};

typedef struct sim {
  tune_sim_ctx *x;
  const tune_kernel *k;
  const tune_gpu *g;
  const tune_config *c;
  int nlev, ls, ss, bthreads, wpb, active;
  int64_t nblocks, waves;
  uint64_t *abase;
  memo *memos;       /* per warp index in a block and reference */
  int nsm, *sm_ids;
  accgpu_rd *l1, *l2;
  uint64_t l1cap, l2cap;
  warp *w;
  warp **live;       /* per simulated SM: wpb * active slots */
  int *nlive;
  int measure;
  tune_result cnt;   /* counts of measured waves */
  double sim_blocks; /* blocks measured */
  double body;       /* warp instructions per point of the iteration space */
  int64_t round_limit, warm_rounds; /* truncated waves (0 = no limit) */
  int64_t skip;      /* instructions each warp of a truncated wave skips */
  int64_t body_refs; /* exact instructions per point, 0 if unknown */
  /* Per sequential loop variable: instructions of one iteration of its
   * body, INT64_MAX when beyond 64 bits (fast_forward skips iterations). */
  int64_t iter_refs[TUNE_MAX_VARS];
  double wave_instrs;               /* instructions of measured waves */
  uint64_t **buf;    /* per SM: L2 requests of the current chunk */
  size_t *nbuf, *capbuf;
  int cur_sm;
} sim;

/* Grows *P to N elements of SIZE bytes.  Returns 0 / -1. */
static int grow(void *p, size_t n, size_t size) {
  void *q = realloc(*(void **)p, (n ? n : 1) * size);
  if (!q)
    return -1;
  *(void **)p = q;
  return 0;
}

/* ---- warps -------------------------------------------------------------- */

static int64_t trip_of(const sim *s, int l) {
  return s->k->vars[s->k->npar - 1 - l].trip;
}
static int64_t lo_of(const sim *s, int l) {
  return s->k->vars[s->k->npar - 1 - l].lo;
}

/* Computes the active lanes at W's current point (lanes whose every
 * level is inside its trip count).  Returns the active mask. */
static uint32_t load_point(const sim *s, warp *w) {
  uint32_t act = w->present;
  for (int l = 0; l < s->nlev; l++) {
    int64_t trip = trip_of(s, l), off = w->t[l] * w->stride[l];
    if (w->maxb[l] + off < trip)
      continue; /* every lane inside */
    for (int ln = 0; ln < 32; ln++)
      if (w->base[l][ln] + off >= trip)
        act &= ~(1u << ln);
  }
  return w->active = act;
}

/* Moves W to its next point with at least one active lane.  Returns 0 when
 * it has none left. */
static int next_point(const sim *s, warp *w) {
  for (;;) {
    int l = 0;
    while (l < s->nlev && ++w->t[l] == w->tcnt[l])
      w->t[l++] = 0;
    if (l == s->nlev)
      return 0;
    if (load_point(s, w))
      return 1;
  }
}

/* Sets up warp WI of linear block B. */
static void warp_init(const sim *s, warp *w, int64_t b, int wi) {
  const tune_config *c = s->c;
  const tune_pattern *p = c->pat;
  int64_t bid[3] = {b % c->grid[0], (b / c->grid[0]) % c->grid[1],
                    b / (c->grid[0] * c->grid[1])};
  int64_t bpart[TUNE_MAX_PAR], minb[TUNE_MAX_PAR];
  memset(w->t, 0, sizeof w->t);
  memset(w->maxb, 0, sizeof w->maxb);
  w->present = 0;
  w->first = -1;
  memset(w->b0, 0, sizeof w->b0);
  w->pc = 0;
  w->ntx = w->itx = 0;
  for (int l = 0; l < s->nlev; l++) {
    int td = p->tdim[l], gd = p->gdim[l];
    int64_t per = td >= 0 ? c->block[td] : 1;
    w->stride[l] = per * (gd >= 0 ? c->grid[gd] : 1);
    bpart[l] = (gd >= 0 ? bid[gd] : 0) * per;
    minb[l] = INT64_MAX;
  }
  /* Thread indices of lane 0, then stepped lane by lane (no divisions). */
  int tl = wi * 32;
  int tid[3] = {tl % c->block[0], (tl / c->block[0]) % c->block[1],
                tl / (c->block[0] * c->block[1])};
  for (int ln = 0; ln < 32 && tl < s->bthreads; ln++, tl++) {
    w->present |= 1u << ln;
    w->first = w->first < 0 ? ln : w->first;
    for (int l = 0; l < s->nlev; l++) {
      int td = p->tdim[l];
      int64_t base = (td >= 0 ? tid[td] : 0) + bpart[l];
      w->base[l][ln] = base;
      if (w->first == ln)
        w->b0[l] = base;
      if (base > w->maxb[l])
        w->maxb[l] = base;
      if (base < minb[l])
        minb[l] = base;
    }
    if (++tid[0] == c->block[0]) {
      tid[0] = 0;
      if (++tid[1] == c->block[1]) {
        tid[1] = 0;
        tid[2]++;
      }
    }
  }
  /* A lane runs ceil((trip - base) / stride) points: the warp as many as
   * its smallest offset. */
  w->done = 0;
  for (int l = 0; l < s->nlev; l++) {
    int64_t trip = trip_of(s, l);
    w->tcnt[l] = w->present && minb[l] < trip
                     ? (trip - minb[l] + w->stride[l] - 1) / w->stride[l]
                     : 0;
    if (!w->tcnt[l])
      w->done = 1;
  }
  if (!w->done && !load_point(s, w) && !next_point(s, w))
    w->done = 1;
}

/* Steps W's body program to its next modeled reference.  Returns the ref
 * index, or -1 when the warp has finished. */
static int next_ref(const sim *s, warp *w) {
  const tune_kernel *k = s->k;
  for (;;) {
    if (w->pc == k->nops) {
      if (!next_point(s, w))
        return -1;
      w->pc = 0;
    }
    const tune_op *op = &k->ops[w->pc];
    /* A loop op's variable (a reference's arg indexes refs instead). */
    const tune_loop *lp = &k->vars[op->kind == TUNE_OP_REF ? 0 : op->arg];
    switch (op->kind) {
    case TUNE_OP_LOOP:
      if (lp->trip <= 0) {
        w->pc = op->match + 1;
        continue;
      }
      w->kval[op->arg] = lp->lo;
      w->pc++;
      continue;
    case TUNE_OP_END:
      w->pc = ++w->kval[op->arg] < lp->lo + lp->trip ? op->match + 1
                                                     : w->pc + 1;
      continue;
    default:
      w->pc++;
      if (k->refs[op->arg].affine)
        return op->arg;
    }
  }
}

/* Set bits of M (no popcnt instruction in the baseline x86-64 ISA). */
static int lanes_of(uint32_t m) {
  m -= (m >> 1) & 0x55555555u;
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* Coalesces reference RF of W's active lanes from scratch, given the
 * first present lane's address A and index offset sum F0. */
static int coalesce_lanes(const sim *s, warp *w, const tune_ref *rf,
                          const int64_t *cf, uint64_t a, memo *m) {
  if (!m->have_rel) {
    for (int ln = 0; ln < 32; ln++) {
      int64_t f = 0;
      for (int l = 0; l < s->nlev; l++)
        f += cf[l] * (w->base[l][ln] - w->b0[l]);
      m->rel[ln] = f * rf->elem;
    }
    m->have_rel = 1;
  }
  uint64_t addr[32];
  int n = 0;
  for (uint32_t act = w->active; act; act &= act - 1)
    addr[n++] = a + (uint64_t)m->rel[__builtin_ctz(act)];
  return accgpu_tune_coalesce(addr, n, rf->elem, s->ls, s->ss, w->tx);
}

/* Fills W's transaction list for reference R at its current point. */
static void issue(sim *s, warp *w, int r) {
  const tune_kernel *k = s->k;
  const tune_ref *rf = &k->refs[r];
  int64_t off = rf->ecst;
  for (int v = k->npar; v < k->nvars; v++)
    off += rf->ecoef[v] * w->kval[v];
  int64_t cf[TUNE_MAX_PAR], f0 = 0;
  for (int l = 0; l < s->nlev; l++) {
    cf[l] = rf->ecoef[k->npar - 1 - l];
    off += cf[l] * (lo_of(s, l) + w->t[l] * w->stride[l]);
    f0 += cf[l] * w->b0[l];
  }
  uint64_t a = s->abase[rf->arr] + (uint64_t)((off + f0) * rf->elem);
  memo *m = &w->memo[r];
  int64_t d = (int64_t)(a - m->a);
  if (m->ntx && m->act == w->active && !(d & ((1 << s->ls) - 1))) {
    d >>= s->ls; /* whole lines: the same sectors of shifted lines */
    for (int i = 0; i < m->ntx; i++) {
      w->tx[i].line = m->tx[i].line + (uint64_t)d;
      w->tx[i].sectors = m->tx[i].sectors;
    }
    w->ntx = m->ntx;
  } else {
    w->ntx = coalesce_lanes(s, w, rf, cf, a, m);
    m->ntx = w->ntx <= MEMO_TX ? w->ntx : 0;
    m->a = a;
    m->act = w->active;
    memcpy(m->tx, w->tx, (size_t)m->ntx * sizeof *m->tx);
  }
  w->itx = 0;
  w->write = rf->is_write;
  w->nlanes = lanes_of(w->active);
}

/* ---- caches ------------------------------------------------------------- */

/* Serves one queued L2 request E (sector key << 2 | write << 1 | measured). */
static void serve_l2(sim *s, uint64_t e) {
  int hit = accgpu_rd_hit(s->l2, e >> 2, NULL);
  s->cnt.simulated++;
  if (!(e & 1))
    return;
  if (e & 2) {
    s->cnt.st_sectors++;
    s->cnt.st_hits += hit;
  } else {
    s->cnt.l2_loads++;
    s->cnt.l2_hits += hit;
  }
}

/* Queues the sectors MASK of LINE on the current SM's L2 list (seed §7.3.4:
 * L1 runs per SM first, recording its misses; the L2 then takes them
 * round-robin).  Returns nothing; on allocation failure the requests are
 * served at once. */
static void access_l2(sim *s, uint64_t line, uint32_t mask, int write) {
  uint64_t first = line << (s->ls - s->ss);
  int i = s->cur_sm;
  if (s->nbuf[i] + 32 > s->capbuf[i]) {
    size_t nc = s->capbuf[i] ? s->capbuf[i] * 2 : 4096;
    uint64_t *nb = realloc(s->buf[i], nc * sizeof *nb);
    if (nb) {
      s->buf[i] = nb;
      s->capbuf[i] = nc;
    }
  }
  for (; mask; mask &= mask - 1) {
    uint64_t e = (first + (uint64_t)__builtin_ctz(mask)) << 2 |
                 (uint64_t)write << 1 | (uint64_t)(s->measure != 0);
    if (s->nbuf[i] < s->capbuf[i])
      s->buf[i][s->nbuf[i]++] = e;
    else
      serve_l2(s, e);
  }
}

/* Requests ahead whose hash slot is prefetched: the L2's table is far
 * larger than the host's caches and the round-robin order is known. */
#define L2_AHEAD 16

/* Drains the SMs' L2 lists round-robin, one request per SM per turn. */
static void drain_l2(sim *s) {
  size_t most = 0, n = 0;
  for (int i = 0; i < s->nsm; i++) {
    most = s->nbuf[i] > most ? s->nbuf[i] : most;
    n += s->nbuf[i];
  }
  tune_sim_ctx *x = s->x;
  if (n > x->capord && !grow(&x->ord, n, sizeof *x->ord))
    x->capord = n;
  if (n > x->capord) { /* out of memory: serve in place */
    for (size_t p = 0; p < most; p++)
      for (int i = 0; i < s->nsm; i++)
        if (p < s->nbuf[i])
          serve_l2(s, s->buf[i][p]);
  } else {
    size_t k = 0;
    for (size_t p = 0; p < most; p++)
      for (int i = 0; i < s->nsm; i++)
        if (p < s->nbuf[i]) {
          /* One host cache line of each SM's list ahead: the lists are
           * too many streams for the hardware prefetcher. */
          if (!(p & 7))
            __builtin_prefetch(&s->buf[i][p + 16]);
          x->ord[k++] = s->buf[i][p];
        }
    for (size_t j = 0; j < n; j++) {
      if (j + L2_AHEAD < n)
        accgpu_rd_prefetch(s->l2, x->ord[j + L2_AHEAD] >> 2);
      serve_l2(s, x->ord[j]);
    }
  }
  for (int i = 0; i < s->nsm; i++)
    s->nbuf[i] = 0;
}

static void access_tx(sim *s, int smi, const tune_tx *tx, int write) {
  if (write) {
    access_l2(s, tx->line, tx->sectors, 1);
    return;
  }
  /* Sectored L1: the line's LRU position is tracked per line, its valid
   * sectors in AUX; an evicted line (distance >= capacity) has none. */
  uint8_t *valid;
  if (!accgpu_rd_hit(&s->l1[smi], tx->line, &valid))
    *valid = 0;
  uint32_t miss = tx->sectors & ~*valid;
  *valid |= (uint8_t)tx->sectors;
  s->cnt.simulated++;
  if (s->measure) {
    s->cnt.l1_loads++;
    s->cnt.l1_hits += !miss;
  }
  if (miss)
    access_l2(s, tx->line, miss, 0);
}

/* Counts W's current instruction with the round that starts it, so a
 * truncated wave measures whole instructions. */
static void start_instr(sim *s, warp *w) {
  w->meas = s->measure;
  if (s->measure) {
    s->cnt.lane_accesses += w->nlanes;
    s->cnt.warp_instrs += 1;
  }
}

/* Readies W's next instruction once the current one is done, a turn early,
 * and prefetches the L1 bucket of its first line for the coming turn.
 * Returns 0 when W has finished. */
static int warp_ready(sim *s, int smi, warp *w) {
  while (w->itx == w->ntx) {
    int r = next_ref(s, w);
    if (r < 0)
      return 0;
    issue(s, w, r);
    if (!w->ntx)
      start_instr(s, w); /* touches nothing: counted now */
  }
  if (!w->write)
    accgpu_rd_prefetch(&s->l1[smi], w->tx[w->itx].line);
  return 1;
}

/* One turn of warp W on SM SMI: one transaction (modeled) or its whole
 * instruction (base).  Returns 0 when W has finished. */
static int warp_turn(sim *s, int smi, warp *w, int base_mode) {
  do {
    if (w->itx == 0)
      start_instr(s, w);
    int m = s->measure;
    s->measure = w->meas;
    access_tx(s, smi, &w->tx[w->itx++], w->write);
    s->measure = m;
  } while (base_mode && w->itx < w->ntx);
  return warp_ready(s, smi, w);
}

/* Moves W N points on in next_point's order (level 0 fastest) by
 * arithmetic, counting inactive points too: N next_point calls exactly
 * unless a point in between is inactive, which takes two levels at their
 * last step (so a 1- or 2-level nest not run to its end is exact).
 * Returns 0 when W runs out. */
static int jump_points(const sim *s, warp *w, int64_t n) {
  for (int l = 0; l < s->nlev && n; l++) {
    int64_t t = w->t[l] + n % w->tcnt[l];
    n /= w->tcnt[l];
    if (t >= w->tcnt[l]) {
      t -= w->tcnt[l];
      n++;
    }
    w->t[l] = t;
  }
  return !n && (load_point(s, w) || next_point(s, w));
}

/* Skips F instructions of W as F next_ref calls would, but at the end of
 * an iteration of a sequential loop skips the whole iterations F still
 * covers (each issues S->iter_refs of its variable) by moving the loop's
 * counter: long sequential loops cost no time. */
static void skip_refs(const sim *s, warp *w, int64_t f) {
  const tune_kernel *k = s->k;
  while (f > 0 && !w->done) {
    while (w->pc < k->nops && k->ops[w->pc].kind == TUNE_OP_END) {
      const tune_op *op = &k->ops[w->pc];
      const tune_loop *lp = &k->vars[op->arg];
      int64_t per = s->iter_refs[op->arg], *kv = &w->kval[op->arg];
      int64_t left = lp->lo + lp->trip - 1 - *kv, q = per > 0 ? f / per : 0;
      q = q < left ? q : left > 0 ? left : 0;
      *kv += q;
      f -= q * per;
      w->pc = ++*kv < lp->lo + lp->trip ? op->match + 1 : w->pc + 1;
    }
    if (f > 0) {
      w->done = next_ref(s, w) < 0;
      f--;
    }
  }
}

/* Point steps fast_forward takes one by one (exact for any nest); more
 * are jumped (jump_points), which only a thread with thousands of points
 * needs. */
#define STEP_POINTS 4096

/* Fast-forwards fresh warp W over S->skip instructions without caches:
 * whole points at once while more than a point's instructions remain (the
 * body issues S->body_refs each point; the trailing ops of a point touch
 * nothing that the next point keeps), then instruction by instruction
 * (whole iterations of sequential loops at once).  Returns nothing; sets
 * W->done when the warp runs out. */
static void fast_forward(const sim *s, warp *w) {
  int64_t f = s->skip;
  if (!w->done && s->body_refs > 0 && f > s->body_refs) {
    int64_t pts = (f - 1) / s->body_refs;
    f -= pts * s->body_refs;
    if (pts > STEP_POINTS)
      w->done = !jump_points(s, w, pts);
    for (; pts > 0 && pts <= STEP_POINTS && !w->done; pts--)
      w->done = !next_point(s, w);
  }
  skip_refs(s, w, f);
}

/* ---- waves -------------------------------------------------------------- */

/* Simulates wave WV: each SM's warps for a chunk of rounds, then the L2. */
static void run_wave(sim *s, int64_t wv, int base_mode) {
  int any = 0;
  for (int i = 0; i < s->nsm; i++) {
    s->nlive[i] = 0;
    for (int slot = 0; slot < s->active; slot++) {
      int64_t b = (wv * s->active + slot) * s->g->sms + s->sm_ids[i];
      if (b >= s->nblocks)
        break;
      if (s->measure)
        s->sim_blocks++;
      for (int wi = 0; wi < s->wpb; wi++) {
        warp *w = &s->w[((size_t)i * s->active + slot) * s->wpb + wi];
        warp_init(s, w, b, wi);
        if (s->measure && !w->done)
          s->wave_instrs += s->body * (double)w->tcnt[0] *
                            (s->nlev > 1 ? (double)w->tcnt[1] : 1) *
                            (s->nlev > 2 ? (double)w->tcnt[2] : 1);
        fast_forward(s, w);
        if (!w->done && warp_ready(s, i, w))
          s->live[(size_t)i * s->active * s->wpb + s->nlive[i]++] = w;
      }
    }
    any |= s->nlive[i] > 0;
  }
  int measure = s->measure;
  for (int64_t r0 = 0; any; r0 += CHUNK_ROUNDS) {
    if (s->round_limit && r0 >= s->round_limit)
      break;
    any = 0;
    for (int i = 0; i < s->nsm; i++) {
      warp **lv = &s->live[(size_t)i * s->active * s->wpb];
      s->cur_sm = i;
      for (int64_t round = r0; round < r0 + CHUNK_ROUNDS && s->nlive[i];
           round++) {
        if (s->round_limit && round == s->round_limit)
          break;
        s->measure = measure && round >= s->warm_rounds;
        int keep = 0, nl = s->nlive[i];
        for (int j = 0; j < nl; j++) {
          /* The warp two turns ahead: its hot fields and first
           * transactions (8448 warps of an H100 wave outgrow the host's
           * caches). */
          const char *ah = (const char *)lv[j + 2 < nl ? j + 2 : j];
          for (int b = 0; b < 320; b += 64)
            __builtin_prefetch(ah + b);
          if (warp_turn(s, i, lv[j], base_mode))
            lv[keep++] = lv[j];
        }
        s->nlive[i] = keep;
      }
      any |= s->nlive[i] > 0;
    }
    drain_l2(s);
  }
  s->measure = measure;
}

/* Adds one instruction inside the sequential loops OPEN[0..DEPTH-1]
 * (outermost first) to S->iter_refs: to the innermost's iteration 1, to
 * the next's the innermost's trip count, and so on (saturating). */
static void count_iter_ref(sim *s, const int *open, int depth) {
  int64_t per = 1;
  for (int d = depth - 1; d >= 0; d--) {
    int64_t *r = &s->iter_refs[open[d]];
    int64_t trip = s->k->vars[open[d]].trip;
    if (__builtin_add_overflow(*r, per, r))
      *r = INT64_MAX;
    if (__builtin_mul_overflow(per, trip > 0 ? trip : 0, &per))
      per = INT64_MAX;
  }
}

/* Warp instructions one thread issues (modeled refs x trips). */
static double thread_instrs(sim *s, const tune_config *c) {
  const tune_kernel *k = s->k;
  double mult[TUNE_MAX_VARS + 1] = {1}, body = 0;
  int depth = 0, open[TUNE_MAX_VARS];
  memset(s->iter_refs, 0, sizeof s->iter_refs);
  for (int i = 0; i < k->nops; i++) {
    const tune_op *op = &k->ops[i];
    if (op->kind == TUNE_OP_LOOP) {
      mult[depth + 1] = mult[depth] * (double)k->vars[op->arg].trip;
      open[depth++] = op->arg;
    } else if (op->kind == TUNE_OP_END) {
      depth--;
    } else if (k->refs[op->arg].affine) {
      body += mult[depth];
      count_iter_ref(s, open, depth);
    }
  }
  s->body = body;
  /* Whole-point fast-forward needs an exact count: no negative trips. */
  int exact = body >= 1 && body < 1e15;
  for (int v = k->npar; v < k->nvars; v++)
    exact &= k->vars[v].trip >= 0;
  s->body_refs = exact ? (int64_t)body : 0;
  double pts = 1;
  for (int l = 0; l < s->nlev; l++) {
    int td = c->pat->tdim[l], gd = c->pat->gdim[l];
    double stride = (td >= 0 ? c->block[td] : 1) * (double)(gd >= 0 ? c->grid[gd] : 1);
    double t = (double)trip_of(s, l);
    pts *= t > stride ? (t + stride - 1) / stride : 1;
  }
  return pts * body;
}

/* Makes X's per-SM arrays hold S->nsm entries (new ones zeroed, L1
 * engines initialised).  Returns 0 / -1. */
static int ctx_sms(tune_sim_ctx *x, int nsm) {
  if (nsm > x->nsm) {
    if (grow(&x->nlive, (size_t)nsm, sizeof *x->nlive) ||
        grow(&x->sm_ids, (size_t)nsm, sizeof *x->sm_ids) ||
        grow(&x->buf, (size_t)nsm, sizeof *x->buf) ||
        grow(&x->nbuf, (size_t)nsm, sizeof *x->nbuf) ||
        grow(&x->capbuf, (size_t)nsm, sizeof *x->capbuf))
      return -1;
    for (int i = x->nsm; i < nsm; i++) {
      x->buf[i] = NULL;
      x->capbuf[i] = 0;
    }
    x->nsm = nsm;
  }
  if (nsm > x->nl1) {
    if (grow(&x->l1, (size_t)nsm, sizeof *x->l1))
      return -1;
    for (; x->nl1 < nsm; x->nl1++)
      if (accgpu_rd_init(&x->l1[x->nl1]))
        return -1;
  }
  return 0;
}

static int sim_alloc(sim *s) {
  tune_sim_ctx *x = s->x;
  size_t nw = (size_t)s->nsm * s->active * s->wpb;
  size_t nm = (size_t)s->wpb * (size_t)(s->k->nrefs ? s->k->nrefs : 1);
  if (nw > x->nw) {
    if (grow(&x->w, nw, sizeof *x->w) || grow(&x->live, nw, sizeof *x->live))
      return -1;
    x->nw = nw;
  }
  if (nm > x->nmemo) {
    if (grow(&x->memos, nm, sizeof *x->memos))
      return -1;
    x->nmemo = nm;
  }
  if (s->k->narrays > x->narr) {
    if (grow(&x->abase, (size_t)s->k->narrays, sizeof *x->abase))
      return -1;
    x->narr = s->k->narrays;
  }
  if (ctx_sms(x, s->nsm) || (!x->l2_ok && accgpu_rd_init(&x->l2)))
    return -1;
  x->l2_ok = 1;
  accgpu_rd_reset(&x->l2);
  for (int i = 0; i < s->nsm; i++)
    accgpu_rd_reset(&x->l1[i]);
  memset(x->memos, 0, nm * sizeof *x->memos);
  memset(x->nlive, 0, (size_t)s->nsm * sizeof *x->nlive);
  memset(x->nbuf, 0, (size_t)s->nsm * sizeof *x->nbuf);
  s->w = x->w, s->live = x->live, s->memos = x->memos;
  s->nlive = x->nlive, s->sm_ids = x->sm_ids;
  s->l1 = x->l1, s->l2 = &x->l2;
  s->buf = x->buf, s->nbuf = x->nbuf, s->capbuf = x->capbuf;
  s->abase = x->abase;
  for (size_t j = 0; j < nw; j++)
    s->w[j].memo = s->memos + (j % (size_t)s->wpb) * (size_t)s->k->nrefs;
  /* Arrays 1 TiB apart: distinct, aligned, never sharing a line. */
  for (int a = 0; a < s->k->narrays; a++)
    s->abase[a] = (uint64_t)(a + 1) << 40;
  return 0;
}

tune_sim_ctx *accgpu_tune_sim_ctx_new(void) {
  return calloc(1, sizeof(tune_sim_ctx));
}

void accgpu_tune_sim_ctx_free(tune_sim_ctx *x) {
  if (!x)
    return;
  for (int i = 0; i < x->nl1; i++)
    accgpu_rd_free(&x->l1[i]);
  if (x->l2_ok)
    accgpu_rd_free(&x->l2);
  for (int i = 0; i < x->nsm; i++)
    free(x->buf[i]);
  free(x->l1);
  free(x->w);
  free(x->live);
  free(x->memos);
  free(x->nlive);
  free(x->sm_ids);
  free(x->buf);
  free(x->nbuf);
  free(x->capbuf);
  free(x->abase);
  free(x->ord);
  free(x);
}

/* Picks the waves to simulate for budget B (warp instructions) given
 * PER_WAVE instructions in a full wave.  Returns the number of measured
 * waves (= all waves when not sampling); sets a round limit when even one
 * wave is over budget. */
static int64_t plan(sim *s, double b, double per_wave,
                    double per_wave_instrs, int64_t wave_warps) {
  for (int i = 0; i < s->nsm; i++)
    s->sm_ids[i] = i;
  if (b <= 0 || per_wave * (double)s->waves <= b)
    return s->waves;
  if (per_wave <= b) {
    int64_t win = (int64_t)(b / (2 * per_wave));
    win = win < 1 ? 1 : win;
    return win * 2 >= s->waves ? s->waves : win;
  }
  /* One wave is over budget: run the middle wave for a limited number of
   * rounds, half of them warming the caches.  A limit beyond the wave's
   * length (rounds per warp) would measure nothing: run it whole. */
  double wave_rounds = per_wave / (double)(wave_warps ? wave_warps : 1);
  /* Short threads are not stationary over their life (each reference is
   * issued once): only long ones (sequential loops) are truncated; others
   * run one whole wave after a warm-up wave, over budget. */
  if (per_wave_instrs / (double)(wave_warps ? wave_warps : 1) < 64)
    return 1;
  s->round_limit = (int64_t)(b / (double)(wave_warps ? wave_warps : 1));
  s->round_limit = s->round_limit < 64 ? 64 : s->round_limit;
  /* Without a sequential loop the window must span several points of each
   * thread, or it measures only the tail of one body, whose lines its head
   * just brought in. */
  int seq = 0;
  for (int i = 0; i < s->k->nops; i++)
    seq |= s->k->ops[i].kind == TUNE_OP_LOOP;
  double tx = per_wave_instrs > 0 ? per_wave / per_wave_instrs : 1;
  double body_rounds = 8 * s->body * tx;
  if (!seq && (double)s->round_limit < body_rounds)
    s->round_limit = (int64_t)body_rounds;
  if ((double)s->round_limit >= wave_rounds)
    s->round_limit = 0;
  s->warm_rounds = s->round_limit / 2;
  /* Centre the window in the threads' lives: a prefix of a long loop
   * touches too little data to show its capacity misses. */
  double per_warp = per_wave_instrs / (double)(wave_warps ? wave_warps : 1);
  double window = (double)s->round_limit * per_warp / wave_rounds;
  double skip = (per_warp - window) / 2; /* may exceed 64 bits */
  s->skip = !s->round_limit ? 0
            : skip < 0x1p62 ? (int64_t)skip
                            : INT64_C(1) << 62;
  return 1;
}

/* Average transactions per warp instruction, from the first point of the
 * first warp: the budget counts cache accesses, and an uncoalesced
 * configuration costs up to 32 per instruction. */
static double tx_per_instr(sim *s) {
  warp *w = &s->w[0];
  int n = 0, tx = 0;
  warp_init(s, w, 0, 0);
  for (int pc0 = -1; !w->done && n < 64; n++) {
    int r = next_ref(s, w);
    if (r < 0 || (pc0 >= 0 && w->pc <= pc0))
      break;
    pc0 = w->pc;
    issue(s, w, r);
    tx += w->ntx;
  }
  memset(&s->cnt, 0, sizeof s->cnt);
  return n ? (double)tx / n : 1;
}

int accgpu_tune_simulate(const tune_kernel *k, const tune_gpu *g,
                         const tune_config *c, const tune_sim_opts *o,
                         tune_result *r) {
  tune_sim_ctx *x = accgpu_tune_sim_ctx_new();
  int rc = x ? accgpu_tune_simulate_ctx(x, k, g, c, o, r) : -1;
  accgpu_tune_sim_ctx_free(x);
  return rc;
}

int accgpu_tune_simulate_ctx(tune_sim_ctx *x, const tune_kernel *k,
                             const tune_gpu *g, const tune_config *c,
                             const tune_sim_opts *o, tune_result *r) {
  sim s;
  memset(&s, 0, sizeof s);
  memset(r, 0, sizeof *r);
  s.x = x;
  s.k = k, s.g = g, s.c = c;
  s.nlev = k->npar;
  s.ls = __builtin_ctz((unsigned)g->line_bytes);
  s.ss = __builtin_ctz((unsigned)g->sector_bytes);
  s.bthreads = c->block[0] * c->block[1] * c->block[2];
  s.wpb = (s.bthreads + 31) / 32;
  s.active = accgpu_tune_active_blocks(g, s.bthreads);
  s.nblocks = c->grid[0] * c->grid[1] * c->grid[2];
  s.active = s.active < 1 ? 1 : s.active;
  s.waves = accgpu_tune_waves(s.nblocks, s.active, g->sms);
  int64_t wave_blocks = (int64_t)s.active * g->sms;
  if (wave_blocks > s.nblocks)
    wave_blocks = s.nblocks;
  double per_wave = thread_instrs(&s, c) / 32.0 * s.bthreads *
                    (double)wave_blocks;
  int rc = -1;
  for (int v = 0; v < k->npar; v++)
    if (k->vars[v].trip <= 0) { /* nothing runs: every count is 0 */
      r->waves = s.waves;       /* (simulating 2^31 empty blocks is slow) */
      r->sms_sim = g->sms;
      for (int i = 0; i < k->nrefs; i++)
        r->unmodeled += !k->refs[i].affine;
      return 0;
    }
  s.nsm = g->sms;
  if (sim_alloc(&s))
    goto out;
  double instrs = per_wave;
  per_wave *= tx_per_instr(&s);
  int64_t win = plan(&s, o->budget, per_wave, instrs, wave_blocks * s.wpb);
  if (win < 0)
    goto out;
  s.l1cap = (uint64_t)(g->l1_bytes / g->line_bytes);
  s.l2cap = (uint64_t)(g->l2_bytes / g->sector_bytes);
  /* Only hit or miss matters: the engines may forget what is evicted. */
  accgpu_rd_set_cap(s.l2, (uint32_t)s.l2cap);
  for (int i = 0; i < s.nsm; i++)
    accgpu_rd_set_cap(&s.l1[i], (uint32_t)s.l1cap);
  int base_mode = o->interleave == TUNE_INTERLEAVE_BASE;
  int64_t last = -1;
  for (int64_t i = 0; i < win; i++) {
    int64_t wv = win == s.waves ? i : (int64_t)((i + 0.5) * s.waves / win);
    /* A truncated warm-up wave would leave exactly the window's data in
     * the caches: truncated waves warm up inside their own rounds. */
    if (win != s.waves && !s.round_limit && wv - 1 > last) {
      s.measure = 0; /* warm-up wave: caches only */
      run_wave(&s, wv - 1, base_mode);
    }
    s.measure = 1;
    run_wave(&s, wv, base_mode);
    last = wv;
    r->waves_sim++;
  }
  if (s.round_limit && s.cnt.warp_instrs == 0 && o->budget > 0) {
    /* The window measured nothing (threads shorter than estimated): run
     * the full trace instead. */
    tune_sim_opts all = *o;
    all.budget = 0;
    return accgpu_tune_simulate_ctx(x, k, g, c, &all, r);
  }
  double scale = s.sim_blocks > 0 ? (double)s.nblocks / s.sim_blocks : 0;
  if (s.round_limit && s.cnt.warp_instrs > 0) /* truncated wave */
    scale *= s.wave_instrs / s.cnt.warp_instrs;
  *r = s.cnt;
  r->lane_accesses *= scale, r->warp_instrs *= scale;
  r->l1_loads *= scale, r->l1_hits *= scale;
  r->l2_loads *= scale, r->l2_hits *= scale;
  r->st_sectors *= scale, r->st_hits *= scale;
  r->waves = s.waves;
  r->waves_sim = win;
  r->sms_sim = s.nsm;
  for (int i = 0; i < k->nrefs; i++)
    r->unmodeled += !k->refs[i].affine;
  r->cost = accgpu_tune_cost(g, r);
  rc = 0;
out:
  return rc;
}

double accgpu_tune_cost(const tune_gpu *g, const tune_result *r) {
  double dram = (r->l2_loads - r->l2_hits);
  return r->l1_hits * g->lat_l1 + r->l2_loads * g->lat_l2 +
         dram * g->lat_dram + r->st_sectors * g->lat_l2;
}
