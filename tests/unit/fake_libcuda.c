/* fake_libcuda.c — a fake libcuda.so.1 (and NVRTC) for the nvidia backend's
 * tests (test_cuda.c builds it at test time into a private directory): the
 * entry points the backend uses, with host memory and strict checks. */
#include "cuda/cuda-api.h"
#include "fake_libcuda.h"
/* ---- A fake libcuda.so.1 ------------------------------------------------
 * Built at test time (cc -shared) and loaded by the backend through accgpu_cuda_driver_reset().  Device
 * memory is host memory, but every device address is checked against the
 * live allocations, contexts are a per-thread stack that must be balanced,
 * "PTX" is text whose `.entry NAME` lines name kernels, and one kernel,
 * accgpu_test_axpy(float *y, const float *x, float a, int n), really runs. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#define CUDA_ERROR_INVALID_CONTEXT 201
#define FAKE_MAX_ALLOCS 256
/* Counters are bumped from several threads; returns the old value. */
#define BUMP(v, d) __atomic_fetch_add(&(v), (d), __ATOMIC_RELAXED)


static struct fake_ctx { int dev; } fake_ctxs[FAKE_MAX_DEVS];
static struct { uintptr_t p; size_t n; int dev; } allocs[FAKE_MAX_ALLOCS];
static int cfg_ndev = 2, cfg_no_device, cfg_peer, cfg_busy;
static int cfg_cc = 90, cfg_max_threads = 1024; /* of every kernel */
static size_t cfg_total = 1 << 20, used[FAKE_MAX_DEVS];
static fake_stats st;
static _Thread_local struct fake_ctx *stack[16];
static _Thread_local int depth;
static _Thread_local int in_hostfn; /* running a cuLaunchHostFunc function */
static pthread_mutex_t fake_lock = PTHREAD_MUTEX_INITIALIZER;

struct CUstream_st { int dev; };
struct CUevent_st { int recorded; };
struct CUfunc_st { char name[64]; int shared_optin; };
struct CUmod_st { char *text; int nf; struct CUfunc_st f[8]; };

void fake_cu_config(int ndev, int no_device, size_t total, int peer,
                    int busy) {
  cfg_ndev = ndev, cfg_no_device = no_device, cfg_total = total;
  cfg_peer = peer, cfg_busy = busy;
  st.heap_dev = -1, st.heap_bytes = 0;
}
void fake_cu_arch(int cc, int max_threads) {
  cfg_cc = cc, cfg_max_threads = max_threads;
}
void fake_cu_stats(fake_stats *out) {
  *out = st;
  out->ctx_depth = depth;
}

static int cur_dev(void) { return depth ? stack[depth - 1]->dev : -1; }

/* 1 when [P, P+N) lies inside one live allocation. */
static int valid(CUdeviceptr p, size_t n) {
  int ok = 0;
  pthread_mutex_lock(&fake_lock);
  for (int i = 0; i < FAKE_MAX_ALLOCS && !ok; i++)
    ok = allocs[i].p && p >= allocs[i].p && p + n <= allocs[i].p + allocs[i].n;
  pthread_mutex_unlock(&fake_lock);
  return ok;
}

