/* test_cuda.c — the nvidia backend without a GPU.
 *
 * 1. No driver: count() is 0 and nothing reaches stderr (forked child).
 * 2. A fake driver: fake_libcuda.c, built at test time into a private
 *    libcuda.so.1, implements the entry points the backend uses
 *    with host memory and strict checks (device addresses inside live
 *    allocations, balanced context pushes, streams used in their own
 *    context).  The backend logic runs against it: properties, copies,
 *    memset, OOM and JIT-log error text, launches with cuLaunchKernel's
 *    argument convention, queue ordering, peer copies, threads.
 * 2b. The runtime core over the backend over the fake (cuda_core).
 * 3. The same checks on a real GPU (cuda_gpu), skipped when there is none. */
#include "cuda/cuda-api.h"
#include "fake_libcuda.h"
#include <dlfcn.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core.h"
#include "cuda/cuda-nvrtc.h"
#include "device.h"
#include "suite.h"

extern char **environ;

static const accgpu_backend *const B = &accgpu_backend_nvidia;
static const char *const self_path = __FILE__;
static char fake_dir[4096], fake_lib[4200];
static void *fake_handle;
static int fake_skip; /* source not found from the current directory */
static void (*fake_config)(int ndev, int no_device, size_t total, int peer,
                           int busy);
static void (*fake_stats_fn)(fake_stats *out);
static void (*fake_arch)(int cc, int max_threads);

/* ---- 1. no driver ---------------------------------------------------- */

/* Child: count() with the default driver name, a missing file and a
   library without the driver's symbols; stderr goes to a file. */
static int child_counts(void) {
  int bad = 0;
  accgpu_cuda_driver_reset(NULL);
  void *real = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!real && B->count() != 0)
    bad |= 1;
  accgpu_cuda_driver_reset("/nonexistent/libcuda.so.1");
  if (B->count() != 0 || B->count() != 0)
    bad |= 2;
  accgpu_cuda_driver_reset("libm.so.6");
  if (B->count() != 0)
    bad |= 4;
  if (B->open(0, &(struct accgpu_dev *){NULL}) != -1)
    bad |= 8;
  return bad;
}

static void test_no_driver_is_silent(void) {
  FILE *err = tmpfile();
  CU_ASSERT_FATAL(err != NULL);
  fflush(NULL);
  pid_t pid = fork();
  CU_ASSERT_FATAL(pid >= 0);
  if (pid == 0) {
    dup2(fileno(err), 2);
    _exit(child_counts());
  }
  int status = 0;
  CU_ASSERT_EQUAL(waitpid(pid, &status, 0), pid);
  CU_ASSERT_TRUE(WIFEXITED(status));
  CU_ASSERT_EQUAL(WEXITSTATUS(status), 0);
  struct stat sb;
  CU_ASSERT_EQUAL(fstat(fileno(err), &sb), 0);
  CU_ASSERT_EQUAL(sb.st_size, 0);
  fclose(err);
}

static void test_strerror_unknown_code(void) {
  accgpu_cuda_driver_reset("/nonexistent/libcuda.so.1");
  CU_ASSERT_EQUAL(B->count(), 0);
  CU_ASSERT_STRING_EQUAL(accgpu_cuda_strerror(9999), "CUDA error 9999");
  CU_ASSERT_EQUAL(accgpu_cuda_errcode(CUDA_ERROR_OUT_OF_MEMORY),
                  ACCGPU_ERR_NOMEM);
  CU_ASSERT_EQUAL(accgpu_cuda_errcode(CUDA_ERROR_ILLEGAL_ADDRESS),
                  ACCGPU_ERR_LAUNCH);
  CU_ASSERT_EQUAL(accgpu_cuda_errcode(CUDA_ERROR_INVALID_VALUE),
                  ACCGPU_ERR_GENERIC);
}

ACCGPU_SUITE(cuda_nodriver, NULL, NULL, ACCGPU_TEST(test_no_driver_is_silent),
             ACCGPU_TEST(test_strerror_unknown_code));

/* ---- 2. the fake driver ---------------------------------------------- */

/* Builds fake_libcuda.c, beside this file, as the fake driver into a
   private directory. */
static int fake_init(void) {
  static char fake_src[4200];
  snprintf(fake_src, sizeof fake_src, "%.*sfake_libcuda.c",
           (int)(strlen(self_path) - strlen("test_cuda.c")), self_path);
  if (access(fake_src, R_OK) != 0) {
    fake_skip = 1;
    return 0;
  }
  const char *tmp = getenv("TMPDIR");
  snprintf(fake_dir, sizeof fake_dir, "%s/accgpu-fakecuda-XXXXXX",
           tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(fake_dir))
    return -1;
  snprintf(fake_lib, sizeof fake_lib, "%s/libcuda.so.1", fake_dir);
  char inc[4200];
  snprintf(inc, sizeof inc, "-I%.*sruntime",
           (int)(strlen(self_path) - strlen("tests/unit/test_cuda.c")),
           self_path);
  char *argv[] = {"gcc", "-std=gnu11", "-O1", "-fPIC", "-shared", inc,
                  "-o", fake_lib, fake_src, "-lpthread", NULL};
  pid_t pid;
  int status;
  if (posix_spawnp(&pid, "gcc", NULL, NULL, argv, environ) != 0 ||
      waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0)
    return -1;
  fake_handle = dlopen(fake_lib, RTLD_NOW | RTLD_LOCAL);
  if (!fake_handle)
    return -1;
  *(void **)&fake_config = dlsym(fake_handle, "fake_cu_config");
  *(void **)&fake_stats_fn = dlsym(fake_handle, "fake_cu_stats");
  *(void **)&fake_arch = dlsym(fake_handle, "fake_cu_arch");
  return fake_config && fake_stats_fn && fake_arch ? 0 : -1;
}

static int fake_clean(void) {
  accgpu_cuda_driver_reset(NULL);
  if (fake_handle)
    dlclose(fake_handle);
  if (fake_lib[0])
    unlink(fake_lib);
  if (fake_dir[0])
    rmdir(fake_dir);
  return 0;
}

/* Points the backend at a freshly configured fake.  Returns 0, or -1 when
   the fake could not be found (the test then returns). */
static int use_fake(int ndev, size_t total, int peer) {
  if (fake_skip) {
    printf("\n  [skipped: %s not readable from here]", self_path);
    return -1;
  }
  fake_config(ndev, 0, total, peer, 0);
  fake_arch(90, 1024);
  accgpu_cuda_driver_reset(fake_lib);
  return 0;
}

static fake_stats stats(void) {
  fake_stats s;
  fake_stats_fn(&s);
  return s;
}

static const char *err_text(int *code) { return accgpu_last_error(code); }

/* ---- Checks shared by the fake and a real GPU -------------------------- */

/* y = a*x + y, one thread per element; IEEE mul then add, so a host
   reference computed the same way matches bit for bit.  Valid for sm_75+. */
