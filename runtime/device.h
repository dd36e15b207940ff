/* device.h — the interface every backend (nvidia, emulator, host) implements.
 *
 * A backend is one `const struct accgpu_backend`; signatures are typedef'd
 * once so a backend whose function drifts from the prototype fails to compile.
 * Devices and queues are opaque pointers the backend owns.
 *
 * Backends implement the asynchronous form of each operation on a queue; the
 * core (runtime/core.c) turns them into synchronous calls by waiting on the
 * queue.  Every operation returns 0 on success, or -1 after leaving a message
 * with context ("cuMemAlloc_v2(device 0, 4096 B): out of memory") through
 * accgpu_set_error(); the public layer adds variable, kernel and source line.
 * No backend prints anything.                                              */
#ifndef ACCGPU_DEVICE_H
#define ACCGPU_DEVICE_H 1

#include <stddef.h>
#include <stdint.h>

#include "accgpu_abi.h"
#include "openacc.h"

struct accgpu_dev;   /* backend-defined device */
struct accgpu_queue; /* backend-defined ordered stream of operations */

typedef struct accgpu_devprops {
  char name[128];
  char vendor[64];
  char driver[64];
  size_t total_mem;
  uint32_t sm_count;
  uint32_t max_threads_per_block;
  uint32_t max_blocks_per_sm;
  uint32_t warp_size;
  uint32_t shared_mem_per_block;
  uint32_t l2_bytes;
  int cc_major, cc_minor; /* compute capability; 0 on the emulator */
} accgpu_devprops;

/* Per-launch profile, filled by launch when PROF is not NULL. */
typedef struct accgpu_launch_cfg {
  __accgpu_dim3 grid, block;
  unsigned shared_bytes;
} accgpu_launch_cfg;

typedef int accgpu_count_fn(void);
typedef int accgpu_open_fn(int ordinal, struct accgpu_dev **out);
typedef void accgpu_close_fn(struct accgpu_dev *dev);
typedef int accgpu_props_fn(struct accgpu_dev *dev, accgpu_devprops *out);
typedef int accgpu_mem_info_fn(struct accgpu_dev *dev, size_t *free_b,
                               size_t *total_b);
/* Raw device memory.  The core pools it (runtime/pool.c); backends do not. */
typedef int accgpu_mem_alloc_fn(struct accgpu_dev *dev, size_t bytes,
                                void **dptr);
typedef int accgpu_mem_free_fn(struct accgpu_dev *dev, void *dptr);
/* Page-locked host memory for staging (may return plain malloc memory). */
typedef int accgpu_host_alloc_fn(struct accgpu_dev *dev, size_t bytes,
                                 void **hptr);
typedef int accgpu_host_free_fn(struct accgpu_dev *dev, void *hptr);

typedef int accgpu_queue_create_fn(struct accgpu_dev *dev,
                                   struct accgpu_queue **out);
typedef int accgpu_queue_destroy_fn(struct accgpu_queue *q);
/* Blocks until everything queued on Q has finished. */
typedef int accgpu_queue_sync_fn(struct accgpu_queue *q);
/* 1 when Q is idle, 0 when work is pending, -1 on error. */
typedef int accgpu_queue_query_fn(struct accgpu_queue *q);
/* Makes later work on Q wait for what is queued on OTHER now. */
typedef int accgpu_queue_wait_queue_fn(struct accgpu_queue *q,
                                       struct accgpu_queue *other);
/* Runs FN(ARG) on the host once all work queued on Q before it finished. */
typedef int accgpu_queue_callback_fn(struct accgpu_queue *q,
                                     void (*fn)(void *), void *arg);

typedef int accgpu_copy_h2d_fn(struct accgpu_queue *q, void *dst,
                               const void *src, size_t bytes);
typedef int accgpu_copy_d2h_fn(struct accgpu_queue *q, void *dst,
                               const void *src, size_t bytes);
typedef int accgpu_copy_d2d_fn(struct accgpu_queue *q, void *dst,
                               const void *src, size_t bytes);
