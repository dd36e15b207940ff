/* test_emulator.c — the emulated GPU backend (runtime/emulator/), driven
 * through its backend table, with the kernels of tests/unit/kernels/emu_*.cu.
 * Every result is checked against a serial computation done here. */
#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "device.h"
#include "kernels/emu_test.h"
#include "suite.h"

/* CPU entries of the kernels (ACCGPU_EMU_ENTRY in the .cu files). */
void emu_vadd__emu(void **);
void emu_coords__emu(void **);
void emu_transpose__emu(void **);
void emu_dynrev__emu(void **);
void emu_gate__emu(void **);
void emu_set_flag__emu(void **);
void emu_deadlock__emu(void **);
void emu_stencil__emu(void **);
void emu_reduce__emu(void **);
void emu_votes__emu(void **);
void emu_atomics__emu(void **);
void emu_warp__emu(void **);
void emu_overflow__emu(void **);

enum { K_VADD, K_COORDS, K_TRANSPOSE, K_DYNREV, K_GATE, K_SET_FLAG,
       K_DEADLOCK, K_STENCIL, K_REDUCE, K_VOTES, K_ATOMICS, K_WARP,
       K_OVERFLOW, K_N };

static const uint32_t sz_p3i[] = {8, 8, 8, 4};
static const uint32_t sz_p[] = {8};
static const uint32_t sz_p2ii[] = {8, 8, 4, 4};
static const uint32_t sz_pp[] = {8, 8};
static const uint32_t sz_pi[] = {8, 4};
static const uint32_t sz_ppi[] = {8, 8, 4};

static const __accgpu_kernel kernels[K_N] = {
    {"emu_vadd", emu_vadd__emu, 4, sz_p3i, NULL, 0, NULL, 0, NULL},
    {"emu_coords", emu_coords__emu, 1, sz_p, NULL, 0, NULL, 0, NULL},
    {"emu_transpose", emu_transpose__emu, 4, sz_p2ii, NULL, 0, NULL, 0, NULL},
    {"emu_dynrev", emu_dynrev__emu, 2, sz_pp, NULL, 0, NULL, 0, NULL},
    {"emu_gate", emu_gate__emu, 2, sz_pp, NULL, 0, NULL, 0, NULL},
    {"emu_set_flag", emu_set_flag__emu, 2, sz_pi, NULL, 0, NULL, 0, NULL},
    {"emu_deadlock", emu_deadlock__emu, 1, sz_p, NULL, 0, NULL, 0, NULL},
    {"emu_stencil", emu_stencil__emu, 3, sz_ppi, NULL, 0, NULL, 0, NULL},
    {"emu_reduce", emu_reduce__emu, 3, sz_ppi, NULL, 0, NULL, 0, NULL},
    {"emu_votes", emu_votes__emu, 3, sz_ppi, NULL, 0, NULL, 0, NULL},
    {"emu_atomics", emu_atomics__emu, 3, sz_ppi, NULL, 0, NULL, 0, NULL},
    {"emu_warp", emu_warp__emu, 2, sz_pp, NULL, 0, NULL, 0, NULL},
    {"emu_overflow", emu_overflow__emu, 2, sz_pi, NULL, 0, NULL, 0, NULL},
};
static void *mod_cache;
static const __accgpu_module mod = {
    ACCGPU_ABI_VERSION, K_N, kernels, "tests/unit/kernels/emu_*.cu",
    NULL, NULL, NULL, 0, &mod_cache, NULL, 0, 0, NULL, 0, NULL};

static const accgpu_backend *B = &accgpu_backend_emulator;
static struct accgpu_dev *dev;
static struct accgpu_queue *q;
static void *modh;

/* Returns RC; prints the backend's message when RC is not 0. */
static int say(int rc, const char *what) {
  if (rc != 0)
    fprintf(stderr, "\n%s: %s\n", what, accgpu_last_error(NULL));
  return rc;
}
#define OK(call) CU_ASSERT_EQUAL_FATAL(say((call), #call), 0)

static int suite_init(void) {
  if (B->open(0, &dev) || B->queue_create(dev, &q) ||
      B->module_load(dev, &mod, &modh))
    return say(-1, "emulator suite init");
  return 0;
}

static int suite_clean(void) {
  int rc = B->module_unload(dev, modh) | B->queue_destroy(q);
  B->close(dev);
  return rc;
}

static int launch(struct accgpu_queue *qq, void *h, unsigned k,
                  __accgpu_dim3 grid, __accgpu_dim3 block, unsigned shared,
                  void **args) {
  accgpu_launch_cfg c = {grid, block, shared};
  return B->launch(qq, h, k, &c, args);
}
#define D3(x, y, z) ((__accgpu_dim3){(x), (y), (z)})

/* Device copy of BYTES of HOST (or poison-filled when HOST is NULL). */
static void *dev_from(const void *host, size_t bytes) {
  void *d = NULL;
  if (say(B->mem_alloc(dev, bytes, &d), "mem_alloc"))
    return NULL;
  if (host && say(B->copy_h2d(q, d, host, bytes), "copy_h2d"))
    return NULL;
  return d;
}

static int to_host(void *host, const void *d, size_t bytes) {
  return say(B->copy_d2h(q, host, d, bytes), "copy_d2h") ||
         say(B->queue_sync(q), "queue_sync");
}

/* ------------------------------------------------------------------ */