static const char axpy_ptx[] =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry accgpu_test_axpy(.param .u64 y_param, .param .u64 "
    "x_param, .param .f32 a_param, .param .u32 n_param)\n{\n"
    "  .reg .pred %p;\n  .reg .b32 %r<5>;\n  .reg .f32 %f<4>;\n"
    "  .reg .b64 %rd<6>;\n"
    "  ld.param.u64 %rd1, [y_param];\n  ld.param.u64 %rd2, [x_param];\n"
    "  ld.param.f32 %f1, [a_param];\n  ld.param.u32 %r1, [n_param];\n"
    "  mov.u32 %r2, %ctaid.x;\n  mov.u32 %r3, %ntid.x;\n"
    "  mov.u32 %r4, %tid.x;\n  mad.lo.s32 %r2, %r2, %r3, %r4;\n"
    "  setp.ge.s32 %p, %r2, %r1;\n  @%p bra DONE;\n"
    "  cvta.to.global.u64 %rd1, %rd1;\n  cvta.to.global.u64 %rd2, %rd2;\n"
    "  mul.wide.s32 %rd3, %r2, 4;\n  add.s64 %rd4, %rd2, %rd3;\n"
    "  add.s64 %rd5, %rd1, %rd3;\n  ld.global.f32 %f2, [%rd4];\n"
    "  ld.global.f32 %f3, [%rd5];\n  mul.rn.f32 %f2, %f1, %f2;\n"
    "  add.rn.f32 %f3, %f2, %f3;\n  st.global.f32 [%rd5], %f3;\n"
    "DONE:\n  ret;\n}\n";
/* Fails in the JIT (the fake keys on the word SYNTAX_ERROR). */
static const char bad_ptx[] =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry accgpu_test_axpy()\n{\n  SYNTAX_ERROR_bogus;\n}\n";
static const uint32_t axpy_sizes[] = {8, 8, 4, 4};
static const __accgpu_kernel axpy_kernels[] = {
    {"accgpu_test_axpy", NULL, 4, axpy_sizes, NULL, 0, NULL, 0, NULL},
    {"nope", NULL, 0, NULL, NULL, 0, NULL, 0, NULL}};

static __accgpu_module make_module(const char *ptx, unsigned nkernels) {
  __accgpu_module m = {ACCGPU_ABI_VERSION, nkernels, axpy_kernels, "axpy.c",
                       NULL, ptx, NULL, 0, NULL, NULL, 0, 0, NULL, 0, NULL};
  return m;
}

static void check_props(struct accgpu_dev *d, const char *want_name) {
  accgpu_devprops p;
  CU_ASSERT_EQUAL_FATAL(B->props(d, &p), 0);
  CU_ASSERT_TRUE(want_name ? strcmp(p.name, want_name) == 0 : p.name[0]);
  CU_ASSERT_STRING_EQUAL(p.vendor, "NVIDIA");
  CU_ASSERT_EQUAL(strncmp(p.driver, "CUDA ", 5), 0);
  CU_ASSERT_TRUE(p.total_mem > 0);
  CU_ASSERT_TRUE(p.sm_count > 0);
  CU_ASSERT_TRUE(p.max_threads_per_block >= 1024);
  CU_ASSERT_EQUAL(p.warp_size, 32);
  CU_ASSERT_TRUE(p.shared_mem_per_block >= 48 * 1024);
  CU_ASSERT_TRUE(p.l2_bytes > 0);
  CU_ASSERT_TRUE(p.max_blocks_per_sm > 0);
  CU_ASSERT_TRUE(p.cc_major >= 7);
}

/* H2D, memset of a middle part, D2D and D2H against a host reference. */
static void check_copies(struct accgpu_dev *d, struct accgpu_queue *q) {
  enum { N = 1000 };
  unsigned char src[N], ref[N], out[N];
  for (int i = 0; i < N; i++)
    src[i] = (unsigned char)(i * 7 + 3);
  memcpy(ref, src, N);
  memset(ref + 100, 0xab, 200);
  void *a = NULL, *b = NULL;
  size_t fr, tot;
  CU_ASSERT_EQUAL(B->mem_info(d, &fr, &tot), 0);
  CU_ASSERT_TRUE(fr <= tot && tot > 0);
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(d, 1 << 20, &a), 0);
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(d, N, &b), 0);
  CU_ASSERT_EQUAL(B->copy_h2d(q, a, src, N), 0);
  CU_ASSERT_EQUAL(B->memset(q, (char *)a + 100, 0xab, 200), 0);
  CU_ASSERT_EQUAL(B->copy_d2d(q, b, a, N), 0);
  CU_ASSERT_EQUAL(B->copy_d2h(q, out, b, N), 0);
  CU_ASSERT_EQUAL(B->queue_sync(q), 0);
  CU_ASSERT_EQUAL(memcmp(out, ref, N), 0);
  void *h = NULL;
  CU_ASSERT_EQUAL(B->host_alloc(d, 4096, &h), 0);
  if (h) { /* pinned staging: an async D2H into it */
    CU_ASSERT_EQUAL(B->copy_d2h(q, h, a, N), 0);
    CU_ASSERT_EQUAL(B->queue_sync(q), 0);
    CU_ASSERT_EQUAL(memcmp(h, ref, N), 0);
    CU_ASSERT_EQUAL(B->host_free(d, h), 0);
  }
  CU_ASSERT_EQUAL(B->mem_free(d, a), 0);
  CU_ASSERT_EQUAL(B->mem_free(d, b), 0);
}

/* Launches axpy over N elements (with SHARED dynamic bytes, which above
   48 KiB needs the backend's opt-in) and compares with the host. */
static void check_axpy(struct accgpu_dev *d, struct accgpu_queue *q, void *h,
                       unsigned shared) {
  enum { N = 1000 };
  float x[N], y[N], ref[N], a = 2.5f;
  for (int i = 0; i < N; i++) {
    x[i] = (float)i / 3, y[i] = (float)(N - i);
    volatile float ax = a * x[i]; /* no contraction into an fma */
    ref[i] = ax + y[i];
  }
  void *dx = NULL, *dy = NULL;
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(d, sizeof x, &dx), 0);
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(d, sizeof y, &dy), 0);
  CU_ASSERT_EQUAL(B->copy_h2d(q, dx, x, sizeof x), 0);
  CU_ASSERT_EQUAL(B->copy_h2d(q, dy, y, sizeof y), 0);
  int n = N;
  void *args[] = {&dy, &dx, &a, &n};
  accgpu_launch_cfg cfg = {{(N + 127) / 128, 1, 1}, {128, 1, 1}, shared};
  CU_ASSERT_EQUAL(B->launch(q, h, 0, &cfg, args), 0);
  CU_ASSERT_EQUAL(B->copy_d2h(q, y, dy, sizeof y), 0);
  CU_ASSERT_EQUAL(B->queue_sync(q), 0);
  CU_ASSERT_EQUAL(memcmp(y, ref, sizeof y), 0);
  CU_ASSERT_EQUAL(B->mem_free(d, dx), 0);
  CU_ASSERT_EQUAL(B->mem_free(d, dy), 0);
}

/* A kernel index out of range, a launch the device refuses (grid 0): launch
   errors naming kernel and shape (left as the last error).  (A block the
   kernel cannot take gets fewer threads: test_fake_fewer_threads.) */
static void check_bad_launch(struct accgpu_queue *q, void *h, int ord) {
  float *dummy = NULL;
  float a = 1;
  int n = 0;
  void *args[] = {&dummy, &dummy, &a, &n};
  accgpu_launch_cfg cfg = {{0, 1, 1}, {128, 1, 1}, 0};
  CU_ASSERT_EQUAL(B->launch(q, h, 1, &cfg, args), -1); /* no kernel 1 */
  CU_ASSERT_EQUAL(B->launch(q, h, 0, &cfg, args), -1);
  char want[160];
  int code = 0;
  snprintf(want, sizeof want, "cuLaunchKernel('accgpu_test_axpy', grid "
           "0x1x1, block 128x1x1, 0 B shared, device %d): ", ord);
  CU_ASSERT_EQUAL(strncmp(err_text(&code), want, strlen(want)), 0);
  CU_ASSERT_EQUAL(code, ACCGPU_ERR_LAUNCH);
}

