/* real3_miniweather.c — a miniWeather-style C solver as its OpenACC
 * version writes it: the state and its helpers as file-scope pointers and
 * scalars, loop indices and scratch arrays (stencil[4], vals[NUM_VARS],
 * d3_vals[NUM_VARS]) declared at the top of each function and named in
 * `private` on `parallel loop collapse(2)`, `default(present)` under one
 * `data` region in main, `collapse(3)` over (var, k, i) for the tendency
 * update, halos packed on the device into send buffers, exchanged on the
 * host after `update host(...) async` + `wait` (the MPI exchange of the
 * original), unpacked after `update device(...)`, a `routine seq`
 * hydrostatic profile taking scalars and returning through pointers, and
 * the mass and total energy as a `reduction(+:mass,te)` over a
 * `collapse(2)` nest. Against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define NUM_VARS 4
#define ID_DENS 0
#define ID_UMOM 1
#define ID_WMOM 2
#define ID_RHOT 3
#define HS 2
#define STEN 4
#define DIR_X 1
#define DIR_Z 2

static const double grav = 9.8, cp = 1004., rd = 287., p0 = 1.e5;
static const double c0 = 27.5629410929725921310572974482;
static const double gamm = 1.40027894002789400278940027894;
static const double hv_beta = 0.25;

static int nx, nz;
static double dx, dz, dt;
static double *state, *state_tmp, *flux, *tend;
static double *hy_dens_cell, *hy_dens_theta_cell;
static double *hy_dens_int, *hy_dens_theta_int, *hy_pressure_int;
static double *sendbuf_l, *sendbuf_r, *recvbuf_l, *recvbuf_r;

#pragma acc routine seq
static void hydro_const_theta(double z, double *r, double *t)
{
  const double theta0 = 300., exner0 = 1.;
  double p, exner, rt;
  *t = theta0;
  exner = exner0 - grav * z / (cp * theta0);
  p = p0 * pow(exner, cp / rd);
  rt = pow(p / c0, 1. / gamm);
  *r = rt / *t;
}

#pragma acc routine seq
static double sample_ellipse_cosine(double x, double z, double amp,
                                    double x0, double z0, double xrad,
                                    double zrad)
{
  double dist = sqrt(((x - x0) / xrad) * ((x - x0) / xrad) +
                     ((z - z0) / zrad) * ((z - z0) / zrad)) * M_PI / 2.;
  if (dist <= M_PI / 2.)
    return amp * pow(cos(dist), 2.);
  return 0.;
}

#define SIDX(ll, k, i) ((ll) * (nz + 2 * HS) * (nx + 2 * HS) + \
                        (k) * (nx + 2 * HS) + (i))

static void init_state(int on_device)
{
  int i, k, ll;
  double x, z, r, t, hr, ht;
  /* The device fills the interior with a thermal bubble. */
#pragma acc parallel loop collapse(2) private(x, z, r, t, hr, ht, ll) \
    default(present) if(on_device)
  for (k = 0; k < nz; k++) {
    for (i = 0; i < nx; i++) {
      x = (i + 0.5) * dx;
      z = (k + 0.5) * dz;
      hydro_const_theta(z, &hr, &ht);
      r = 0.;
      t = sample_ellipse_cosine(x, z, 3., nx * dx / 2, 2000., 2000., 2000.);
      for (ll = 0; ll < NUM_VARS; ll++)
        state[SIDX(ll, k + HS, i + HS)] = 0.;
      state[SIDX(ID_DENS, k + HS, i + HS)] = r;
      state[SIDX(ID_UMOM, k + HS, i + HS)] = (r + hr) * 20.0 * (k % 3) / 3.0;
      state[SIDX(ID_RHOT, k + HS, i + HS)] = (r + hr) * (t + ht) - hr * ht;
    }
  }
}