typedef int accgpu_memset_fn(struct accgpu_queue *q, void *dst, int byte,
                             size_t bytes);
/* Direct copy between two devices of this backend; -1 with
   ACCGPU_ERR_UNSUPPORTED left when they cannot reach each other. */
typedef int accgpu_copy_peer_fn(struct accgpu_queue *q, struct accgpu_dev *dst_dev,
                                void *dst, struct accgpu_dev *src_dev,
                                const void *src, size_t bytes);

/* Loads MOD's code for DEV (PTX on nvidia, emu_image/emu_entry on the
   emulator); *HANDLE is the backend's module. */
typedef int accgpu_module_load_fn(struct accgpu_dev *dev,
                                  const __accgpu_module *mod, void **handle);
typedef int accgpu_module_unload_fn(struct accgpu_dev *dev, void *handle);
typedef int accgpu_launch_fn(struct accgpu_queue *q, void *module_handle,
                             unsigned kernel, const accgpu_launch_cfg *cfg,
                             void **args);

/* Optional CUDA interoperability (NULL: not supported).  NATIVE returns a
   native handle: ACCGPU_NATIVE_DEVICE a pointer to the device's CUdevice,
   ACCGPU_NATIVE_CONTEXT its CUcontext, ACCGPU_NATIVE_STREAM the CUstream of
   Q; valid while the device (queue) is open; NULL when there is none. */
enum accgpu_native_kind { ACCGPU_NATIVE_DEVICE, ACCGPU_NATIVE_CONTEXT,
                          ACCGPU_NATIVE_STREAM };
typedef void *accgpu_native_fn(struct accgpu_dev *dev, struct accgpu_queue *q,
                               int kind);
/* Makes Q issue its work on STREAM (a native stream of Q's device that the
   caller keeps owning; NULL: back to a stream of Q's own), after the work
   already queued on Q has finished. */
typedef int accgpu_queue_bind_fn(struct accgpu_queue *q, void *stream);

/* Optional memory checking (the emulator's memcheck; NULL: none).  The
   core's pool tells the backend what each byte of its blocks has become,
   so a kernel that reads past a variable or after its free is caught even
   inside one pooled slab; REDZONE gives the bytes the pool leaves unused
   after a block of BYTES (0: no redzones; BYTES 0: the least it takes,
   what the pool falls back to when the device is short of memory);
   LABEL names the host variable whose device copy [DPTR, DPTR+BYTES) is,
   for reports. */
enum accgpu_mem_state { ACCGPU_MEM_LIVE, ACCGPU_MEM_REDZONE, ACCGPU_MEM_FREED,
                        ACCGPU_MEM_SPARE,
                        /* live bytes whose device address host code got
                           (host_data, acc_deviceptr): a library such as
                           MPI may write them, so they count as written */
                        ACCGPU_MEM_EXPOSED };
typedef int accgpu_mem_mark_fn(struct accgpu_dev *dev, void *dptr,
                               size_t bytes, int state);
typedef size_t accgpu_mem_redzone_fn(struct accgpu_dev *dev, size_t bytes);
typedef void accgpu_mem_label_fn(struct accgpu_dev *dev, void *dptr,
                                 size_t bytes, const void *host,
                                 const char *name);
/* The NAME that labels an acc_malloc block (api.c): reports call it "an
   acc_malloc block", and "freed by acc_free" once freed. */
extern const char accgpu_acc_malloc_label[];
/* 1 when [P, P+BYTES) lies in DEV's device memory (allocated or not), 0
   when it is host memory or another device's.  Optional (NULL: not
   known): a device whose memory has a range of its own (the emulator's)
   checks acc_map_data's and deviceptr's addresses with it. */
typedef int accgpu_mem_owns_fn(const struct accgpu_dev *dev, const void *p,
                               size_t bytes);