/* Bad PTX (JIT log in the text), a missing kernel, no PTX at all. */
static void check_module_errors(struct accgpu_dev *d, int ord) {
  void *h = NULL;
  char want[96];
  __accgpu_module bad = make_module(bad_ptx, 1);
  CU_ASSERT_EQUAL(B->module_load(d, &bad, &h), -1);
  snprintf(want, sizeof want, "cuModuleLoadDataEx(axpy.c, device %d): ", ord);
  CU_ASSERT_EQUAL(strncmp(err_text(NULL), want, strlen(want)), 0);
  CU_ASSERT_PTR_NOT_NULL(strstr(err_text(NULL), "bogus"));
  __accgpu_module missing = make_module(axpy_ptx, 2);
  CU_ASSERT_EQUAL(B->module_load(d, &missing, &h), -1);
  snprintf(want, sizeof want, "cuModuleGetFunction('nope' in axpy.c, device "
           "%d): named symbol not found", ord);
  CU_ASSERT_STRING_EQUAL(err_text(NULL), want);
  __accgpu_module noptx = make_module(NULL, 1);
  int code = 0;
  CU_ASSERT_EQUAL(B->module_load(d, &noptx, &h), -1);
  err_text(&code);
  CU_ASSERT_EQUAL(code, ACCGPU_ERR_UNSUPPORTED);
  CU_ASSERT_PTR_NOT_NULL(strstr(err_text(NULL), "axpy.c has no PTX"));
}

static void check_oom(struct accgpu_dev *d, size_t total, int ord) {
  void *a = NULL;
  size_t want_bytes = total + (total >> 1);
  CU_ASSERT_EQUAL(B->mem_alloc(d, want_bytes, &a), -1);
  char want[96];
  snprintf(want, sizeof want, "cuMemAlloc_v2(device %d, %zu B): out of memory",
           ord, want_bytes);
  int code = 0;
  CU_ASSERT_STRING_EQUAL(err_text(&code), want);
  CU_ASSERT_EQUAL(code, ACCGPU_ERR_NOMEM);
}

static void note_call(void *arg) { (*(int *)arg)++; }

/* Host callback after queued work; one queue ordered after another. */
static void check_queues(struct accgpu_dev *d) {
  struct accgpu_queue *q1, *q2;
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d, &q1), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d, &q2), 0);
  int calls = 0;
  CU_ASSERT_EQUAL(B->queue_callback(q1, note_call, &calls), 0);
  CU_ASSERT_EQUAL(B->queue_wait_queue(q2, q1), 0);
  CU_ASSERT_EQUAL(B->queue_callback(q2, note_call, &calls), 0);
  CU_ASSERT_EQUAL(B->queue_sync(q2), 0);
  CU_ASSERT_EQUAL(calls, 2);
  CU_ASSERT_EQUAL(B->queue_sync(q1), 0);
  CU_ASSERT_EQUAL(B->queue_query(q1), 1);
  CU_ASSERT_EQUAL(B->queue_destroy(q1), 0);
  CU_ASSERT_EQUAL(B->queue_destroy(q2), 0);
}

/* Returns copy_peer's result: 0 with the bytes arrived, or -1 with
   ACCGPU_ERR_UNSUPPORTED. */
static int check_peer(struct accgpu_dev *d0, struct accgpu_dev *d1) {
  struct accgpu_queue *q0, *q1;
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d0, &q0), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d1, &q1), 0);
  int src[64], out[64] = {0};
  for (int i = 0; i < 64; i++)
    src[i] = i * i - 5;
  void *a = NULL, *b = NULL;
  CU_ASSERT_EQUAL(B->mem_alloc(d0, sizeof src, &a), 0);
  CU_ASSERT_EQUAL(B->mem_alloc(d1, sizeof src, &b), 0);
  CU_ASSERT_EQUAL(B->copy_h2d(q0, a, src, sizeof src), 0);
  int rc = 0;
  for (int rep = 0; rep < 2; rep++)
    rc |= B->copy_peer(q0, d1, b, d0, a, sizeof src);
  int code = 0;
  if (rc) {
    err_text(&code);
    CU_ASSERT_EQUAL(code, ACCGPU_ERR_UNSUPPORTED);
  } else {
    CU_ASSERT_EQUAL(B->queue_sync(q0), 0);
    CU_ASSERT_EQUAL(B->copy_d2h(q1, out, b, sizeof out), 0);
    CU_ASSERT_EQUAL(B->queue_sync(q1), 0);
    CU_ASSERT_EQUAL(memcmp(out, src, sizeof src), 0);
  }
  CU_ASSERT_EQUAL(B->mem_free(d0, a), 0);
  CU_ASSERT_EQUAL(B->mem_free(d1, b), 0);
  CU_ASSERT_EQUAL(B->queue_destroy(q0), 0);
  CU_ASSERT_EQUAL(B->queue_destroy(q1), 0);
  return rc;
}

/* ---- 2. the fake driver: shared checks plus the fake's bookkeeping ----- */

static void test_fake_count_and_props(void) {
  if (use_fake(2, 1 << 20, 0))
    return;
  CU_ASSERT_EQUAL(B->count(), 2);
  struct accgpu_dev *d = NULL;
  CU_ASSERT_EQUAL_FATAL(B->open(1, &d), 0);
  check_props(d, "Fake GPU 1");
  accgpu_devprops p;
  CU_ASSERT_EQUAL(B->props(d, &p), 0);
  CU_ASSERT_STRING_EQUAL(p.driver, "CUDA 12.4");
  CU_ASSERT_EQUAL(p.total_mem, 1 << 20);
  CU_ASSERT_EQUAL(p.sm_count, 4);
  CU_ASSERT_EQUAL(p.l2_bytes, 1 << 20);
  CU_ASSERT_EQUAL(p.max_blocks_per_sm, 32);
  CU_ASSERT_EQUAL(p.cc_major, 9);
  CU_ASSERT_EQUAL(p.cc_minor, 0);
  CU_ASSERT_EQUAL(stats().retained[1], 1);
  B->close(d);
  CU_ASSERT_EQUAL(stats().retained[1], 0);
  CU_ASSERT_EQUAL(B->open(2, &d), -1);

  fake_config(2, 1, 1 << 20, 0, 0); /* cuInit: no device */
  accgpu_cuda_driver_reset(fake_lib);
  CU_ASSERT_EQUAL(B->count(), 0);
}

/* ACCGPU_DEVICE_HEAP sets the malloc heap of each device's context when
   it opens, in that context; unset, CUDA's default stays. */
static void test_fake_device_heap(void) {
  if (use_fake(2, 1 << 20, 0))
    return;
  struct accgpu_dev *d = NULL;
  CU_ASSERT_EQUAL_FATAL(B->open(1, &d), 0);
  CU_ASSERT_EQUAL(stats().heap_bytes, 0);
  B->close(d);
  setenv("ACCGPU_DEVICE_HEAP", "3M", 1);
  CU_ASSERT_EQUAL_FATAL(B->open(1, &d), 0);
  unsetenv("ACCGPU_DEVICE_HEAP");
  CU_ASSERT_EQUAL(stats().heap_dev, 1);
  CU_ASSERT_EQUAL(stats().heap_bytes, 3 << 20);
  CU_ASSERT_EQUAL(stats().ctx_depth, 0);
  B->close(d);
}

/* Nothing leaks and every context push was popped. */
static void check_fake_balanced(void) {
  fake_stats s = stats();
  CU_ASSERT_EQUAL(s.live_allocs, 0);
  CU_ASSERT_EQUAL(s.live_host, 0);
  CU_ASSERT_EQUAL(s.live_streams, 0);
  CU_ASSERT_EQUAL(s.live_events, 0);
  CU_ASSERT_EQUAL(s.live_modules, 0);
  CU_ASSERT_EQUAL(s.live_links, 0);
  CU_ASSERT_EQUAL(s.ctx_depth, 0);
  CU_ASSERT_EQUAL(s.hostfn_calls, 0);
}

