/* real4_lulesh.c — LULESH's OpenACC C shape: a `Domain` struct with many
 * pointer members and sizes, put on the device member by member with
 * `enter data copyin(dom->x[0:numNode])`; each kernel function takes local
 * aliases (`Real_t *x = dom->x;`, `const Index_t *nodelist = dom->nodelist;`)
 * and names them in `present(x[0:numNode], ...)`; element kernels gather
 * the 8 nodes of each hexahedron through the node list into local arrays
 * `Real_t x_local[8]`, compute a volume and forces, and scatter the forces
 * back to the nodes through a node-to-element corner list (no atomics, as
 * LULESH's "nodeElemCornerList" does); a time-step constraint is a `min`
 * reduction; many small kernels under one region, a `while` cycle loop on
 * the host with `update self` of one scalar array per cycle. Against the
 * same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

typedef double Real_t;
typedef int Index_t;

typedef struct Domain {
  Index_t numElem, numNode, edge;
  Real_t *x, *y, *z;       /* nodal coordinates */
  Real_t *xd, *yd, *zd;    /* nodal velocities */
  Real_t *fx, *fy, *fz;    /* nodal forces */
  Real_t *nodalMass;
  Index_t *nodelist;       /* 8 per element */
  Real_t *e, *p, *v, *vnew, *elemMass;
  Real_t *fx_elem, *fy_elem, *fz_elem; /* 8 per element */
  Index_t *nodeElemStart, *nodeElemCornerList;
  Real_t deltatime, dtcourant;
} Domain;

#define NE 6 /* elements per edge */

static void build_mesh(Domain *d)
{
  Index_t ne = NE, nn = NE + 1;
  d->edge = ne;
  d->numElem = ne * ne * ne;
  d->numNode = nn * nn * nn;
  Index_t N = d->numNode, E = d->numElem;
  d->x = malloc(N * sizeof(Real_t)); d->y = malloc(N * sizeof(Real_t));
  d->z = malloc(N * sizeof(Real_t));
  d->xd = calloc(N, sizeof(Real_t)); d->yd = calloc(N, sizeof(Real_t));
  d->zd = calloc(N, sizeof(Real_t));
  d->fx = calloc(N, sizeof(Real_t)); d->fy = calloc(N, sizeof(Real_t));
  d->fz = calloc(N, sizeof(Real_t));
  d->nodalMass = calloc(N, sizeof(Real_t));
  d->nodelist = malloc(8 * E * sizeof(Index_t));
  d->e = malloc(E * sizeof(Real_t)); d->p = malloc(E * sizeof(Real_t));
  d->v = malloc(E * sizeof(Real_t)); d->vnew = malloc(E * sizeof(Real_t));
  d->elemMass = malloc(E * sizeof(Real_t));
  d->fx_elem = malloc(8 * E * sizeof(Real_t));
  d->fy_elem = malloc(8 * E * sizeof(Real_t));
  d->fz_elem = malloc(8 * E * sizeof(Real_t));
  d->nodeElemStart = calloc(N + 1, sizeof(Index_t));
  d->nodeElemCornerList = malloc(8 * E * sizeof(Index_t));
  for (Index_t k = 0; k < nn; k++)
    for (Index_t j = 0; j < nn; j++)
      for (Index_t i = 0; i < nn; i++) {
        Index_t n = (k * nn + j) * nn + i;
        d->x[n] = 1.125 * i / ne + 0.01 * ((i * 7 + j) % 3);
        d->y[n] = 1.125 * j / ne + 0.01 * ((j * 5 + k) % 3);
        d->z[n] = 1.125 * k / ne + 0.01 * ((k * 3 + i) % 3);
      }
  for (Index_t k = 0; k < ne; k++)
    for (Index_t j = 0; j < ne; j++)
      for (Index_t i = 0; i < ne; i++) {
        Index_t el = (k * ne + j) * ne + i, n0 = (k * nn + j) * nn + i;
        Index_t *nl = &d->nodelist[8 * el];
        nl[0] = n0; nl[1] = n0 + 1; nl[2] = n0 + nn + 1; nl[3] = n0 + nn;
        nl[4] = n0 + nn * nn; nl[5] = n0 + nn * nn + 1;
        nl[6] = n0 + nn * nn + nn + 1; nl[7] = n0 + nn * nn + nn;
        d->e[el] = (el == 0) ? 3.948746e+7 * 1e-6 : 0.0;
        d->p[el] = 0.0;
        d->v[el] = 1.0;
      }
  /* corner list: for each node, the (element, corner) slots touching it */
  for (Index_t e = 0; e < E; e++)
    for (int c = 0; c < 8; c++)
      d->nodeElemStart[d->nodelist[8 * e + c] + 1]++;
  for (Index_t n = 0; n < N; n++)
    d->nodeElemStart[n + 1] += d->nodeElemStart[n];
  Index_t *fill = calloc(N, sizeof(Index_t));
  for (Index_t e = 0; e < E; e++)
    for (int c = 0; c < 8; c++) {
      Index_t n = d->nodelist[8 * e + c];
      d->nodeElemCornerList[d->nodeElemStart[n] + fill[n]++] = 8 * e + c;
    }
  free(fill);
  d->deltatime = 1e-3;
  d->dtcourant = 1e20;
}

