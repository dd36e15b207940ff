/* module-build.h — turns the CUDA C of a kernel module into what the object
 * file carries (docs/kernel-abi.md §1): PTX and cubins for the nvidia backend
 * and ELF shared objects for the emulator and the multicore device.  Plain C
 * with no GCC dependency; the plugin's C++ files call it.
 *
 * Every function writes only into a private mkdtemp directory that it
 * removes before returning, and runs tools with argument vectors (no
 * shell).  Output buffers are malloc'd and owned by the caller; *LOG_OUT
 * (when LOG_OUT is not NULL) is always set, to a malloc'd NUL-terminated
 * text (possibly empty) or NULL when even that could not be allocated.
 * Thread-compatible: no global state besides the cached NVRTC handle. */
#ifndef ACCGPU_MODULE_BUILD_H
#define ACCGPU_MODULE_BUILD_H 1

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ACCGPU_MB_OK = 0,
  ACCGPU_MB_NO_TOOLKIT,    /* neither NVRTC nor nvcc/ptxas was found */
  ACCGPU_MB_COMPILE_ERROR, /* the compiler refused: *log_out says why */
  ACCGPU_MB_SYSTEM_ERROR,  /* out of memory, temp dir, spawn; *log_out */
  ACCGPU_MB_NO_PTXAS       /* PTX made, but no ptxas for the cubins */
};

/* CUDA C source -> PTX text (NUL-terminated) in *PTX_OUT, for the virtual
   architecture compute_90 or $ACCGPU_PTX_ARCH (compute_NN, sm_NN or NN,
   NN >= 75).  First NVRTC (libnvrtc.so.13/.12/.so), else `nvcc -ptx`.
   INCLUDE_DIR holds accgpu_cuda.h, which the source includes itself.
   CUDA_HOME: the toolkit to use, and only it; NULL searches $CUDA_HOME,
   /usr/local/cuda, the loader path (NVRTC) and $PATH (nvcc). */
int accgpu_mb_build_ptx(const char *cuda_src, const char *include_dir,
                        const char *cuda_home, char **ptx_out, char **log_out);

/* What accgpu_mb_build_gpu makes besides PTX: cubins for ARCHS (sm_NN as
   NN, sorted, no duplicates), and whether multiply-adds may be fused. */
#define ACCGPU_MB_MAX_ARCHS 8
typedef struct accgpu_mb_gpu {
  int narchs;
  int archs[ACCGPU_MB_MAX_ARCHS];
  int no_fmad; /* --fmad=false (NVRTC, ptxas), -fmad=false (nvcc) */
  int rdc;     /* relocatable device code (a unit that shares routines
                  with others): NVRTC --relocatable-device-code=true, nvcc
                  -rdc=true, ptxas -c (relocatable cubins) */
} accgpu_mb_gpu;

typedef struct accgpu_mb_cubin {
  int arch;             /* NN of sm_NN */
  unsigned char *image; /* ELF, malloc'd */
  size_t size;
} accgpu_mb_cubin;

/* "sm_80,sm_90" (or "80,90"; NN >= 75) or "none" into G->archs, sorted,
   duplicates dropped.  Returns 0, or -1 when S is malformed or names more
   than ACCGPU_MB_MAX_ARCHS architectures. */
int accgpu_mb_parse_archs(const char *s, accgpu_mb_gpu *g);

/* accgpu_mb_build_ptx with G: the PTX is for compute_LOWEST (the lowest of
   G->archs; compute_90 when there are none; $ACCGPU_PTX_ARCH may choose
   another, not above LOWEST), and ptxas assembles it for each of G->archs
   (in parallel) into CUBINS_OUT[0 .. G->narchs).  ACCGPU_MB_NO_PTXAS: the
   PTX was made (in *PTX_OUT), the cubins were not.  Free the cubins with
   accgpu_mb_free_cubins. */
int accgpu_mb_build_gpu(const char *cuda_src, const char *include_dir,
                        const char *cuda_home, const accgpu_mb_gpu *g,
                        char **ptx_out, accgpu_mb_cubin *cubins_out,
                        char **log_out);
void accgpu_mb_free_cubins(accgpu_mb_cubin *cubins, int n);

/* The NN of sm_NN that the ELF header of cubin IMG names, or -1 when IMG
   is not an executable EM_CUDA ELF. */
int accgpu_mb_cubin_arch(const unsigned char *img, size_t size);

/* CUDA C source -> an ELF shared object for the emulator, built by CC
   (NULL: $CC, else "gcc"; words split on blanks) with -O2 -fPIC -shared
   -x c -std=gnu11 -D__ACCGPU_EMU__ -include accgpu_cuda.h -I INCLUDE_DIR.
   CHECKED: with the access checks of accgpu_emu_check.h (memcheck,
   racecheck), built by gcc's -fsanitize=thread instrumentation.
   CHECKED == ACCGPU_MB_IMAGE_MC: the multicore image instead (-O3
   -D__ACCGPU_MC__: one thread per block, include/accgpu_mc.h).
   *IMAGE_OUT and *SIZE_OUT get the file's bytes. */
#define ACCGPU_MB_IMAGE_MC 2
int accgpu_mb_build_emu_image(const char *cuda_src, const char *include_dir,
                              const char *cc, int checked,
                              unsigned char **image_out, size_t *size_out,
                              char **log_out);

/* Assembles PTX for sm_90 with ptxas (found as for accgpu_mb_build_ptx's
   nvcc) and throws the result away: a check used by tests. */
int accgpu_mb_ptxas_check(const char *ptx, const char *cuda_home,
                          char **log_out);

/* Text of a status code ("no CUDA toolkit", ...). */
const char *accgpu_mb_status_text(int status);

#ifdef __cplusplus
}
#endif
#endif /* ACCGPU_MODULE_BUILD_H */
