/* acc-tune — ranks loop schedules and launch configurations of the kernels
 * in a kernel model by the memory-access cost of seed §7.3 and writes the
 * best per kernel as a schedule file.  See docs/autotune.md. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tune.h"

#define MAX_CONFIGS 512

typedef struct opts {
  const char *model, *gpu, *profile, *out, *only;
  const char *alldir; /* --all-schedules: every ranked candidate's file */
  tune_params user;
  tune_sim_opts sim;
  int rows, quiet, timing;
} opts;

typedef struct row {
  tune_config c;
  tune_result r;
} row;

static void usage(FILE *f) {
  fprintf(f,
          "usage: acc-tune -g GPU.yaml [options] MODEL.yaml\n"
          "  -g FILE        GPU description (autotune/gpus/*.yaml)\n"
          "  -D NAME=VALUE  value of a kernel parameter (repeatable)\n"
          "  -p FILE        profile written by the runtime (ACCGPU_PROFILE)\n"
          "  -o FILE        write the chosen schedules (YAML)\n"
          "  -k ID          tune only kernel ID\n"
          "  -n ROWS        rows of the ranked table per kernel (default 10)\n"
          "  -b N           warp instructions simulated per configuration\n"
          "                 before sampling waves (default 300000; 0 = full)\n"
          "  -i MODE        warp interleaving: modeled (default) or base\n"
          "  -t             print tuning time and trace throughput\n"
          "  -q             no table\n"
          "  -A, --all-schedules DIR\n"
          "                 write every ranked candidate of every kernel as\n"
          "                 its own schedule file DIR/kK-rRANK.yaml, listed\n"
          "                 in DIR/index.tsv (for measuring them all)\n");
}

static double cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int parse_define(opts *o, const char *arg) {
  const char *eq = strchr(arg, '=');
  char name[TUNE_NAME];
  int64_t v;
  if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof name)
    goto bad;
  int rc = accgpu_tune_parse_int(eq + 1, &v);
  if (rc == -2) {
    fprintf(stderr, "acc-tune: -D %s: the value is out of range (more than "
            "64 bits)\n", arg);
    return -1;
  }
  if (rc)
    goto bad;
  memcpy(name, arg, (size_t)(eq - arg));
  name[eq - arg] = 0;
  if (accgpu_tune_params_set(&o->user, name, v))
    goto bad;
  return 0;
bad:
  fprintf(stderr, "acc-tune: -D %s: expected NAME=INTEGER\n", arg);
  return -1;
}

static int parse_args(int argc, char **argv, opts *o) {
  int c;
  o->rows = 10;
  o->sim.budget = 3e5;
  static const struct option longs[] = {
      {"all-schedules", required_argument, NULL, 'A'}, {NULL, 0, NULL, 0}};
  while ((c = getopt_long(argc, argv, "g:D:p:o:k:n:b:i:tqhA:", longs,
                          NULL)) != -1) {
    char *end = NULL;
    int64_t v;
    switch (c) {
    case 'A': o->alldir = optarg; break;
    case 'g': o->gpu = optarg; break;
    case 'p': o->profile = optarg; break;
    case 'o': o->out = optarg; break;
    case 'k': o->only = optarg; break;
    case 't': o->timing = 1; break;
    case 'q': o->quiet = 1; break;
    case 'D':
      if (parse_define(o, optarg))
        return -1;
      break;
    case 'n':
      if (accgpu_tune_parse_int(optarg, &v) || v < 1 || v > 1000000)
        goto bad;
      o->rows = (int)v;
      break;
    case 'b':
      o->sim.budget = strtod(optarg, &end);
      if (!*optarg || *end || !isfinite(o->sim.budget) || o->sim.budget < 0)
        goto bad;
      break;
    case 'i':
      if (strcmp(optarg, "modeled") == 0)
        o->sim.interleave = TUNE_INTERLEAVE_MODELED;
      else if (strcmp(optarg, "base") == 0)
        o->sim.interleave = TUNE_INTERLEAVE_BASE;
      else
        goto bad;
      break;
    case 'h': usage(stdout); exit(0);
    default: usage(stderr); return -1;
    }
  }
  if (optind != argc - 1 || !o->gpu) {
    fprintf(stderr, "acc-tune: %s\n",
            !o->gpu ? "missing -g GPU.yaml" : "expected one MODEL.yaml");
    usage(stderr);
    return -1;
  }
  o->model = argv[optind];
  return 0;
bad:
  fprintf(stderr, "acc-tune: -%c %s: invalid value\n", c, optarg);
  return -1;
}

/* Refuses to write PATH (for WHAT: "-o") when it is a file acc-tune reads:
 * the model, the GPU description or the profile, under any name (compared
 * by device and inode).  Returns 0, or -1 after printing why. */
