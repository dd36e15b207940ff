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

#endif /* ACCGPU_IMAGE_H */