#pragma acc routine seq
static Real_t hex_volume(const Real_t *x, const Real_t *y, const Real_t *z)
{
  /* a volume-like trilinear measure: the box of the corner extents, plus a
     twist term so that every node matters */
  Real_t dx = (x[1] + x[2] + x[5] + x[6] - x[0] - x[3] - x[4] - x[7]) * 0.25;
  Real_t dy = (y[2] + y[3] + y[6] + y[7] - y[0] - y[1] - y[4] - y[5]) * 0.25;
  Real_t dz = (z[4] + z[5] + z[6] + z[7] - z[0] - z[1] - z[2] - z[3]) * 0.25;
  Real_t tw = (x[0] - x[6]) * (y[1] - y[7]) - (y[0] - y[6]) * (x[1] - x[7]);
  return dx * dy * dz + 1e-3 * tw * dz;
}

static void init_mass(Domain *dom, int on_dev)
{
  Index_t numElem = dom->numElem;
  Real_t *x = dom->x, *y = dom->y, *z = dom->z;
  Real_t *elemMass = dom->elemMass, *v = dom->v;
  const Index_t *nodelist = dom->nodelist;
  Index_t numNode = dom->numNode;
#pragma acc parallel loop present(x[0:numNode], y[0:numNode], z[0:numNode], \
    elemMass[0:numElem], v[0:numElem], nodelist[0:8*numElem]) if(on_dev)
  for (Index_t i = 0; i < numElem; ++i) {
    Real_t x_local[8], y_local[8], z_local[8];
    const Index_t *elemToNode = &nodelist[8 * i];
    for (Index_t lnode = 0; lnode < 8; ++lnode) {
      Index_t gnode = elemToNode[lnode];
      x_local[lnode] = x[gnode];
      y_local[lnode] = y[gnode];
      z_local[lnode] = z[gnode];
    }
    elemMass[i] = hex_volume(x_local, y_local, z_local) * v[i];
  }
}

static void nodal_mass(Domain *dom, int on_dev)
{
  Index_t numNode = dom->numNode, numElem = dom->numElem;
  Real_t *nodalMass = dom->nodalMass;
  const Real_t *elemMass = dom->elemMass;
  const Index_t *nodeElemStart = dom->nodeElemStart;
  const Index_t *cornerList = dom->nodeElemCornerList;
#pragma acc parallel loop present(nodalMass[0:numNode], elemMass[0:numElem], \
    nodeElemStart[0:numNode+1], cornerList[0:8*numElem]) if(on_dev)
  for (Index_t gnode = 0; gnode < numNode; ++gnode) {
    Index_t count = nodeElemStart[gnode + 1] - nodeElemStart[gnode];
    const Index_t *cl = &cornerList[nodeElemStart[gnode]];
    Real_t m = 0.0;
    for (Index_t i = 0; i < count; ++i)
      m += elemMass[cl[i] / 8] / 8.0;
    nodalMass[gnode] = m;
  }
}

