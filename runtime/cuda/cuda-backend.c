/* cuda-backend.c — the nvidia backend: accgpu_backend over the CUDA driver
 * API (loaded by cuda-api.c).
 *
 * A device is its primary context; every call pushes that context for its
 * duration and pops it, so the calling thread's current context (which a
 * user's own CUDA code may rely on) is left as it was.  A queue is one
 * non-blocking stream plus one event used to order other queues after it;
 * its callbacks run on the device's runner thread (cuda-callback.h).
 *
 * Locks: none of our own around driver calls (the driver is thread-safe).
 * After open, a device changes only its peer-access cache (atomics) and its
 * callback runner (the runner's lock, never held across a CUDA call).
 * Every failure leaves "cuXxx(context): driver text" via accgpu_set_error;
 * nothing is ever printed. */
#include <ctype.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda-api.h"
#include "cuda-callback.h"
#include "cuda-link.h"
#include "cuda-nvrtc.h"
#include "cuda-policy.h"
#include "device.h"

#define MAX_PEERS 64
#define JIT_LOG_BYTES 8192
#define DEFAULT_SHARED_LIMIT (48 * 1024) /* above it a kernel must opt in */

struct accgpu_dev {
  int ordinal;
  CUdevice cudev;
  CUcontext ctx; /* retained primary context */
  /* Peer access towards device i: 0 unknown, 1 enabled, -1 impossible. */
  _Atomic signed char peer[MAX_PEERS];
  accgpu_cb_runner callbacks; /* runs queue callbacks off the driver */
};

struct accgpu_queue {
  struct accgpu_dev *dev;
  CUstream stream;
  int user_stream;     /* STREAM is the user's (acc_set_cuda_stream) */
  CUevent ev;          /* recorded when another queue must wait for it */
  accgpu_cb_count ncb; /* its callbacks, guarded by dev->callbacks.lock */
};

typedef struct cu_kernel {
  CUfunction fn;
  unsigned max_threads; /* per block, for its registers; 0 unknown */
  unsigned regs;        /* per thread */
} cu_kernel;

typedef struct cu_module {
  CUmodule mod;
  const __accgpu_module *desc;
  const char *image; /* what was loaded, for ACCGPU_TIME (static text) */
  cu_kernel k[];     /* one per desc->kernels[i] */
} cu_module;

/* ---- Helpers --------------------------------------------------------- */

/* Leaves "<what formatted>: <driver text>" with CODE, or R's ACCGPU_ERR_*
   code when CODE is 0.  Returns -1. */
static int failv(int code, CUresult r, const char *fmt, va_list ap) {
  char what[384];
  vsnprintf(what, sizeof what, fmt, ap);
  accgpu_set_error(code ? code : accgpu_cuda_errcode(r), "%s: %s", what,
                   accgpu_cuda_strerror(r));
  return -1;
}

/* failv with R's own code; `return fail(...)` reads as the error path. */
__attribute__((format(printf, 2, 3))) static int fail(CUresult r,
                                                      const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  failv(0, r, fmt, ap);
  va_end(ap);
  return -1;
}

/* fail for launches: any refusal (bad configuration too) is a launch error. */
__attribute__((format(printf, 2, 3))) static int
fail_launch(CUresult r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int code = accgpu_cuda_errcode(r);
  failv(code == ACCGPU_ERR_GENERIC ? ACCGPU_ERR_LAUNCH : code, r, fmt, ap);
  va_end(ap);
  return -1;
}

static CUdeviceptr dptr(const void *p) { return (CUdeviceptr)(uintptr_t)p; }

/* Makes DEV's context current for the calling thread.  Returns 0, or -1
   with the error left; on 0 the caller must call pop(). */
static int push(struct accgpu_dev *dev) {
  CUresult r = accgpu_cu.CtxPushCurrent(dev->ctx);
  return r == CUDA_SUCCESS
             ? 0
             : fail(r, "cuCtxPushCurrent_v2(device %d)", dev->ordinal);
}

static void pop(void) {
  CUcontext old;
  accgpu_cu.CtxPopCurrent(&old);
}

/* ---- Devices --------------------------------------------------------- */

static int cu_count(void) { return accgpu_cuda_driver(); }

