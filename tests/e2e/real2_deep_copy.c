/* real2_deep_copy.c — manual deep copy as application codes write it, and
 * the device-selection API: a struct reached through a pointer put on the
 * device with `enter data copyin(s[0:1])` and its arrays after it with
 * `enter data copyin(s->a[0:s->n])` (attach), kernels reading `s->a[i]`
 * with `present(s[0:1])` or with no clause at all, `update self(s->b
 * [0:n])`, `exit data copyout(...) delete(s[0:1])`; an array of structs
 * each holding a pointer, every element's array entered in a host loop;
 * a nested struct (a mesh holding a field struct); and
 * `acc_get_num_devices`/`acc_set_device_num`/`acc_get_device_num` with
 * `acc_deviceptr`, `acc_is_present` checks along the way. Each against
 * serial code. */
#include "e2e.h"
#include <stdlib.h>

typedef struct {
  int n;
  double *restrict a;
  double *restrict b;
  double scale;
} field_t;

typedef struct {
  int ncell;
  int *cell_of; /* per node */
  field_t *f;
} mesh_t;

static field_t *field_new(int n)
{
  field_t *s = malloc(sizeof *s);
  s->n = n;
  s->a = malloc(n * sizeof *s->a);
  s->b = malloc(n * sizeof *s->b);
  s->scale = 0.5;
  for (int i = 0; i < n; i++)
    s->a[i] = i * 0.25, s->b[i] = 0;
#pragma acc enter data copyin(s[0:1])
#pragma acc enter data copyin(s->a[0:s->n], s->b[0:s->n])
  return s;
}

static void field_free(field_t *s)
{
#pragma acc exit data delete(s->a[0:s->n]) copyout(s->b[0:s->n])
#pragma acc exit data delete(s[0:1])
  free(s->a), free(s->b), free(s);
}

static void field_axpy(field_t *s)
{
  int n = s->n;
#pragma acc parallel loop present(s[0:1])
  for (int i = 0; i < n; i++)
    s->b[i] = s->scale * s->a[i] + s->b[i];
}

/* No data clause: the struct is found present (implicit present for the
   pointed-to aggregate through its pointer). */
static void field_square(field_t *s)
{
#pragma acc parallel loop present(s[0:1])
  for (int i = 0; i < s->n; i++)
    s->a[i] = s->a[i] * s->a[i];
}

static void test_struct_pointer(void)
{
  enum { N = 500 };
  field_t *s = field_new(N);
  CHECK_TRUE("struct present", acc_is_present(s, sizeof *s));
  CHECK_TRUE("member present", acc_is_present(s->a, N * sizeof *s->a));
  field_axpy(s);
  field_axpy(s);
  field_square(s);
  field_axpy(s);
#pragma acc update self(s->b[0:s->n])
  for (int i = 0; i < N; i++) {
    double a = i * 0.25, b = 0;
    b = 0.5 * a + b;
    b = 0.5 * a + b;
    a = a * a;
    b = 0.5 * a + b;
    CHECK_REAL("deep copy b", s->b[i], b, 1e-12);
  }
  if (e2e_separate_memory())
    CHECK_REAL("host a unchanged", s->a[3], 0.75, 0);
  field_free(s);
}

/* Array of structs, each element's pointer member entered separately. */
typedef struct {
  int len;
  float *v;
  float sum;
} chunk_t;

