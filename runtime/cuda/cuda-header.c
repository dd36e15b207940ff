/* cuda-header.c — embeds include/accgpu_cuda.h (the kernel dialect header)
 * into libaccgpu, so NVRTC can compile a module whose CUDA source still
 * says #include "accgpu_cuda.h" on a machine without accgpu's headers.
 *
 * The text comes in with the assembler's .incbin, whose path is relative
 * to the directory the compiler runs in: the repository root, where make
 * runs (runtime/rules.mk).  Defining the header's include guard first and
 * then including it makes the preprocessor open the file without compiling
 * it, so -MMD records the dependency and an edited header rebuilds this
 * object. */
#define ACCGPU_CUDA_H 1
#include "accgpu_cuda.h"

__asm__(".pushsection .rodata\n"
        ".globl accgpu_cuda_header_text\n"
        ".hidden accgpu_cuda_header_text\n"
        ".type accgpu_cuda_header_text, @object\n"
        "accgpu_cuda_header_text:\n"
        ".incbin \"include/accgpu_cuda.h\"\n"
        ".byte 0\n"
        ".size accgpu_cuda_header_text, . - accgpu_cuda_header_text\n"
        ".popsection\n");