/* ACCGPU_DEVICE_HEAP, when given: the size of the heap of kernels' malloc
   in DEV's context (CUDA's default is 8 MiB).  It must be set before any
   kernel that calls malloc is launched: here, when the device opens. */
static CUresult set_heap(struct accgpu_dev *dev) {
  int given;
  size_t bytes = accgpu_device_heap(&given);
  CUcontext prev;
  if (!given)
    return CUDA_SUCCESS;
  CUresult r = accgpu_cu.CtxPushCurrent(dev->ctx);
  if (r != CUDA_SUCCESS)
    return r;
  r = accgpu_cu.CtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, bytes);
  accgpu_cu.CtxPopCurrent(&prev);
  return r;
}

/* Returns 0 and *OUT (caller closes it with cu_close), or -1. */
static int cu_open(int ordinal, struct accgpu_dev **out) {
  if (ordinal < 0 || ordinal >= accgpu_cuda_driver()) {
    accgpu_set_error(ACCGPU_ERR_GENERIC, "nvidia: no device %d", ordinal);
    return -1;
  }
  struct accgpu_dev *dev = calloc(1, sizeof *dev);
  if (!dev) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "nvidia: device %d: out of memory",
                     ordinal);
    return -1;
  }
  dev->ordinal = ordinal;
  CUresult r = accgpu_cu.DeviceGet(&dev->cudev, ordinal);
  if (r != CUDA_SUCCESS) {
    free(dev);
    return fail(r, "cuDeviceGet(%d)", ordinal);
  }
  r = accgpu_cu.PrimaryCtxRetain(&dev->ctx, dev->cudev);
  if (r != CUDA_SUCCESS) {
    free(dev);
    return fail(r, "cuDevicePrimaryCtxRetain(device %d)", ordinal);
  }
  r = set_heap(dev);
  if (r != CUDA_SUCCESS) {
    accgpu_cu.PrimaryCtxRelease(dev->cudev);
    free(dev);
    return fail(r, "cuCtxSetLimit(device %d, CU_LIMIT_MALLOC_HEAP_SIZE, "
                "ACCGPU_DEVICE_HEAP=%zu bytes)", ordinal,
                accgpu_device_heap(NULL));
  }
  accgpu_cb_init(&dev->callbacks);
  *out = dev;
  return 0;
}

/* Every queue of DEV must be destroyed already. */
static void cu_close(struct accgpu_dev *dev) {
  if (!dev)
    return;
  accgpu_cb_fini(&dev->callbacks);
  accgpu_cu.PrimaryCtxRelease(dev->cudev);
  free(dev);
}

/* Returns the attribute, or 0 when the driver does not know it. */
static uint32_t attr(struct accgpu_dev *dev, int which) {
  int v = 0;
  if (accgpu_cu.DeviceGetAttribute(&v, which, dev->cudev) != CUDA_SUCCESS)
    return 0;
  return v > 0 ? (uint32_t)v : 0;
}