static void test_fake_copies(void) {
  if (use_fake(1, 4 << 20, 0))
    return;
  struct accgpu_dev *d;
  struct accgpu_queue *q;
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d, &q), 0);
  check_copies(d, q);
  /* mem_info is the current context's; one byte past an allocation: the
     driver refuses, the text says so. */
  void *b = NULL;
  char out[64];
  size_t fr0, fr1, tot;
  CU_ASSERT_EQUAL(B->mem_info(d, &fr0, &tot), 0);
  CU_ASSERT_EQUAL(B->mem_alloc(d, 64, &b), 0);
  CU_ASSERT_EQUAL(B->mem_info(d, &fr1, &tot), 0);
  CU_ASSERT_EQUAL(fr0 - fr1, 64);
  CU_ASSERT_EQUAL(tot, 4 << 20);
  CU_ASSERT_EQUAL(B->copy_d2h(q, out, (char *)b + 1, 64), -1);
  CU_ASSERT_STRING_EQUAL(err_text(NULL), "cuMemcpyDtoHAsync_v2(device 0, "
                                         "64 B): invalid argument");
  CU_ASSERT_EQUAL(B->mem_free(d, b), 0);
  CU_ASSERT_EQUAL(B->queue_destroy(q), 0);
  check_fake_balanced();
  B->close(d);
}

static void test_fake_out_of_memory(void) {
  if (use_fake(1, 4096, 0))
    return;
  struct accgpu_dev *d;
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  check_oom(d, 4096, 0);
  int code = 0;
  CU_ASSERT_EQUAL(B->mem_free(d, (void *)(uintptr_t)0x1234), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err_text(&code), "cuMemFree_v2(device 0"));
  CU_ASSERT_EQUAL(code, ACCGPU_ERR_GENERIC);
  check_fake_balanced();
  B->close(d);
}

static void test_fake_launch(void) {
  if (use_fake(1, 1 << 20, 0))
    return;
  struct accgpu_dev *d;
  struct accgpu_queue *q;
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d, &q), 0);
  __accgpu_module m = make_module(axpy_ptx, 1);
  void *h = NULL;
  CU_ASSERT_EQUAL_FATAL(B->module_load(d, &m, &h), 0);
  check_axpy(d, q, h, 0);
  check_axpy(d, q, h, 64 * 1024);
  fake_stats s = stats();
  CU_ASSERT_EQUAL(s.grid[0], 8);
  CU_ASSERT_EQUAL(s.block[0], 128);
  CU_ASSERT_EQUAL(s.shared, 64 * 1024);
  check_bad_launch(q, h, 0);
  CU_ASSERT_STRING_EQUAL(err_text(NULL),
                         "cuLaunchKernel('accgpu_test_axpy', grid 0x1x1, block "
                         "128x1x1, 0 B shared, device 0): invalid argument");
  CU_ASSERT_EQUAL(B->module_unload(d, h), 0);
  CU_ASSERT_EQUAL(B->queue_destroy(q), 0);
  check_fake_balanced();
  B->close(d);
}

/* A relocatable fake cubin for sm_90 holding TEXT (fake_libcuda.c). */
#define FAKE_REL_CUBIN(text) "\177ELF0123456789ab\001\000" text

/* Loads axpy.c, whose kernel calls routine NAME of another unit (its
   import, DEF), on a fresh device; with a relocatable cubin when REL.
   Returns module_load's result; on success, runs the kernel and checks the
   image is DESC. */
static int load_linked(const __accgpu_export *def, const char *name, int rel,
                       const char *desc) {
  static char ptx[sizeof axpy_ptx + 64], img[sizeof axpy_ptx + 96];
  snprintf(ptx, sizeof ptx, ".extern .func %s;\n%s", name, axpy_ptx);
  memcpy(img, FAKE_REL_CUBIN(""), 18);
  snprintf(img + 18, sizeof img - 18, "%s", ptx);
  const __accgpu_cubin cubin = {90, "cubin sm_90", (const unsigned char *)img,
                                18 + strlen(ptx) + 1};
  const __accgpu_import imports[] = {{name, def, NULL}};
  __accgpu_module m = make_module(ptx, 1);
  m.nimports = 1, m.imports = imports;
  m.ncubins = rel ? 1 : 0, m.cubins = rel ? &cubin : NULL;
  struct accgpu_dev *d;
  struct accgpu_queue *q;
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d, &q), 0);
  void *h = NULL;
  int rc = B->module_load(d, &m, &h);
  if (rc == 0) {
    CU_ASSERT_STRING_EQUAL(stats().image, "linked");
    CU_ASSERT_EQUAL(stats().link_inputs, 2);
    CU_ASSERT_STRING_EQUAL(B->module_desc(h), desc);
    check_axpy(d, q, h, 0);
    CU_ASSERT_EQUAL(B->module_unload(d, h), 0);
  }
  CU_ASSERT_EQUAL(B->queue_destroy(q), 0);
  check_fake_balanced();
  B->close(d);
  return rc;
}

/* Device linking (cuda-link.c): a module that calls a routine of another
   unit is linked with that unit's PTX; a routine no unit defines, one whose
   unit refused to export it and one the PTX lacks are errors naming it. */
static void test_fake_link(void) {
  if (use_fake(1, 1 << 20, 0))
    return;
  static const char util_ptx[] = ".visible .func f(\n";
  static const unsigned char util_img[] = FAKE_REL_CUBIN(".visible .func f(\n");
  static const __accgpu_cubin util_cubin = {90, "cubin sm_90", util_img,
                                            sizeof util_img};
  static const __accgpu_module util = {ACCGPU_ABI_VERSION, 0, NULL, "util.c",
      NULL, util_ptx, NULL, 0, NULL, NULL, 0, 1, &util_cubin, 0, NULL};
  static const __accgpu_module bare = {ACCGPU_ABI_VERSION, 0, NULL, "util.c",
      NULL, "// no f\n", NULL, 0, NULL, NULL, 0, 0, NULL, 0, NULL};
  const __accgpu_export def = {&util, NULL}, nodef = {&bare, NULL},
                        refused = {&util, "it uses 'g', a global"};
  CU_ASSERT_EQUAL(load_linked(&def, "f", 0, "linked PTX (JIT)"), 0);
  CU_ASSERT_EQUAL(load_linked(&def, "f", 1, "linked cubins"), 0);
  /* A unit that only exports: its relocatable cubin goes through the
     linker alone. */
  struct accgpu_dev *d;
  void *h = NULL;
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  CU_ASSERT_EQUAL(B->module_load(d, &util, &h), 0);
  CU_ASSERT_STRING_EQUAL(B->module_desc(h), "linked cubins");
  CU_ASSERT_EQUAL(stats().link_inputs, 1);
  CU_ASSERT_EQUAL(B->module_unload(d, h), 0);
  check_fake_balanced();
  B->close(d);
  CU_ASSERT_EQUAL(load_linked(NULL, "f", 1, NULL), -1);
  CU_ASSERT_STRING_EQUAL(err_text(NULL), "routine 'f', called on the device "
                         "in axpy.c, is not defined for the device by any "
                         "object of the program (its definition needs "
                         "'#pragma acc routine seq', and a shared library "
                         "must export its __accgpu_xdef_f symbol: a version "
                         "script or hidden visibility may hide it)");
  CU_ASSERT_EQUAL(load_linked(&refused, "f", 1, NULL), -1);
  CU_ASSERT_STRING_EQUAL(err_text(NULL), "routine 'f' (defined in util.c) "
                         "cannot be called on the device from axpy.c: it "
                         "uses 'g', a global");
  CU_ASSERT_EQUAL(load_linked(&nodef, "f", 1, NULL), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err_text(NULL), "cuLinkComplete(axpy.c with "
                         "the 1 unit whose routines it calls, device 0): "));
  CU_ASSERT_PTR_NOT_NULL(strstr(err_text(NULL), "nvlink error   : Undefined "
                                "reference to 'f'"));
}

static void test_fake_module_errors(void) {
  if (use_fake(1, 1 << 20, 0))
    return;
  struct accgpu_dev *d;
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  void *h = NULL;
  __accgpu_module bad = make_module(bad_ptx, 1);
  CU_ASSERT_EQUAL(B->module_load(d, &bad, &h), -1);
  CU_ASSERT_STRING_EQUAL(err_text(NULL),
                         "cuModuleLoadDataEx(axpy.c, device 0): a PTX JIT "
                         "compilation failed: ptxas application ptx input, "
                         "line 3; error   : Unknown symbol 'bogus'");
  check_module_errors(d, 0);
  check_fake_balanced();
  B->close(d);
}