typedef struct accgpu_backend {
  const char *name;     /* "nvidia", "emulator", "host" */
  acc_device_t type;
  accgpu_count_fn *count;
  accgpu_open_fn *open;
  accgpu_close_fn *close;
  accgpu_props_fn *props;
  accgpu_mem_info_fn *mem_info;
  accgpu_mem_alloc_fn *mem_alloc;
  accgpu_mem_free_fn *mem_free;
  accgpu_host_alloc_fn *host_alloc;
  accgpu_host_free_fn *host_free;
  accgpu_queue_create_fn *queue_create;
  accgpu_queue_destroy_fn *queue_destroy;
  accgpu_queue_sync_fn *queue_sync;
  accgpu_queue_query_fn *queue_query;
  accgpu_queue_wait_queue_fn *queue_wait_queue;
  accgpu_queue_callback_fn *queue_callback;
  accgpu_copy_h2d_fn *copy_h2d;
  accgpu_copy_d2h_fn *copy_d2h;
  accgpu_copy_d2d_fn *copy_d2d;
  accgpu_memset_fn *memset;
  accgpu_copy_peer_fn *copy_peer; /* optional: NULL means stage via host */
  accgpu_module_load_fn *module_load;
  accgpu_module_unload_fn *module_unload;
  accgpu_launch_fn *launch;
  /* Optional hooks added later; NULL means "not supported". */
  accgpu_native_fn *native;
  accgpu_queue_bind_fn *queue_bind;
  accgpu_mem_mark_fn *mem_mark;
  accgpu_mem_redzone_fn *mem_redzone;
  accgpu_mem_label_fn *mem_label;
  accgpu_mem_owns_fn *mem_owns;
  /* Runs the launch on the calling thread and returns when it is done;
     the core uses it for launches it would wait for (NULL: launch).  Q is
     NULL for a synchronous launch inside a region (launch.c,
     launch_direct): the core did not look the queue up. */
  accgpu_launch_fn *launch_sync;
  /* What module_load loaded, as static text ("cubin sm_90", "PTX (JIT)"),
     for ACCGPU_TIME (NULL: not said). */
  const char *(*module_desc)(void *handle);
  /* Tells a new queue its name: async queue ASYNC (>= 0) or acc_async_sync
     (the emulator's racecheck reports; NULL: not needed). */
  void (*queue_label)(struct accgpu_queue *q, int async);
  /* Blocks per multiprocessor for the compiler's default gangs of kernel K
     of a loaded module (__accgpu_kernel_limits); 0 or NULL: the device's
     max_blocks_per_sm. */
  unsigned (*kernel_blocks)(void *handle, unsigned k);
} accgpu_backend;

extern const accgpu_backend accgpu_backend_nvidia;
extern const accgpu_backend accgpu_backend_emulator;
extern const accgpu_backend accgpu_backend_multicore;
/* host.c: memory of the devices that share the host's (host, multicore):
   malloc'd, errors left as ACCGPU_ERR_NOMEM. */
int accgpu_host_mem_alloc(struct accgpu_dev *dev, size_t bytes, void **p);
int accgpu_host_mem_free(struct accgpu_dev *dev, void *p);

/* env.c: variable NAME as a size in [MIN, MAX] bytes (suffixes K, M, G),
   DEF when unset or empty; anything else is a fatal error naming it. */
size_t accgpu_env_size(const char *name, size_t def, size_t min, size_t max);
/* ACCGPU_DEVICE_HEAP: bytes of each device's heap for kernels' malloc
   (default 8 MiB, CUDA's); *SET (when SET is not NULL): it was given. */
size_t accgpu_device_heap(int *set);

/* Error text for the calling thread (runtime/error.c). */
enum { ACCGPU_ERR_GENERIC = 1, ACCGPU_ERR_NOMEM, ACCGPU_ERR_UNSUPPORTED,
       ACCGPU_ERR_LAUNCH };
void accgpu_set_error(int code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
const char *accgpu_last_error(int *code);
/* data.c: the construct (*LOC) or API routine (*ROUTINE) of the data
   operation the calling thread is in, NULL when none (backends' reports). */
void accgpu_op_current(const __accgpu_loc **loc, const char **routine);

#endif /* ACCGPU_DEVICE_H */