static void test_props(void) {
  accgpu_devprops p;
  size_t fr, tot;
  unsetenv("ACCGPU_EMU_DEVICES");
  CU_ASSERT_EQUAL(B->count(), 1);
  OK(B->props(dev, &p));
  CU_ASSERT_STRING_EQUAL(p.name, "accgpu emulator");
  CU_ASSERT_EQUAL(p.warp_size, 32);
  CU_ASSERT_EQUAL(p.max_threads_per_block, 1024);
  CU_ASSERT_EQUAL(p.shared_mem_per_block, 48u << 10);
  CU_ASSERT(p.sm_count >= 1);
  OK(B->mem_info(dev, &fr, &tot));
  CU_ASSERT_EQUAL(tot, (size_t)16 << 30);
  CU_ASSERT_EQUAL(p.total_mem, tot);
  CU_ASSERT(fr <= tot);
}

static void test_vadd(void) {
  int n = 100003;
  size_t bytes = n * sizeof(float);
  float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
  for (int i = 0; i < n; i++) {
    a[i] = (float)i * 0.5f;
    b[i] = (float)(n - i) * 0.25f;
  }
  float *da = dev_from(a, bytes), *db = dev_from(b, bytes);
  float *dc = dev_from(NULL, bytes);
  CU_ASSERT_FATAL(da && db && dc);
  void *args[] = {&dc, &da, &db, &n};
  OK(launch(q, modh, K_VADD, D3((n + 255) / 256, 1, 1), D3(256, 1, 1), 0,
            args));
  OK(to_host(c, dc, bytes));
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += c[i] != a[i] + b[i];
  CU_ASSERT_EQUAL(bad, 0);
  B->mem_free(dev, da);
  B->mem_free(dev, db);
  B->mem_free(dev, dc);
  free(a);
  free(b);
  free(c);
}

static void test_coords_3d(void) {
  __accgpu_dim3 g = {3, 2, 2}, bl = {4, 3, 5};
  unsigned tpb = bl.x * bl.y * bl.z, nt = tpb * g.x * g.y * g.z;
  size_t bytes = (size_t)nt * 12 * sizeof(unsigned);
  unsigned *h = malloc(bytes), *d = dev_from(NULL, bytes);
  CU_ASSERT_FATAL(d != NULL);
  void *args[] = {&d};
  OK(launch(q, modh, K_COORDS, g, bl, 0, args));
  OK(to_host(h, d, bytes));
  int bad = 0;
  for (unsigned bz = 0; bz < g.z; bz++)
    for (unsigned by = 0; by < g.y; by++)
      for (unsigned bx = 0; bx < g.x; bx++)
        for (unsigned tz = 0; tz < bl.z; tz++)
          for (unsigned ty = 0; ty < bl.y; ty++)
            for (unsigned tx = 0; tx < bl.x; tx++) {
              unsigned b = bx + g.x * (by + g.y * bz);
              unsigned t = tx + bl.x * (ty + bl.y * tz);
              unsigned *o = h + 12u * (b * tpb + t);
              unsigned want[12] = {tx, ty, tz, bx, by, bz,
                                   bl.x, bl.y, bl.z, g.x, g.y, g.z};
              bad += memcmp(o, want, sizeof want) != 0;
            }
  CU_ASSERT_EQUAL(bad, 0);
  B->mem_free(dev, d);
  free(h);
}

static void test_transpose_2d(void) {
  int n = 37, m = 53;
  size_t bytes = (size_t)n * m * sizeof(float);
  float *in = malloc(bytes), *out = malloc(bytes);
  for (int i = 0; i < n * m; i++)
    in[i] = (float)i;
  float *din = dev_from(in, bytes), *dout = dev_from(NULL, bytes);
  CU_ASSERT_FATAL(din && dout);
  void *args[] = {&dout, &din, &n, &m};
  OK(launch(q, modh, K_TRANSPOSE, D3((m + 15) / 16, (n + 15) / 16, 1),
            D3(16, 16, 1), 0, args));
  OK(to_host(out, dout, bytes));
  int bad = 0;
  for (int y = 0; y < n; y++)
    for (int x = 0; x < m; x++)
      bad += out[x * n + y] != in[y * m + x];
  CU_ASSERT_EQUAL(bad, 0);
  B->mem_free(dev, din);
  B->mem_free(dev, dout);
  free(in);
  free(out);
}

static void test_dyn_shared(void) {
  unsigned nb = 8, bt = 128, n = nb * bt;
  float *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
  for (unsigned i = 0; i < n; i++)
    in[i] = (float)(i * 3 + 1);
  float *din = dev_from(in, n * sizeof *in), *dout = dev_from(NULL, n * 4);
  CU_ASSERT_FATAL(din && dout);
  void *args[] = {&dout, &din};
  OK(launch(q, modh, K_DYNREV, D3(nb, 1, 1), D3(bt, 1, 1), bt * 4, args));
  OK(to_host(out, dout, n * sizeof *out));
  int bad = 0;
  for (unsigned b = 0; b < nb; b++)
    for (unsigned t = 0; t < bt; t++)
      bad += out[b * bt + t] != in[b * bt + bt - 1 - t];
  CU_ASSERT_EQUAL(bad, 0);
  B->mem_free(dev, din);
  B->mem_free(dev, dout);
  free(in);
  free(out);
}