/* Loads M on a fresh device of compute capability CC; the image the fake
   got (WANT_FAKE) and what the backend says it loaded (WANT_DESC). */
static void check_image(const __accgpu_module *m, int cc, const char *want_fake,
                        const char *want_desc) {
  struct accgpu_dev *d;
  struct accgpu_queue *q;
  fake_arch(cc, 1024);
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d, &q), 0);
  void *h = NULL;
  CU_ASSERT_EQUAL_FATAL(B->module_load(d, m, &h), 0);
  CU_ASSERT_STRING_EQUAL(stats().image, want_fake);
  CU_ASSERT_STRING_EQUAL(B->module_desc(h), want_desc);
  check_axpy(d, q, h, 0);
  CU_ASSERT_EQUAL(B->module_unload(d, h), 0);
  CU_ASSERT_EQUAL(B->queue_destroy(q), 0);
  check_fake_balanced();
  B->close(d);
}

#define FAKE_CUBIN(name) "\177ELF " name "\n.entry accgpu_test_axpy(\n"

/* The cubin for the device's architecture (or an older minor revision of
   its major one), else the PTX; a refused cubin falls back to the PTX. */
static void test_fake_cubin_choice(void) {
  if (use_fake(1, 1 << 20, 0))
    return;
  static const char c80[] = FAKE_CUBIN("sm_80 code"),
                    c90[] = FAKE_CUBIN("sm_90 code"),
                    bad[] = FAKE_CUBIN("sm_90 BAD_CUBIN");
  __accgpu_cubin cubins[] = {
      {80, "cubin sm_80", (const unsigned char *)c80, sizeof c80},
      {90, "cubin sm_90", (const unsigned char *)c90, sizeof c90}};
  __accgpu_module m = make_module(axpy_ptx, 1);
  m.ncubins = 2, m.cubins = cubins;
  check_image(&m, 90, "sm_90 code", "cubin sm_90");
  check_image(&m, 86, "sm_80 code", "cubin sm_80");
  check_image(&m, 75, "ptx", "PTX (JIT)");
  check_image(&m, 100, "ptx", "PTX (JIT)");
  cubins[1].image = (const unsigned char *)bad;
  check_image(&m, 90, "ptx", "PTX (JIT; the driver refused the cubin)");
}

/* A kernel that takes 256 threads per block: a 64x8 block runs with 4
   workers, a 512x2 one with 256 lanes, and one of 16 is refused naming
   kernel, limit and block. */
static void test_fake_fewer_threads(void) {
  if (use_fake(1, 1 << 20, 0))
    return;
  struct accgpu_dev *d;
  struct accgpu_queue *q;
  fake_arch(90, 256);
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d, &q), 0);
  __accgpu_module m = make_module(axpy_ptx, 1);
  void *h = NULL;
  CU_ASSERT_EQUAL_FATAL(B->module_load(d, &m, &h), 0);
  float *y = NULL;
  float a = 1;
  int n = 0;
  void *args[] = {&y, &y, &a, &n};
  accgpu_launch_cfg cfg = {{3, 1, 1}, {64, 8, 1}, 0};
  CU_ASSERT_EQUAL(B->launch(q, h, 0, &cfg, args), 0);
  fake_stats s = stats();
  CU_ASSERT_TRUE(s.block[0] == 64 && s.block[1] == 4 && s.block[2] == 1);
  cfg.block = (__accgpu_dim3){512, 2, 1};
  CU_ASSERT_EQUAL(B->launch(q, h, 0, &cfg, args), 0);
  s = stats();
  CU_ASSERT_TRUE(s.block[0] == 256 && s.block[1] == 1 && s.block[2] == 1);
  fake_arch(90, 16);
  CU_ASSERT_EQUAL(B->module_unload(d, h), 0);
  CU_ASSERT_EQUAL_FATAL(B->module_load(d, &m, &h), 0);
  CU_ASSERT_EQUAL(B->launch(q, h, 0, &cfg, args), -1);
  CU_ASSERT_STRING_EQUAL(err_text(NULL),
                         "nvidia: kernel 'accgpu_test_axpy' takes at most 16 "
                         "threads per block on device 0 (it uses 40 registers "
                         "per thread); the launch asks for block 512x2x1");
  CU_ASSERT_EQUAL(B->module_unload(d, h), 0);
  CU_ASSERT_EQUAL(B->queue_destroy(q), 0);
  check_fake_balanced();
  B->close(d);
}

typedef struct free_later {
  struct accgpu_dev *d;
  void *p;
  int rc;
} free_later;

static void free_cb(void *arg) {
  free_later *f = arg;
  f->rc = B->mem_free(f->d, f->p);
}

/* A callback may call into the backend (the core's deferred frees do):
   it must not run inside the driver's host function. */
static void test_fake_callback_frees(void) {
  if (use_fake(1, 1 << 20, 0))
    return;
  struct accgpu_dev *d;
  struct accgpu_queue *q;
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d, &q), 0);
  free_later f = {d, NULL, -1};
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(d, 4096, &f.p), 0);
  CU_ASSERT_EQUAL(B->queue_callback(q, free_cb, &f), 0);
  CU_ASSERT_EQUAL(B->queue_sync(q), 0);
  CU_ASSERT_EQUAL(f.rc, 0);
  CU_ASSERT_EQUAL(B->queue_query(q), 1);
  CU_ASSERT_EQUAL(B->queue_destroy(q), 0);
  check_fake_balanced();
  B->close(d);
}

static void test_fake_queues(void) {
  if (use_fake(1, 1 << 20, 0))
    return;
  struct accgpu_dev *d;
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  fake_stats s0 = stats();
  check_queues(d);
  fake_stats s1 = stats();
  CU_ASSERT_EQUAL(s1.records - s0.records, 1);
  CU_ASSERT_EQUAL(s1.waits - s0.waits, 1);
  struct accgpu_queue *q;
  CU_ASSERT_EQUAL_FATAL(B->queue_create(d, &q), 0);
  fake_config(1, 0, 1 << 20, 0, 1); /* streams report work pending */
  CU_ASSERT_EQUAL(B->queue_query(q), 0);
  fake_config(1, 0, 1 << 20, 0, 0);
  CU_ASSERT_EQUAL(B->queue_query(q), 1);
  CU_ASSERT_EQUAL(B->queue_destroy(q), 0);
  check_fake_balanced();
  B->close(d);
}

/* Without peer access: UNSUPPORTED (the core stages through the host);
   with it: the bytes arrive, and access is enabled only once. */
static void test_fake_peer(void) {
  for (int peer = 0; peer <= 1; peer++) {
    if (use_fake(2, 1 << 20, peer))
      return;
    struct accgpu_dev *d0, *d1;
    CU_ASSERT_EQUAL_FATAL(B->open(0, &d0), 0);
    CU_ASSERT_EQUAL_FATAL(B->open(1, &d1), 0);
    int base = stats().peer_enables;
    CU_ASSERT_EQUAL(check_peer(d0, d1), peer ? 0 : -1);
    CU_ASSERT_EQUAL(stats().peer_enables - base, peer ? 1 : 0);
    check_fake_balanced();
    B->close(d0);
    B->close(d1);
  }
}

