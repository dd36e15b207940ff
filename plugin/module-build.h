/* module-build.h — turns the CUDA C of a kernel module into what the object
 * file carries (docs/kernel-abi.md §1): PTX for the nvidia backend and an ELF
 * shared object for the emulator.  Plain C with no GCC dependency; the
 * plugin's C++ files call it.
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
  ACCGPU_MB_SYSTEM_ERROR   /* out of memory, temp dir, spawn; *log_out */
};

/* CUDA C source -> PTX text (NUL-terminated) in *PTX_OUT, for the virtual
   architecture compute_90 or $ACCGPU_PTX_ARCH (compute_NN, sm_NN or NN,
   NN >= 75).  First NVRTC (libnvrtc.so.13/.12/.so), else `nvcc -ptx`.
   INCLUDE_DIR holds accgpu_cuda.h, which the source includes itself.
   CUDA_HOME: the toolkit to use, and only it; NULL searches $CUDA_HOME,
   /usr/local/cuda, the loader path (NVRTC) and $PATH (nvcc). */
int accgpu_mb_build_ptx(const char *cuda_src, const char *include_dir,
                        const char *cuda_home, char **ptx_out, char **log_out);

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
