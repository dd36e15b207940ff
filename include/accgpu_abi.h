/* accgpu_abi.h — the contract between code the accgpu plugin generates and
 * libaccgpu.  The plugin emits calls to these entry points (it builds the
 * declarations itself; this header is their reference and what the runtime
 * compiles against).  docs/kernel-abi.md explains every field.
 *
 * Bump ACCGPU_ABI_VERSION on any incompatible change: the runtime refuses a
 * module built for another version with a clear message.                  */
#ifndef ACCGPU_ABI_H
#define ACCGPU_ABI_H 1

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACCGPU_ABI_VERSION 12

/* Where a construct or clause came from; a static constant in the object. */
typedef struct __accgpu_loc {
  const char *file;
  const char *func;      /* enclosing C function */
  const char *construct; /* "parallel", "data", "enter data", "update", ... */
  int line;
  int col;
} __accgpu_loc;

/* One data clause item (array section, scalar, struct member, pointer). */
enum __accgpu_map_kind {
  ACCGPU_MAP_COPYIN = 1,   /* present_or_copyin */
  ACCGPU_MAP_COPYOUT,      /* present_or_copyout */
  ACCGPU_MAP_COPY,         /* present_or_copy */
  ACCGPU_MAP_CREATE,       /* present_or_create */
  ACCGPU_MAP_PRESENT,      /* must already be present */
  ACCGPU_MAP_NO_CREATE,    /* device copy if present, else host address */
  ACCGPU_MAP_DEVICEPTR,    /* host field already holds a device address */
  ACCGPU_MAP_DELETE,       /* exit data delete */
  ACCGPU_MAP_ATTACH,       /* host = address of a host pointer to attach */
  ACCGPU_MAP_DETACH,       /* host = address of a host pointer to detach */
  ACCGPU_MAP_UPDATE_DEVICE,/* update device(...) */
  ACCGPU_MAP_UPDATE_SELF,  /* update self/host(...) */
  ACCGPU_MAP_FIRSTPRIVATE  /* copied into a fresh device buffer per region */
};

enum __accgpu_map_flags {
  ACCGPU_MAPF_FINALIZE = 1u << 0,   /* exit data ... finalize */
  ACCGPU_MAPF_IF_PRESENT = 1u << 1, /* update if_present */
  ACCGPU_MAPF_ZERO_LEN_OK = 1u << 2, /* a[0:0]: maps nothing, never fails */
  ACCGPU_MAPF_POINTER = 1u << 3,     /* present(p): a pointer variable named
                                        without a range (docs/runtime.md) */
  ACCGPU_MAPF_ZERO = 1u << 4,        /* create/copyout(zero:): device memory
                                        allocated for it is zeroed */
  ACCGPU_MAPF_JAGGED = 1u << 5,      /* a[l1:n1][l2:n2], a a pointer array:
                                        this item is a[l1:n1] and the next
                                        one (ACCGPU_MAPF_ROWS) its rows:
                                        host = the byte offset in each row,
                                        bytes = their length (runtime:
                                        jagged.c) */
  ACCGPU_MAPF_ROWS = 1u << 6,
  ACCGPU_MAPF_IMPLICIT = 1u << 7,    /* a section the compiler inferred for a
                                        pointer used without a data clause
                                        (copy, copyin): when any of it is
                                        present, the present data is used as
                                        is, nothing copied (region.c) */
  ACCGPU_MAPF_STRIDED = 1u << 8,     /* update of a[l1:n1][l2:n2], a a 2-D
                                        array: this item is &a[l1][l2] and
                                        n1 rows' bytes, the next one
                                        (ACCGPU_MAPF_ROWS) host = the row
                                        stride in bytes, bytes = the length
                                        in each row (runtime: jagged.c);
                                        ACCGPU_MAPF_LEVEL items may follow */
  ACCGPU_MAPF_PART_OF = 1u << 9,     /* with ACCGPU_MAPF_IMPLICIT: the
                                        section a compute construct uses of
                                        an array it names without a data
                                        clause; the next item (ACCGPU_MAPF_
                                        WHOLE) is the whole array.  The
                                        present entry holding the section
                                        is used; else the section is mapped
                                        when another part of the array is
                                        present, the whole array when none
                                        is (region.c, map_part) */
  ACCGPU_MAPF_WHOLE = 1u << 10,
  ACCGPU_MAPF_DECLARE = 1u << 11,    /* a global's declare directive
                                        (data-declare.cc): mapped with a
                                        structured reference only the
                                        unit's destructor drops, so
                                        acc_copyout, acc_delete and exit
                                        data leave it (its lifetime is the
                                        program's) */
  ACCGPU_MAPF_POINTER_SLOT = 1u << 12, /* enter/exit data: the pointer
                                        members GCC maps to hold the
                                        attached pointer of a section item
                                        (`copyin(s.p[0:n])` gives
                                        `alloc:s.p`), not an item of the
                                        clause: inside present data they
                                        count no reference (region.c,
                                        slot_item) */
  ACCGPU_MAPF_DISTINCT = 1u << 13,   /* a kernels loop was parallelized
                                        taking this item's memory as
                                        distinct from the other flagged
                                        items': overlapping is an error
                                        (region.c, check_distinct) */
  ACCGPU_MAPF_LEVEL = 1u << 14       /* after an ACCGPU_MAPF_STRIDED item and
                                        its ROWS item, one more strided
                                        level of the section (ABI 12), outer
                                        to inner: host = its stride in
                                        bytes, bytes = its count; the ROWS
                                        item's bytes are then the length of
                                        each innermost run (jagged.c) */
};