/* Serial reference of emu_stencil for one tile. */
static void stencil_ref(float *t, unsigned n, int steps) {
  float *u = malloc(n * sizeof *u);
  for (int s = 0; s < steps; s++) {
    for (unsigned j = 0; j < n; j++)
      u[j] = j > 0 && j + 1 < n ? (t[j - 1] + t[j] + t[j + 1]) / 3.0f : t[j];
    memcpy(t, u, n * sizeof *u);
  }
  free(u);
}

static void test_stencil_barriers(void) {
  unsigned nb = 64, bt = 256, n = nb * bt;
  int steps = 40;
  float *in = malloc(n * 4), *out = malloc(n * 4), *ref = malloc(n * 4);
  for (unsigned i = 0; i < n; i++)
    in[i] = ref[i] = (float)((i * 7919u) % 1000u);
  float *din = dev_from(in, n * 4), *dout = dev_from(NULL, n * 4);
  CU_ASSERT_FATAL(din && dout);
  void *args[] = {&dout, &din, &steps};
  OK(launch(q, modh, K_STENCIL, D3(nb, 1, 1), D3(bt, 1, 1), 0, args));
  OK(to_host(out, dout, n * 4));
  for (unsigned b = 0; b < nb; b++)
    stencil_ref(ref + b * bt, bt, steps);
  int bad = 0;
  for (unsigned i = 0; i < n; i++)
    bad += fabsf(out[i] - ref[i]) > 1e-5f * fabsf(ref[i]);
  CU_ASSERT_EQUAL(bad, 0);
  B->mem_free(dev, din);
  B->mem_free(dev, dout);
  free(in);
  free(out);
  free(ref);
}

static void test_tree_reduction(void) {
  int n = 1000003, bt = 512, nb = (n + bt - 1) / bt;
  double *in = malloc(n * sizeof *in), *part = malloc(nb * sizeof *part);
  double want = 0, got = 0;
  for (int i = 0; i < n; i++) {
    in[i] = (double)(i % 977) - 300.0;
    want += in[i];
  }
  double *din = dev_from(in, n * sizeof *in);
  double *dpart = dev_from(NULL, nb * sizeof *part);
  CU_ASSERT_FATAL(din && dpart);
  void *args[] = {&dpart, &din, &n};
  OK(launch(q, modh, K_REDUCE, D3(nb, 1, 1), D3(bt, 1, 1), 0, args));
  OK(to_host(part, dpart, nb * sizeof *part));
  for (int b = 0; b < nb; b++)
    got += part[b];
  CU_ASSERT_EQUAL(got, want); /* integers: exact in any order */
  B->mem_free(dev, din);
  B->mem_free(dev, dpart);
  free(in);
  free(part);
}

static void test_syncthreads_votes(void) {
  unsigned nb = 4, bt = 100, live = 70;
  int flags[400], out[12];
  for (unsigned i = 0; i < nb * bt; i++) {
    unsigned b = i / bt, t = i % bt;
    /* block 0: all set; 1: none; 2: every third; 3: only thread 69, and
       exiting threads (t >= live) set, which must not count. */
    flags[i] = b == 0 ? 1 : b == 1 ? 0 : b == 2 ? t % 3 == 0 : t == 69 || t >= live;
  }
  int *dflags = dev_from(flags, sizeof flags), *dout = dev_from(NULL, sizeof out);
  CU_ASSERT_FATAL(dflags && dout);
  void *args[] = {&dout, &dflags, &live};
  OK(launch(q, modh, K_VOTES, D3(nb, 1, 1), D3(bt, 1, 1), 0, args));
  OK(to_host(out, dout, sizeof out));
  for (unsigned b = 0; b < nb; b++) {
    int c = 0;
    for (unsigned t = 0; t < live; t++)
      c += flags[b * bt + t] != 0;
    CU_ASSERT_EQUAL(out[3 * b], c);
    CU_ASSERT_EQUAL(out[3 * b + 1], c == (int)live);
    CU_ASSERT_EQUAL(out[3 * b + 2], c > 0);
  }
  B->mem_free(dev, dflags);
  B->mem_free(dev, dout);
}

/* ------------------------------------------------------------------ */

static void atomic_init(emu_atomic_out *o) {
  memset(o, 0, sizeof *o);
  o->imin = INT_MAX;
  o->imax = INT_MIN;
  o->iand = -1;
  o->exch_count = -1;
  o->umin = UINT_MAX;
  o->llmin = LLONG_MAX;
  o->llmax = LLONG_MIN;
  o->fmin = INFINITY;
  o->fmax = -INFINITY;
  o->dmin = INFINITY;
  o->dmax = -INFINITY;
}

