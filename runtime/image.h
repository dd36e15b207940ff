/* image.h — loading a kernel image a module carries (an ELF shared object:
 * the emulator's or the multicore device's) without a file on disk.    */
#ifndef ACCGPU_IMAGE_H
#define ACCGPU_IMAGE_H 1

#include <stddef.h>

/* Writes the SIZE bytes at IMG into a memfd and dlopens it through
   /proc/self/fd/N (no file another user could replace).  Returns the
   dlopen handle with the descriptor in *FD (keep it open while the handle
   lives, so the path stays unique), or NULL with an error naming module
   FILE and its WHAT ("emulator image") left by accgpu_set_error. */
void *accgpu_image_open(const unsigned char *img, size_t size,
                        const char *file, const char *what, int *fd);

/* Closes what accgpu_image_open returned (DL may be NULL, FD < 0). */
void accgpu_image_close(void *dl, int fd);

/* Device linking (routines of other units: docs/kernel-abi.md §1).  The
   images a module's image calls into, each loaded once per linked image:
   v[0] is the linked image itself (not owned). */
typedef struct accgpu_image_dep {
  const struct __accgpu_module *mod;
  void *dl;
  int fd; /* -1: not owned */
} accgpu_image_dep;

typedef struct accgpu_image_deps {
  accgpu_image_dep *v;
  unsigned n, cap;
} accgpu_image_deps;

/* The module that defines import I of MOD, or NULL with an error naming
   the routine: no object of the program defines it for the device, or its
   unit refused to export it (docs/compiler.md). */
const struct __accgpu_module *
accgpu_link_provider(const struct __accgpu_module *mod, unsigned i);

/* Fills the import slots (`__accgpu_x_NAME__p`) of DL, MOD's image, with
   the entries of the units that define the routines, loading their images
   (MC: the multicore images, else the emulator's) into DEPS, theirs in
   turn.  Returns 0, or -1 with an error naming the routine (one no object
   of the program defines for the device, say). */
int accgpu_image_link(void *dl, const struct __accgpu_module *mod, int mc,
                      accgpu_image_deps *deps);

/* Closes the images DEPS owns and frees it. */
void accgpu_image_deps_close(accgpu_image_deps *deps);

#endif /* ACCGPU_IMAGE_H */