typedef struct __accgpu_map {
  void *host;       /* first byte of the host section */
  size_t bytes;     /* its length */
  unsigned kind;    /* enum __accgpu_map_kind */
  unsigned flags;   /* enum __accgpu_map_flags */
  const char *name; /* the clause item as written: "a[0:n]", "s.v" */
} __accgpu_map;

/* Device selector argument: the calling thread's current device, or a
   device number from deviceid(e) (numbered over non-host devices). */
#define ACCGPU_CURRENT_DEVICE (-1)

/* ---- Kernel modules: one per translation unit, a static constant. ---- */

typedef struct __accgpu_kernel {
  const char *name;          /* extern "C" name in the CUDA source and PTX */
  void (*emu_entry)(void **args); /* CPU build of the kernel, or NULL: then
                                     looked up as NAME__emu in emu_image */
  unsigned nparams;
  const uint32_t *param_sizes; /* bytes of each parameter, as passed */
  const __accgpu_loc *loc;   /* the compute construct it came from */
  /* For ACCGPU_PROFILE (acc-tune): the loops of the kernel's parallel nest,
     outermost first, named as in the kernel model (tune-dump), and the
     integer scalars it reads (the model's symbolic parameters).
     __accgpu_launch_trips passes their values; 0 and NULL for none. */
  unsigned ntrips;             /* at most 3 */
  const char *const *trip_vars;
  unsigned nsyms;
  const char *const *sym_names;
} __accgpu_kernel;

/* A cubin: the module's PTX assembled by ptxas for one real architecture. */
typedef struct __accgpu_cubin {
  uint32_t arch;              /* 10 * major + minor: 80 is sm_80 */
  const char *name;           /* "cubin sm_80", for ACCGPU_TIME */
  const unsigned char *image; /* ELF (EM_CUDA) */
  size_t size;
} __accgpu_cubin;

struct __accgpu_module;

/* A routine a unit defines with `#pragma acc routine seq` and external
   linkage (ABI 6): the host object's public `__accgpu_xdef_NAME`; the
   module's device code exports it as `__accgpu_x_NAME`. */
typedef struct __accgpu_export {
  const struct __accgpu_module *module; /* the defining unit's */
  const char *refused; /* why other units may not call it, or NULL */
} __accgpu_export;

/* A routine a unit calls on the device without defining it: `def` is the
   address of the defining unit's `__accgpu_xdef_NAME`, a weak reference
   (NULL when no object of the program defines it for the device);
   `via` (ABI 8) names the routine directives whose bind clause names it,
   "'f' (file.c:12)", or is NULL. */
typedef struct __accgpu_import {
  const char *name;
  const __accgpu_export *def;
  const char *via;
} __accgpu_import;

typedef struct __accgpu_module {
  uint32_t abi_version;       /* ACCGPU_ABI_VERSION */
  uint32_t nkernels;
  const __accgpu_kernel *kernels;
  const char *source_file;    /* translation unit */
  const char *cuda_source;    /* NUL-terminated CUDA C of all kernels */
  const char *ptx;            /* NUL-terminated PTX, or NULL (no toolkit) */
  const unsigned char *emu_image; /* ELF shared object: the same CUDA C
                                     built for the CPU, or NULL */
  size_t emu_image_size;
  void **cache;               /* one writable pointer the runtime owns */
  const unsigned char *mc_image; /* ELF shared object: the same CUDA C
                                    built natively for the multicore device
                                    (one thread per block), or NULL */
  size_t mc_image_size;
  uint32_t ncubins;           /* SASS for real architectures (ABI 5); the */
  const __accgpu_cubin *cubins; /* device picks one, else JITs the PTX */
  uint32_t nimports;          /* routines of other units its device code */
  const __accgpu_import *imports; /* calls (ABI 6); its PTX is then
                                     relocatable and linked at load */
} __accgpu_module;

