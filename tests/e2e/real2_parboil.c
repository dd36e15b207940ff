/* real2_parboil.c — Parboil-style kernels as their OpenACC C versions
 * write them: spmv in JDS format (rows sorted by length, a permutation,
 * `jds_ptr` per diagonal, the inner loop over diagonals `loop seq` in a
 * `parallel loop` over rows) and in ELL format (column-major padded
 * arrays), sgemm with `loop tile(16,16)` and a `loop seq` dot product,
 * a histogram with `atomic update` on unsigned int bins saturating with a
 * `min` on the host, and cutcp (a cutoff Coulomb potential: each lattice
 * point sums over atoms within the cutoff, with `sqrtf` and a `float`
 * `+` reduction of the total energy). Each against serial code. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

/* ---- spmv, JDS and ELL ---- */
#define NR 257
#define MAXNZ 9

static void make_rows(int *len)
{
  for (int i = 0; i < NR; i++)
    len[i] = 1 + (i * 7 + 3) % MAXNZ;
}

static void test_spmv(void)
{
  int len[NR], perm[NR], njds = MAXNZ;
  make_rows(len);
  /* JDS: rows sorted by decreasing length (stable) */
  int k = 0;
  for (int l = MAXNZ; l >= 1; l--)
    for (int i = 0; i < NR; i++)
      if (len[i] == l)
        perm[k++] = i;
  int jds_ptr[MAXNZ + 1], sh_zcnt[MAXNZ];
  int total = 0;
  for (int d = 0; d < njds; d++) {
    jds_ptr[d] = total;
    int cnt = 0;
    for (int r = 0; r < NR; r++)
      cnt += len[perm[r]] > d;
    sh_zcnt[d] = cnt;
    total += cnt;
  }
  jds_ptr[njds] = total;
  float *data = malloc(total * sizeof *data);
  int *indices = malloc(total * sizeof *indices);
  float *ell = calloc(NR * MAXNZ, sizeof *ell);
  int *ellcol = calloc(NR * MAXNZ, sizeof *ellcol);
  float x[NR], yj[NR], ye[NR], ref[NR];
  for (int i = 0; i < NR; i++)
    x[i] = (float)((i * 13) % 17) * 0.125f;
  for (int r = 0; r < NR; r++)
    ref[r] = 0;
  for (int d = 0; d < njds; d++)
    for (int r = 0; r < sh_zcnt[d]; r++) {
      int row = perm[r], col = (row * 5 + d * 31) % NR;
      float v = (float)(d + 1) * 0.5f - (float)(row % 3);
      data[jds_ptr[d] + r] = v;
      indices[jds_ptr[d] + r] = col;
      ell[d * NR + row] = v; /* column-major ELL */
      ellcol[d * NR + row] = col;
      ref[row] += v * x[col];
    }
#pragma acc data copyin(data[0:total], indices[0:total], perm, jds_ptr, \
                        sh_zcnt, x, ell[0:NR*MAXNZ], ellcol[0:NR*MAXNZ], len)
  {
#pragma acc parallel loop copyout(yj)
    for (int r = 0; r < NR; r++) {
      float sum = 0.0f;
      int bound = 0;
      for (int d = 0; d < njds; d++)
        bound += sh_zcnt[d] > r;
#pragma acc loop seq
      for (int d = 0; d < bound; d++)
        sum += data[jds_ptr[d] + r] * x[indices[jds_ptr[d] + r]];
      yj[perm[r]] = sum;
    }
#pragma acc parallel loop gang vector vector_length(64) copyout(ye)
    for (int row = 0; row < NR; row++) {
      float sum = 0.0f;
      for (int d = 0; d < len[row]; d++)
        sum += ell[d * NR + row] * x[ellcol[d * NR + row]];
      ye[row] = sum;
    }
  }
  for (int r = 0; r < NR; r++) {
    CHECK_REAL("spmv jds", yj[r], ref[r], 1e-5);
    CHECK_REAL("spmv ell", ye[r], ref[r], 1e-5);
  }
  free(data), free(indices), free(ell), free(ellcol);
}

/* ---- sgemm, C = alpha*A*B^T + beta*C as Parboil's (A column-major) ---- */
static void sgemm_acc(int m, int n, int kk, float alpha, const float *A,
                      int lda, const float *B, int ldb, float beta, float *Cm,
                      int ldc)
{
#pragma acc parallel loop tile(16, 16) copyin(A[0:lda*kk], B[0:ldb*kk]) \
    copy(Cm[0:ldc*n])
  for (int mm = 0; mm < m; ++mm) {
    for (int nn = 0; nn < n; ++nn) {
      float c = 0.0f;
#pragma acc loop seq
      for (int i = 0; i < kk; ++i) {
        float a = A[mm + i * lda];
        float b = B[nn + i * ldb];
        c += a * b;
      }
      Cm[mm + nn * ldc] = Cm[mm + nn * ldc] * beta + alpha * c;
    }
  }
}

