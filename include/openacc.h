/* openacc.h — the OpenACC C API of libaccgpu: every C routine of chapter 3 of
 * OpenACC 3.3 (listed in docs/runtime.md), the 1.0 names acc_async_wait*,
 * and the multi-GPU extension acc_update_peer of Xu's dissertation, §6.3.1.
 *
 * Every routine acts on the current device of the calling thread unless its
 * name says otherwise.  Errors (data not present, out of device memory, device
 * failures) print one line naming the routine and exit non-zero.          */
#ifndef OPENACC_H
#define OPENACC_H 1

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* No _OPENACC here: the compiler defines it (the plugin, as GCC 12 with
   -fopenacc, to 201711), as with NVHPC's and GCC's openacc.h, so a plain
   build that includes this header still takes its serial branches. */

typedef enum acc_device_t {
  /* Negative so the enum is int-compatible: GCC's built-in acc_on_device
     takes an int, and -Wextra rejects a redeclaration with an unsigned
     enum. */
  acc_device_current = -1,
  acc_device_none = 0,
  acc_device_default = 1,
  acc_device_host = 2,
  acc_device_not_host = 3,
  acc_device_nvidia = 4,
  /* Implementation-defined: the emulated GPU (CUDA C kernels run on the CPU
     with their own device memory).  Counts as acc_device_not_host. */
  acc_device_emulator = 5,
  /* Implementation-defined, as NVHPC's -acc=multicore: the same kernels,
     compiled for the CPU, run their gangs over all cores, sharing the
     host's memory (ACC_DEVICE_TYPE=multicore; ACC_NUM_CORES threads).
     Not counted in acc_device_not_host; acc_device_host stays one core. */
  acc_device_multicore = 6,
  /* AMD GPUs, as GCC's openacc.h names them: accgpu has none (0 devices;
     selecting one is an error), so code written for GCC compiles. */
  acc_device_radeon = 7,
  _acc_device_hwm,
  /* An int under -fshort-enums too: the library's ABI, and the built-in
     acc_on_device(int) (GCC's openacc.h does the same). */
  _acc_device_int_max = __INT_MAX__
} acc_device_t;

typedef enum acc_device_property_t {
  acc_property_memory = 1,        /* total device memory, bytes */
  acc_property_free_memory = 2,   /* free device memory, bytes */
  acc_property_shared_memory_support = 3,
  acc_property_name = 0x10001,    /* string properties */
  acc_property_vendor = 0x10002,
  acc_property_driver = 0x10003,
  _acc_property_int_max = __INT_MAX__ /* an int under -fshort-enums */
} acc_device_property_t;

/* Async arguments.  Non-negative values name queues. */
enum {
  acc_async_noval = -1,  /* the default async queue */
  acc_async_sync = -2,   /* synchronous */
  acc_async_default = -3 /* alias for the current default queue (3.x) */
};

/* Devices. */
int acc_get_num_devices(acc_device_t devtype);
void acc_set_device_type(acc_device_t devtype);
acc_device_t acc_get_device_type(void);
void acc_set_device_num(int devnum, acc_device_t devtype);
int acc_get_device_num(acc_device_t devtype);
size_t acc_get_property(int devnum, acc_device_t devtype,
                        acc_device_property_t property);
const char *acc_get_property_string(int devnum, acc_device_t devtype,
                                    acc_device_property_t property);
void acc_init(acc_device_t devtype);
void acc_shutdown(acc_device_t devtype);
void acc_init_device(int devnum, acc_device_t devtype);     /* OpenACC 3.0 */
void acc_shutdown_device(int devnum, acc_device_t devtype); /* OpenACC 3.0 */
int acc_on_device(acc_device_t devtype);

/* Async queues. */
int acc_async_test(int async);
int acc_async_test_device(int async, int devnum);
int acc_async_test_all(void);
int acc_async_test_all_device(int devnum);
void acc_wait(int async);
void acc_wait_device(int async, int devnum);
void acc_wait_async(int async, int async2);
void acc_wait_device_async(int async, int async2, int devnum);
void acc_wait_all(void);
void acc_wait_all_device(int devnum);
void acc_wait_all_async(int async);
void acc_wait_all_device_async(int async, int devnum);
/* OpenACC 3.2: waits until one of the queues WAIT_ARG[0..COUNT) is done and
   returns its index; acc_async_sync entries are ignored; -1 when all are
   (or COUNT is 0). */
