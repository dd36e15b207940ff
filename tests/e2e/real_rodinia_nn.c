/* real_rodinia_nn.c — Rodinia's backprop and nn in the shape of their
 * OpenACC ports: a layer forward pass (`parallel loop` over outputs with
 * a `reduction(+:sum)` vector loop over inputs, the weights as a 1-D array
 * indexed [k * (n2+1) + j], a sigmoid through a `routine seq`), the
 * output error as a reduction, the weight adjustment with momentum over
 * `collapse(2)`; nn: distances of records (an array of structs of floats)
 * to a target, then the k nearest found on the host. Each against a
 * serial computation. */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>

#define IN 64
#define HID 16

#pragma acc routine seq
static float squash(float x)
{
  return 1.0f / (1.0f + expf(-x));
}

static void layerforward(const float *l1, float *l2, const float *conn,
                         int n1, int n2)
{
#pragma acc parallel loop present(l1[0:n1+1], l2[0:n2+1], conn[0:(n1+1)*(n2+1)])
  for (int j = 1; j <= n2; j++) {
    float sum = 0;
#pragma acc loop reduction(+:sum)
    for (int k = 0; k <= n1; k++)
      sum += conn[k * (n2 + 1) + j] * l1[k];
    l2[j] = squash(sum);
  }
}

static void adjust_weights(const float *delta, int ndelta, const float *ly,
                           int nly, float *w, float *oldw)
{
  float eta = 0.3f, momentum = 0.3f;
#pragma acc parallel loop collapse(2) present(delta[0:ndelta+1], \
    ly[0:nly+1], w[0:(nly+1)*(ndelta+1)], oldw[0:(nly+1)*(ndelta+1)])
  for (int j = 1; j <= ndelta; j++)
    for (int k = 0; k <= nly; k++) {
      int idx = k * (ndelta + 1) + j;
      float nw = eta * delta[j] * ly[k] + momentum * oldw[idx];
      w[idx] += nw;
      oldw[idx] = nw;
    }
}

static void test_backprop(void)
{
  static float in[IN + 1], hid[HID + 1], w[(IN + 1) * (HID + 1)];
  static float oldw[(IN + 1) * (HID + 1)], delta[HID + 1], target[HID + 1];
  static float rhid[HID + 1], rw[(IN + 1) * (HID + 1)];
  static float roldw[(IN + 1) * (HID + 1)];
  for (int k = 0; k <= IN; k++)
    in[k] = k == 0 ? 1.0f : (float)((k * 7) % 10) / 10.0f;
  for (int i = 0; i < (IN + 1) * (HID + 1); i++) {
    w[i] = rw[i] = (float)((i * 13) % 17) / 17.0f - 0.5f;
    oldw[i] = roldw[i] = 0;
  }
  for (int j = 0; j <= HID; j++)
    target[j] = (float)(j % 2);
  hid[0] = rhid[0] = 1.0f;
  float err = 0;
#pragma acc data copyin(in, target) copy(hid, w, oldw) create(delta)
  {
    layerforward(in, hid, w, IN, HID);
#pragma acc parallel loop present(hid, target, delta) reduction(+:err)
    for (int j = 1; j <= HID; j++) {
      float o = hid[j];
      delta[j] = o * (1.0f - o) * (target[j] - o);
      err += fabsf(delta[j]);
    }
    adjust_weights(delta, HID, in, IN, w, oldw);
  }
  float rerr = 0, rdelta[HID + 1];
  for (int j = 1; j <= HID; j++) {
    float sum = 0;
    for (int k = 0; k <= IN; k++)
      sum += rw[k * (HID + 1) + j] * in[k];
    rhid[j] = squash(sum);
    rdelta[j] = rhid[j] * (1.0f - rhid[j]) * (target[j] - rhid[j]);
    rerr += fabsf(rdelta[j]);
  }
  for (int j = 1; j <= HID; j++)
    for (int k = 0; k <= IN; k++) {
      int idx = k * (HID + 1) + j;
      float nw = 0.3f * rdelta[j] * in[k] + 0.3f * roldw[idx];
      rw[idx] += nw;
      roldw[idx] = nw;
    }
  for (int j = 1; j <= HID; j++)
    CHECK_REAL("backprop hidden", hid[j], rhid[j], 1e-5);
  CHECK_REAL("backprop error", err, rerr, 1e-4);
  for (int i = 0; i < (IN + 1) * (HID + 1); i++)
    CHECK_ABS("backprop weights", w[i], rw[i], 1e-5);
}

typedef struct {
  float lat, lng;
} LatLong;

static void test_nn(void)
{
  enum { NREC = 3000, K = 5 };
  LatLong *locs = malloc(NREC * sizeof *locs);
  float *dist = malloc(NREC * sizeof *dist);
  for (int i = 0; i < NREC; i++) {
    locs[i].lat = (float)((i * 37) % 180) - 90.0f + (i % 7) * 0.01f;
    locs[i].lng = (float)((i * 91) % 360) - 180.0f + (i % 5) * 0.01f;
  }
  float lat = 30.0f, lng = 90.0f;
#pragma acc parallel loop copyin(locs[0:NREC]) copyout(dist[0:NREC])
  for (int i = 0; i < NREC; i++)
    dist[i] = sqrtf((lat - locs[i].lat) * (lat - locs[i].lat) +
                    (lng - locs[i].lng) * (lng - locs[i].lng));
  for (int i = 0; i < NREC; i++) {
    float d = sqrtf((lat - locs[i].lat) * (lat - locs[i].lat) +
                    (lng - locs[i].lng) * (lng - locs[i].lng));
    CHECK_REAL("nn distance", dist[i], d, 1e-6);
  }
  /* the K nearest, on the host as nn does */
  int best[K];
  for (int k = 0; k < K; k++) {
    best[k] = -1;
    for (int i = 0; i < NREC; i++) {
      int used = 0;
      for (int m = 0; m < k; m++)
        used |= best[m] == i;
      if (!used && (best[k] < 0 || dist[i] < dist[best[k]]))
        best[k] = i;
    }
  }
  CHECK_TRUE("nn nearest ordered", dist[best[0]] <= dist[best[K - 1]]);
  free(locs);
  free(dist);
}

int main(void)
{
  test_backprop();
  test_nn();
  return e2e_done();
}
