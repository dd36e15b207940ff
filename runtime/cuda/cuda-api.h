/* cuda-api.h — the part of the CUDA driver API the nvidia backend uses,
 * declared here from the driver API documentation so that libaccgpu builds
 * without cuda.h and runs without libcuda.so.1.  The driver is reached only
 * through the table `accgpu_cu`, filled by dlsym (cuda-api.c).
 *
 * Symbol names are those the driver exports, i.e. the `_v2` names where
 * cuda.h maps the plain name to one (cuMemAlloc -> cuMemAlloc_v2).        */
#ifndef ACCGPU_CUDA_API_H
#define ACCGPU_CUDA_API_H 1

#include <stddef.h>

typedef int CUresult;                  /* enum cudaError_enum */
typedef int CUdevice;
typedef unsigned long long CUdeviceptr; /* 64-bit on every 64-bit target */
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUlinkState_st *CUlinkState;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef void (*CUhostFn)(void *user_data);

/* CUresult values the backend looks at. */
enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_NOT_SUPPORTED = 801
};

/* CUdevice_attribute values. */
enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106
};

/* CUlimit values (cuCtxSetLimit). */
enum { CU_LIMIT_MALLOC_HEAP_SIZE = 2 };

/* CUjit_option values. */
enum {
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
};

/* CUjitInputType values (cuLinkAddData). */
enum { CU_JIT_INPUT_CUBIN = 0, CU_JIT_INPUT_PTX = 1 };

/* Flags. */
enum {
  CU_STREAM_NON_BLOCKING = 0x1,
  CU_EVENT_DISABLE_TIMING = 0x2,
  CU_MEMHOSTALLOC_PORTABLE = 0x1,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
};

/* CUfunction_attribute values read with cuFuncGetAttribute. */
enum {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4
};