int acc_wait_any(int count, int wait_arg[]);
int acc_wait_any_device(int count, int wait_arg[], int devnum);
void acc_async_wait(int async);   /* OpenACC 1.0 names */
void acc_async_wait_all(void);
int acc_get_default_async(void);
void acc_set_default_async(int async);

/* Device memory. */
void *acc_malloc(size_t bytes);
void acc_free(void *data_dev);

/* Data. */
void *acc_copyin(void *data_arg, size_t bytes);
void acc_copyin_async(void *data_arg, size_t bytes, int async);
void *acc_present_or_copyin(void *data_arg, size_t bytes);
void *acc_pcopyin(void *data_arg, size_t bytes);
void *acc_create(void *data_arg, size_t bytes);
void acc_create_async(void *data_arg, size_t bytes, int async);
void *acc_present_or_create(void *data_arg, size_t bytes);
void *acc_pcreate(void *data_arg, size_t bytes);
void acc_copyout(void *data_arg, size_t bytes);
void acc_copyout_async(void *data_arg, size_t bytes, int async);
void acc_copyout_finalize(void *data_arg, size_t bytes);
void acc_copyout_finalize_async(void *data_arg, size_t bytes, int async);
void acc_delete(void *data_arg, size_t bytes);
void acc_delete_async(void *data_arg, size_t bytes, int async);
void acc_delete_finalize(void *data_arg, size_t bytes);
void acc_delete_finalize_async(void *data_arg, size_t bytes, int async);
void acc_update_device(void *data_arg, size_t bytes);
void acc_update_device_async(void *data_arg, size_t bytes, int async);
void acc_update_self(void *data_arg, size_t bytes);
void acc_update_self_async(void *data_arg, size_t bytes, int async);
int acc_is_present(void *data_arg, size_t bytes);
void *acc_deviceptr(void *data_arg);
void *acc_hostptr(void *data_dev);
void acc_map_data(void *data_arg, void *data_dev, size_t bytes);
void acc_unmap_data(void *data_arg);

/* Raw copies. */
void acc_memcpy_to_device(void *data_dev_dest, void *data_host_src,
                          size_t bytes);
void acc_memcpy_to_device_async(void *data_dev_dest, void *data_host_src,
                                size_t bytes, int async);
void acc_memcpy_from_device(void *data_host_dest, void *data_dev_src,
                            size_t bytes);
void acc_memcpy_from_device_async(void *data_host_dest, void *data_dev_src,
                                  size_t bytes, int async);
void acc_memcpy_device(void *data_dev_dest, void *data_dev_src, size_t bytes);
void acc_memcpy_device_async(void *data_dev_dest, void *data_dev_src,
                             size_t bytes, int async);
void acc_memcpy_d2d(void *data_arg_dest, void *data_arg_src, size_t bytes,
                    int dest_devnum, int src_devnum);
void acc_memcpy_d2d_async(void *data_arg_dest, void *data_arg_src,
                          size_t bytes, int dest_devnum, int src_devnum,
                          int async_arg_src);

/* Pointer attachment. */
void acc_attach(void **ptr_addr);
void acc_attach_async(void **ptr_addr, int async);
void acc_detach(void **ptr_addr);
void acc_detach_async(void **ptr_addr, int async);
void acc_detach_finalize(void **ptr_addr);
void acc_detach_finalize_async(void **ptr_addr, int async);

/* Multi-GPU extension (Xu, §6.3.1): copy SIZE bytes from the device copy of
   SRC on FROM_DEVICE to the device copy of DST on TO_DEVICE, directly when the
   devices can reach each other, else staged through host memory. */
void acc_update_peer(void *dst, int to_device, const void *src,
                     int from_device, size_t size);

/* CUDA interoperability (NULL on other devices). */
void *acc_get_current_cuda_device(void);
void *acc_get_current_cuda_context(void);
void *acc_get_cuda_stream(int async);
int acc_set_cuda_stream(int async, void *stream);

#ifdef __cplusplus
}
#endif
#endif /* OPENACC_H */