/* Serial model of emu_atomics. */
static void atomic_ref(emu_atomic_out *o, const int *vals, int n) {
  for (int i = 0; i < n; i++) {
    int v = vals[i];
    o->isum += v - 1;
    o->imin = v < o->imin ? v : o->imin;
    o->imax = v > o->imax ? v : o->imax;
    o->iand &= ~(1 << (i % 31));
    o->ior |= 1 << (v & 15);
    o->ixor ^= v;
    o->icas_sum += v;
    o->usum += (unsigned)v;
    o->umin = (unsigned)v + 7u < o->umin ? (unsigned)v + 7u : o->umin;
    o->umax = (unsigned)v * 2u > o->umax ? (unsigned)v * 2u : o->umax;
    o->uinc = o->uinc >= 9u ? 0u : o->uinc + 1u;
    o->udec = o->udec == 0u || o->udec > 5u ? 5u : o->udec - 1u;
    o->ullsum += (unsigned long long)v << 33;
    unsigned long long um = (unsigned long long)v * 1000000007ull;
    o->ullmax = um > o->ullmax ? um : o->ullmax;
    o->ullor |= 1ull << (v & 63);
    long long lmin = -(long long)v * 3000000000ll, lmax = -lmin;
    o->llmin = lmin < o->llmin ? lmin : o->llmin;
    o->llmax = lmax > o->llmax ? lmax : o->llmax;
    o->fsum += (float)v;
    o->fmin = fminf(o->fmin, (float)v * 0.5f - 100.0f);
    o->fmax = fmaxf(o->fmax, (float)v * 0.25f);
    o->dsum += (double)v * 0.5;
    o->dmin = fmin(o->dmin, -(double)v);
    o->dmax = fmax(o->dmax, (double)v * 1e10);
    o->us_count++;
  }
}

static void test_atomics(void) {
  int n = 20000;
  int *vals = malloc(n * sizeof *vals);
  for (int i = 0; i < n; i++)
    vals[i] = (int)((i * 7919u) % 1001u) - 500;
  emu_atomic_out init, got, want;
  atomic_init(&init);
  want = init;
  atomic_ref(&want, vals, n);
  emu_atomic_out *dout = dev_from(&init, sizeof init);
  int *dvals = dev_from(vals, n * sizeof *vals);
  CU_ASSERT_FATAL(dout && dvals);
  void *args[] = {&dout, &dvals, &n};
  OK(launch(q, modh, K_ATOMICS, D3((n + 127) / 128, 1, 1), D3(128, 1, 1), 0,
            args));
  OK(to_host(&got, dout, sizeof got));
  CU_ASSERT_EQUAL(got.isum, want.isum);
  CU_ASSERT_EQUAL(got.imin, want.imin);
  CU_ASSERT_EQUAL(got.imax, want.imax);
  CU_ASSERT_EQUAL(got.iand, want.iand);
  CU_ASSERT_EQUAL(got.ior, want.ior);
  CU_ASSERT_EQUAL(got.ixor, want.ixor);
  CU_ASSERT_EQUAL(got.icas_sum, want.icas_sum);
  CU_ASSERT(got.exch_count >= 0 && got.exch_count < n);
  CU_ASSERT_EQUAL(got.usum, want.usum);
  CU_ASSERT_EQUAL(got.umin, want.umin);
  CU_ASSERT_EQUAL(got.umax, want.umax);
  CU_ASSERT_EQUAL(got.uinc, want.uinc);
  CU_ASSERT_EQUAL(got.udec, want.udec);
  CU_ASSERT_EQUAL(got.ullsum, want.ullsum);
  CU_ASSERT_EQUAL(got.ullmax, want.ullmax);
  CU_ASSERT_EQUAL(got.ullor, want.ullor);
  CU_ASSERT_EQUAL(got.llmin, want.llmin);
  CU_ASSERT_EQUAL(got.llmax, want.llmax);
  CU_ASSERT_EQUAL(got.fsum, want.fsum); /* integer-valued: exact */
  CU_ASSERT_EQUAL(got.fmin, want.fmin);
  CU_ASSERT_EQUAL(got.fmax, want.fmax);
  CU_ASSERT_EQUAL(got.dsum, want.dsum);
  CU_ASSERT_EQUAL(got.dmin, want.dmin);
  CU_ASSERT_EQUAL(got.dmax, want.dmax);
  CU_ASSERT_EQUAL(got.us_count, want.us_count);
  B->mem_free(dev, dout);
  B->mem_free(dev, dvals);
  free(vals);
}

/* ------------------------------------------------------------------ */

/* Checks lane L of one warp of emu_warp against V[0..31]. */
static int warp_lane_ok(const emu_warp_out *o, const int *v, unsigned l) {
  int sum = 0, scan = 0, half = 0, neg = 0, pos = 1;
  unsigned bal = 0;
  for (unsigned k = 0; k < 32; k++) {
    sum += v[k];
    scan += k <= l ? v[k] : 0;
    half += k / 16 == l / 16 ? v[k] : 0;
    bal |= (unsigned)(v[k] & 1) << k;
    neg |= v[k] < 0;
    pos &= v[k] > 0;
  }
  return o->down_sum == (l == 0 ? sum : 0) && o->xor_sum == sum &&
         o->scan == scan && o->xor16 == half && o->ballot == bal &&
         o->any_neg == neg && o->all_pos == pos && o->active == 0xffffffffu &&
         o->fbcast == (float)v[5] * 0.5f &&
         o->dbcast == (double)v[(l + 1) % 32] * 0.25 &&
         o->llrot == (long long)v[l ^ 7] * 4294967296LL &&
         o->lsum == (long)sum * 100000000000L &&
         o->sdown == (short)v[l < 31 ? l + 1 : l] &&
         o->popc == __builtin_popcount((unsigned)v[l]) &&
         o->ffs == __builtin_ffs(v[l]) &&
         o->clz == (v[l] ? __builtin_clz((unsigned)v[l]) : 32);
}