static int refuse_input(const opts *o, const char *path, const char *what) {
  struct stat out, st;
  const char *in[] = {o->model, o->gpu, o->profile};
  if (stat(path, &out))
    return 0; /* not there yet: not an input */
  for (int i = 0; i < 3; i++)
    if (in[i] && !stat(in[i], &st) && st.st_dev == out.st_dev &&
        st.st_ino == out.st_ino) {
      fprintf(stderr, "acc-tune: %s %s: that is the input %s; not "
              "overwriting it\n", what, path, in[i]);
      return -1;
    }
  return 0;
}

static int by_cost(const void *a, const void *b) {
  const row *x = a, *y = b;
  if (x->r.cost != y->r.cost)
    return x->r.cost < y->r.cost ? -1 : 1;
  return strcmp(x->c.pat->name, y->c.pat->name);
}

static double ratio(double a, double b) { return b > 0 ? a / b : 0; }

static void print_row(int rank, const row *w) {
  char blk[32], grd[64];
  snprintf(blk, sizeof blk, "%dx%dx%d", w->c.block[0], w->c.block[1],
           w->c.block[2]);
  snprintf(grd, sizeof grd, "%lldx%lldx%lld", (long long)w->c.grid[0],
           (long long)w->c.grid[1], (long long)w->c.grid[2]);
  const tune_result *r = &w->r;
  printf("%4d  %-5s %-11s %-19s %6.3f %6.3f %11.4g %11.4g %11.4g %11.4g "
         "%11.4g  %lld/%lld w, %d SM\n",
         rank, w->c.pat->name, blk, grd, ratio(r->l1_hits, r->l1_loads),
         ratio(r->l2_hits, r->l2_loads), r->l1_loads, r->l2_loads,
         r->l2_loads - r->l2_hits, r->st_sectors, r->cost,
         (long long)r->waves_sim, (long long)r->waves, r->sms_sim);
}

static void print_table(const opts *o, const tune_kernel *k,
                        const tune_gpu *g, const row *rows, int n) {
  printf("\nkernel %s  (%s", k->id, g->name);
  for (int v = 0; v < k->nvars; v++)
    printf("%s %s=%lld", v ? "," : ";", k->vars[v].var,
           (long long)k->vars[v].trip);
  printf(" trips)\n%4s  %-5s %-11s %-19s %6s %6s %11s %11s %11s %11s %11s  "
         "%s\n",
         "rank", "sched", "block", "grid", "L1hit", "L2hit", "L1 loads",
         "L2 sectors", "DRAM sect", "st sectors", "cost(cyc)", "simulated");
  const char *shown[16];
  int nshown = 0;
  for (int i = 0; i < n; i++) {
    int first = 1;
    for (int j = 0; j < nshown; j++)
      first &= strcmp(shown[j], rows[i].c.pat->name) != 0;
    if (i < o->rows || first)
      print_row(i + 1, &rows[i]);
    if (first && nshown < 16)
      shown[nshown++] = rows[i].c.pat->name;
  }
  if (rows[0].r.unmodeled)
    printf("      (%d non-affine reference(s) not modeled)\n",
           rows[0].r.unmodeled);
}

/* The configurations of one kernel, simulated by several threads: each
 * result goes to its own row, so the table is the serial one. */
typedef struct job {
  const tune_kernel *k;
  const tune_gpu *g;
  const tune_sim_opts *so;
  row *rows;
  int n;
  atomic_int next, failed;
  int tty, ki, nk;
} job;

/* Thread body: simulates configurations until none is left.  Returns
 * NULL; failures are counted in the job. */
static void *job_worker(void *arg) {
  job *jb = arg;
  tune_sim_ctx *x = accgpu_tune_sim_ctx_new(); /* this thread's buffers */
  for (int i; (i = atomic_fetch_add(&jb->next, 1)) < jb->n;) {
    if (jb->tty)
      fprintf(stderr, "\racc-tune: kernel %d/%d, configuration %d/%d ",
              jb->ki + 1, jb->nk, i + 1, jb->n);
    if (!x || accgpu_tune_simulate_ctx(x, jb->k, jb->g, &jb->rows[i].c,
                                       jb->so, &jb->rows[i].r))
      atomic_fetch_add(&jb->failed, 1);
  }
  accgpu_tune_sim_ctx_free(x);
  return NULL;
}

/* Runs JB on the online CPUs (ACC_TUNE_THREADS overrides), the calling
 * thread included; falls back to fewer threads when one cannot start. */