static void init_hydro(void)
{
  int k;
  double z, r, t;
  for (k = 0; k < nz + 2 * HS; k++) {
    z = (k - HS + 0.5) * dz;
    hydro_const_theta(z, &r, &t);
    hy_dens_cell[k] = r;
    hy_dens_theta_cell[k] = r * t;
  }
  for (k = 0; k < nz + 1; k++) {
    z = k * dz;
    hydro_const_theta(z, &r, &t);
    hy_dens_int[k] = r;
    hy_dens_theta_int[k] = r * t;
    hy_pressure_int[k] = c0 * pow(r * t, gamm);
  }
}

/* The halo exchange: pack on the device, bring the buffers home, swap them
   as the periodic neighbours would, send them back, unpack. */
static void set_halo_values_x(double *st, int dev)
{
  int k, ll, s;
#pragma acc parallel loop collapse(3) default(present) if(dev)
  for (ll = 0; ll < NUM_VARS; ll++)
    for (k = 0; k < nz; k++)
      for (s = 0; s < HS; s++) {
        sendbuf_l[ll * nz * HS + k * HS + s] = st[SIDX(ll, k + HS, HS + s)];
        sendbuf_r[ll * nz * HS + k * HS + s] = st[SIDX(ll, k + HS, nx + s)];
      }
#pragma acc update host(sendbuf_l[0:nz*HS*NUM_VARS], \
                        sendbuf_r[0:nz*HS*NUM_VARS]) async(1) if(dev)
#pragma acc wait(1)
  memcpy(recvbuf_l, sendbuf_r, nz * HS * NUM_VARS * sizeof(double));
  memcpy(recvbuf_r, sendbuf_l, nz * HS * NUM_VARS * sizeof(double));
#pragma acc update device(recvbuf_l[0:nz*HS*NUM_VARS], \
                          recvbuf_r[0:nz*HS*NUM_VARS]) async(1) if(dev)
#pragma acc parallel loop collapse(3) default(present) async(1) if(dev)
  for (ll = 0; ll < NUM_VARS; ll++)
    for (k = 0; k < nz; k++)
      for (s = 0; s < HS; s++) {
        st[SIDX(ll, k + HS, s)] = recvbuf_l[ll * nz * HS + k * HS + s];
        st[SIDX(ll, k + HS, nx + HS + s)] = recvbuf_r[ll * nz * HS + k * HS + s];
      }
#pragma acc wait(1)
}

static void set_halo_values_z(double *st, int dev)
{
  int i, ll;
#pragma acc parallel loop collapse(2) private(i, ll) default(present) if(dev)
  for (ll = 0; ll < NUM_VARS; ll++) {
    for (i = 0; i < nx + 2 * HS; i++) {
      if (ll == ID_WMOM) {
        st[SIDX(ll, 0, i)] = 0.;
        st[SIDX(ll, 1, i)] = 0.;
        st[SIDX(ll, nz + HS, i)] = 0.;
        st[SIDX(ll, nz + HS + 1, i)] = 0.;
      } else if (ll == ID_UMOM) {
        st[SIDX(ll, 0, i)] = st[SIDX(ll, HS, i)] / hy_dens_cell[HS] *
                             hy_dens_cell[0];
        st[SIDX(ll, 1, i)] = st[SIDX(ll, HS, i)] / hy_dens_cell[HS] *
                             hy_dens_cell[1];
        st[SIDX(ll, nz + HS, i)] = st[SIDX(ll, nz + HS - 1, i)] /
            hy_dens_cell[nz + HS - 1] * hy_dens_cell[nz + HS];
        st[SIDX(ll, nz + HS + 1, i)] = st[SIDX(ll, nz + HS - 1, i)] /
            hy_dens_cell[nz + HS - 1] * hy_dens_cell[nz + HS + 1];
      } else {
        st[SIDX(ll, 0, i)] = st[SIDX(ll, HS, i)];
        st[SIDX(ll, 1, i)] = st[SIDX(ll, HS, i)];
        st[SIDX(ll, nz + HS, i)] = st[SIDX(ll, nz + HS - 1, i)];
        st[SIDX(ll, nz + HS + 1, i)] = st[SIDX(ll, nz + HS - 1, i)];
      }
    }
  }
}