static void test_warp_functions(void) {
  unsigned nb = 4, bt = 64, n = nb * bt;
  int in[256];
  emu_warp_out *out = calloc(n, sizeof *out);
  for (unsigned i = 0; i < n; i++)
    in[i] = i / 32 == 3 ? (int)(i % 50) + 1 : (int)((i * 37) % 101) - 20;
  in[0] = 0;
  int *din = dev_from(in, sizeof in);
  emu_warp_out *dout = dev_from(NULL, n * sizeof *out);
  CU_ASSERT_FATAL(din && dout);
  void *args[] = {&dout, &din};
  OK(launch(q, modh, K_WARP, D3(nb, 1, 1), D3(bt, 1, 1), 0, args));
  OK(to_host(out, dout, n * sizeof *out));
  int bad = 0;
  for (unsigned i = 0; i < n; i++)
    bad += !warp_lane_ok(&out[i], in + i / 32 * 32, i % 32);
  CU_ASSERT_EQUAL(bad, 0);
  CU_ASSERT_EQUAL(out[96].all_pos, 1); /* warp 3 is all positive */

  /* A 40-thread block: its second warp has 8 lanes. */
  OK(launch(q, modh, K_WARP, D3(1, 1, 1), D3(40, 1, 1), 0, args));
  OK(to_host(out, dout, 40 * sizeof *out));
  unsigned bal = 0;
  for (unsigned k = 32; k < 40; k++)
    bal |= (unsigned)(in[k] & 1) << (k - 32);
  for (unsigned k = 32; k < 40; k++) {
    CU_ASSERT_EQUAL(out[k].active, 0xffu);
    CU_ASSERT_EQUAL(out[k].ballot, bal);
  }
  B->mem_free(dev, din);
  B->mem_free(dev, dout);
  free(out);
}

/* ------------------------------------------------------------------ */

static void test_launch_errors(void) {
  int n = 1;
  float *d = dev_from(NULL, 64);
  void *args[] = {&d, &d, &d, &n};
  CU_ASSERT_EQUAL(launch(q, modh, K_VADD, D3(1, 1, 1), D3(1025, 1, 1), 0, args), -1);
  CU_ASSERT(strstr(accgpu_last_error(NULL), "emu_vadd") != NULL);
  CU_ASSERT(strstr(accgpu_last_error(NULL), "1024") != NULL);
  CU_ASSERT_EQUAL(launch(q, modh, K_VADD, D3(1, 1, 1), D3(32, 32, 2), 0, args), -1);
  CU_ASSERT_EQUAL(launch(q, modh, K_VADD, D3(0, 1, 1), D3(32, 1, 1), 0, args), -1);
  CU_ASSERT_EQUAL(launch(q, modh, K_VADD, D3(1, 1, 1), D3(32, 1, 1), 64 << 10, args), -1);
  CU_ASSERT(strstr(accgpu_last_error(NULL), "shared") != NULL);
  CU_ASSERT_EQUAL(launch(q, modh, K_N, D3(1, 1, 1), D3(32, 1, 1), 0, args), -1);
  OK(B->queue_sync(q));
  B->mem_free(dev, d);
}

static void test_deadlock_reported(void) {
  int *d = dev_from(NULL, 32 * sizeof(int));
  CU_ASSERT_FATAL(d != NULL);
  void *args[] = {&d};
  OK(launch(q, modh, K_DEADLOCK, D3(2, 1, 1), D3(32, 1, 1), 0, args));
  CU_ASSERT_EQUAL(B->queue_sync(q), -1);
  const char *e = accgpu_last_error(NULL);
  CU_ASSERT(strstr(e, "emu_deadlock") != NULL && strstr(e, "deadlock in block") != NULL);
  OK(B->queue_sync(q)); /* reported once */
  B->mem_free(dev, d);
  test_vadd(); /* the runners recovered */
}

static void test_memory(void) {
  size_t fr0, fr1, tot;
  unsigned char buf[1000];
  void *p;
  OK(B->mem_info(dev, &fr0, &tot));
  OK(B->mem_alloc(dev, sizeof buf, &p));
  OK(B->mem_info(dev, &fr1, &tot));
  CU_ASSERT(fr1 <= fr0 - sizeof buf);
  OK(to_host(buf, p, sizeof buf));
  int poisoned = 1;
  for (size_t i = 0; i < sizeof buf; i++)
    poisoned &= buf[i] == 0xff;
  CU_ASSERT(poisoned); /* fresh device memory is not zero, not host data */
  /* Device memory is a separate address range: copies check it. */
  CU_ASSERT_EQUAL(B->copy_h2d(q, buf, buf, sizeof buf), -1);
  CU_ASSERT_EQUAL(B->copy_d2h(q, buf, buf, sizeof buf), -1);
  CU_ASSERT_EQUAL(B->mem_free(dev, buf), -1);
  OK(B->copy_h2d(q, NULL, NULL, 0)); /* empty copies need no addresses */
  OK(B->copy_d2h(q, NULL, NULL, 0));
  OK(B->memset(q, p, 7, sizeof buf));
  OK(to_host(buf, p, sizeof buf));
  CU_ASSERT(buf[0] == 7 && buf[sizeof buf - 1] == 7);
  /* Device-to-device copy, checked byte for byte. */
  unsigned char pat[1000], back[1000];
  void *p2;
  for (size_t i = 0; i < sizeof pat; i++)
    pat[i] = (unsigned char)(i * 13 + 5);
  OK(B->mem_alloc(dev, sizeof pat, &p2));
  OK(B->copy_h2d(q, p, pat, sizeof pat));
  OK(B->copy_d2d(q, p2, p, sizeof pat));
  OK(B->memset(q, p, 0, sizeof pat)); /* ordered after the d2d copy */
  OK(to_host(back, p2, sizeof back));
  CU_ASSERT(memcmp(back, pat, sizeof pat) == 0);
  CU_ASSERT_EQUAL(B->copy_d2d(q, p2, buf, sizeof buf), -1);
  OK(B->mem_free(dev, p2));
  OK(B->mem_free(dev, p));
  OK(B->mem_info(dev, &fr1, &tot));
  CU_ASSERT_EQUAL(fr1, fr0);
}

