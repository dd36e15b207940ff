/* const-init.h — constant initializers of static objects as C text
 * (const-init.cc).                                                       */
#ifndef ACCGPU_CONST_INIT_H
#define ACCGPU_CONST_INIT_H 1

#include "accgpu-plugin.h"
#include "passes/kernel-text.h"

/* Prints the scalar constant CST (an INTEGER_CST or REAL_CST of the
   element's type) into B. */
typedef void (*kg_const_leaf)(void *ctx, struct kbuf *b, tree cst);

/* Appends INIT, the initializer of an object of TYPE, to B as a C
   initializer ("{1, 2, {0}}", or a scalar), scalars through LEAF; false
   when INIT is not made of integer, real and string constants (an
   address, say), B then holding part of it. */
bool kg_const_init(struct kbuf *b, tree type, tree init, kg_const_leaf leaf,
                   void *ctx);

/* Whether kg_const_init can write INIT. */
bool kg_const_init_p(tree type, tree init);

/* A read-only object with a constant initializer kernel-gen defines in the
   module (`static __device__ const`) rather than taking it as a kernel
   parameter: `static const` locals, const globals of this file, GCC's
   copies of large initializers. */
bool kg_module_const_p(tree d);

#endif