CUresult cuInit(unsigned f) { return f ? 1 : cfg_no_device ? 100 : 0; }
CUresult cuDriverGetVersion(int *v) { *v = 12040; return 0; }
CUresult cuGetErrorString(CUresult e, const char **s) {
  switch (e) {
  case 0: *s = "no error"; return 0;
  case 1: *s = "invalid argument"; return 0;
  case 2: *s = "out of memory"; return 0;
  case 201: *s = "invalid device context"; return 0;
  case 218: *s = "a PTX JIT compilation failed"; return 0;
  case 500: *s = "named symbol not found"; return 0;
  default: *s = NULL; return 1;
  }
}
CUresult cuDeviceGetCount(int *n) { *n = cfg_ndev; return 0; }
CUresult cuDeviceGet(CUdevice *d, int i) {
  if (i < 0 || i >= cfg_ndev) return 101;
  *d = i; return 0;
}
CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
  snprintf(name, (size_t)len, "Fake GPU %d", d); return 0;
}
CUresult cuDeviceTotalMem_v2(size_t *b, CUdevice d) {
  (void)d; *b = cfg_total; return 0;
}
CUresult cuDeviceGetAttribute(int *v, int a, CUdevice d) {
  (void)d;
  switch (a) {
  case 1: *v = 1024; return 0;
  case 8: *v = 48 * 1024; return 0;
  case 10: *v = 32; return 0;
  case 16: *v = 4; return 0;
  case 38: *v = 1 << 20; return 0;
  case 75: *v = cfg_cc / 10; return 0;
  case 76: *v = cfg_cc % 10; return 0;
  case 106: *v = 32; return 0;
  default: return 1;
  }
}
CUresult cuDeviceCanAccessPeer(int *can, CUdevice a, CUdevice b) {
  *can = cfg_peer && a != b; return 0;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) {
  fake_ctxs[d].dev = d; BUMP(st.retained[d], 1);
  *c = (CUcontext)&fake_ctxs[d]; return 0;
}
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d) {
  return BUMP(st.retained[d], -1) > 0 ? 0 : 1;
}
/* Every backend call starts here: none may come from a host function. */
CUresult cuCtxPushCurrent_v2(CUcontext c) {
  if (in_hostfn) { BUMP(st.hostfn_calls, 1); return 800; }
  stack[depth++] = (struct fake_ctx *)c; return 0;
}
CUresult cuCtxPopCurrent_v2(CUcontext *c) {
  if (!depth) return CUDA_ERROR_INVALID_CONTEXT;
  *c = (CUcontext)stack[--depth]; return 0;
}
CUresult cuCtxEnablePeerAccess(CUcontext peer, unsigned f) {
  (void)peer; (void)f;
  if (cur_dev() < 0) return CUDA_ERROR_INVALID_CONTEXT;
  return BUMP(st.peer_enables, 1) ? 704 : 0;
}
CUresult cuCtxSetLimit(int limit, size_t value) {
  if (cur_dev() < 0) return CUDA_ERROR_INVALID_CONTEXT;
  if (limit != CU_LIMIT_MALLOC_HEAP_SIZE) return CUDA_ERROR_INVALID_VALUE;
  st.heap_dev = cur_dev();
  st.heap_bytes = value;
  return 0;
}
CUresult cuMemGetInfo_v2(size_t *fr, size_t *tot) {
  if (cur_dev() < 0) return CUDA_ERROR_INVALID_CONTEXT;
  pthread_mutex_lock(&fake_lock);
  *fr = cfg_total - used[cur_dev()], *tot = cfg_total;
  pthread_mutex_unlock(&fake_lock);
  return 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) {
  int d = cur_dev();
  if (d < 0) return CUDA_ERROR_INVALID_CONTEXT;
  if (n == 0) return 1;
  pthread_mutex_lock(&fake_lock);
  int i = used[d] + n > cfg_total ? FAKE_MAX_ALLOCS : 0;
  while (i < FAKE_MAX_ALLOCS && allocs[i].p) i++;
  if (i < FAKE_MAX_ALLOCS) {
    allocs[i].p = (uintptr_t)malloc(n), allocs[i].n = n, allocs[i].dev = d;
    *p = allocs[i].p, used[d] += n, BUMP(st.live_allocs, 1);
  }
  pthread_mutex_unlock(&fake_lock);
  return i < FAKE_MAX_ALLOCS ? 0 : 2;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
  if (cur_dev() < 0) return CUDA_ERROR_INVALID_CONTEXT;
  int found = 0;
  pthread_mutex_lock(&fake_lock);
  for (int i = 0; i < FAKE_MAX_ALLOCS && !found; i++)
    if (allocs[i].p == p) {
      free((void *)p), used[allocs[i].dev] -= allocs[i].n;
      allocs[i].p = 0, BUMP(st.live_allocs, -1), found = 1;
    }
  pthread_mutex_unlock(&fake_lock);
  return found ? 0 : 1;
}
CUresult cuMemHostAlloc(void **p, size_t n, unsigned f) {
  if (cur_dev() < 0 || f != 1) return 1;
  *p = malloc(n), BUMP(st.live_host, 1); return 0;
}
CUresult cuMemFreeHost(void *p) { free(p), BUMP(st.live_host, -1); return 0; }