static void test_out_of_memory(void) {
  struct accgpu_dev *small;
  void *a, *b, *c, *big;
  size_t fr, tot, mb = 1 << 20;
  setenv("ACCGPU_EMU_MEMORY", "64M", 1);
  int rc = B->open(0, &small);
  unsetenv("ACCGPU_EMU_MEMORY");
  OK(rc);
  OK(B->mem_info(small, &fr, &tot));
  CU_ASSERT_EQUAL(tot, 64 * mb);
  CU_ASSERT_EQUAL(B->mem_alloc(small, 100 * mb, &big), -1);
  const char *e = accgpu_last_error(NULL);
  CU_ASSERT(strstr(e, "out of memory") && strstr(e, "104857600"));
  OK(B->mem_alloc(small, 20 * mb, &a));
  OK(B->mem_alloc(small, 20 * mb, &b));
  OK(B->mem_alloc(small, 20 * mb, &c));
  CU_ASSERT_EQUAL(B->mem_alloc(small, 20 * mb, &big), -1);
  CU_ASSERT_EQUAL(B->mem_alloc(small, (size_t)-1, &big), -1); /* no wrap */
  OK(B->mem_free(small, b));
  OK(B->mem_alloc(small, 20 * mb, &b)); /* the freed hole is reused */
  OK(B->mem_free(small, a));
  OK(B->mem_free(small, b));
  OK(B->mem_free(small, c));
  OK(B->mem_alloc(small, 60 * mb, &big)); /* holes coalesced */
  OK(B->mem_free(small, big));
  B->close(small);
}

/* ------------------------------------------------------------------ */

static void test_two_devices(void) {
  struct accgpu_dev *d1, *bad;
  struct accgpu_queue *q1;
  void *h1;
  int n = 5000;
  size_t bytes = n * sizeof(float);
  setenv("ACCGPU_EMU_DEVICES", "0", 1);
  CU_ASSERT_EQUAL(B->count(), 0);
  setenv("ACCGPU_EMU_DEVICES", "2", 1);
  CU_ASSERT_EQUAL_FATAL(B->count(), 2);
  CU_ASSERT_EQUAL(B->open(2, &bad), -1);
  OK(B->open(1, &d1));
  unsetenv("ACCGPU_EMU_DEVICES");
  OK(B->queue_create(d1, &q1));
  OK(B->module_load(d1, &mod, &h1));
  float *a = malloc(bytes), *c = malloc(bytes);
  for (int i = 0; i < n; i++)
    a[i] = (float)i;
  float *a0 = dev_from(a, bytes), *a1, *c1;
  OK(B->mem_alloc(d1, bytes, (void **)&a1));
  OK(B->mem_alloc(d1, bytes, (void **)&c1));
  /* Memory is not shared: device 0 cannot free or copy device 1's. */
  CU_ASSERT_EQUAL(B->mem_free(dev, a1), -1);
  CU_ASSERT_EQUAL(B->copy_d2h(q, c, a1, bytes), -1);
  OK(B->queue_sync(q));
  OK(B->copy_d2h(q1, c, a1, bytes));
  OK(B->queue_sync(q1));
  CU_ASSERT(isnan(c[0])); /* nothing of device 0's data there */
  OK(B->copy_peer(q1, d1, a1, dev, a0, bytes));
  void *args[] = {&c1, &a1, &a1, &n};
  OK(launch(q1, h1, K_VADD, D3((n + 127) / 128, 1, 1), D3(128, 1, 1), 0, args));
  OK(B->copy_d2h(q1, c, c1, bytes));
  OK(B->queue_sync(q1));
  int badv = 0;
  for (int i = 0; i < n; i++)
    badv += c[i] != 2.0f * (float)i;
  CU_ASSERT_EQUAL(badv, 0);
  OK(B->module_unload(d1, h1));
  OK(B->queue_destroy(q1));
  OK(B->mem_free(d1, a1));
  OK(B->mem_free(d1, c1));
  B->close(d1);
  B->mem_free(dev, a0);
  free(a);
  free(c);
}

/* ------------------------------------------------------------------ */

typedef struct cb_state {
  const int *host;
  int n, ran, right;
} cb_state;

/* Runs on the queue thread after the copy before it: checks its data. */
static void check_cb(void *arg) {
  cb_state *s = arg;
  int right = 1;
  for (int i = 0; i < s->n; i++)
    right &= s->host[i] == 3 * i;
  s->right = right;
  s->ran = 1;
}

