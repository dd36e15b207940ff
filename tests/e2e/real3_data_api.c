/* real3_data_api.c — data management of C libraries built on OpenACC: a
 * "class" with constructor and destructor functions (`enter data
 * copyin(v[0:1])` then `create(v->data[0:v->n])`, which attaches, and the
 * reverse with `exit data delete`/`copyout ... finalize`), methods taking
 * the object with `present(v[0:1])` or nothing at all, a struct holding an
 * array of structs each with its own pointer, `present(sim->f.u[0:n])`
 * of a member of a struct nested in the one a pointer reaches (and
 * `copy(s.f.v[0:n])` of a struct variable's), `present(m->g->u[0:n])`
 * through two pointers, `copy(parts[2].u[0:n])` of an array element's
 * member on the compute construct; device memory from
 * `acc_malloc` tied to a host array with `acc_map_data` and used through
 * `present`, then copied on the device with `acc_memcpy_device` and
 * unmapped; `host_data use_device` handing device addresses to a kernel
 * taking `deviceptr`; `declare create` globals with `update device` of a
 * part; queues joined with `wait(1, 2) async(3)` and `acc_wait_async`;
 * `if()` clauses false at run time on data, update and compute
 * constructs; `pcopy`/`pcopyin`/`pcreate` nested in data regions. Each
 * against serial code. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

/* ---- a vector "class" ---- */
typedef struct {
  int n;
  double *data;
  double norm_cache;
} vector_t;

static vector_t *vector_new(int n, double fill)
{
  vector_t *v = malloc(sizeof *v);
  v->n = n;
  v->data = malloc(n * sizeof *v->data);
  v->norm_cache = -1;
  for (int i = 0; i < n; i++)
    v->data[i] = fill + i * 0.001;
#pragma acc enter data copyin(v[0:1])
#pragma acc enter data copyin(v->data[0:v->n])
  return v;
}

static void vector_free(vector_t *v, double *out)
{
  if (out) {
#pragma acc exit data copyout(v->data[0:v->n]) finalize
    memcpy(out, v->data, v->n * sizeof *out);
  } else {
#pragma acc exit data delete(v->data[0:v->n])
  }
#pragma acc exit data delete(v[0:1])
  free(v->data);
  free(v);
}

static void vector_axpy(vector_t *y, double a, const vector_t *x)
{
  int n = y->n;
#pragma acc parallel loop present(y[0:1], x[0:1])
  for (int i = 0; i < n; i++)
    y->data[i] += a * x->data[i];
}

static double vector_dot(const vector_t *x, const vector_t *y)
{
  double s = 0;
  int n = x->n;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; i++)
    s += x->data[i] * y->data[i];
  return s;
}

static void vector_scale(vector_t *v, double a)
{
#pragma acc kernels present(v)
  for (int i = 0; i < v->n; i++)
    v->data[i] *= a;
}

static void test_vector_class(void)
{
  const int n = 777;
  vector_t *x = vector_new(n, 1.0), *y = vector_new(n, 2.0);
  double *rx = malloc(n * sizeof *rx), *ry = malloc(n * sizeof *ry);
  double *got = malloc(n * sizeof *got);
  for (int i = 0; i < n; i++)
    rx[i] = 1.0 + i * 0.001, ry[i] = 2.0 + i * 0.001;
  for (int it = 0; it < 3; it++) {
    vector_axpy(y, 0.5, x);
    vector_scale(x, 1.25);
  }
  double d = vector_dot(x, y), rd = 0;
  for (int it = 0; it < 3; it++)
    for (int i = 0; i < n; i++) {
      ry[i] += 0.5 * rx[i];
      rx[i] *= 1.25;
    }
  for (int i = 0; i < n; i++)
    rd += rx[i] * ry[i];
  CHECK_REAL("class dot", d, rd, 1e-12);
  vector_free(x, NULL);
  vector_free(y, got);
  for (int i = 0; i < n; i++)
    CHECK_REAL("class y", got[i], ry[i], 1e-12);
  free(rx), free(ry), free(got);
}

/* ---- a mesh of parts, each with its own pointer ---- */
typedef struct {
  int ncell;
  float *temp;
} part_t;
typedef struct {
  int nparts;
  part_t *parts;
} mesh_t;

static void mesh_to_device(mesh_t *m)
{
#pragma acc enter data copyin(m[0:1])
#pragma acc enter data copyin(m->parts[0:m->nparts])
  for (int p = 0; p < m->nparts; p++) {
#pragma acc enter data copyin(m->parts[p].temp[0:m->parts[p].ncell])
  }
}