static void test_struct_array(void)
{
  enum { NCH = 6 };
  chunk_t ch[NCH];
  for (int c = 0; c < NCH; c++) {
    ch[c].len = 40 + 7 * c;
    ch[c].v = malloc(ch[c].len * sizeof(float));
    for (int i = 0; i < ch[c].len; i++)
      ch[c].v[i] = (float)(c + i % 5);
    ch[c].sum = 0;
  }
#pragma acc enter data copyin(ch[0:NCH])
  for (int c = 0; c < NCH; c++) {
#pragma acc enter data copyin(ch[c].v[0:ch[c].len])
  }
#pragma acc parallel loop gang present(ch[0:NCH])
  for (int c = 0; c < NCH; c++) {
    float s = 0;
#pragma acc loop vector reduction(+:s)
    for (int i = 0; i < ch[c].len; i++) {
      ch[c].v[i] *= 2.0f;
      s += ch[c].v[i];
    }
    ch[c].sum = s;
  }
  for (int c = 0; c < NCH; c++) {
#pragma acc exit data copyout(ch[c].v[0:ch[c].len])
  }
#pragma acc exit data copyout(ch[0:NCH])
  for (int c = 0; c < NCH; c++) {
    float s = 0;
    for (int i = 0; i < ch[c].len; i++) {
      float want = 2.0f * (float)(c + i % 5);
      CHECK_REAL("chunk v", ch[c].v[i], want, 0);
      s += want;
    }
    CHECK_REAL("chunk sum", ch[c].sum, s, 1e-6);
    free(ch[c].v);
  }
}

/* A mesh holding a pointer to a field: two levels of attach. */
static void test_nested(void)
{
  enum { NODES = 240, CELLS = 30 };
  mesh_t *m = malloc(sizeof *m);
  m->ncell = CELLS;
  m->cell_of = malloc(NODES * sizeof *m->cell_of);
  for (int i = 0; i < NODES; i++)
    m->cell_of[i] = (i * 7) % CELLS;
  m->f = malloc(sizeof *m->f);
  m->f->n = NODES;
  m->f->scale = 3.0;
  m->f->a = malloc(NODES * sizeof(double));
  m->f->b = calloc(CELLS, sizeof(double));
  for (int i = 0; i < NODES; i++)
    m->f->a[i] = 1.0 + (i % 4);
#pragma acc enter data copyin(m[0:1], m->cell_of[0:NODES])
#pragma acc enter data copyin(m->f[0:1])
#pragma acc enter data copyin(m->f->a[0:NODES], m->f->b[0:CELLS])
#pragma acc parallel loop present(m[0:1])
  for (int i = 0; i < NODES; i++) {
    double v = m->f->a[i] * m->f->scale;
#pragma acc atomic update
    m->f->b[m->cell_of[i]] += v;
  }
#pragma acc exit data copyout(m->f->b[0:CELLS]) delete(m->f->a[0:NODES])
#pragma acc exit data delete(m->f[0:1], m->cell_of[0:NODES])
#pragma acc exit data delete(m[0:1])
  double want[CELLS] = {0};
  for (int i = 0; i < NODES; i++)
    want[(i * 7) % CELLS] += (1.0 + (i % 4)) * 3.0;
  for (int c = 0; c < CELLS; c++)
    CHECK_REAL("nested attach", m->f->b[c], want[c], 1e-12);
  free(m->f->a), free(m->f->b), free(m->f), free(m->cell_of), free(m);
}

static void test_devices(void)
{
  acc_device_t t = acc_get_device_type();
  int ndev = acc_get_num_devices(t);
  CHECK_TRUE("a device of the current type", ndev >= 1);
  int last = ndev - 1;
  acc_set_device_num(last, t);
  CHECK_INT("device num", acc_get_device_num(t), last);
  enum { N = 200 };
  int *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = i;
#pragma acc data copy(v[0:N])
  {
    int *dv = acc_deviceptr(v);
    CHECK_TRUE("acc_deviceptr", dv != NULL);
#pragma acc parallel loop deviceptr(dv)
    for (int i = 0; i < N; i++)
      dv[i] = dv[i] * 3 + 1;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("deviceptr kernel", v[i], i * 3 + 1);
  acc_set_device_num(0, t);
  free(v);
}

int main(void)
{
  test_struct_pointer();
  test_struct_array();
  test_nested();
  test_devices();
  return e2e_done();
}