static void test_async_queues(void) {
  int n = 4 * 256, one = 1;
  int *early = malloc(n * sizeof(int)), *late = malloc(n * sizeof(int));
  struct accgpu_queue *q2;
  OK(B->queue_create(dev, &q2));
  int *dout = dev_from(NULL, n * sizeof(int)), *dflag = dev_from(NULL, 4);
  CU_ASSERT_FATAL(dout && dflag);
  OK(B->memset(q, dflag, 0, 4));
  OK(B->queue_sync(q)); /* else Q2's flag could land before this memset */
  void *gargs[] = {&dout, &dflag}, *fargs[] = {&dflag, &one};
  /* The kernel on Q waits for a flag only Q2 will set. */
  OK(launch(q, modh, K_GATE, D3(4, 1, 1), D3(256, 1, 1), 0, gargs));
  CU_ASSERT_EQUAL(B->queue_query(q), 0);
  /* Q2 is not ordered after Q: its copy sees stale (poisoned) data. */
  OK(B->copy_d2h(q2, early, dout, n * sizeof(int)));
  OK(B->queue_sync(q2));
  int stale = 0;
  for (int i = 0; i < n; i++)
    stale += early[i] == -1;
  CU_ASSERT_EQUAL(stale, n);
  CU_ASSERT_EQUAL(B->queue_query(q), 0);
  /* Open the gate; then Q2 waits for Q before copying back. */
  OK(launch(q2, modh, K_SET_FLAG, D3(1, 1, 1), D3(32, 1, 1), 0, fargs));
  OK(B->queue_wait_queue(q2, q));
  OK(B->copy_d2h(q2, late, dout, n * sizeof(int)));
  cb_state st = {late, n, 0, 0};
  OK(B->queue_callback(q2, check_cb, &st));
  OK(B->queue_sync(q2));
  CU_ASSERT(st.ran && st.right);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += late[i] != 3 * i;
  CU_ASSERT_EQUAL(bad, 0);
  OK(B->queue_sync(q));
  CU_ASSERT_EQUAL(B->queue_query(q), 1);
  OK(B->queue_destroy(q2));
  B->mem_free(dev, dout);
  B->mem_free(dev, dflag);
  free(early);
  free(late);
}

/* ------------------------------------------------------------------ */

/* Finds include/accgpu_cuda.h above the test binary; returns 0 or -1. */
static int find_header(char *out, size_t len) {
  char exe[PATH_MAX];
  ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (k <= 0)
    return -1;
  exe[k] = 0;
  for (char *slash; (slash = strrchr(exe, '/')) != NULL;) {
    *slash = 0;
    struct stat st;
    int w = snprintf(out, len, "%s/include/accgpu_cuda.h", exe);
    if (w > 0 && (size_t)w < len && stat(out, &st) == 0)
      return 0;
  }
  return -1;
}

static const char image_src[] =
    "ACCGPU_KERNEL void img_saxpy(float *y, const float *x, float a, int n) {\n"
    "  __shared__ float s[128];\n"
    "  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);\n"
    "  s[threadIdx.x] = i < n ? x[i] : 0.0f;\n"
    "  __syncthreads();\n"
    "  float v = s[(threadIdx.x + 1) % blockDim.x];\n"
    "  v = __shfl_xor_sync(0xffffffffu, v, 1);\n"
    "  if (i < n) y[i] = a * v + y[i] + sqrtf(4.0f);\n"
    "}\n"
    "#ifdef __ACCGPU_EMU__\n"
    "ACCGPU_EMU_ENTRY(img_saxpy) {\n"
    "  img_saxpy(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, const float *),\n"
    "            ACCGPU_ARG(2, float), ACCGPU_ARG(3, int));\n"
    "}\n"
    "#endif\n";

/* Builds image_src into a shared object with gcc; returns its bytes
   (malloc'd, *SIZE set) or NULL. */
static unsigned char *build_image(size_t *size) {
  char dir[] = "/tmp/accgpu-emu-test-XXXXXX", hdr[PATH_MAX], cmd[3 * PATH_MAX];
  char src[PATH_MAX], so[PATH_MAX];
  unsigned char *bytes = NULL;
  if (find_header(hdr, sizeof hdr) || !mkdtemp(dir))
    return NULL;
  snprintf(src, sizeof src, "%s/k.cu", dir);
  snprintf(so, sizeof so, "%s/k.so", dir);
  FILE *f = fopen(src, "w");
  if (f) {
    fputs(image_src, f);
    fclose(f);
    int w = snprintf(cmd, sizeof cmd,
             "gcc -shared -fPIC -O2 -Wall -Werror -x c -std=gnu11 "
             "-D__ACCGPU_EMU__ -include '%s' -o '%s' '%s' -lm", hdr, so, src);
    f = w > 0 && (size_t)w < sizeof cmd && system(cmd) == 0 ? fopen(so, "rb")
                                                            : NULL;
  }
  if (f) {
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    rewind(f);
    bytes = malloc(*size);
    if (bytes && fread(bytes, 1, *size, f) != *size) {
      free(bytes);
      bytes = NULL;
    }
    fclose(f);
  }
  unlink(src);
  unlink(so);
  rmdir(dir);
  return bytes;
}