static void calc_forces(Domain *dom, int on_dev)
{
  Index_t numElem = dom->numElem, numNode = dom->numNode;
  Real_t *x = dom->x, *y = dom->y, *z = dom->z;
  Real_t *p = dom->p, *e = dom->e;
  Real_t *fx_elem = dom->fx_elem, *fy_elem = dom->fy_elem,
         *fz_elem = dom->fz_elem;
  Index_t *nodelist = dom->nodelist;
#pragma acc parallel loop present(x[0:numNode], y[0:numNode], z[0:numNode], \
    p[0:numElem], e[0:numElem], nodelist[0:8*numElem], \
    fx_elem[0:8*numElem], fy_elem[0:8*numElem], fz_elem[0:8*numElem]) if(on_dev)
  for (Index_t k = 0; k < numElem; ++k) {
    Real_t xl[8], yl[8], zl[8];
    for (Index_t ln = 0; ln < 8; ++ln) {
      Index_t n = nodelist[8 * k + ln];
      xl[ln] = x[n]; yl[ln] = y[n]; zl[ln] = z[n];
    }
    Real_t cx = 0, cy = 0, cz = 0;
    for (int ln = 0; ln < 8; ln++) {
      cx += xl[ln]; cy += yl[ln]; cz += zl[ln];
    }
    cx *= 0.125; cy *= 0.125; cz *= 0.125;
    Real_t sig = -(p[k] + 0.1 * e[k]);
#pragma acc loop seq
    for (int ln = 0; ln < 8; ln++) {
      fx_elem[8 * k + ln] = sig * (xl[ln] - cx);
      fy_elem[8 * k + ln] = sig * (yl[ln] - cy);
      fz_elem[8 * k + ln] = sig * (zl[ln] - cz);
    }
  }
  Real_t *fx = dom->fx, *fy = dom->fy, *fz = dom->fz;
  const Index_t *nodeElemStart = dom->nodeElemStart;
  const Index_t *nodeElemCornerList = dom->nodeElemCornerList;
#pragma acc parallel loop present(fx[0:numNode], fy[0:numNode], fz[0:numNode], \
    fx_elem[0:8*numElem], fy_elem[0:8*numElem], fz_elem[0:8*numElem], \
    nodeElemStart[0:numNode+1], nodeElemCornerList[0:8*numElem]) if(on_dev)
  for (Index_t gnode = 0; gnode < numNode; ++gnode) {
    Index_t count = nodeElemStart[gnode + 1] - nodeElemStart[gnode];
    const Index_t *cornerList = &nodeElemCornerList[nodeElemStart[gnode]];
    Real_t fxs = 0.0, fys = 0.0, fzs = 0.0;
    for (Index_t i = 0; i < count; ++i) {
      Index_t elem = cornerList[i];
      fxs += fx_elem[elem];
      fys += fy_elem[elem];
      fzs += fz_elem[elem];
    }
    fx[gnode] = fxs;
    fy[gnode] = fys;
    fz[gnode] = fzs;
  }
}

static void advance_nodes(Domain *dom, int on_dev)
{
  Index_t numNode = dom->numNode;
  Real_t dt = dom->deltatime;
  Real_t *x = dom->x, *y = dom->y, *z = dom->z;
  Real_t *xd = dom->xd, *yd = dom->yd, *zd = dom->zd;
  Real_t *fx = dom->fx, *fy = dom->fy, *fz = dom->fz;
  Real_t *nodalMass = dom->nodalMass;
#pragma acc parallel loop present(x[0:numNode], y[0:numNode], z[0:numNode], \
    xd[0:numNode], yd[0:numNode], zd[0:numNode], fx[0:numNode], \
    fy[0:numNode], fz[0:numNode], nodalMass[0:numNode]) firstprivate(dt) \
    if(on_dev)
  for (Index_t i = 0; i < numNode; ++i) {
    Real_t m = nodalMass[i] > 1e-12 ? nodalMass[i] : 1e-12;
    xd[i] += fx[i] / m * dt;
    yd[i] += fy[i] / m * dt;
    zd[i] += fz[i] / m * dt;
    x[i] += xd[i] * dt;
    y[i] += yd[i] * dt;
    z[i] += zd[i] * dt;
  }
}