static int cu_props(struct accgpu_dev *dev, accgpu_devprops *out) {
  memset(out, 0, sizeof *out);
  CUresult r =
      accgpu_cu.DeviceGetName(out->name, sizeof out->name - 1, dev->cudev);
  if (r != CUDA_SUCCESS)
    return fail(r, "cuDeviceGetName(device %d)", dev->ordinal);
  r = accgpu_cu.DeviceTotalMem(&out->total_mem, dev->cudev);
  if (r != CUDA_SUCCESS)
    return fail(r, "cuDeviceTotalMem_v2(device %d)", dev->ordinal);
  snprintf(out->vendor, sizeof out->vendor, "NVIDIA");
  int v = 0;
  if (accgpu_cu.DriverGetVersion(&v) == CUDA_SUCCESS)
    snprintf(out->driver, sizeof out->driver, "CUDA %d.%d", v / 1000,
             v % 1000 / 10);
  out->sm_count = attr(dev, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  out->max_threads_per_block =
      attr(dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  out->max_blocks_per_sm =
      attr(dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
  out->warp_size = attr(dev, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  out->shared_mem_per_block =
      attr(dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
  out->l2_bytes = attr(dev, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  out->cc_major = (int)attr(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  out->cc_minor = (int)attr(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  return 0;
}

static int cu_mem_info(struct accgpu_dev *dev, size_t *free_b,
                       size_t *total_b) {
  if (push(dev) != 0)
    return -1;
  CUresult r = accgpu_cu.MemGetInfo(free_b, total_b);
  pop();
  return r == CUDA_SUCCESS
             ? 0
             : fail(r, "cuMemGetInfo_v2(device %d)", dev->ordinal);
}

/* ---- Memory ---------------------------------------------------------- */

/* A zero-byte request gets one byte, so every allocation is a distinct,
   freeable address. */
static int cu_mem_alloc(struct accgpu_dev *dev, size_t bytes, void **out) {
  if (push(dev) != 0)
    return -1;
  CUdeviceptr p = 0;
  CUresult r = accgpu_cu.MemAlloc(&p, bytes ? bytes : 1);
  pop();
  if (r != CUDA_SUCCESS)
    return fail(r, "cuMemAlloc_v2(device %d, %zu B)", dev->ordinal, bytes);
  *out = (void *)(uintptr_t)p;
  return 0;
}

static int cu_mem_free(struct accgpu_dev *dev, void *p) {
  if (!p)
    return 0;
  if (push(dev) != 0)
    return -1;
  CUresult r = accgpu_cu.MemFree(dptr(p));
  pop();
  return r == CUDA_SUCCESS
             ? 0
             : fail(r, "cuMemFree_v2(device %d, %p)", dev->ordinal, p);
}

/* Portable pinned memory: usable for async copies with every device. */
static int cu_host_alloc(struct accgpu_dev *dev, size_t bytes, void **out) {
  if (push(dev) != 0)
    return -1;
  CUresult r =
      accgpu_cu.MemHostAlloc(out, bytes ? bytes : 1, CU_MEMHOSTALLOC_PORTABLE);
  pop();
  return r == CUDA_SUCCESS
             ? 0
             : fail(r, "cuMemHostAlloc(device %d, %zu B)", dev->ordinal, bytes);
}

static int cu_host_free(struct accgpu_dev *dev, void *p) {
  if (!p)
    return 0;
  if (push(dev) != 0)
    return -1;
  CUresult r = accgpu_cu.MemFreeHost(p);
  pop();
  return r == CUDA_SUCCESS
             ? 0
             : fail(r, "cuMemFreeHost(device %d, %p)", dev->ordinal, p);
}

/* ---- Queues ---------------------------------------------------------- */

static int cu_queue_create(struct accgpu_dev *dev, struct accgpu_queue **out) {
  struct accgpu_queue *q = calloc(1, sizeof *q);
  if (!q) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "nvidia: queue: out of memory");
    return -1;
  }
  q->dev = dev;
  if (push(dev) != 0) {
    free(q);
    return -1;
  }
  CUresult r = accgpu_cu.StreamCreate(&q->stream, CU_STREAM_NON_BLOCKING);
  if (r != CUDA_SUCCESS) {
    pop();
    free(q);
    return fail(r, "cuStreamCreate(device %d)", dev->ordinal);
  }
  r = accgpu_cu.EventCreate(&q->ev, CU_EVENT_DISABLE_TIMING);
  if (r != CUDA_SUCCESS) {
    accgpu_cu.StreamDestroy(q->stream);
    pop();
    free(q);
    return fail(r, "cuEventCreate(device %d)", dev->ordinal);
  }
  pop();
  *out = q;
  return 0;
}

/* Waits for Q's work and callbacks (they may use memory the caller frees
   next), then destroys it.  Returns the first error, Q is freed anyway. */
static int cu_queue_destroy(struct accgpu_queue *q) {
  int dev = q->dev->ordinal;
  if (push(q->dev) != 0)
    return -1;
  unsigned long ncb = accgpu_cb_posted(&q->dev->callbacks, &q->ncb);
  CUresult r1 = accgpu_cu.StreamSynchronize(q->stream);
  if (r1 == CUDA_SUCCESS) /* after a fault, handed-off ones never come */
    accgpu_cb_wait(&q->dev->callbacks, &q->ncb, ncb);
  CUresult r2 = accgpu_cu.EventDestroy(q->ev);
  CUresult r3 = q->user_stream ? CUDA_SUCCESS
                               : accgpu_cu.StreamDestroy(q->stream);
  pop();
  free(q);
  if (r1 != CUDA_SUCCESS)
    return fail(r1, "cuStreamSynchronize(device %d)", dev);
  if (r2 != CUDA_SUCCESS)
    return fail(r2, "cuEventDestroy_v2(device %d)", dev);
  if (r3 != CUDA_SUCCESS)
    return fail(r3, "cuStreamDestroy_v2(device %d)", dev);
  return 0;
}

/* Waits for the stream, then for the callbacks it handed off.  Errors of
   earlier asynchronous work (a faulting kernel) surface here. */
static int cu_queue_sync(struct accgpu_queue *q) {
  if (push(q->dev) != 0)
    return -1;
  unsigned long ncb = accgpu_cb_posted(&q->dev->callbacks, &q->ncb);
  CUresult r = accgpu_cu.StreamSynchronize(q->stream);
  pop();
  if (r != CUDA_SUCCESS)
    return fail(r, "cuStreamSynchronize(device %d)", q->dev->ordinal);
  accgpu_cb_wait(&q->dev->callbacks, &q->ncb, ncb);
  return 0;
}

static int cu_queue_query(struct accgpu_queue *q) {
  if (push(q->dev) != 0)
    return -1;
  CUresult r = accgpu_cu.StreamQuery(q->stream);
  pop();
  if (r == CUDA_SUCCESS)
    return accgpu_cb_idle(&q->dev->callbacks, &q->ncb);
  if (r == CUDA_ERROR_NOT_READY)
    return 0;
  return fail(r, "cuStreamQuery(device %d)", q->dev->ordinal);
}

/* Records OTHER's event and makes Q wait for it.  Re-recording the event
   later is safe: a wait binds to the record current when it was queued. */
static int cu_queue_wait_queue(struct accgpu_queue *q,
                               struct accgpu_queue *other) {
  if (q == other)
    return 0;
  if (push(other->dev) != 0)
    return -1;
  CUresult r = accgpu_cu.EventRecord(other->ev, other->stream);
  pop();
  if (r != CUDA_SUCCESS)
    return fail(r, "cuEventRecord(device %d)", other->dev->ordinal);
  if (push(q->dev) != 0)
    return -1;
  r = accgpu_cu.StreamWaitEvent(q->stream, other->ev, 0);
  pop();
  return r == CUDA_SUCCESS
             ? 0
             : fail(r, "cuStreamWaitEvent(device %d)", q->dev->ordinal);
}

/* FN(ARG) runs on the device's callback runner once the stream reaches
   this point, so FN may call into the backend (cuda-callback.h). */
static int cu_queue_callback(struct accgpu_queue *q, void (*fn)(void *),
                             void *arg) {
  struct accgpu_cb_item *it =
      accgpu_cb_prepare(&q->dev->callbacks, &q->ncb, fn, arg);
  if (!it) {
    accgpu_set_error(ACCGPU_ERR_NOMEM,
                     "nvidia: device %d: cannot start the "
                     "callback thread",
                     q->dev->ordinal);
    return -1;
  }
  if (push(q->dev) != 0) {
    accgpu_cb_cancel(it);
    return -1;
  }
  CUresult r = accgpu_cu.LaunchHostFunc(q->stream, accgpu_cb_host_fn, it);
  pop();
  if (r == CUDA_SUCCESS)
    return 0;
  accgpu_cb_cancel(it);
  return fail(r, "cuLaunchHostFunc(device %d)", q->dev->ordinal);
}

/* Binds STREAM (the user's, or NULL for a new one of our own) to Q once
   Q's queued work and callbacks are done; our old stream is destroyed, a
   user's is left to the user.  Returns 0 or -1 (Q unchanged). */
static int cu_queue_bind(struct accgpu_queue *q, void *stream) {
  if (cu_queue_sync(q) != 0)
    return -1;
  if (push(q->dev) != 0)
    return -1;
  CUstream s = stream;
  CUresult r = s ? CUDA_SUCCESS
                 : accgpu_cu.StreamCreate(&s, CU_STREAM_NON_BLOCKING);
  if (r == CUDA_SUCCESS && !q->user_stream)
    accgpu_cu.StreamDestroy(q->stream);
  pop();
  if (r != CUDA_SUCCESS)
    return fail(r, "cuStreamCreate(device %d)", q->dev->ordinal);
  q->stream = s;
  q->user_stream = stream != NULL;
  return 0;
}

/* Native handles for acc_get_current_cuda_device/context and
   acc_get_cuda_stream (device.h). */
static void *cu_native(struct accgpu_dev *dev, struct accgpu_queue *q,
                       int kind) {
  switch (kind) {
  case ACCGPU_NATIVE_DEVICE: return &dev->cudev;
  case ACCGPU_NATIVE_CONTEXT: return dev->ctx;
  case ACCGPU_NATIVE_STREAM: return q ? q->stream : NULL;
  default: return NULL;
  }
}

/* ---- Copies ---------------------------------------------------------- */

static int cu_copy_h2d(struct accgpu_queue *q, void *dst, const void *src,
                       size_t bytes) {
  if (push(q->dev) != 0)
    return -1;
  CUresult r = accgpu_cu.MemcpyHtoDAsync(dptr(dst), src, bytes, q->stream);
  pop();
  return r == CUDA_SUCCESS ? 0
                           : fail(r, "cuMemcpyHtoDAsync_v2(device %d, %zu B)",
                                  q->dev->ordinal, bytes);
}

static int cu_copy_d2h(struct accgpu_queue *q, void *dst, const void *src,
                       size_t bytes) {
  if (push(q->dev) != 0)
    return -1;
  CUresult r = accgpu_cu.MemcpyDtoHAsync(dst, dptr(src), bytes, q->stream);
  pop();
  return r == CUDA_SUCCESS ? 0
                           : fail(r, "cuMemcpyDtoHAsync_v2(device %d, %zu B)",
                                  q->dev->ordinal, bytes);
}

static int cu_copy_d2d(struct accgpu_queue *q, void *dst, const void *src,
                       size_t bytes) {
  if (push(q->dev) != 0)
    return -1;
  CUresult r =
      accgpu_cu.MemcpyDtoDAsync(dptr(dst), dptr(src), bytes, q->stream);
  pop();
  return r == CUDA_SUCCESS ? 0
                           : fail(r, "cuMemcpyDtoDAsync_v2(device %d, %zu B)",
                                  q->dev->ordinal, bytes);
}

static int cu_memset(struct accgpu_queue *q, void *dst, int byte,
                     size_t bytes) {
  if (push(q->dev) != 0)
    return -1;
  CUresult r =
      accgpu_cu.MemsetD8Async(dptr(dst), (unsigned char)byte, bytes, q->stream);
  pop();
  return r == CUDA_SUCCESS ? 0
                           : fail(r, "cuMemsetD8Async(device %d, %zu B)",
                                  q->dev->ordinal, bytes);
}

/* Enables access from FROM's context to TO's memory once.  Returns 1 when
   FROM can reach TO, 0 when it cannot, -1 on a driver error.  FROM's
   context is current. */
static int peer_enable(struct accgpu_dev *from, struct accgpu_dev *to) {
  _Atomic signed char *st =
      to->ordinal < MAX_PEERS ? &from->peer[to->ordinal] : NULL;
  if (st && atomic_load(st) != 0)
    return atomic_load(st) > 0;
  int can = 0;
  CUresult r = accgpu_cu.DeviceCanAccessPeer(&can, from->cudev, to->cudev);
  if (r != CUDA_SUCCESS)
    return fail(r, "cuDeviceCanAccessPeer(device %d, device %d)", from->ordinal,
                to->ordinal);
  if (can) {
    r = accgpu_cu.CtxEnablePeerAccess(to->ctx, 0);
    if (r == CUDA_ERROR_PEER_ACCESS_UNSUPPORTED)
      can = 0;
    else if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
      return fail(r, "cuCtxEnablePeerAccess(device %d -> device %d)",
                  from->ordinal, to->ordinal);
  }
  if (st)
    atomic_store(st, can ? 1 : -1);
  return can;
}

/* Copies between devices on Q (a queue of either device).  -1 with
   ACCGPU_ERR_UNSUPPORTED when the devices cannot reach each other. */
static int cu_copy_peer(struct accgpu_queue *q, struct accgpu_dev *dst_dev,
                        void *dst, struct accgpu_dev *src_dev, const void *src,
                        size_t bytes) {
  if (dst_dev->cudev == src_dev->cudev)
    return cu_copy_d2d(q, dst, src, bytes);
  if (push(q->dev) != 0)
    return -1;
  struct accgpu_dev *other = q->dev == src_dev ? dst_dev : src_dev;
  int can = peer_enable(q->dev, other);
  CUresult r = CUDA_SUCCESS;
  if (can > 0)
    r = accgpu_cu.MemcpyPeerAsync(dptr(dst), dst_dev->ctx, dptr(src),
                                  src_dev->ctx, bytes, q->stream);
  pop();
  if (can < 0)
    return -1;
  if (can == 0) {
    accgpu_set_error(ACCGPU_ERR_UNSUPPORTED,
                     "nvidia: device %d cannot access device %d (no peer "
                     "access)",
                     q->dev->ordinal, other->ordinal);
    return -1;
  }
  return r == CUDA_SUCCESS
             ? 0
             : fail(r, "cuMemcpyPeerAsync(device %d -> device %d, %zu B)",
                    src_dev->ordinal, dst_dev->ordinal, bytes);
}

/* ---- Modules and launches -------------------------------------------- */

/* JIT-compiles PTX (MOD's, or compiled from its source) for DEV.  Returns 0
   and *OUT, or -1 with the JIT log in the message.  The caller's push is
   current. */
static int load_ptx(struct accgpu_dev *dev, const __accgpu_module *mod,
                    const char *ptx, CUmodule *out) {
  static _Thread_local char err_log[JIT_LOG_BYTES], info_log[JIT_LOG_BYTES];
  err_log[0] = info_log[0] = '\0';
  int opts[4] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                 CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *vals[4] = {err_log, (void *)(uintptr_t)sizeof err_log, info_log,
                   (void *)(uintptr_t)sizeof info_log};
  CUresult r = accgpu_cu.ModuleLoadDataEx(out, ptx, 4, opts, vals);
  if (r == CUDA_SUCCESS)
    return 0;
  err_log[sizeof err_log - 1] = '\0';
  size_t n = strlen(err_log); /* the JIT ends its log with a newline */
  while (n > 0 && isspace((unsigned char)err_log[n - 1]))
    err_log[--n] = '\0';
  /* The log goes last: a long one is cut by the error buffer, not the
     driver's own text. */
  accgpu_set_error(accgpu_cuda_errcode(r),
                   "cuModuleLoadDataEx(%s, device %d): "
                   "%s%s%s",
                   mod->source_file ? mod->source_file : "module", dev->ordinal,
                   accgpu_cuda_strerror(r), err_log[0] ? ": " : "", err_log);
  return -1;
}

/* Looks up every kernel of MOD in H->mod with its thread limit.  Returns
   0 or -1. */
static int find_kernels(cu_module *h, const __accgpu_module *mod, int ord) {
  for (uint32_t i = 0; i < mod->nkernels; i++) {
    const char *name = mod->kernels[i].name;
    CUresult r = accgpu_cu.ModuleGetFunction(&h->k[i].fn, h->mod, name);
    if (r != CUDA_SUCCESS)
      return fail(r, "cuModuleGetFunction('%s' in %s, device %d)", name,
                  mod->source_file ? mod->source_file : "module", ord);
    int v = 0;
    if (accgpu_cu.FuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                   h->k[i].fn) == CUDA_SUCCESS && v > 0)
      h->k[i].max_threads = (unsigned)v;
    if (accgpu_cu.FuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_NUM_REGS,
                                   h->k[i].fn) == CUDA_SUCCESS && v > 0)
      h->k[i].regs = (unsigned)v;
  }
  return 0;
}

/* Loads IMAGE (a cubin or PTX) of MOD into H on DEV with its kernels:
   JIT_LOG keeps the JIT's log in the error (PTX).  Returns 0 or -1. */
static int load_image(struct accgpu_dev *dev, const __accgpu_module *mod,
                      const void *image, int jit_log, cu_module *h) {
  if (push(dev) != 0)
    return -1;
  int rc = 0;
  if (jit_log)
    rc = load_ptx(dev, mod, image, &h->mod);
  else {
    CUresult r = accgpu_cu.ModuleLoadDataEx(&h->mod, image, 0, NULL, NULL);
    if (r != CUDA_SUCCESS)
      rc = fail(r, "cuModuleLoadDataEx(%s, cubin, device %d)",
                mod->source_file ? mod->source_file : "module", dev->ordinal);
  }
  if (rc == 0 && (rc = find_kernels(h, mod, dev->ordinal)) != 0)
    accgpu_cu.ModuleUnload(h->mod);
  pop();
  return rc;
}

/* Loads MOD's PTX (compiled from its CUDA source by NVRTC when it has
   none) into H.  Returns 0 or -1. */
static int load_jit(struct accgpu_dev *dev, const __accgpu_module *mod,
                    int major, int minor, cu_module *h) {
  const char *ptx = mod->ptx;
  /* Built without the toolkit: NVRTC compiles the CUDA source here. */
  if (!ptx && accgpu_nvrtc_ptx(mod, major, minor, &ptx) != 0)
    return -1;
  if (load_image(dev, mod, ptx, 1, h) != 0)
    return -1;
  if (!mod->ptx)
    h->image = "CUDA source (NVRTC, then PTX JIT)";
  else if (!h->image)
    h->image = "PTX (JIT)";
  return 0;
}

/* MOD linked with the units whose routines it calls (cuda-link.c), into
   H: their relocatable cubins for DEV (no JIT), else (or when the driver
   refuses them) their PTX.  Returns 0 or -1. */
static int load_linked(struct accgpu_dev *dev, const __accgpu_module *mod,
                       int major, int minor, cu_module *h) {
  if (push(dev) != 0)
    return -1;
  int rc = -1, jit = 0;
  for (int cubins = 1; cubins >= 0 && rc != 0; cubins--) {
    rc = accgpu_cuda_link(mod, dev->ordinal, major, minor, cubins, &h->mod,
                          &jit);
    if (rc == 0 && (rc = find_kernels(h, mod, dev->ordinal)) != 0)
      accgpu_cu.ModuleUnload(h->mod);
  }
  h->image = jit ? "linked PTX (JIT)" : "linked cubins";
  pop();
  return rc;
}

/* *HANDLE gets a cu_module the caller releases with cu_module_unload: the
   cubin for DEV's architecture when MOD has one, else (or when the driver
   refuses it) its PTX, JIT-compiled; linked with other units' PTX when it
   calls their routines. */
static int cu_module_load(struct accgpu_dev *dev, const __accgpu_module *mod,
                          void **handle) {
  cu_module *h = calloc(1, sizeof *h + mod->nkernels * sizeof h->k[0]);
  if (!h) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "nvidia: %s: out of memory",
                     mod->source_file ? mod->source_file : "module");
    return -1;
  }
  h->desc = mod;
  int major = (int)attr(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  int minor = (int)attr(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  int c = accgpu_cuda_pick_cubin(mod->cubins, mod->ncubins, major, minor);
  int rc = -1;
  if (mod->nimports ||
      (c >= 0 && accgpu_cuda_cubin_relocatable(&mod->cubins[c]))) {
    if (load_linked(dev, mod, major, minor, h) != 0) {
      free(h);
      return -1;
    }
    *handle = h;
    return 0;
  }
  if (c >= 0 && (rc = load_image(dev, mod, mod->cubins[c].image, 0, h)) == 0)
    h->image = mod->cubins[c].name ? mod->cubins[c].name : "cubin";
  if (rc != 0 && c >= 0) /* never fatal: the PTX runs everywhere */
    h->image = "PTX (JIT; the driver refused the cubin)";
  if (rc != 0 && (rc = load_jit(dev, mod, major, minor, h)) != 0) {
    free(h);
    return -1;
  }
  *handle = h;
  return 0;
}

/* What cu_module_load loaded ("cubin sm_90", "PTX (JIT)"). */
static const char *cu_module_desc(void *handle) {
  return ((cu_module *)handle)->image;
}

static int cu_module_unload(struct accgpu_dev *dev, void *handle) {
  cu_module *h = handle;
  if (!h)
    return 0;
  if (push(dev) != 0)
    return -1;
  CUresult r = accgpu_cu.ModuleUnload(h->mod);
  pop();
  free(h);
  return r == CUDA_SUCCESS ? 0
                           : fail(r, "cuModuleUnload(device %d)", dev->ordinal);
}

/* The block C asks for into *BX, *BY, with fewer workers or lanes when
   the kernel's registers limit its threads (cuda-policy.h).  Returns 0, or
   -1 with an error naming the kernel, the block and the limit. */
static int fit_block(const cu_module *h, unsigned kernel,
                     const accgpu_launch_cfg *c, int ord, unsigned *bx,
                     unsigned *by) {
  const cu_kernel *k = &h->k[kernel];
  *bx = c->block.x, *by = c->block.y;
  if (accgpu_cuda_fit_block(bx, by, c->block.z, k->max_threads) >= 0)
    return 0;
  accgpu_set_error(ACCGPU_ERR_LAUNCH,
                   "nvidia: kernel '%s' takes at most %u threads per block "
                   "on device %d (it uses %u registers per thread); the "
                   "launch asks for block %ux%ux%u",
                   h->desc->kernels[kernel].name, k->max_threads, ord, k->regs,
                   c->block.x, c->block.y, c->block.z);
  return -1;
}

/* ARGS follows cuLaunchKernel: ARGS[i] points at parameter i's value.
   Dynamic shared memory above 48 KiB needs the kernel's opt-in first. */
static int cu_launch(struct accgpu_queue *q, void *module_handle,
                     unsigned kernel, const accgpu_launch_cfg *c, void **args) {
  cu_module *h = module_handle;
  if (kernel >= h->desc->nkernels) {
    accgpu_set_error(ACCGPU_ERR_LAUNCH,
                     "nvidia: kernel %u of %s: no such "
                     "kernel",
                     kernel, h->desc->source_file);
    return -1;
  }
  const char *name = h->desc->kernels[kernel].name;
  unsigned bx, by;
  if (fit_block(h, kernel, c, q->dev->ordinal, &bx, &by) != 0 ||
      push(q->dev) != 0)
    return -1;
  CUfunction fn = h->k[kernel].fn;
  CUresult r = CUDA_SUCCESS;
  if (c->shared_bytes > DEFAULT_SHARED_LIMIT)
    r = accgpu_cu.FuncSetAttribute(
        fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        (int)c->shared_bytes);
  if (r == CUDA_SUCCESS)
    r = accgpu_cu.LaunchKernel(fn, c->grid.x, c->grid.y, c->grid.z, bx, by,
                               c->block.z, c->shared_bytes, q->stream, args,
                               NULL);
  pop();
  if (r == CUDA_SUCCESS)
    return 0;
  return fail_launch(r,
                     "cuLaunchKernel('%s', grid %ux%ux%u, block "
                     "%ux%ux%u, %u B shared, device %d)",
                     name, c->grid.x, c->grid.y, c->grid.z, bx, by,
                     c->block.z, c->shared_bytes, q->dev->ordinal);
}

const accgpu_backend accgpu_backend_nvidia = {
    .name = "nvidia",
    .type = acc_device_nvidia,
    .count = cu_count,
    .open = cu_open,
    .close = cu_close,
    .props = cu_props,
    .mem_info = cu_mem_info,
    .mem_alloc = cu_mem_alloc,
    .mem_free = cu_mem_free,
    .host_alloc = cu_host_alloc,
    .host_free = cu_host_free,
    .queue_create = cu_queue_create,
    .queue_destroy = cu_queue_destroy,
    .queue_sync = cu_queue_sync,
    .queue_query = cu_queue_query,
    .queue_wait_queue = cu_queue_wait_queue,
    .queue_callback = cu_queue_callback,
    .copy_h2d = cu_copy_h2d,
    .copy_d2h = cu_copy_d2h,
    .copy_d2d = cu_copy_d2d,
    .memset = cu_memset,
    .copy_peer = cu_copy_peer,
    .module_load = cu_module_load,
    .module_unload = cu_module_unload,
    .launch = cu_launch,
    .native = cu_native,
    .queue_bind = cu_queue_bind,
    .module_desc = cu_module_desc,
};