/* X(field, exported symbol, parameter list): one line per entry point. */
#define ACCGPU_CU_ENTRY_POINTS(X)                                             \
  X(Init, cuInit, (unsigned flags))                                           \
  X(DriverGetVersion, cuDriverGetVersion, (int *version))                     \
  X(GetErrorString, cuGetErrorString, (CUresult e, const char **str))         \
  X(DeviceGetCount, cuDeviceGetCount, (int *count))                           \
  X(DeviceGet, cuDeviceGet, (CUdevice *dev, int ordinal))                     \
  X(DeviceGetName, cuDeviceGetName, (char *name, int len, CUdevice dev))      \
  X(DeviceTotalMem, cuDeviceTotalMem_v2, (size_t *bytes, CUdevice dev))       \
  X(DeviceGetAttribute, cuDeviceGetAttribute,                                 \
    (int *value, int attrib, CUdevice dev))                                   \
  X(DeviceCanAccessPeer, cuDeviceCanAccessPeer,                               \
    (int *can, CUdevice dev, CUdevice peer))                                  \
  X(PrimaryCtxRetain, cuDevicePrimaryCtxRetain, (CUcontext *ctx, CUdevice d)) \
  X(PrimaryCtxRelease, cuDevicePrimaryCtxRelease_v2, (CUdevice dev))          \
  X(CtxPushCurrent, cuCtxPushCurrent_v2, (CUcontext ctx))                     \
  X(CtxPopCurrent, cuCtxPopCurrent_v2, (CUcontext *ctx))                      \
  X(CtxEnablePeerAccess, cuCtxEnablePeerAccess,                               \
    (CUcontext peer, unsigned flags))                                         \
  X(CtxSetLimit, cuCtxSetLimit, (int limit, size_t value))                    \
  X(MemGetInfo, cuMemGetInfo_v2, (size_t *free_b, size_t *total_b))           \
  X(MemAlloc, cuMemAlloc_v2, (CUdeviceptr *dptr, size_t bytes))               \
  X(MemFree, cuMemFree_v2, (CUdeviceptr dptr))                                \
  X(MemHostAlloc, cuMemHostAlloc, (void **p, size_t bytes, unsigned flags))   \
  X(MemFreeHost, cuMemFreeHost, (void *p))                                    \
  X(MemcpyHtoDAsync, cuMemcpyHtoDAsync_v2,                                    \
    (CUdeviceptr dst, const void *src, size_t n, CUstream s))                 \
  X(MemcpyDtoHAsync, cuMemcpyDtoHAsync_v2,                                    \
    (void *dst, CUdeviceptr src, size_t n, CUstream s))                       \
  X(MemcpyDtoDAsync, cuMemcpyDtoDAsync_v2,                                    \
    (CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s))                 \
  X(MemcpyPeerAsync, cuMemcpyPeerAsync,                                       \
    (CUdeviceptr dst, CUcontext dctx, CUdeviceptr src, CUcontext sctx,        \
     size_t n, CUstream s))                                                   \
  X(MemsetD8Async, cuMemsetD8Async,                                           \
    (CUdeviceptr dst, unsigned char v, size_t n, CUstream s))                 \
  X(StreamCreate, cuStreamCreate, (CUstream *s, unsigned flags))              \
  X(StreamDestroy, cuStreamDestroy_v2, (CUstream s))                          \
  X(StreamSynchronize, cuStreamSynchronize, (CUstream s))                     \
  X(StreamQuery, cuStreamQuery, (CUstream s))                                 \
  X(StreamWaitEvent, cuStreamWaitEvent,                                       \
    (CUstream s, CUevent e, unsigned flags))                                  \
  X(EventCreate, cuEventCreate, (CUevent *e, unsigned flags))                 \
  X(EventDestroy, cuEventDestroy_v2, (CUevent e))                             \
  X(EventRecord, cuEventRecord, (CUevent e, CUstream s))                      \
  X(LaunchHostFunc, cuLaunchHostFunc, (CUstream s, CUhostFn fn, void *arg))   \
  X(ModuleLoadDataEx, cuModuleLoadDataEx,                                     \
    (CUmodule *m, const void *image, unsigned nopts, int *opts, void **vals)) \
  X(ModuleUnload, cuModuleUnload, (CUmodule m))                               \
  X(LinkCreate, cuLinkCreate_v2,                                              \
    (unsigned nopts, int *opts, void **vals, CUlinkState *st))                \
  X(LinkAddData, cuLinkAddData_v2,                                            \
    (CUlinkState st, int type, void *data, size_t size, const char *name,     \
     unsigned nopts, int *opts, void **vals))                                 \
  X(LinkComplete, cuLinkComplete,                                             \
    (CUlinkState st, void **cubin, size_t *size))                             \
  X(LinkDestroy, cuLinkDestroy, (CUlinkState st))                             \
  X(ModuleGetFunction, cuModuleGetFunction,                                   \
    (CUfunction *f, CUmodule m, const char *name))                            \
  X(FuncSetAttribute, cuFuncSetAttribute,                                     \
    (CUfunction f, int attrib, int value))                                    \
  X(FuncGetAttribute, cuFuncGetAttribute,                                     \
    (int *value, int attrib, CUfunction f))                                   \
  X(LaunchKernel, cuLaunchKernel,                                             \
    (CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,        \
     unsigned by, unsigned bz, unsigned shared, CUstream s, void **params,    \
     void **extra))

#define ACCGPU_CU_FIELD(field, sym, params) CUresult (*field) params;
typedef struct accgpu_cu_api {
  ACCGPU_CU_ENTRY_POINTS(ACCGPU_CU_FIELD)
} accgpu_cu_api;
#undef ACCGPU_CU_FIELD

/* The loaded driver; valid only after accgpu_cuda_driver() returned 0. */
extern accgpu_cu_api accgpu_cu;

/* Loads the driver once (dlopen "libcuda.so.1", every entry point, cuInit)
   and returns the number of devices, 0 when there is no driver, a symbol is
   missing, cuInit fails or there is no GPU.  Never prints.  Thread-safe. */
int accgpu_cuda_driver(void);

/* Tests only: forget the loaded driver (dlclose) and make the next
   accgpu_cuda_driver() load PATH instead, or "libcuda.so.1" when PATH is
   NULL.  No device, queue or module of the old driver may still be open. */
void accgpu_cuda_driver_reset(const char *path);

/* Text of a CUresult, "CUDA error N" when the driver has none.  Static
   storage. */
const char *accgpu_cuda_strerror(CUresult r);

/* The ACCGPU_ERR_* code a CUresult maps to (out of memory -> NOMEM, ...). */
int accgpu_cuda_errcode(CUresult r);

#endif /* ACCGPU_CUDA_API_H */