static void test_sgemm(void)
{
  enum { M = 45, NN = 37, K = 29 };
  float *A = malloc(M * K * sizeof *A), *B = malloc(NN * K * sizeof *B);
  float *Cm = malloc(M * NN * sizeof *Cm), *R = malloc(M * NN * sizeof *R);
  for (int i = 0; i < M * K; i++)
    A[i] = (float)(i % 11) - 5.0f;
  for (int i = 0; i < NN * K; i++)
    B[i] = (float)(i % 7) * 0.5f;
  for (int i = 0; i < M * NN; i++)
    Cm[i] = R[i] = (float)(i % 5);
  sgemm_acc(M, NN, K, 1.5f, A, M, B, NN, 0.5f, Cm, M);
  for (int mm = 0; mm < M; ++mm)
    for (int nn = 0; nn < NN; ++nn) {
      float c = 0.0f;
      for (int i = 0; i < K; ++i)
        c += A[mm + i * M] * B[nn + i * NN];
      R[mm + nn * M] = R[mm + nn * M] * 0.5f + 1.5f * c;
    }
  for (int i = 0; i < M * NN; i++)
    CHECK_REAL("sgemm tile(16,16)", Cm[i], R[i], 1e-5);
  free(A), free(B), free(Cm), free(R);
}

/* ---- histo ---- */
#define HW 120
#define HH 90
#define BINS 256
#define UINT8_MAXV 255

static void test_histo(void)
{
  unsigned int *img = malloc(HW * HH * sizeof *img);
  unsigned int histo[BINS], ref[BINS];
  unsigned char out[BINS];
  for (int i = 0; i < HW * HH; i++)
    img[i] = (unsigned)((i * 2654435761u) >> 24) % 64 + (i % 3 == 0 ? 0 : 64);
  memset(histo, 0, sizeof histo);
  memset(ref, 0, sizeof ref);
  for (int iter = 0; iter < 3; iter++) {
    memset(histo, 0, sizeof histo);
#pragma acc parallel loop collapse(2) copyin(img[0:HW*HH]) copy(histo)
    for (int j = 0; j < HH; ++j)
      for (int i = 0; i < HW; ++i) {
        const unsigned int value = img[j * HW + i];
        unsigned int seen;
#pragma acc atomic read
        seen = histo[value];
        if (seen < UINT8_MAXV) {
#pragma acc atomic update
          ++histo[value];
        }
      }
  }
  for (int i = 0; i < HW * HH; i++)
    ref[img[i]]++;
  for (int b = 0; b < BINS; b++) {
    /* a bin may pass the cap by the updates racing with its test;
       Parboil clamps afterwards, as here */
    out[b] = histo[b] < UINT8_MAXV ? histo[b] : UINT8_MAXV;
    CHECK_INT("histo bin", out[b], ref[b] < UINT8_MAXV ? ref[b] : UINT8_MAXV);
  }
  free(img);
}

/* ---- cutcp ---- */
typedef struct {
  float x, y, z, q;
} Atom;

#define NATOMS 150
#define LX 12
#define LY 10
#define LZ 8

static void test_cutcp(void)
{
  Atom atoms[NATOMS];
  float *lat = malloc(LX * LY * LZ * sizeof *lat);
  float *ref = malloc(LX * LY * LZ * sizeof *ref);
  const float h = 0.5f, cutoff = 2.0f, c2 = cutoff * cutoff;
  const float inv_c2 = 1.0f / c2;
  for (int a = 0; a < NATOMS; a++) {
    atoms[a].x = (float)((a * 37) % 60) * 0.1f;
    atoms[a].y = (float)((a * 53) % 50) * 0.1f;
    atoms[a].z = (float)((a * 71) % 40) * 0.1f;
    atoms[a].q = (a % 2 ? 1.0f : -1.0f) * (0.5f + (a % 5) * 0.1f);
  }
  float energy = 0.0f;
#pragma acc parallel loop collapse(3) copyin(atoms) copyout(lat[0:LX*LY*LZ]) \
    reduction(+:energy)
  for (int k = 0; k < LZ; k++)
    for (int j = 0; j < LY; j++)
      for (int i = 0; i < LX; i++) {
        float px = i * h, py = j * h, pz = k * h, e = 0.0f;
        for (int a = 0; a < NATOMS; a++) {
          float dx = atoms[a].x - px, dy = atoms[a].y - py;
          float dz = atoms[a].z - pz;
          float r2 = dx * dx + dy * dy + dz * dz;
          if (r2 < c2) {
            float s = 1.0f - r2 * inv_c2;
            e += atoms[a].q * (1.0f / sqrtf(r2 + 0.01f)) * s * s;
          }
        }
        lat[(k * LY + j) * LX + i] = e;
        energy += e;
      }
  double rsum = 0;
  for (int k = 0; k < LZ; k++)
    for (int j = 0; j < LY; j++)
      for (int i = 0; i < LX; i++) {
        float px = i * h, py = j * h, pz = k * h, e = 0.0f;
        for (int a = 0; a < NATOMS; a++) {
          float dx = atoms[a].x - px, dy = atoms[a].y - py;
          float dz = atoms[a].z - pz;
          float r2 = dx * dx + dy * dy + dz * dz;
          if (r2 < c2) {
            float s = 1.0f - r2 * inv_c2;
            e += atoms[a].q * (1.0f / sqrtf(r2 + 0.01f)) * s * s;
          }
        }
        ref[(k * LY + j) * LX + i] = e;
        rsum += e;
      }
  for (int i = 0; i < LX * LY * LZ; i++)
    CHECK_ABS("cutcp lattice", lat[i], ref[i], 1e-4);
  CHECK_ABS("cutcp energy", energy, rsum, 1e-2);
  free(lat), free(ref);
}

int main(void)
{
  test_spmv();
  test_sgemm();
  test_histo();
  test_cutcp();
  return e2e_done();
}