typedef struct __accgpu_dim3 {
  uint32_t x, y, z;
} __accgpu_dim3;

/* ---- Entry points called by generated host code. ---- */

/* Nonzero when a compute construct should run on DEVICE (not the host
   fallback): the device is not the host and COND (the if clause, 1 when
   absent) holds.  Initializes the runtime on first use. */
int __accgpu_offload_p(const __accgpu_loc *loc, int device, int cond);

/* 1 while every thread's current device is the host, so a compute construct
   runs its host fallback whatever its clauses say: the generated code tests
   it before calling __accgpu_offload_p (which sets it).  Any other value:
   call __accgpu_offload_p. */
extern int __accgpu_host_fast;

/* The host fallback's atomics when the process has more than one thread
   (glibc's __libc_single_threaded is 0): a lock around the plain load and
   store of each one, so constructs of two host threads do not lose
   updates.  One thread: no call (runtime/host.c). */
void __accgpu_host_atomic_lock(void);
void __accgpu_host_atomic_unlock(void);

/* Structured region (data or compute construct): pushes a region on the
   calling thread's region stack and maps NMAPS items; when DEVADDRS is not
   NULL it receives each item's device address.  __accgpu_region_end pops it,
   copying out and freeing what the region mapped. */
void __accgpu_region_begin(const __accgpu_loc *loc, int device, int async,
                           unsigned nmaps, __accgpu_map *maps,
                           void **devaddrs);
void __accgpu_region_end(const __accgpu_loc *loc, int async);

/* Unstructured data and update. */
void __accgpu_enter_data(const __accgpu_loc *loc, int device, int async,
                         unsigned nmaps, __accgpu_map *maps);
void __accgpu_exit_data(const __accgpu_loc *loc, int device, int async,
                        unsigned nmaps, __accgpu_map *maps);
void __accgpu_update(const __accgpu_loc *loc, int device, int async,
                     unsigned nmaps, __accgpu_map *maps);
/* update peer to(dst) to_device(d) from(src) from_device(s). */
void __accgpu_update_peer(const __accgpu_loc *loc, void *dst, int to_device,
                          const void *src, int from_device, size_t bytes,
                          const char *name);

/* host_data use_device: device address of a present host address. */
void *__accgpu_use_device(const __accgpu_loc *loc, void *host,
                          const char *name);

/* wait [(queues)] [async(a)] and wait device(d).  NQUEUES == 0: all queues.
   ASYNC == ACCGPU_WAIT_SKIP: nothing (a wait whose if clause is false: the
   plugin rewrites `if(c)` into async(__accgpu_wait_if(c)), which returns
   acc_async_sync when C holds). */
#define ACCGPU_WAIT_SKIP (-0x7fffffff)
void __accgpu_wait(const __accgpu_loc *loc, int device, unsigned nqueues,
                   const int *queues, int async);
int __accgpu_wait_if(int cond);
/* The host fallback of a compute construct whose async argument is not a
   valid one (below acc_async_default): the error the other devices give
   at the construct (runtime/core.c). */
void __accgpu_async_host(const __accgpu_loc *loc, int async);
void __accgpu_wait_device(const __accgpu_loc *loc, int device);
/* wait(queues) on a data construct (the plugin's rewrite calls it in the
   bound of an empty section, so it runs before the construct); QUEUES
   NULL: all queues.  Returns 0. */
size_t __accgpu_data_wait(const int *queues, size_t nqueues);
/* The last length of a data clause's section of an array with rows of
   variable size (plugin/section-shapes.cc): LEN, or a stop naming the
   array when the section is not CONTIGUOUS. */
size_t __accgpu_section_len(size_t len, int contiguous, const char *name,
                            const char *file, int line);

/* #pragma acc set / init / shutdown.  HAVE: the ACCGPU_DIR_* clauses that
   appeared; TYPE is an acc_device_t, NUM the device_num, ASYNC the
   default_async value (each meaningful only with its bit). */
enum { ACCGPU_DIR_TYPE = 1, ACCGPU_DIR_NUM = 2, ACCGPU_DIR_ASYNC = 4 };
void __accgpu_set(const __accgpu_loc *loc, unsigned have, int type, int num,
                  int async);