/* One worker: its own queue on the shared device, round trips checked. */
static void *thread_body(void *arg) {
  struct accgpu_dev *d = arg;
  struct accgpu_queue *q;
  long bad = B->queue_create(d, &q) != 0;
  unsigned char src[256], out[256];
  for (int it = 0; it < 50 && !bad; it++) {
    void *p = NULL;
    for (int i = 0; i < 256; i++)
      src[i] = (unsigned char)(it * 31 + i + (intptr_t)&src);
    bad |= B->mem_alloc(d, sizeof src, &p) != 0;
    bad |= B->copy_h2d(q, p, src, sizeof src) != 0;
    bad |= B->copy_d2h(q, out, p, sizeof out) != 0;
    bad |= B->queue_sync(q) != 0;
    bad |= memcmp(src, out, sizeof src) != 0;
    bad |= B->mem_free(d, p) != 0;
  }
  bad |= B->queue_destroy(q) != 0;
  bad |= stats().ctx_depth != 0; /* this thread's pushes all popped */
  return (void *)bad;
}

static void test_fake_threads(void) {
  if (use_fake(1, 1 << 20, 0))
    return;
  struct accgpu_dev *d;
  CU_ASSERT_EQUAL_FATAL(B->open(0, &d), 0);
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    CU_ASSERT_EQUAL_FATAL(pthread_create(&t[i], NULL, thread_body, d), 0);
  for (int i = 0; i < 4; i++) {
    void *bad = (void *)1;
    pthread_join(t[i], &bad);
    CU_ASSERT_PTR_NULL(bad);
  }
  check_fake_balanced();
  B->close(d);
}

/* The PTX the GPU suite JIT-compiles is valid for sm_75 and sm_90. */
static void test_axpy_ptx_assembles(void) {
  const char *ptxas = "/usr/local/cuda/bin/ptxas";
  if (access(ptxas, X_OK) != 0 || fake_skip) {
    printf("\n  [skipped: no %s]", ptxas);
    return;
  }
  char in[4300], out[4300];
  snprintf(in, sizeof in, "%s/axpy.ptx", fake_dir);
  snprintf(out, sizeof out, "%s/axpy.cubin", fake_dir);
  FILE *f = fopen(in, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  fputs(axpy_ptx, f);
  fclose(f);
  for (int i = 0; i < 2; i++) {
    char *argv[] = {(char *)ptxas, i ? "-arch=sm_90" : "-arch=sm_75", "-o",
                    out, in, NULL};
    pid_t pid;
    int status = -1;
    CU_ASSERT_EQUAL(posix_spawn(&pid, ptxas, NULL, NULL, argv, environ), 0);
    waitpid(pid, &status, 0);
    CU_ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    unlink(out);
  }
  unlink(in);
}

ACCGPU_SUITE(cuda_fake, fake_init, fake_clean,
             ACCGPU_TEST(test_fake_count_and_props),
             ACCGPU_TEST(test_fake_device_heap),
             ACCGPU_TEST(test_fake_copies),
             ACCGPU_TEST(test_fake_out_of_memory),
             ACCGPU_TEST(test_fake_launch),
             ACCGPU_TEST(test_fake_module_errors),
             ACCGPU_TEST(test_fake_link),
             ACCGPU_TEST(test_fake_cubin_choice),
             ACCGPU_TEST(test_fake_fewer_threads),
             ACCGPU_TEST(test_fake_queues),
             ACCGPU_TEST(test_fake_callback_frees), ACCGPU_TEST(test_fake_peer),
             ACCGPU_TEST(test_fake_threads),
             ACCGPU_TEST(test_axpy_ptx_assembles));

/* ---- 2b. the core (runtime/core.c, ...) over the backend over the fake -- */

static const __accgpu_loc LOC = {"axpy.c", "main", "parallel", 40, 3};
static void *core_cache;

/* Installs the nvidia backend, over the fake with NDEV devices, as the
   core's nvidia type and makes it the calling thread's device type. */
static int core_use_fake(int ndev, int peer) {
  if (use_fake(ndev, 16 << 20, peer))
    return -1;
  accgpu_core_set_backend(acc_device_nvidia, &accgpu_backend_nvidia);
  acc_set_device_type(acc_device_nvidia);
  return 0;
}

/* Hands the nvidia type back to the default driver; everything the core
   held on the fake is released. */
static void core_done(void) {
  accgpu_core_set_backend(acc_device_nvidia, NULL);
  acc_set_device_type(acc_device_host);
  check_fake_balanced();
}

/* A compute region: copyin(x) copy(y), the PTX kernel launched by the core
   on device DEV made current; y = a*x + y after the region. */
static void core_axpy(int dev, float *x, float *y, int n, float a) {
  static const __accgpu_kernel k[] = {
      {"accgpu_test_axpy", NULL, 4, axpy_sizes, &LOC, 0, NULL, 0, NULL}};
  static const __accgpu_module m = {ACCGPU_ABI_VERSION, 1, k, "axpy.c", NULL,
                                    axpy_ptx, NULL, 0, &core_cache, NULL, 0, 0, NULL, 0, NULL};
  __accgpu_map maps[2] = {
      {x, n * sizeof *x, ACCGPU_MAP_COPYIN, 0, "x[0:n]"},
      {y, n * sizeof *y, ACCGPU_MAP_COPY, 0, "y[0:n]"}};
  void *dev_addr[2];
  acc_set_device_num(dev, acc_device_nvidia);
  __accgpu_region_begin(&LOC, ACCGPU_CURRENT_DEVICE, acc_async_sync, 2, maps,
                        dev_addr);
  void *args[] = {&dev_addr[1], &dev_addr[0], &a, &n};
  __accgpu_launch(&LOC, &m, 0, (__accgpu_dim3){(n + 127) / 128, 1, 1},
                  (__accgpu_dim3){128, 1, 1}, 0, acc_async_sync, args);
  __accgpu_region_end(&LOC, acc_async_sync);
}

static void test_core_region_and_launch(void) {
  if (core_use_fake(2, 0))
    return;
  CU_ASSERT_EQUAL(acc_get_num_devices(acc_device_nvidia), 2);
  enum { N = 777 };
  static float x[N], y[N], ref[N];
  for (int dev = 0; dev < 2; dev++) {
    for (int i = 0; i < N; i++) {
      x[i] = (float)(i % 13), y[i] = (float)dev;
      volatile float ax = 0.5f * x[i];
      ref[i] = ax + y[i];
    }
    core_axpy(dev, x, y, N, 0.5f);
    CU_ASSERT_EQUAL(memcmp(y, ref, sizeof y), 0);
    CU_ASSERT_FALSE(acc_is_present(y, sizeof y));
  }
  CU_ASSERT_EQUAL(stats().ctx_depth, 0);
  core_done();
}

/* Asynchronous enter/exit data of an array above the pool's limit: the
   core frees it from a queue callback, which calls mem_free. */
static void test_core_async_big_exit(void) {
  if (core_use_fake(1, 0))
    return;
  enum { N = (5 << 20) / sizeof(double) };
  double *a = malloc(N * sizeof *a);
  CU_ASSERT_PTR_NOT_NULL_FATAL(a);
  for (int i = 0; i < N; i++)
    a[i] = i;
  __accgpu_map in = {a, N * sizeof *a, ACCGPU_MAP_COPYIN, 0, "a[0:n]"};
  __accgpu_map out = {a, N * sizeof *a, ACCGPU_MAP_COPYOUT, 0, "a[0:n]"};
  __accgpu_enter_data(&LOC, ACCGPU_CURRENT_DEVICE, 1, 1, &in);
  __accgpu_wait(&LOC, ACCGPU_CURRENT_DEVICE, 0, NULL, acc_async_sync);
  double *dev = acc_deviceptr(a);
  CU_ASSERT_PTR_NOT_NULL_FATAL(dev);
  a[7] = -1; /* the device copy still holds 7.0 */
  __accgpu_exit_data(&LOC, ACCGPU_CURRENT_DEVICE, 1, 1, &out);
  __accgpu_wait(&LOC, ACCGPU_CURRENT_DEVICE, 0, NULL, acc_async_sync);
  CU_ASSERT_EQUAL(a[7], 7.0);
  CU_ASSERT_FALSE(acc_is_present(a, N * sizeof *a));
  CU_ASSERT_EQUAL(stats().hostfn_calls, 0);
  free(a);
  core_done();
}

/* acc_update_peer: staged through the host without peer access, direct
   (one cuCtxEnablePeerAccess) with it; the same bytes arrive either way. */
static void test_core_update_peer(void) {
  enum { N = 500 };
  static double a[N], b[N];
  for (int peer = 0; peer <= 1; peer++) {
    if (core_use_fake(2, peer))
      return;
    for (int i = 0; i < N; i++)
      a[i] = i * 0.25, b[i] = -1;
    acc_set_device_num(0, acc_device_nvidia);
    acc_copyin(a, sizeof a);
    acc_set_device_num(1, acc_device_nvidia);
    acc_create(b, sizeof b);
    int base = stats().peer_enables;
    acc_update_peer(b, 1, a, 0, sizeof a);
    CU_ASSERT_EQUAL(stats().peer_enables - base, peer);
    acc_copyout(b, sizeof b);
    acc_set_device_num(0, acc_device_nvidia);
    acc_delete(a, sizeof a);
    CU_ASSERT_EQUAL(memcmp(a, b, sizeof a), 0);
    core_done();
  }
}

/* A JIT failure ends the program with the source line and the JIT log
   (checked in a child: the core exits on errors). */
static void test_core_reports_jit_error(void) {
  if (fake_skip) {
    printf("\n  [skipped: no fake driver]");
    return;
  }
  FILE *err = tmpfile();
  CU_ASSERT_FATAL(err != NULL);
  fflush(NULL);
  pid_t pid = fork();
  CU_ASSERT_FATAL(pid >= 0);
  if (pid == 0) {
    dup2(fileno(err), 2);
    if (core_use_fake(1, 0))
      _exit(3);
    static const __accgpu_kernel k[] = {
        {"accgpu_test_axpy", NULL, 0, NULL, &LOC, 0, NULL, 0, NULL}};
    static void *cache;
    static const __accgpu_module m = {
        ACCGPU_ABI_VERSION, 1, k, "axpy.c", NULL, bad_ptx, NULL, 0, &cache, NULL, 0, 0, NULL, 0, NULL};
    __accgpu_launch(&LOC, &m, 0, (__accgpu_dim3){1, 1, 1},
                    (__accgpu_dim3){1, 1, 1}, 0, acc_async_sync, NULL);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  CU_ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) != 0 &&
                 WEXITSTATUS(status) != 3);
  char text[2048] = "";
  rewind(err);
  size_t got = fread(text, 1, sizeof text - 1, err);
  text[got] = '\0';
  fclose(err);
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "axpy.c:40"));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "cuModuleLoadDataEx(axpy.c, device 0): "
                                      "a PTX JIT compilation failed: "));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "Unknown symbol 'bogus'"));
  if (!strstr(text, "axpy.c:40") || !strstr(text, "bogus"))
    printf("\n  child stderr: %s", text);
}

