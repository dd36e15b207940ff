/* cuda-api.c — loads the CUDA driver with dlopen so libaccgpu runs on
 * machines without it.  Any failure (no library, a missing entry point, no
 * GPU) just means zero devices: nothing is ever printed. */
#include <dlfcn.h>
#include <unistd.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "cuda-api.h"
#include "device.h"

accgpu_cu_api accgpu_cu;

#define DEFAULT_DRIVER "libcuda.so.1"

/* Guarded by drv_lock. */
static pthread_mutex_t drv_lock = PTHREAD_MUTEX_INITIALIZER;
static int drv_state; /* 0 not tried, 1 loaded, -1 unusable */
static int drv_devices;
static void *drv_handle;
static char drv_path[4096] = DEFAULT_DRIVER;

/* Fills accgpu_cu from HANDLE.  Returns 0, or -1 when a symbol is missing. */
static int resolve_all(void *handle) {
#define ACCGPU_CU_RESOLVE(field, sym, params)                                  \
  *(void **)&accgpu_cu.field = dlsym(handle, #sym);                            \
  if (!accgpu_cu.field)                                                        \
    return -1;
  ACCGPU_CU_ENTRY_POINTS(ACCGPU_CU_RESOLVE)
#undef ACCGPU_CU_RESOLVE
  return 0;
}

/* The driver's device node (/dev/nvidiactl; /dev/dxg under WSL 2): without
   it there is no usable GPU, and the default device's first use skips the
   library search (about 1 ms of failed opens, paid by every program that
   falls back to the host). */
static int driver_node_present(void) {
  return access("/dev/nvidiactl", F_OK) == 0 || access("/dev/dxg", F_OK) == 0;
}

/* Opens drv_path and counts devices.  Returns the device count or -1.
   drv_lock held. */
static int load_locked(void) {
  if (!strcmp(drv_path, DEFAULT_DRIVER) && !driver_node_present())
    return -1;
  drv_handle = dlopen(drv_path, RTLD_NOW | RTLD_LOCAL);
  if (!drv_handle) {
    dlerror(); /* clear it: a missing driver is not an error */
    return -1;
  }
  int n = 0;
  if (resolve_all(drv_handle) != 0 || accgpu_cu.Init(0) != CUDA_SUCCESS ||
      accgpu_cu.DeviceGetCount(&n) != CUDA_SUCCESS || n <= 0) {
    dlclose(drv_handle);
    drv_handle = NULL;
    memset(&accgpu_cu, 0, sizeof accgpu_cu);
    return -1;
  }
  return n;
}

int accgpu_cuda_driver(void) {
  pthread_mutex_lock(&drv_lock);
  if (drv_state == 0) {
    int n = load_locked();
    drv_state = n > 0 ? 1 : -1;
    drv_devices = n > 0 ? n : 0;
  }
  int n = drv_devices;
  pthread_mutex_unlock(&drv_lock);
  return n;
}

void accgpu_cuda_driver_reset(const char *path) {
  pthread_mutex_lock(&drv_lock);
  if (drv_handle)
    dlclose(drv_handle);
  drv_handle = NULL;
  memset(&accgpu_cu, 0, sizeof accgpu_cu);
  drv_state = 0;
  drv_devices = 0;
  snprintf(drv_path, sizeof drv_path, "%s", path ? path : DEFAULT_DRIVER);
  pthread_mutex_unlock(&drv_lock);
}

const char *accgpu_cuda_strerror(CUresult r) {
  static _Thread_local char buf[32];
  const char *s = NULL;
  if (accgpu_cu.GetErrorString && accgpu_cu.GetErrorString(r, &s) == 0 && s)
    return s;
  snprintf(buf, sizeof buf, "CUDA error %d", r);
  return buf;
}

int accgpu_cuda_errcode(CUresult r) {
  switch (r) {
  case CUDA_ERROR_OUT_OF_MEMORY:
    return ACCGPU_ERR_NOMEM;
  case CUDA_ERROR_NOT_SUPPORTED:
  case CUDA_ERROR_PEER_ACCESS_UNSUPPORTED:
    return ACCGPU_ERR_UNSUPPORTED;
  case CUDA_ERROR_ILLEGAL_ADDRESS:
  case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
  case CUDA_ERROR_LAUNCH_FAILED:
    return ACCGPU_ERR_LAUNCH;
  default:
    return r >= 700 && r < 800 ? ACCGPU_ERR_LAUNCH : ACCGPU_ERR_GENERIC;
  }
}