static void run_jobs(job *jb) {
  long nt = sysconf(_SC_NPROCESSORS_ONLN);
  const char *env = getenv("ACC_TUNE_THREADS");
  if (env && atoi(env) > 0)
    nt = atoi(env);
  nt = nt < 1 ? 1 : nt > 64 ? 64 : nt;
  if (nt > jb->n)
    nt = jb->n > 0 ? jb->n : 1;
  pthread_t th[64];
  int started = 0;
  for (long t = 1; t < nt; t++)
    if (!pthread_create(&th[started], NULL, job_worker, jb))
      started++;
  job_worker(jb);
  for (int t = 0; t < started; t++)
    pthread_join(th[t], NULL);
}

/* --all-schedules: writes ROWS[0..N-1] of kernel KI of M, in rank order,
 * one schedule file each, and lists them in DIR/index.tsv.  Returns 0, or
 * -1 after printing why. */
static int write_all(const opts *o, const tune_model *m, int ki,
                     const row *rows, int n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/index.tsv", o->alldir);
  FILE *idx = fopen(path, "a");
  tune_config *cf = calloc((size_t)m->nkernels, sizeof *cf);
  tune_result *rs = calloc((size_t)m->nkernels, sizeof *rs);
  int *have = calloc((size_t)m->nkernels, sizeof *have);
  int rc = idx && cf && rs && have ? 0 : -1;
  if (!rc)
    have[ki] = 1;
  for (int i = 0; i < n && !rc; i++) {
    char name[64];
    snprintf(name, sizeof name, "k%d-r%03d.yaml", ki + 1, i + 1);
    snprintf(path, sizeof path, "%s/%s", o->alldir, name);
    cf[ki] = rows[i].c;
    rs[ki] = rows[i].r;
    if (refuse_input(o, path, "--all-schedules")) {
      rc = -2; /* said why */
      break;
    }
    rc = accgpu_tune_write_schedules(path, m, cf, rs, have);
    fprintf(idx, "%s\t%d\t%s\t%dx%dx%d\t%lldx%lldx%lld\t%.9g\t%s\n",
            m->kernels[ki].id, i + 1, rows[i].c.pat->name, rows[i].c.block[0],
            rows[i].c.block[1], rows[i].c.block[2],
            (long long)rows[i].c.grid[0], (long long)rows[i].c.grid[1],
            (long long)rows[i].c.grid[2], rows[i].r.cost, name);
  }
  if (idx && (ferror(idx) | fclose(idx)) && !rc)
    rc = -1;
  if (rc == -1)
    fprintf(stderr, "acc-tune: --all-schedules %s: %s\n", o->alldir,
            strerror(errno ? errno : EIO));
  free(cf);
  free(rs);
  free(have);
  return rc;
}

/* Tunes kernel KI of M: fills *BEST.  Returns 0, or -1 after printing
 * why. */
static int tune_kernel_one(const opts *o, const tune_model *m, int ki,
                           const tune_gpu *g, row *best, double *accesses,
                           double *lanes) {
  const tune_kernel *k = &m->kernels[ki];
  int nk = m->nkernels;
  const tune_pattern *pats;
  int np = accgpu_tune_patterns(k->npar, &pats);
  row *rows = malloc(MAX_CONFIGS * sizeof *rows);
  tune_config *cf = malloc(MAX_CONFIGS * sizeof *cf);
  int n = 0, tty = isatty(2);
  if (!rows || !cf) {
    fprintf(stderr, "acc-tune: out of memory\n");
    free(rows);
    free(cf);
    return -1;
  }
  for (int p = 0; p < np; p++)
    n += accgpu_tune_configs(k, g, &pats[p], cf + n, MAX_CONFIGS - n);
  for (int i = 0; i < n; i++)
    rows[i].c = cf[i];
  job jb = {k, g, &o->sim, rows, n, 0, 0, tty, ki, nk};
  run_jobs(&jb);
  if (jb.failed) {
    fprintf(stderr, "%sacc-tune: %s: out of memory simulating\n",
            tty ? "\n" : "", k->id);
    free(rows);
    free(cf);
    return -1;
  }
  /* Summed in configuration order: the same totals as a serial run. */
  for (int i = 0; i < n; i++) {
    *accesses += rows[i].r.simulated;
    *lanes += rows[i].r.lane_accesses;
  }
  if (tty)
    fprintf(stderr, "\r%60s\r", "");
  qsort(rows, (size_t)n, sizeof *rows, by_cost);
  if (!o->quiet && n)
    print_table(o, k, g, rows, n);
  int rc = n ? 0 : -1;
  int pick = 0; /* the schedule file gets the best the plugin can apply */
  while (pick < n && !accgpu_tune_openacc_ok(&rows[pick].c, g))
    pick++;
  if (pick == n)
    pick = 0;
  if (n)
    *best = rows[pick];
  if (pick && !o->quiet)
    printf("(ranks 1-%d put a worker loop on blocks the OpenACC mapping "
           "cannot express; the schedule file gets rank %d)\n", pick,
           pick + 1);
  if (!n)
    fprintf(stderr, "acc-tune: %s: no launch configuration fits\n", k->id);
  if (n && o->alldir && write_all(o, m, ki, rows, n))
    rc = -1;
  free(rows);
  free(cf);
  return rc;
}