static void mesh_from_device(mesh_t *m)
{
  for (int p = 0; p < m->nparts; p++) {
#pragma acc exit data copyout(m->parts[p].temp[0:m->parts[p].ncell])
  }
#pragma acc exit data delete(m->parts[0:m->nparts])
#pragma acc exit data delete(m[0:1])
}

static void test_mesh(void)
{
  mesh_t m;
  m.nparts = 5;
  m.parts = malloc(m.nparts * sizeof *m.parts);
  for (int p = 0; p < m.nparts; p++) {
    m.parts[p].ncell = 50 + 17 * p;
    m.parts[p].temp = malloc(m.parts[p].ncell * sizeof(float));
    for (int c = 0; c < m.parts[p].ncell; c++)
      m.parts[p].temp[c] = (float)(p * 100 + c);
  }
  mesh_t *mp = &m;
  mesh_to_device(mp);
  int np = m.nparts;
#pragma acc parallel loop gang present(mp[0:1])
  for (int p = 0; p < np; p++) {
    int nc = mp->parts[p].ncell;
    float *t = mp->parts[p].temp;
#pragma acc loop vector
    for (int c = 0; c < nc; c++)
      t[c] = t[c] * 0.5f + (float)p;
  }
  mesh_from_device(mp);
  for (int p = 0; p < m.nparts; p++) {
    for (int c = 0; c < m.parts[p].ncell; c++)
      CHECK_REAL("mesh temp", m.parts[p].temp[c],
                 (float)(p * 100 + c) * 0.5f + (float)p, 0);
    free(m.parts[p].temp);
  }
  free(m.parts);
}

/* ---- members of a struct nested in the one a pointer reaches ---- */
typedef struct {
  int n;
  double *u, *v;
} field_t;
typedef struct {
  field_t f;
  double dt;
  int steps;
} sim_t;

static void sim_step(sim_t *sim)
{
  int n = sim->f.n;
#pragma acc parallel loop present(sim->f.u[0:n], sim->f.v[0:n])
  for (int i = 1; i < sim->f.n - 1; i++)
    sim->f.v[i] = sim->f.u[i] +
                  sim->dt * (sim->f.u[i - 1] - 2 * sim->f.u[i] + sim->f.u[i + 1]);
#pragma acc parallel loop present(sim->f.u[0:n], sim->f.v[0:n])
  for (int i = 1; i < n - 1; i++)
    sim->f.u[i] = sim->f.v[i];
}