static Real_t update_elems(Domain *dom, int on_dev)
{
  Index_t numElem = dom->numElem, numNode = dom->numNode;
  Real_t *x = dom->x, *y = dom->y, *z = dom->z;
  Real_t *v = dom->v, *vnew = dom->vnew, *e = dom->e, *p = dom->p;
  Real_t *elemMass = dom->elemMass;
  Index_t *nodelist = dom->nodelist;
  Real_t dtmin = 1.0e20;
#pragma acc parallel loop present(x[0:numNode], y[0:numNode], z[0:numNode], \
    v[0:numElem], vnew[0:numElem], e[0:numElem], p[0:numElem], \
    elemMass[0:numElem], nodelist[0:8*numElem]) reduction(min:dtmin) if(on_dev)
  for (Index_t i = 0; i < numElem; ++i) {
    Real_t xl[8], yl[8], zl[8];
    for (int ln = 0; ln < 8; ln++) {
      xl[ln] = x[nodelist[8 * i + ln]];
      yl[ln] = y[nodelist[8 * i + ln]];
      zl[ln] = z[nodelist[8 * i + ln]];
    }
    Real_t vol = hex_volume(xl, yl, zl);
    Real_t rel = vol / (elemMass[i] / v[i] > 1e-12 ? elemMass[i] / v[i] : 1e-12);
    vnew[i] = rel;
    Real_t dv = rel - v[i];
    e[i] = e[i] - 0.5 * dv * (p[i] + 0.0);
    p[i] = (2.0 / 3.0) * e[i] / (rel > 1e-6 ? rel : 1e-6);
    v[i] = rel;
    Real_t ss = sqrt(fabs(p[i]) + 1e-8);
    Real_t dtc = 0.3 / (ss + 1e-3);
    if (dtc < dtmin)
      dtmin = dtc;
  }
  return dtmin;
}

static void copy_to_device(Domain *dom)
{
  Index_t N = dom->numNode, E = dom->numElem;
#pragma acc enter data copyin(dom->x[0:N], dom->y[0:N], dom->z[0:N], \
    dom->xd[0:N], dom->yd[0:N], dom->zd[0:N])
#pragma acc enter data create(dom->fx[0:N], dom->fy[0:N], dom->fz[0:N], \
    dom->nodalMass[0:N])
#pragma acc enter data copyin(dom->nodelist[0:8*E], dom->e[0:E], dom->p[0:E], \
    dom->v[0:E], dom->nodeElemStart[0:N+1], dom->nodeElemCornerList[0:8*E])
#pragma acc enter data create(dom->vnew[0:E], dom->elemMass[0:E], \
    dom->fx_elem[0:8*E], dom->fy_elem[0:8*E], dom->fz_elem[0:8*E])
}

static void copy_from_device(Domain *dom)
{
  Index_t N = dom->numNode, E = dom->numElem;
#pragma acc exit data copyout(dom->x[0:N], dom->y[0:N], dom->z[0:N], \
    dom->e[0:E], dom->p[0:E], dom->v[0:E])
#pragma acc exit data delete(dom->xd[0:N], dom->yd[0:N], dom->zd[0:N], \
    dom->fx[0:N], dom->fy[0:N], dom->fz[0:N], dom->nodalMass[0:N], \
    dom->nodelist[0:8*E], dom->nodeElemStart[0:N+1], \
    dom->nodeElemCornerList[0:8*E], dom->vnew[0:E], dom->elemMass[0:E], \
    dom->fx_elem[0:8*E], dom->fy_elem[0:8*E], dom->fz_elem[0:8*E])
}

static Real_t run(Domain *dom, int on_dev, Real_t *dts)
{
  if (on_dev)
    copy_to_device(dom);
  init_mass(dom, on_dev);
  nodal_mass(dom, on_dev);
  int cycle = 0;
  Real_t t = 0.0;
  while (cycle < 5) {
    calc_forces(dom, on_dev);
    advance_nodes(dom, on_dev);
    Real_t dtc = update_elems(dom, on_dev);
    dts[cycle] = dtc;
    dom->deltatime = dtc * 1e-3 < 2e-3 ? dtc * 1e-3 : 2e-3;
    t += dom->deltatime;
    cycle++;
  }
  if (on_dev)
    copy_from_device(dom);
  return t;
}

int main(void)
{
  Domain a, b;
  build_mesh(&a);
  build_mesh(&b);
  Real_t dta[5], dtb[5];
  Real_t ta = run(&a, 1, dta);
  Real_t tb = run(&b, 0, dtb);
  CHECK_REAL("lulesh time", ta, tb, 1e-12);
  for (int c = 0; c < 5; c++)
    CHECK_REAL("lulesh dt", dta[c], dtb[c], 1e-12);
  for (Index_t n = 0; n < a.numNode; n++) {
    CHECK_REAL("lulesh x", a.x[n], b.x[n], 1e-12);
    CHECK_REAL("lulesh z", a.z[n], b.z[n], 1e-12);
  }
  for (Index_t e = 0; e < a.numElem; e++) {
    CHECK_REAL("lulesh e", a.e[e], b.e[e], 1e-10);
    CHECK_REAL("lulesh v", a.v[e], b.v[e], 1e-12);
  }
  return e2e_done();
}