/* Creates DIR (if needed) and an empty DIR/index.tsv with its header.
 * Returns 0, or -1 after printing why. */
static int start_index(const opts *o, const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s/index.tsv", dir);
  if (refuse_input(o, path, "--all-schedules"))
    return -1;
  FILE *f = NULL;
  if ((mkdir(dir, 0777) == 0 || errno == EEXIST) && (f = fopen(path, "w")))
    fprintf(f, "kernel\trank\tschedule\tblock\tgrid\tcost\tfile\n");
  if (!f || (ferror(f) | fclose(f))) {
    fprintf(stderr, "acc-tune: --all-schedules %s: %s\n", dir,
            strerror(errno));
    return -1;
  }
  return 0;
}

/* Before tuning: -k names a kernel of M, and -o is not an input.
 * Returns 0, or -1 after printing why. */
static int check_outputs(const opts *o, const tune_model *m) {
  int found = !o->only;
  for (int i = 0; i < m->nkernels && !found; i++)
    found = strcmp(o->only, m->kernels[i].id) == 0;
  if (!found) {
    fprintf(stderr, "acc-tune: -k %s: %s has no kernel with this id\n",
            o->only, o->model);
    return -1;
  }
  return o->out ? refuse_input(o, o->out, "-o") : 0;
}

int main(int argc, char **argv) {
  opts o;
  memset(&o, 0, sizeof o);
  char err[TUNE_ERR];
  tune_gpu g;
  tune_model m;
  tune_profile prof;
  memset(&m, 0, sizeof m);
  memset(&prof, 0, sizeof prof);
  if (parse_args(argc, argv, &o))
    return 2;
  if (accgpu_tune_gpu_load(o.gpu, &g, err, sizeof err) ||
      accgpu_tune_model_load(o.model, &m, err, sizeof err) ||
      (o.profile && accgpu_tune_profile_load(o.profile, &prof, err,
                                             sizeof err))) {
    fprintf(stderr, "acc-tune: %s\n", err);
    accgpu_tune_model_free(&m);
    return 1;
  }
  if (check_outputs(&o, &m)) {
    accgpu_tune_model_free(&m);
    accgpu_tune_profile_free(&prof);
    return 1;
  }
  row *best = calloc((size_t)m.nkernels, sizeof *best);
  tune_config *chosen = calloc((size_t)m.nkernels, sizeof *chosen);
  tune_result *res = calloc((size_t)m.nkernels, sizeof *res);
  int *have = calloc((size_t)m.nkernels, sizeof *have);
  int rc = best && chosen && res && have ? 0 : 1;
  if (!rc && o.alldir && start_index(&o, o.alldir))
    rc = 1;
  double t0 = now_s(), c0 = cpu_s(), acc = 0, lanes = 0;
  for (int i = 0; i < m.nkernels && !rc; i++) {
    tune_kernel *k = &m.kernels[i];
    if (o.only && strcmp(o.only, k->id))
      continue;
    if (accgpu_tune_kernel_bind(k, o.model, &o.user,
                                accgpu_tune_profile_find(&prof, k->id), err,
                                sizeof err)) {
      fprintf(stderr, "acc-tune: %s\n", err);
      rc = 1;
      break;
    }
    double t1 = now_s(), c1 = cpu_s();
    if (tune_kernel_one(&o, &m, i, &g, &best[i], &acc, &lanes)) {
      rc = 1;
      break;
    }
    if (o.timing)
      printf("tune time %s: %.2f s wall, %.2f s CPU\n", k->id, now_s() - t1,
             cpu_s() - c1);
    chosen[i] = best[i].c;
    res[i] = best[i].r;
    have[i] = 1;
  }
  double dt = now_s() - t0, dc = cpu_s() - c0;
  if (!rc && o.timing)
    printf("trace: %.3g cache accesses (L1 lines + L2 sectors) simulated: "
           "%.1f M/s CPU (%.1f M/s wall); %.3g thread accesses modeled: "
           "%.1f M/s CPU\n",
           acc, acc / dc / 1e6, acc / dt / 1e6, lanes, lanes / dc / 1e6);
  if (!rc && o.out &&
      accgpu_tune_write_schedules(o.out, &m, chosen, res, have)) {
    fprintf(stderr, "acc-tune: %s: %s\n", o.out, strerror(errno));
    rc = 1;
  }
  free(best);
  free(chosen);
  free(res);
  free(have);
  accgpu_tune_model_free(&m);
  accgpu_tune_profile_free(&prof);
  return rc;
}
