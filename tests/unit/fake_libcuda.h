/* fake_libcuda.h — what the fake libcuda.so.1 (fake_libcuda.c, built at test
 * time by test_cuda.c) and its tests share. */
#ifndef ACCGPU_FAKE_LIBCUDA_H
#define ACCGPU_FAKE_LIBCUDA_H 1
#include <stddef.h>

#define FAKE_MAX_DEVS 4
/* Counters the fake keeps for the tests. */
typedef struct fake_stats {
  int ctx_depth;      /* calling thread's context stack */
  int live_allocs, live_host, live_streams, live_events, live_modules;
  int retained[FAKE_MAX_DEVS];
  int peer_enables, waits, records;
  int hostfn_calls; /* CUDA calls made from inside a host function */
  unsigned grid[3], block[3], shared; /* last launch */
  void *last_stream; /* of the last operation on a stream */
  int nvrtc_compiles;  /* fake NVRTC: programs compiled */
  int nvrtc_header;    /* last compile got accgpu_cuda.h's text */
  char nvrtc_arch[48]; /* its --gpu-architecture option */
  char image[32];      /* last module: "ptx", or a fake cubin's name */
  int live_links;      /* cuLinkCreate without cuLinkDestroy */
  int link_inputs;     /* PTX added to the last link */
  int heap_dev;        /* device of the last cuCtxSetLimit of the heap */
  size_t heap_bytes;   /* its size (0: never set) */
} fake_stats;

#endif