#define NEED_CTX_STREAM(s)                                                    \
  __atomic_store_n(&st.last_stream, (void *)(s), __ATOMIC_RELAXED);           \
  if (cur_dev() < 0 || !(s) || (s)->dev != cur_dev())                         \
  return CUDA_ERROR_INVALID_CONTEXT
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *h, size_t n,
                              CUstream s) {
  NEED_CTX_STREAM(s);
  if (!valid(d, n)) return 1;
  memcpy((void *)d, h, n); return 0;
}
CUresult cuMemcpyDtoHAsync_v2(void *h, CUdeviceptr d, size_t n, CUstream s) {
  NEED_CTX_STREAM(s);
  if (!valid(d, n)) return 1;
  memcpy(h, (void *)d, n); return 0;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s_, size_t n,
                              CUstream s) {
  NEED_CTX_STREAM(s);
  if (!valid(d, n) || !valid(s_, n)) return 1;
  memmove((void *)d, (void *)s_, n); return 0;
}
CUresult cuMemcpyPeerAsync(CUdeviceptr d, CUcontext dc, CUdeviceptr s_,
                           CUcontext sc, size_t n, CUstream s) {
  NEED_CTX_STREAM(s);
  if (!dc || !sc || !valid(d, n) || !valid(s_, n)) return 1;
  memmove((void *)d, (void *)s_, n); return 0;
}
CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n,
                         CUstream s) {
  NEED_CTX_STREAM(s);
  if (!valid(d, n)) return 1;
  memset((void *)d, v, n); return 0;
}
CUresult cuStreamCreate(CUstream *s, unsigned f) {
  if (cur_dev() < 0 || f != 1) return 1;
  *s = malloc(sizeof **s), (*s)->dev = cur_dev(), BUMP(st.live_streams, 1);
  return 0;
}
CUresult cuStreamDestroy_v2(CUstream s) {
  free(s), BUMP(st.live_streams, -1); return 0;
}
CUresult cuStreamSynchronize(CUstream s) { NEED_CTX_STREAM(s); return 0; }
CUresult cuStreamQuery(CUstream s) {
  NEED_CTX_STREAM(s);
  return cfg_busy ? 600 : 0;
}
CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned f) {
  NEED_CTX_STREAM(s);
  if (!e || !e->recorded || f) return 1;
  BUMP(st.waits, 1); return 0;
}
CUresult cuEventCreate(CUevent *e, unsigned f) {
  if (cur_dev() < 0 || f != 2) return 1;
  *e = calloc(1, sizeof **e), BUMP(st.live_events, 1); return 0;
}
CUresult cuEventDestroy_v2(CUevent e) {
  free(e), BUMP(st.live_events, -1); return 0;
}
CUresult cuEventRecord(CUevent e, CUstream s) {
  NEED_CTX_STREAM(s);
  e->recorded = 1, BUMP(st.records, 1); return 0;
}
CUresult cuLaunchHostFunc(CUstream s, CUhostFn fn, void *arg) {
  NEED_CTX_STREAM(s);
  in_hostfn = 1, fn(arg), in_hostfn = 0; return 0;
}
CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned nopts,
                            int *opts, void **vals) {
  if (cur_dev() < 0) return CUDA_ERROR_INVALID_CONTEXT;
  /* A fake cubin: "\177ELF NAME\n" then .entry lines; BAD_CUBIN refused. */
  int elf = !memcmp(image, "\177ELF ", 5);
  snprintf(st.image, sizeof st.image, "%.*s", elf ? (int)strcspn(
           (const char *)image + 5, "\n") : 3, elf ? (const char *)image + 5
           : "ptx");
  if (elf && strstr(image, "BAD_CUBIN")) return 209;
  if (strstr(image, "SYNTAX_ERROR")) {
    char *log = NULL;
    size_t cap = 0;
    for (unsigned i = 0; i < nopts; i++) {
      if (opts[i] == CU_JIT_ERROR_LOG_BUFFER) log = vals[i];
      if (opts[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        cap = (uintptr_t)vals[i];
    }
    if (log && cap)
      snprintf(log, cap, "ptxas application ptx input, line 3; error   : "
               "Unknown symbol 'bogus'");
    return CUDA_ERROR_INVALID_PTX;
  }
  *m = calloc(1, sizeof **m), (*m)->text = strdup(image), BUMP(st.live_modules, 1);
  return 0;
}
/* The linker: PTX texts joined, and relocatable fake cubins (an ELF
   header of type ET_REL, then text); an `.extern .func NAME` no input
   defines (`.visible .func NAME`) fails cuLinkComplete with nvlink's words;
   the "cubin" is a fake one named "linked" holding all the text. */
struct CUlinkState_st { char *text, *log; size_t cap; };
CUresult cuLinkCreate_v2(unsigned nopts, int *opts, void **vals,
                         CUlinkState *out) {
  struct CUlinkState_st *s = calloc(1, sizeof *s);
  for (unsigned i = 0; i < nopts; i++) {
    if (opts[i] == CU_JIT_ERROR_LOG_BUFFER) s->log = vals[i];
    if (opts[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      s->cap = (uintptr_t)vals[i];
  }
  s->text = strdup("\177ELF linked\n");
  *out = s, BUMP(st.live_links, 1), st.link_inputs = 0;
  return 0;
}
CUresult cuLinkAddData_v2(CUlinkState s, int type, void *data, size_t size,
                          const char *name, unsigned nopts, int *opts,
                          void **vals) {
  (void)name, (void)nopts, (void)opts, (void)vals;
  if (type == CU_JIT_INPUT_CUBIN) {
    const unsigned char *p = data;
    if (size < 19 || memcmp(p, "\177ELF", 4) || p[16] != 1 || p[size - 1])
      return CUDA_ERROR_INVALID_VALUE;
    data = (char *)data + 18;
  } else if (type != CU_JIT_INPUT_PTX) return CUDA_ERROR_INVALID_VALUE;
  size_t n = strlen(s->text), k = strlen(data);
  s->text = realloc(s->text, n + k + 2);
  memcpy(s->text + n, data, k), strcpy(s->text + n + k, "\n");
  st.link_inputs++;
  return 0;
}
CUresult cuLinkComplete(CUlinkState s, void **cubin, size_t *size) {
  const char *p = s->text, *ext = ".extern .func ";
  while ((p = strstr(p, ext))) {
    char name[64], def[96];
    p += strlen(ext);
    snprintf(name, sizeof name, "%.*s", (int)strcspn(p, " (;\n"), p);
    snprintf(def, sizeof def, ".visible .func %s", name);
    if (!strstr(s->text, def)) {
      if (s->log && s->cap)
        snprintf(s->log, s->cap, "nvlink error   : Undefined reference to "
                 "'%s'", name);
      return CUDA_ERROR_INVALID_PTX;
    }
  }
  *cubin = s->text, *size = strlen(s->text) + 1;
  return 0;
}
CUresult cuLinkDestroy(CUlinkState s) {
  free(s->text), free(s), BUMP(st.live_links, -1); return 0;
}
CUresult cuModuleUnload(CUmodule m) {
  free(m->text), free(m), BUMP(st.live_modules, -1); return 0;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  char want[80];
  snprintf(want, sizeof want, ".entry %s(", name);
  if (!strstr(m->text, want)) return CUDA_ERROR_NOT_FOUND;
  if (m->nf == 8) return 2;
  *f = &m->f[m->nf++];
  snprintf((*f)->name, sizeof (*f)->name, "%s", name);
  return 0;
}
CUresult cuFuncSetAttribute(CUfunction f, int a, int v) {
  if (a != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES || v > 100 * 1024)
    return 1;
  f->shared_optin = v; return 0;
}
CUresult cuFuncGetAttribute(int *v, int a, CUfunction f) {
  (void)f;
  *v = a == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? cfg_max_threads : 40;
  return a == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ||
         a == CU_FUNC_ATTRIBUTE_NUM_REGS ? 0 : 1;
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        CUstream s, void **params, void **extra) {
  NEED_CTX_STREAM(s);
  if (extra || bx * by * bz > (unsigned)cfg_max_threads || !gx || !gy || !gz ||
      (shared > 48 * 1024 && (int)shared > f->shared_optin))
    return 1;
  st.grid[0] = gx, st.grid[1] = gy, st.grid[2] = gz;
  st.block[0] = bx, st.block[1] = by, st.block[2] = bz, st.shared = shared;
  if (strcmp(f->name, "accgpu_test_axpy") != 0) return 0;
  float *y = (float *)(uintptr_t)*(CUdeviceptr *)params[0];
  const float *x = (const float *)(uintptr_t)*(CUdeviceptr *)params[1];
  float a = *(float *)params[2];
  int n = *(int *)params[3];
  if (n > 0 && (!valid((CUdeviceptr)(uintptr_t)y, (size_t)n * 4) ||
                !valid((CUdeviceptr)(uintptr_t)x, (size_t)n * 4)))
    return 700; /* illegal address, as a real GPU would report */
  for (long i = 0; i < n && i < (long)gx * bx; i++)
    y[i] = a * x[i] + y[i];
  return 0;
}

/* ---- A fake NVRTC in the same library: "compiles" CUDA source into the
   fake's PTX (one `.entry NAME(` line per `__global__ void NAME(`); fails
   with a log on the word SYNTAX_ERROR, and on an #include of
   accgpu_cuda.h that came without the header's text. */
struct nv_prog { char *src, *ptx, log[256]; int hdr; };
static const int fake_archs[] = {75, 80, 86, 89, 90};
const char *nvrtcGetErrorString(int r) {
  return r == 0 ? "NVRTC_SUCCESS" : r == 6 ? "NVRTC_ERROR_COMPILATION"
                                           : "NVRTC_ERROR";
}
int nvrtcGetNumSupportedArchs(int *n) { *n = 5; return 0; }
int nvrtcGetSupportedArchs(int *a) {
  memcpy(a, fake_archs, sizeof fake_archs); return 0;
}
int nvrtcCreateProgram(struct nv_prog **p, const char *src, const char *name,
                       int nh, const char *const *h, const char *const *n) {
  (void)name;
  *p = calloc(1, sizeof **p);
  (*p)->src = strdup(src);
  for (int i = 0; i < nh; i++)
    (*p)->hdr |= !strcmp(n[i], "accgpu_cuda.h") &&
                 strstr(h[i], "#define ACCGPU_CUDA_H") != NULL;
  return 0;
}
int nvrtcCompileProgram(struct nv_prog *p, int nopt, const char *const *o) {
  BUMP(st.nvrtc_compiles, 1);
  st.nvrtc_header = p->hdr;
  snprintf(st.nvrtc_arch, sizeof st.nvrtc_arch, "%s", nopt ? o[0] : "");
  if (strstr(p->src, "SYNTAX_ERROR")) {
    snprintf(p->log, sizeof p->log, "axpy.c(3): error: identifier "
             "\"SYNTAX_ERROR_bogus\" is undefined\n\n1 error detected\n");
    return 6;
  }
  if (strstr(p->src, "#include \"accgpu_cuda.h\"") && !p->hdr) {
    snprintf(p->log, sizeof p->log, "cannot open source file "
             "\"accgpu_cuda.h\"\n");
    return 6;
  }
  size_t cap = strlen(p->src) + 64, len = 0;
  p->ptx = calloc(1, cap);
  for (const char *g = p->src; (g = strstr(g, "__global__ void ")); ) {
    g += strlen("__global__ void ");
    size_t n = strcspn(g, "( ");
    len += (size_t)snprintf(p->ptx + len, cap - len, ".entry %.*s(\n",
                            (int)n, g);
  }
  return 0;
}
int nvrtcGetPTXSize(struct nv_prog *p, size_t *n) {
  *n = p->ptx ? strlen(p->ptx) + 1 : 0; return p->ptx ? 0 : 1;
}
int nvrtcGetPTX(struct nv_prog *p, char *out) {
  strcpy(out, p->ptx); return 0;
}
int nvrtcGetProgramLogSize(struct nv_prog *p, size_t *n) {
  *n = strlen(p->log) + 1; return 0;
}
int nvrtcGetProgramLog(struct nv_prog *p, char *out) {
  strcpy(out, p->log); return 0;
}
int nvrtcDestroyProgram(struct nv_prog **p) {
  free((*p)->src), free((*p)->ptx), free(*p), *p = NULL; return 0;
}