void __accgpu_init(const __accgpu_loc *loc, unsigned have, int type, int num);
void __accgpu_shutdown(const __accgpu_loc *loc, unsigned have, int type,
                       int num);

/* private(p[lo:n]) / firstprivate of a pointer's section
   (docs/kernel-abi.md §5): before a launch, a device table of one pointer
   per copy, each copy BYTES, as many as LEVEL (0 gang, 1 worker, 2 vector)
   needs under GRID and BLOCK (fatal, naming NAME, KERNEL and LOC, when out
   of memory); freed after the launch on queue ASYNC.  The host fallback:
   a table of one copy, and the copy's address minus LO_BYTES. */
void **__accgpu_private_alloc(const __accgpu_loc *loc, const char *kernel,
                              const char *name, size_t bytes, int level,
                              __accgpu_dim3 grid, __accgpu_dim3 block);
void __accgpu_private_free(const __accgpu_loc *loc, void **tab, int async);
void **__accgpu_private_host(const __accgpu_loc *loc, const char *name,
                             size_t bytes);
void __accgpu_private_host_free(void **tab);
void *__accgpu_private_copy(void **tab, unsigned slot, long lo_bytes);

/* Launch kernel KERNEL of MOD.  ARGS follows cuLaunchKernel: ARGS[i] points
   at the value of parameter i.  ASYNC is acc_async_sync or a queue. */
void __accgpu_launch(const __accgpu_loc *loc, const __accgpu_module *mod,
                     unsigned kernel, __accgpu_dim3 grid, __accgpu_dim3 block,
                     unsigned shared_bytes, int async, void **args);
/* The same, with VALS: the trip count of each of the kernel's trip_vars,
   then the value of each of its sym_names, as evaluated on the host just
   before the launch (ntrips + nsyms entries; a negative entry is unknown).
   Only ACCGPU_PROFILE reads them.  VALS == NULL is __accgpu_launch. */
void __accgpu_launch_trips(const __accgpu_loc *loc, const __accgpu_module *mod,
                           unsigned kernel, __accgpu_dim3 grid,
                           __accgpu_dim3 block, unsigned shared_bytes,
                           int async, void **args, const int64_t *vals);

/* Called by a constructor of each object with kernels: a device picked at
   start-up may load MOD's image now (the multicore device does). */
void __accgpu_module_preload(const __accgpu_module *mod);

/* Called by a destructor of each object with kernels, when the library it
   is in is unloaded (dlclose): MOD's images are unloaded from every device
   and the runtime forgets MOD.  Nothing at the program's exit. */
void __accgpu_module_unload(const __accgpu_module *mod);

/* Called by a constructor of each object that defines or uses globals
   with a `declare` directive (MAPS, N of them, copyin or create): they are
   mapped on every device that is open, and on each device as it opens
   (a device chosen later, another GPU, one opened again after
   acc_shutdown).  MAPS must stay valid until __accgpu_declare_unmap. */
void __accgpu_declare_map(const __accgpu_loc *loc, unsigned n,
                          const __accgpu_map *maps);

/* Called by a destructor of each object that defines globals with a
   `declare` directive (MAPS, N of them): their device copies are freed on
   every device, so that a library loaded again, or other data at their
   addresses, is mapped afresh.  Nothing at the program's exit. */
void __accgpu_declare_unmap(const __accgpu_loc *loc, unsigned n,
                            const __accgpu_map *maps);

/* Launch limits of DEVICE for the compiler's defaults: multiprocessor count,
   max threads per block, warp size (0 on the host). */
typedef struct __accgpu_devlimits {
  uint32_t sm_count, max_threads_per_block, warp_size, max_blocks_per_sm;
} __accgpu_devlimits;
void __accgpu_device_limits(int device, __accgpu_devlimits *out);
/* The same for the default gangs of kernel KERNEL of MOD: a device may
   answer per kernel (multicore: one block per thread while the kernel's
   blocks are dealt statically, where more blocks only add set-up, and 4
   once they are dealt dynamically).  Plugins before this entry point call
   __accgpu_device_limits. */
void __accgpu_kernel_limits(int device, const __accgpu_module *mod,
                            unsigned kernel, __accgpu_devlimits *out);

/* Multi-device tasks (Xu §6.3.2): run FN(ARG) on DEVICE's worker thread,
   FIFO with everything else submitted there; ARG is copied (ARG_BYTES). */
void __accgpu_device_submit(int device, void (*fn)(void *), const void *arg,
                            size_t arg_bytes);

#ifdef __cplusplus
}
#endif
#endif /* ACCGPU_ABI_H */