/* CUDA interop: the current device's CUdevice and context, the stream of
   an async queue, and a user stream bound to a queue carries its work. */
static void test_core_cuda_interop(void) {
  enum { N = 300 };
  static float x[N];
  if (core_use_fake(2, 0))
    return;
  acc_set_device_num(1, acc_device_nvidia);
  CUdevice *cd = acc_get_current_cuda_device();
  CU_ASSERT_PTR_NOT_NULL_FATAL(cd);
  CU_ASSERT_EQUAL(*cd, 1);
  CUcontext ctx = acc_get_current_cuda_context();
  CU_ASSERT_PTR_NOT_NULL_FATAL(ctx);
  CUstream s2 = acc_get_cuda_stream(2);
  CU_ASSERT_PTR_NOT_NULL_FATAL(s2);
  CU_ASSERT_EQUAL(acc_get_cuda_stream(2), s2);
  CU_ASSERT_NOT_EQUAL(acc_get_cuda_stream(3), s2);
  acc_copyin_async(x, sizeof x, 2);
  CU_ASSERT_EQUAL(stats().last_stream, s2);
  /* The user's stream, created in the device's context. */
  CUstream us = NULL;
  CU_ASSERT_EQUAL_FATAL(accgpu_cu.CtxPushCurrent(ctx), 0);
  CU_ASSERT_EQUAL(accgpu_cu.StreamCreate(&us, CU_STREAM_NON_BLOCKING), 0);
  accgpu_cu.CtxPopCurrent(&(CUcontext){NULL});
  int streams = stats().live_streams;
  CU_ASSERT_EQUAL(acc_set_cuda_stream(2, us), 1);
  CU_ASSERT_EQUAL(stats().live_streams, streams - 1); /* ours is gone */
  CU_ASSERT_EQUAL(acc_get_cuda_stream(2), us);
  x[5] = 42;
  acc_update_device_async(x, sizeof x, 2);
  CU_ASSERT_EQUAL(stats().last_stream, us);
  acc_wait(2);
  /* Back to a stream of the queue's own; the user's stays the user's. */
  CU_ASSERT_EQUAL(acc_set_cuda_stream(2, NULL), 1);
  CU_ASSERT_NOT_EQUAL(acc_get_cuda_stream(2), us);
  x[5] = 0;
  acc_copyout(x, sizeof x);
  CU_ASSERT_EQUAL(x[5], 42);
  CU_ASSERT_EQUAL(accgpu_cu.StreamDestroy(us), 0);
  CU_ASSERT_EQUAL(stats().ctx_depth, 0);
  core_done();
  /* Off nvidia there are no CUDA handles. */
  CU_ASSERT_PTR_NULL(acc_get_current_cuda_device());
  CU_ASSERT_PTR_NULL(acc_get_cuda_stream(1));
  CU_ASSERT_EQUAL(acc_set_cuda_stream(1, (void *)&x), 0);
}

/* ---- Run-time JIT from CUDA source (module built without PTX) ---- */

/* The CUDA source a plugin without the toolkit embeds, still including
   the dialect header (the runtime supplies its text to NVRTC). */
static const char axpy_cuda[] =
    "#include \"accgpu_cuda.h\"\n"
    "extern \"C\" __global__ void accgpu_test_axpy(float *y, const float *x,\n"
    "                                    float a, int n) {\n"
    "  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);\n"
    "  if (i < n) y[i] = __fmul_rn(a, x[i]) + y[i];\n"
    "}\n";
static const char axpy_cuda_bad[] =
    "extern \"C\" __global__ void accgpu_test_axpy() { SYNTAX_ERROR_bogus; }\n";

/* y = a*x + y through a region and a launch of source-only module M on
   device DEV; returns the number of wrong elements. */
static int core_axpy_module(const __accgpu_module *m, int dev) {
  enum { N = 500 };
  static float x[N], y[N], ref[N];
  float a = 0.75f;
  int n = N;
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i % 7), y[i] = (float)dev;
    volatile float ax = a * x[i];
    ref[i] = ax + y[i];
  }
  __accgpu_map maps[2] = {{x, sizeof x, ACCGPU_MAP_COPYIN, 0, "x[0:n]"},
                          {y, sizeof y, ACCGPU_MAP_COPY, 0, "y[0:n]"}};
  void *d[2];
  acc_set_device_num(dev, acc_device_nvidia);
  __accgpu_region_begin(&LOC, ACCGPU_CURRENT_DEVICE, acc_async_sync, 2, maps,
                        d);
  void *args[] = {&d[1], &d[0], &a, &n};
  __accgpu_launch(&LOC, m, 0, (__accgpu_dim3){(N + 127) / 128, 1, 1},
                  (__accgpu_dim3){128, 1, 1}, 0, acc_async_sync, args);
  __accgpu_region_end(&LOC, acc_async_sync);
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += y[i] != ref[i];
  return bad;
}

static const __accgpu_kernel src_k[] = {
    {"accgpu_test_axpy", NULL, 4, axpy_sizes, &LOC, 0, NULL, 0, NULL}};