static void test_module_image(void) {
  size_t size = 0;
  unsigned char *img = build_image(&size);
  CU_ASSERT_FATAL(img != NULL);
  static const uint32_t sizes[] = {8, 8, 4, 4};
  __accgpu_kernel k[2] = {
      {"img_saxpy", NULL, 4, sizes, NULL, 0, NULL, 0, NULL},
      {"img_missing", NULL, 4, sizes, NULL, 0, NULL, 0, NULL}};
  void *cache = NULL, *h;
  __accgpu_module m = {ACCGPU_ABI_VERSION, 1, k, "image.c", NULL, NULL,
                       img, size, &cache, NULL, 0, 0, NULL, 0, NULL};
  OK(B->module_load(dev, &m, &h));
  int n = 1000;
  float a = 3.0f, *x = malloc(n * 4), *y = malloc(n * 4), *r = malloc(n * 4);
  for (int i = 0; i < n; i++) {
    x[i] = (float)i;
    y[i] = (float)(2 * i);
  }
  float *dx = dev_from(x, n * 4), *dy = dev_from(y, n * 4);
  void *args[] = {&dy, &dx, &a, &n};
  OK(launch(q, h, 0, D3((n + 127) / 128, 1, 1), D3(128, 1, 1), 0, args));
  OK(to_host(r, dy, n * 4));
  int bad = 0;
  for (int i = 0; i < n; i++) {
    /* thread t gets (by xor) what thread t^1 read from its neighbour */
    int b = i / 128 * 128, j = b + ((i % 128 ^ 1) + 1) % 128;
    float xv = j < n ? x[j] : 0.0f;
    bad += r[i] != a * xv + y[i] + 2.0f;
  }
  CU_ASSERT_EQUAL(bad, 0);
  OK(B->module_unload(dev, h));
  /* A kernel the image lacks is reported by name. */
  m.nkernels = 2;
  CU_ASSERT_EQUAL(B->module_load(dev, &m, &h), -1);
  CU_ASSERT(strstr(accgpu_last_error(NULL), "img_missing") != NULL);
  /* A bad ABI version is refused. */
  m.abi_version = ACCGPU_ABI_VERSION + 1;
  CU_ASSERT_EQUAL(B->module_load(dev, &m, &h), -1);
  B->mem_free(dev, dx);
  B->mem_free(dev, dy);
  free(img);
  free(x);
  free(y);
  free(r);
}

/* ------------------------------------------------------------------ */
/* A kernel that overflows its stack: the process ends with a message
   naming the kernel.  The test runs itself (suite emulator_trap) in a
   child with ACCGPU_EMU_TRAP_CHILD set, which does the faulting launch. */

extern char **environ;

/* Not under the sanitizers: they own SIGSEGV (and report the fault). */
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)

/* The child's side: launches emu_overflow; never returns if it traps. */
static void trap_child(void) {
  int *d = dev_from(NULL, 64 * sizeof(int)), depth = 1000;
  void *args[] = {&d, &depth};
  if (d && launch(q, modh, K_OVERFLOW, D3(1, 1, 1), D3(2, 1, 1), 0, args) == 0)
    B->queue_sync(q);
  fprintf(stderr, "emulator_trap child: the kernel did not trap\n");
  _exit(3);
}

/* Runs the child; returns its exit status, its stderr in BUF. */
static int run_trap_child(char *buf, size_t len) {
  char exe[PATH_MAX], *argv[] = {exe, "emulator_trap", NULL};
  char log[] = "/tmp/accgpu-emu-trap-XXXXXX";
  ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
  int fd = mkstemp(log), status = -1;
  pid_t pid;
  if (k <= 0 || fd < 0)
    return -1;
  exe[k] = 0;
  unlink(log);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fd, 2);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  setenv("ACCGPU_EMU_TRAP_CHILD", "1", 1);
  if (posix_spawn(&pid, exe, &fa, NULL, argv, environ) == 0)
    waitpid(pid, &status, 0);
  unsetenv("ACCGPU_EMU_TRAP_CHILD");
  posix_spawn_file_actions_destroy(&fa);
  ssize_t got = pread(fd, buf, len - 1, 0);
  buf[got > 0 ? got : 0] = 0;
  close(fd);
  return status;
}

static void test_stack_overflow_trap(void) {
  if (getenv("ACCGPU_EMU_TRAP_CHILD"))
    trap_child();
  char err[2048];
  int status = run_trap_child(err, sizeof err);
  CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 1);
  CU_ASSERT(strstr(err, "kernel emu_overflow") != NULL);
  CU_ASSERT(strstr(err, "stack overflow") != NULL);
  CU_ASSERT(strstr(err, "thread (0,0,0)") != NULL);
}

ACCGPU_SUITE(emulator_trap, suite_init, suite_clean,
             ACCGPU_TEST(test_stack_overflow_trap))
#endif

ACCGPU_SUITE(emulator, suite_init, suite_clean, ACCGPU_TEST(test_props),
             ACCGPU_TEST(test_vadd), ACCGPU_TEST(test_coords_3d),
             ACCGPU_TEST(test_transpose_2d), ACCGPU_TEST(test_dyn_shared),
             ACCGPU_TEST(test_stencil_barriers),
             ACCGPU_TEST(test_tree_reduction),
             ACCGPU_TEST(test_syncthreads_votes), ACCGPU_TEST(test_atomics),
             ACCGPU_TEST(test_warp_functions),
             ACCGPU_TEST(test_launch_errors),
             ACCGPU_TEST(test_deadlock_reported), ACCGPU_TEST(test_memory),
             ACCGPU_TEST(test_out_of_memory), ACCGPU_TEST(test_two_devices),
             ACCGPU_TEST(test_async_queues), ACCGPU_TEST(test_module_image))