static void test_nested_members(void)
{
  enum { N = 200 };
  sim_t s = {{N, malloc(N * sizeof(double)), calloc(N, sizeof(double))},
             0.2, 6};
  double r[N], q[N];
  for (int i = 0; i < N; i++)
    s.f.u[i] = r[i] = (i > 90 && i < 110) ? 1.0 : 0.0;
  sim_t *sp = &s;
#pragma acc enter data copyin(sp[0:1])
#pragma acc enter data copyin(sp->f.u[0:N], sp->f.v[0:N])
  for (int t = 0; t < sp->steps; t++)
    sim_step(sp);
#pragma acc exit data copyout(sp->f.u[0:N]) delete(sp->f.v[0:N])
#pragma acc exit data delete(sp[0:1])
  for (int t = 0; t < 6; t++) {
    for (int i = 1; i < N - 1; i++)
      q[i] = r[i] + 0.2 * (r[i - 1] - 2 * r[i] + r[i + 1]);
    for (int i = 1; i < N - 1; i++)
      r[i] = q[i];
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("nested member", s.f.u[i], r[i], 1e-14);
  /* the same members of the struct variable itself */
#pragma acc parallel loop copyin(s.f.u[0:s.f.n]) copy(s.f.v[0:s.f.n])
  for (int i = 0; i < s.f.n; i++)
    s.f.v[i] = s.f.u[i] * s.dt;
#pragma acc data copyin(s.f.u[0:s.f.n]) copy(s.f.v[0:s.f.n])
  {
#pragma acc parallel loop present(s.f.u[0:s.f.n], s.f.v[0:s.f.n])
    for (int i = 0; i < s.f.n; i++)
      s.f.v[i] += s.f.u[i] * s.steps;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("nested member var", s.f.v[i], r[i] * 0.2 + r[i] * 6, 1e-14);
  free(s.f.u), free(s.f.v);
}

/* ---- a member reached through two pointers ---- */
typedef struct {
  int n;
  double *u;
} grid_t;
typedef struct {
  grid_t *g;
  double dt;
} model_t;

static void model_scale(model_t *m)
{
  int n = m->g->n;
#pragma acc parallel loop present(m[0:1], m->g[0:1], m->g->u[0:n])
  for (int i = 0; i < n; i++)
    m->g->u[i] *= m->dt;
}

static void model_shift(model_t *m)
{
  int n = m->g->n;
#pragma acc parallel loop present(m->g->u[0:n])
  for (int i = 0; i < m->g->n; i++)
    m->g->u[i] += i % 3;
}

static void test_two_pointers(void)
{
  enum { N = 300 };
  grid_t g = {N, malloc(N * sizeof(double))};
  model_t m = {&g, 1.5}, *mp = &m;
  for (int i = 0; i < N; i++)
    g.u[i] = i * 0.25;
#pragma acc enter data copyin(mp[0:1])
#pragma acc enter data copyin(mp->g[0:1])
#pragma acc enter data copyin(mp->g->u[0:N])
  for (int t = 0; t < 3; t++) {
    model_scale(mp);
    model_shift(mp);
  }
#pragma acc exit data copyout(mp->g->u[0:N])
#pragma acc exit data delete(mp->g[0:1])
#pragma acc exit data delete(mp[0:1])
  for (int i = 0; i < N; i++) {
    double r = i * 0.25;
    for (int t = 0; t < 3; t++)
      r = r * 1.5 + i % 3;
    CHECK_REAL("two pointers", g.u[i], r, 1e-14);
  }
  free(g.u);
}

/* A pointer member of an array element on the compute construct itself. */
static void scale_part(grid_t *parts, int n)
{
#pragma acc parallel loop copyin(parts[0:3]) copy(parts[2].u[0:n])
  for (int i = 0; i < n; i++)
    parts[2].u[i] *= 2;
}

static void test_element_member(void)
{
  grid_t parts[3];
  for (int k = 0; k < 3; k++) {
    parts[k].n = 40;
    parts[k].u = malloc(40 * sizeof(double));
    for (int i = 0; i < 40; i++)
      parts[k].u[i] = i + k;
  }
  scale_part(parts, 40);
  for (int k = 0; k < 3; k++) {
    for (int i = 0; i < 40; i++)
      CHECK_REAL("element member", parts[k].u[i], (i + k) * (k == 2 ? 2 : 1),
                 0);
    free(parts[k].u);
  }
}

/* ---- acc_malloc + acc_map_data, acc_memcpy_device ---- */
static void test_map_data(void)
{
  const int n = 1000;
  float *h = malloc(n * sizeof *h), *h2 = malloc(n * sizeof *h2);
  for (int i = 0; i < n; i++)
    h[i] = (float)i, h2[i] = -1.0f;
  float *d = acc_malloc(n * sizeof *d), *d2 = acc_malloc(n * sizeof *d2);
  acc_map_data(h, d, n * sizeof *h);
  acc_map_data(h2, d2, n * sizeof *h2);
  CHECK_TRUE("mapped present", acc_is_present(h, n * sizeof *h));
#pragma acc update device(h[0:n])
#pragma acc parallel loop present(h[0:n])
  for (int i = 0; i < n; i++)
    h[i] = h[i] * 2.0f + 1.0f;
  /* device addresses as acc_deviceptr gives them (the host's own where
     memory is shared) */
  acc_memcpy_device(acc_deviceptr(h2), acc_deviceptr(h), n * sizeof *d);
#pragma acc parallel loop present(h2[0:n])
  for (int i = 0; i < n; i++)
    h2[i] += 0.5f;
#pragma acc update self(h2[0:n], h[0:n / 2])
  for (int i = 0; i < n; i++) {
    CHECK_REAL("map h2", h2[i], i * 2.0f + 1.5f, 0);
    if (i < n / 2)
      CHECK_REAL("map h", h[i], i * 2.0f + 1.0f, 0);
  }
  acc_unmap_data(h);
  acc_unmap_data(h2);
  if (e2e_separate_memory())
    CHECK_TRUE("unmapped", !acc_is_present(h, sizeof *h));
  acc_free(d);
  acc_free(d2);
  free(h), free(h2);
}

/* ---- host_data use_device with a deviceptr kernel ---- */
static void dev_saxpy(int n, float a, const float *x, float *y)
{
#pragma acc parallel loop deviceptr(x, y)
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void test_host_data(void)
{
  const int n = 513;
  float x[513], y[513];
  for (int i = 0; i < n; i++)
    x[i] = (float)i, y[i] = 1.0f;
#pragma acc data copyin(x) copy(y)
  {
#pragma acc host_data use_device(x, y)
    {
      dev_saxpy(n, 2.0f, x, y);
      dev_saxpy(n / 2, 1.0f, x + 1, y + 1);
    }
  }
  for (int i = 0; i < n; i++) {
    float r = 2.0f * i + 1.0f;
    if (i >= 1 && i < 1 + n / 2)
      r += (float)i;
    CHECK_REAL("host_data y", y[i], r, 0);
  }
}

/* ---- declare create globals ---- */
#define GN 256
static double coef[GN];
static int gcount;
#pragma acc declare create(coef, gcount)

static void test_declare(void)
{
  double out[GN];
  for (int i = 0; i < GN; i++)
    coef[i] = i * 0.5;
  gcount = 7;
#pragma acc update device(coef[0:GN], gcount)
  for (int i = 64; i < 128; i++)
    coef[i] = -1.0;
#pragma acc update device(coef[64:64])
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < GN; i++)
    out[i] = coef[i] * gcount;
#pragma acc serial
  gcount = gcount * 3;
#pragma acc update self(gcount)
  for (int i = 0; i < GN; i++)
    CHECK_REAL("declare out", out[i], (i >= 64 && i < 128 ? -1.0 : i * 0.5) * 7,
               0);
  CHECK_INT("declare gcount", gcount, 21);
}

/* ---- queue dependencies ---- */
static void test_queues(void)
{
  const int n = 4096;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *c = malloc(n * sizeof *c);
  for (int i = 0; i < n; i++)
    a[i] = i, b[i] = 2 * i, c[i] = 0;
#pragma acc data create(a[0:n], b[0:n], c[0:n])
  {
#pragma acc update device(a[0:n]) async(1)
#pragma acc update device(b[0:n]) async(2)
#pragma acc parallel loop present(a[0:n]) async(1)
    for (int i = 0; i < n; i++)
      a[i] += 1;
#pragma acc parallel loop present(b[0:n]) async(2)
    for (int i = 0; i < n; i++)
      b[i] *= 3;
#pragma acc parallel loop present(a[0:n], b[0:n], c[0:n]) wait(1, 2) \
    async(3)
    for (int i = 0; i < n; i++)
      c[i] = a[i] + b[i];
    acc_wait_async(3, 4);
#pragma acc parallel loop present(c[0:n]) async(4)
    for (int i = 0; i < n; i++)
      c[i] = c[i] * 0.5;
#pragma acc wait(4) async(5)
#pragma acc update self(c[0:n]) async(5)
#pragma acc wait(5)
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("queues c", c[i], (i + 1 + 6.0 * i) * 0.5, 0);
  free(a), free(b), free(c);
}

/* ---- if() false at run time, pcopy spellings ---- */
static void step_if(double *u, int n, int use_gpu)
{
#pragma acc parallel loop pcopy(u[0:n]) if(use_gpu)
  for (int i = 0; i < n; i++)
    u[i] = u[i] * 2 + 1;
}

static void test_if_and_pcopy(void)
{
  const int n = 300;
  double u[300], v[300];
  for (int i = 0; i < n; i++)
    u[i] = i, v[i] = i;
  int use_gpu = 0;
#pragma acc data pcopy(u[0:n]) if(use_gpu)
  {
    step_if(u, n, use_gpu);
    /* a host write the device copy (none) cannot miss */
    u[0] = 100;
#pragma acc update self(u[0:n]) if(use_gpu)
  }
  use_gpu = 1;
#pragma acc data pcopy(v[0:n]) if(use_gpu)
  {
#pragma acc data pcopyin(v[0:n]) pcreate(u[0:n])
    step_if(v, n, use_gpu);
#pragma acc update self(v[0:n]) if(use_gpu && n > 0)
    for (int i = 0; i < n; i++)
      CHECK_REAL("pcopy inner", v[i], 2.0 * i + 1, 0);
    step_if(v, n, use_gpu);
  }
  for (int i = 0; i < n; i++) {
    CHECK_REAL("if false", u[i], i == 0 ? 100 : 2.0 * i + 1, 0);
    CHECK_REAL("pcopy", v[i], 2 * (2.0 * i + 1) + 1, 0);
  }
}

int main(void)
{
  test_vector_class();
  test_mesh();
  test_nested_members();
  test_two_pointers();
  test_element_member();
  test_map_data();
  test_host_data();
  test_declare();
  test_queues();
  test_if_and_pcopy();
  return e2e_done();
}