/* The fake NVRTC: compiled once for both devices (compute_90, the fake's
   capability), with the dialect header's text supplied. */
static void test_core_jit_from_source(void) {
  static void *cache;
  static const __accgpu_module m = {ACCGPU_ABI_VERSION, 1, src_k, "axpy.c",
                                    axpy_cuda, NULL, NULL, 0, &cache, NULL, 0, 0, NULL, 0, NULL};
  if (core_use_fake(2, 0))
    return;
  accgpu_nvrtc_reset(fake_lib);
  int before = stats().nvrtc_compiles;
  CU_ASSERT_EQUAL(core_axpy_module(&m, 0), 0);
  CU_ASSERT_EQUAL(core_axpy_module(&m, 1), 0);
  CU_ASSERT_EQUAL(stats().nvrtc_compiles - before, 1);
  CU_ASSERT_STRING_EQUAL(stats().nvrtc_arch, "--gpu-architecture=compute_90");
  CU_ASSERT_EQUAL(stats().nvrtc_header, 1);
  core_done();
  /* Re-opened devices reuse the process's PTX. */
  core_use_fake(1, 0);
  CU_ASSERT_EQUAL(core_axpy_module(&m, 0), 0);
  CU_ASSERT_EQUAL(stats().nvrtc_compiles - before, 1);
  core_done();
  accgpu_nvrtc_reset(NULL);
}

/* The real NVRTC, when this machine has one: the embedded header really
   compiles, and the PTX names the kernel. */
static void test_core_jit_real_nvrtc(void) {
  static void *cache;
  static const __accgpu_module m = {ACCGPU_ABI_VERSION, 1, src_k, "axpy.c",
                                    axpy_cuda, NULL, NULL, 0, &cache, NULL, 0, 0, NULL, 0, NULL};
  const char *ptx = NULL;
  accgpu_nvrtc_reset(NULL);
  if (accgpu_nvrtc_ptx(&m, 9, 0, &ptx) != 0 &&
      strstr(err_text(NULL), "NVRTC was not found")) {
    printf("\n  [skipped: no NVRTC here]");
    return;
  }
  CU_ASSERT_PTR_NOT_NULL_FATAL(ptx);
  CU_ASSERT_PTR_NOT_NULL(strstr(ptx, ".entry accgpu_test_axpy("));
  CU_ASSERT_PTR_NOT_NULL(strstr(ptx, ".target sm_90"));
  if (core_use_fake(1, 0)) /* the fake driver runs it by name */
    return;
  CU_ASSERT_EQUAL(core_axpy_module(&m, 0), 0);
  core_done();
  accgpu_nvrtc_reset(NULL);
}

/* Child: launch a source-only module with NVRTC at PATH. */
static const char *child_nvrtc_path;
static const char *child_source;
static void child_launch_source(void) {
  static void *cache;
  __accgpu_module m = {ACCGPU_ABI_VERSION, 1, src_k, "axpy.c", child_source,
                       NULL, NULL, 0, &cache, NULL, 0, 0, NULL, 0, NULL};
  if (core_use_fake(1, 0))
    _exit(3);
  accgpu_nvrtc_reset(child_nvrtc_path);
  core_axpy_module(&m, 0);
  _exit(0);
}

/* Runs child_launch_source in a child; returns its stderr in OUT. */
static int run_source_child(char *out, size_t n) {
  FILE *err = tmpfile();
  if (!err)
    return -1;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fileno(err), 2);
    child_launch_source();
  }
  int status = 0;
  waitpid(pid, &status, 0);
  rewind(err);
  size_t got = fread(out, 1, n - 1, err);
  out[got] = '\0';
  fclose(err);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_core_jit_errors(void) {
  char text[2048];
  if (fake_skip) {
    printf("\n  [skipped: no fake driver]");
    return;
  }
  child_nvrtc_path = "/nonexistent/libnvrtc.so.12";
  child_source = axpy_cuda;
  CU_ASSERT_EQUAL(run_source_child(text, sizeof text), 1);
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "accgpu: error: axpy.c:40"));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "axpy.c has no PTX"));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "NVRTC was not found"));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "rebuild it with the CUDA toolkit"));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "install NVRTC"));
  child_nvrtc_path = fake_lib;
  child_source = axpy_cuda_bad;
  CU_ASSERT_EQUAL(run_source_child(text, sizeof text), 1);
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "nvrtcCompileProgram(axpy.c, "
                                      "compute_90): NVRTC_ERROR_COMPILATION: "
                                      "axpy.c(3): error: identifier "
                                      "\"SYNTAX_ERROR_bogus\""));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "is undefined; 1 error detected"));
  char *nl = strchr(text, '\n'); /* one line: the log's lines are joined */
  CU_ASSERT(nl && nl[1] == '\0');
}

ACCGPU_SUITE(cuda_core, fake_init, fake_clean,
             ACCGPU_TEST(test_core_region_and_launch),
             ACCGPU_TEST(test_core_jit_from_source),
             ACCGPU_TEST(test_core_jit_real_nvrtc),
             ACCGPU_TEST(test_core_jit_errors),
             ACCGPU_TEST(test_core_cuda_interop),
             ACCGPU_TEST(test_core_async_big_exit),
             ACCGPU_TEST(test_core_update_peer),
             ACCGPU_TEST(test_core_reports_jit_error));

/* ---- 3. a real GPU, when there is one ---------------------------------- */

static int gpus;

static int gpu_init(void) {
  accgpu_cuda_driver_reset(NULL);
  gpus = B->count();
  return 0;
}

/* Opens device 0 and a queue; returns 0, or -1 (skipped) without a GPU. */
static int gpu_open(struct accgpu_dev **d, struct accgpu_queue **q) {
  if (gpus == 0) {
    printf("\n  [skipped: no GPU]");
    return -1;
  }
  CU_ASSERT_EQUAL_FATAL(B->open(0, d), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_create(*d, q), 0);
  return 0;
}

static void gpu_close(struct accgpu_dev *d, struct accgpu_queue *q) {
  CU_ASSERT_EQUAL(B->queue_destroy(q), 0);
  B->close(d);
}

static void test_gpu_props_and_copies(void) {
  struct accgpu_dev *d;
  struct accgpu_queue *q;
  if (gpu_open(&d, &q))
    return;
  check_props(d, NULL);
  check_copies(d, q);
  accgpu_devprops p;
  B->props(d, &p);
  check_oom(d, p.total_mem, 0);
  gpu_close(d, q);
}

static void test_gpu_launch(void) {
  struct accgpu_dev *d;
  struct accgpu_queue *q;
  if (gpu_open(&d, &q))
    return;
  __accgpu_module m = make_module(axpy_ptx, 1);
  void *h = NULL;
  CU_ASSERT_EQUAL_FATAL(B->module_load(d, &m, &h), 0);
  check_axpy(d, q, h, 0);
  check_axpy(d, q, h, 64 * 1024);
  check_bad_launch(q, h, 0);
  CU_ASSERT_EQUAL(B->queue_sync(q), 0); /* a refused launch leaves no fault */
  CU_ASSERT_EQUAL(B->module_unload(d, h), 0);
  check_module_errors(d, 0);
  gpu_close(d, q);
}

static void test_gpu_queues_and_peer(void) {
  struct accgpu_dev *d;
  struct accgpu_queue *q;
  if (gpu_open(&d, &q))
    return;
  check_queues(d);
  if (gpus >= 2) {
    struct accgpu_dev *d1;
    CU_ASSERT_EQUAL_FATAL(B->open(1, &d1), 0);
    check_peer(d, d1);
    B->close(d1);
  }
  gpu_close(d, q);
}

ACCGPU_SUITE(cuda_gpu, gpu_init, NULL, ACCGPU_TEST(test_gpu_props_and_copies),
             ACCGPU_TEST(test_gpu_launch),
             ACCGPU_TEST(test_gpu_queues_and_peer));
