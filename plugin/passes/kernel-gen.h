/* kernel-gen.h — GIMPLE -> CUDA C (the dialect of docs/kernel-abi.md) for
 * the body of one compute construct or one routine.                       */
#ifndef ACCGPU_KERNEL_GEN_H
#define ACCGPU_KERNEL_GEN_H 1

#include "accgpu-plugin.h"
#include "passes/schedule-file.h"

/* Partitioning dimensions of a loop or kernel: gang = blockIdx.x, worker =
   threadIdx.y, vector = threadIdx.x; GANG_Y / GANG_Z (blockIdx.y / .z) only
   come from an acc-tune schedule (docs/tuning.md). */
enum { KG_GANG = 1, KG_WORKER = 2, KG_VECTOR = 4, KG_GANG_Y = 8,
       KG_GANG_Z = 16 };
#define KG_GANGS (KG_GANG | KG_GANG_Y | KG_GANG_Z)
/* A loop of a kernels nest mapped one loop per grid dimension, PGI's
   schedule (kernels-pgi-nest.cc): blockIdx.x * blockDim.x + threadIdx.x
   (.y, .z) and the matching grid stride. */
enum { KG_PGI_X = 32, KG_PGI_Y = 64, KG_PGI_Z = 128 };
#define KG_PGI (KG_PGI_X | KG_PGI_Y | KG_PGI_Z)

/* One axis of such a nest: its loop, gang(n)'s size (NULL_TREE: none, or
   not known on the host), whether the loop has gang, and the block's
   extent (its vector size, 1 without vector). */
struct kg_pgi_axis {
  gomp_for *loop;
  tree gangs;
  bool gang;
  unsigned block;
};

/* One kernel parameter. */
struct kg_param {
  tree decl;      /* the host variable it stands for */
  tree type;      /* parameter type (a pointer for by-reference items) */
  bool by_ref;    /* body refers to the decl as (*param) */
  bool readonly;  /* filled by kg_generate: never written through */
  bool fp_buffer; /* firstprivate array too large for a parameter: TYPE
                     points to its bytes in a device buffer */
  tree gang_copies; /* such a buffer that the region writes: the variable
                       of its gangs' copies' table (accgpu_pp_gang_slot),
                       a parameter of its own; NULL when only read */
  char *name;     /* kernel-side name, filled by kg_generate */
};

/* A reduction clause on the construct itself. */
struct kg_red {
  tree decl;
  enum tree_code op;
};

struct kg_region {
  gimple *stmt;               /* the GIMPLE_OMP_TARGET */
  int kind;                   /* GF_OMP_TARGET_KIND_OACC_* */
  const char *kname;          /* kernel name */
  vec<kg_param> params;
  vec<kg_red> reds;
  /* Filled by kg_generate: */
  int dims;                   /* KG_* used by some loop */
  bool gang_redundant_store;  /* memory written outside gang loops */
  char *text;                 /* malloc'd kernel + emulator entry */
  /* The acc-tune schedule applied to the loop nest (NULL: none), and the
     loop that runs each of its loops (sched_for[i] for sched->loop[i]). */
  const struct accgpu_schedule *sched;
  gomp_for *sched_for[3];
  /* A kernels nest mapped one loop per grid dimension (0: none): x is
     the innermost loop. */
  int pgi_axes;
  struct kg_pgi_axis pgi[3];
};

/* Translates R->stmt's body into a kernel; returns false after reporting an
   error (then R->text is NULL). */
bool kg_generate(struct kg_region *r);

/* Called by the pass for every function before it is lowered: emits
   `#pragma acc routine` functions (and functions a kernel called) as
   __device__ functions. */
void kg_maybe_emit_device_function(function *fun);

/* Module prelude text gathered so far (types, helpers, prototypes, device
   functions); the pointer stays owned by kernel-gen. */
const char *kg_prelude(void);

/* ubsan-device.cc: -fsanitize=undefined in compute regions.  What call S
   is: 0 not a check; ACCGPU_UBSAN_DROP a check or report the kernel drops
   (ThreadSanitizer's too); ACCGPU_UBSAN_ARITH a checked operation (*OP) the
   kernel does plainly; ACCGPU_UBSAN_ZERO a value 0 on the device (the
   return address tsan_func_entry reports). */
enum { ACCGPU_UBSAN_DROP = 1, ACCGPU_UBSAN_ARITH, ACCGPU_UBSAN_ZERO };
int accgpu_ubsan_call(gimple *s, enum tree_code *op);
/* A note at REGION when its body has checks the device drops. */
void accgpu_ubsan_note(gimple *region);

#endif
