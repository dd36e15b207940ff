/* real_rodinia_graph.c — Rodinia-style irregular codes as their OpenACC
 * ports write them: BFS over a CSR graph in arrays of structs (the host
 * repeats two `parallel loop`s `while (changed)`, the flag written on the
 * device as a mapped scalar and read back with `update self(changed)`
 * after `update device(changed)` resets it), and k-means (the nearest
 * centre of each point through a `routine seq` distance, cluster sizes and
 * sums accumulated with `atomic update`, the change count as a `+`
 * reduction, new centres on the host). Each against the same code run
 * serially. */
#include "e2e.h"
#include <float.h>
#include <stdlib.h>

typedef struct {
  int starting;
  int no_of_edges;
} Node;

#define NODES 600

static void bfs(int nn, const Node *nodes, int ne, const int *edges,
                char *mask, char *updating, char *visited, int *cost)
{
  char stop;
#pragma acc data copyin(nodes[0:nn], edges[0:ne]) copy(cost[0:nn]) \
    copy(mask[0:nn], updating[0:nn], visited[0:nn]) create(stop)
  do {
    stop = 0;
#pragma acc update device(stop)
#pragma acc parallel loop present(nodes, edges, mask, updating, visited, cost)
    for (int tid = 0; tid < nn; tid++) {
      if (mask[tid]) {
        mask[tid] = 0;
        for (int i = nodes[tid].starting;
             i < nodes[tid].no_of_edges + nodes[tid].starting; i++) {
          int id = edges[i];
          if (!visited[id]) {
            cost[id] = cost[tid] + 1;
            updating[id] = 1;
          }
        }
      }
    }
#pragma acc parallel loop present(mask, updating, visited, stop)
    for (int tid = 0; tid < nn; tid++) {
      if (updating[tid]) {
        mask[tid] = 1;
        visited[tid] = 1;
        stop = 1;
        updating[tid] = 0;
      }
    }
#pragma acc update self(stop)
  } while (stop);
}

static void test_bfs(void)
{
  static Node nodes[NODES];
  static int edges[NODES * 4], cost[NODES], want[NODES], queue[NODES];
  static char mask[NODES], upd[NODES], vis[NODES];
  int ne = 0;
  for (int v = 0; v < NODES; v++) {
    nodes[v].starting = ne;
    int deg = v % 4 + 1;
    for (int k = 0; k < deg; k++)
      edges[ne++] = (v * 7 + k * 131 + 1) % NODES;
    nodes[v].no_of_edges = deg;
    cost[v] = want[v] = -1;
    mask[v] = upd[v] = vis[v] = 0;
  }
  mask[0] = vis[0] = 1;
  cost[0] = want[0] = 0;
  bfs(NODES, nodes, ne, edges, mask, upd, vis, cost);
  int head = 0, tail = 0;
  queue[tail++] = 0;
  while (head < tail) {
    int v = queue[head++];
    for (int i = nodes[v].starting;
         i < nodes[v].starting + nodes[v].no_of_edges; i++)
      if (want[edges[i]] < 0) {
        want[edges[i]] = want[v] + 1;
        queue[tail++] = edges[i];
      }
  }
  for (int v = 0; v < NODES; v++)
    CHECK_INT("bfs cost", cost[v], want[v]);
}

/* ---- k-means ---- */
#define NPTS 1000
#define NFEAT 4
#define K 5

#pragma acc routine seq
static float dist2(const float *p, const float *c, int nf)
{
  float d = 0;
  for (int f = 0; f < nf; f++)
    d += (p[f] - c[f]) * (p[f] - c[f]);
  return d;
}

static int kmeans_step(int npts, int nf, int k, const float *pts,
                       const float *centres, int *member, float *sums,
                       int *sizes)
{
  int delta = 0;
#pragma acc parallel loop reduction(+:delta) \
    copyin(pts[0:npts*nf], centres[0:k*nf]) copy(member[0:npts], \
    sums[0:k*nf], sizes[0:k])
  for (int i = 0; i < npts; i++) {
    int best = 0;
    float bd = FLT_MAX;
    for (int c = 0; c < k; c++) {
      float d = dist2(&pts[i * nf], &centres[c * nf], nf);
      if (d < bd) {
        bd = d;
        best = c;
      }
    }
    if (member[i] != best)
      delta += 1;
    member[i] = best;
#pragma acc atomic update
    sizes[best]++;
    for (int f = 0; f < nf; f++) {
#pragma acc atomic
      sums[best * nf + f] += pts[i * nf + f];
    }
  }
  return delta;
}

static void test_kmeans(void)
{
  static float pts[NPTS * NFEAT], cen[K * NFEAT], rcen[K * NFEAT];
  static float sums[K * NFEAT], rsums[K * NFEAT];
  static int member[NPTS], rmember[NPTS], sizes[K], rsizes[K];
  for (int i = 0; i < NPTS * NFEAT; i++)
    pts[i] = (float)((i * 7 + (i / NFEAT) * 3) % 64); /* small integers */
  for (int i = 0; i < K * NFEAT; i++)
    cen[i] = rcen[i] = pts[i * 13];
  for (int i = 0; i < NPTS; i++)
    member[i] = rmember[i] = -1;
  for (int it = 0; it < 4; it++) {
    for (int c = 0; c < K; c++) {
      sizes[c] = rsizes[c] = 0;
      for (int f = 0; f < NFEAT; f++)
        sums[c * NFEAT + f] = rsums[c * NFEAT + f] = 0;
    }
    int delta = kmeans_step(NPTS, NFEAT, K, pts, cen, member, sums, sizes);
    int rdelta = 0;
    for (int i = 0; i < NPTS; i++) {
      int best = 0;
      float bd = FLT_MAX;
      for (int c = 0; c < K; c++) {
        float d = dist2(&pts[i * NFEAT], &rcen[c * NFEAT], NFEAT);
        if (d < bd) {
          bd = d;
          best = c;
        }
      }
      rdelta += rmember[i] != best;
      rmember[i] = best;
      rsizes[best]++;
      for (int f = 0; f < NFEAT; f++)
        rsums[best * NFEAT + f] += pts[i * NFEAT + f];
    }
    CHECK_INT("kmeans delta", delta, rdelta);
    for (int c = 0; c < K; c++) {
      CHECK_INT("kmeans size", sizes[c], rsizes[c]);
      for (int f = 0; f < NFEAT; f++) {
        /* sums of small integers: exact in any order */
        CHECK_REAL("kmeans sum", sums[c * NFEAT + f], rsums[c * NFEAT + f], 0);
        if (rsizes[c])
          cen[c * NFEAT + f] = rcen[c * NFEAT + f] =
              rsums[c * NFEAT + f] / rsizes[c];
      }
    }
  }
  for (int i = 0; i < NPTS; i++)
    CHECK_INT("kmeans membership", member[i], rmember[i]);
}

int main(void)
{
  test_bfs();
  test_kmeans();
  return e2e_done();
}