static void compute_tendencies_x(double *st, double *fl, double *td, int dev)
{
  int i, k, ll, s, inds, indf1, indf2, indt;
  double r, u, w, t, p, stencil[STEN], d3_vals[NUM_VARS], vals[NUM_VARS];
  double hv_coef = -hv_beta * dx / (16 * dt);
#pragma acc parallel loop collapse(2) default(present) if(dev) \
    private(ll, s, inds, stencil, vals, d3_vals, r, u, w, t, p)
  for (k = 0; k < nz; k++) {
    for (i = 0; i < nx + 1; i++) {
      for (ll = 0; ll < NUM_VARS; ll++) {
        for (s = 0; s < STEN; s++) {
          inds = SIDX(ll, k + HS, i + s);
          stencil[s] = st[inds];
        }
        vals[ll] = -stencil[0] / 12 + 7 * stencil[1] / 12 +
                   7 * stencil[2] / 12 - stencil[3] / 12;
        d3_vals[ll] = -stencil[0] + 3 * stencil[1] - 3 * stencil[2] +
                      stencil[3];
      }
      r = vals[ID_DENS] + hy_dens_cell[k + HS];
      u = vals[ID_UMOM] / r;
      w = vals[ID_WMOM] / r;
      t = (vals[ID_RHOT] + hy_dens_theta_cell[k + HS]) / r;
      p = c0 * pow(r * t, gamm);
      fl[ID_DENS * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
          r * u - hv_coef * d3_vals[ID_DENS];
      fl[ID_UMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
          r * u * u + p - hv_coef * d3_vals[ID_UMOM];
      fl[ID_WMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
          r * u * w - hv_coef * d3_vals[ID_WMOM];
      fl[ID_RHOT * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
          r * u * t - hv_coef * d3_vals[ID_RHOT];
    }
  }
#pragma acc parallel loop collapse(3) private(indt, indf1, indf2) \
    default(present) if(dev)
  for (ll = 0; ll < NUM_VARS; ll++) {
    for (k = 0; k < nz; k++) {
      for (i = 0; i < nx; i++) {
        indt = ll * nz * nx + k * nx + i;
        indf1 = ll * (nz + 1) * (nx + 1) + k * (nx + 1) + i;
        indf2 = ll * (nz + 1) * (nx + 1) + k * (nx + 1) + i + 1;
        td[indt] = -(fl[indf2] - fl[indf1]) / dx;
      }
    }
  }
}

static void compute_tendencies_z(double *st, double *fl, double *td, int dev)
{
  int i, k, ll, s, inds, indf1, indf2, indt;
  double r, u, w, t, p, stencil[STEN], d3_vals[NUM_VARS], vals[NUM_VARS];
  double hv_coef = -hv_beta * dz / (16 * dt);
#pragma acc parallel loop collapse(2) default(present) if(dev) \
    private(ll, s, inds, stencil, vals, d3_vals, r, u, w, t, p)
  for (k = 0; k < nz + 1; k++) {
    for (i = 0; i < nx; i++) {
      for (ll = 0; ll < NUM_VARS; ll++) {
        for (s = 0; s < STEN; s++) {
          inds = SIDX(ll, k + s, i + HS);
          stencil[s] = st[inds];
        }
        vals[ll] = -stencil[0] / 12 + 7 * stencil[1] / 12 +
                   7 * stencil[2] / 12 - stencil[3] / 12;
        d3_vals[ll] = -stencil[0] + 3 * stencil[1] - 3 * stencil[2] +
                      stencil[3];
      }
      r = vals[ID_DENS] + hy_dens_int[k];
      u = vals[ID_UMOM] / r;
      w = vals[ID_WMOM] / r;
      t = (vals[ID_RHOT] + hy_dens_theta_int[k]) / r;
      p = c0 * pow(r * t, gamm) - hy_pressure_int[k];
      if (k == 0 || k == nz) {
        w = 0;
        d3_vals[ID_DENS] = 0;
      }
      fl[ID_DENS * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
          r * w - hv_coef * d3_vals[ID_DENS];
      fl[ID_UMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
          r * w * u - hv_coef * d3_vals[ID_UMOM];
      fl[ID_WMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
          r * w * w + p - hv_coef * d3_vals[ID_WMOM];
      fl[ID_RHOT * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
          r * w * t - hv_coef * d3_vals[ID_RHOT];
    }
  }
#pragma acc parallel loop collapse(3) private(indt, indf1, indf2) \
    default(present) if(dev)
  for (ll = 0; ll < NUM_VARS; ll++) {
    for (k = 0; k < nz; k++) {
      for (i = 0; i < nx; i++) {
        indt = ll * nz * nx + k * nx + i;
        indf1 = ll * (nz + 1) * (nx + 1) + k * (nx + 1) + i;
        indf2 = ll * (nz + 1) * (nx + 1) + (k + 1) * (nx + 1) + i;
        td[indt] = -(fl[indf2] - fl[indf1]) / dz;
        if (ll == ID_WMOM) {
          inds = SIDX(ID_DENS, k + HS, i + HS);
          td[indt] = td[indt] - st[inds] * grav;
        }
      }
    }
  }
}

static void semi_discrete_step(double *init, double *forcing, double *out,
                               double dtl, int dir, int dev)
{
  int i, k, ll, inds, indt;
  if (dir == DIR_X) {
    set_halo_values_x(forcing, dev);
    compute_tendencies_x(forcing, flux, tend, dev);
  } else {
    set_halo_values_z(forcing, dev);
    compute_tendencies_z(forcing, flux, tend, dev);
  }
#pragma acc parallel loop collapse(3) private(inds, indt) default(present) \
    if(dev)
  for (ll = 0; ll < NUM_VARS; ll++) {
    for (k = 0; k < nz; k++) {
      for (i = 0; i < nx; i++) {
        inds = SIDX(ll, k + HS, i + HS);
        indt = ll * nz * nx + k * nx + i;
        out[inds] = init[inds] + dtl * tend[indt];
      }
    }
  }
}

static void perform_timestep(int dir_x_first, int dev)
{
  if (dir_x_first) {
    semi_discrete_step(state, state, state_tmp, dt / 3, DIR_X, dev);
    semi_discrete_step(state, state_tmp, state_tmp, dt / 2, DIR_X, dev);
    semi_discrete_step(state, state_tmp, state, dt / 1, DIR_X, dev);
    semi_discrete_step(state, state, state_tmp, dt / 3, DIR_Z, dev);
    semi_discrete_step(state, state_tmp, state_tmp, dt / 2, DIR_Z, dev);
    semi_discrete_step(state, state_tmp, state, dt / 1, DIR_Z, dev);
  } else {
    semi_discrete_step(state, state, state_tmp, dt / 3, DIR_Z, dev);
    semi_discrete_step(state, state_tmp, state_tmp, dt / 2, DIR_Z, dev);
    semi_discrete_step(state, state_tmp, state, dt / 1, DIR_Z, dev);
    semi_discrete_step(state, state, state_tmp, dt / 3, DIR_X, dev);
    semi_discrete_step(state, state_tmp, state_tmp, dt / 2, DIR_X, dev);
    semi_discrete_step(state, state_tmp, state, dt / 1, DIR_X, dev);
  }
}

static void reductions(double *mass, double *te, int dev)
{
  int i, k;
  double m = 0, e = 0;
#pragma acc parallel loop collapse(2) reduction(+:m, e) default(present) \
    if(dev)
  for (k = 0; k < nz; k++) {
    for (i = 0; i < nx; i++) {
      double r = state[SIDX(ID_DENS, k + HS, i + HS)] + hy_dens_cell[HS + k];
      double u = state[SIDX(ID_UMOM, k + HS, i + HS)] / r;
      double w = state[SIDX(ID_WMOM, k + HS, i + HS)] / r;
      double th = (state[SIDX(ID_RHOT, k + HS, i + HS)] +
                   hy_dens_theta_cell[HS + k]) / r;
      double p = c0 * pow(r * th, gamm);
      double t = th / pow(p0 / p, rd / cp);
      double ke = r * (u * u + w * w);
      double ie = r * (cp - rd) * t;
      m += r * dx * dz;
      e += (ke + ie) * dx * dz;
    }
  }
  *mass = m;
  *te = e;
}

/* Runs the whole model: on the device (dev 1) or on the host (dev 0, the
   reference: every construct's if() is false). */
static void run_model(int dev, double *out_state, double *mass, double *te)
{
  int ns = NUM_VARS * (nz + 2 * HS) * (nx + 2 * HS);
  int nf = NUM_VARS * (nz + 1) * (nx + 1), nt = NUM_VARS * nz * nx;
  int nb = nz * HS * NUM_VARS;
  init_hydro();
  memset(state, 0, ns * sizeof *state);
#pragma acc data copyin(hy_dens_cell[0:nz+2*HS], \
                        hy_dens_theta_cell[0:nz+2*HS], hy_dens_int[0:nz+1], \
                        hy_dens_theta_int[0:nz+1], hy_pressure_int[0:nz+1]) \
    create(flux[0:nf], tend[0:nt], state_tmp[0:ns], sendbuf_l[0:nb], \
           sendbuf_r[0:nb], recvbuf_l[0:nb], recvbuf_r[0:nb]) \
    copy(state[0:ns]) if(dev)
  {
    init_state(dev);
#pragma acc parallel loop default(present) if(dev)
    for (int i = 0; i < ns; i++)
      state_tmp[i] = state[i];
    for (int step = 0; step < 4; step++)
      perform_timestep(step % 2 == 0, dev);
    reductions(mass, te, dev);
  }
  memcpy(out_state, state, ns * sizeof *state);
}

int main(void)
{
  nx = 24, nz = 12;
  dx = 20000. / nx, dz = 10000. / nz;
  dt = fmin(dx, dz) / 450 * 1.5;
  int ns = NUM_VARS * (nz + 2 * HS) * (nx + 2 * HS);
  int nb = nz * HS * NUM_VARS;
  state = malloc(ns * sizeof *state);
  state_tmp = malloc(ns * sizeof *state);
  flux = malloc(NUM_VARS * (nz + 1) * (nx + 1) * sizeof *flux);
  tend = malloc(NUM_VARS * nz * nx * sizeof *tend);
  hy_dens_cell = malloc((nz + 2 * HS) * sizeof(double));
  hy_dens_theta_cell = malloc((nz + 2 * HS) * sizeof(double));
  hy_dens_int = malloc((nz + 1) * sizeof(double));
  hy_dens_theta_int = malloc((nz + 1) * sizeof(double));
  hy_pressure_int = malloc((nz + 1) * sizeof(double));
  sendbuf_l = malloc(nb * sizeof(double));
  sendbuf_r = malloc(nb * sizeof(double));
  recvbuf_l = malloc(nb * sizeof(double));
  recvbuf_r = malloc(nb * sizeof(double));
  double *dev_state = malloc(ns * sizeof *dev_state);
  double *ref_state = malloc(ns * sizeof *ref_state);
  double dmass, dte, rmass, rte;
  run_model(1, dev_state, &dmass, &dte);
  run_model(0, ref_state, &rmass, &rte);
  for (int ll = 0; ll < NUM_VARS; ll++)
    for (int k = HS; k < nz + HS; k++)
      for (int i = HS; i < nx + HS; i++)
        CHECK_ABS("miniweather state", dev_state[SIDX(ll, k, i)],
                  ref_state[SIDX(ll, k, i)],
                  1e-9 * (1 + fabs(ref_state[SIDX(ll, k, i)])));
  CHECK_REAL("miniweather mass", dmass, rmass, 1e-12);
  CHECK_REAL("miniweather te", dte, rte, 1e-12);
  CHECK_TRUE("miniweather te sane", rte > 0 && rmass > 0);
  free(state), free(state_tmp), free(flux), free(tend);
  free(hy_dens_cell), free(hy_dens_theta_cell), free(hy_dens_int);
  free(hy_dens_theta_int), free(hy_pressure_int);
  free(sendbuf_l), free(sendbuf_r), free(recvbuf_l), free(recvbuf_r);
  free(dev_state), free(ref_state);
  return e2e_done();
}
