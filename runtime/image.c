/* image.c — kernel images loaded from a memfd (image.h). */
#include "image.h"

#include <dlfcn.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "device.h"

void *accgpu_image_open(const unsigned char *img, size_t size,
                        const char *file, const char *what, int *fd_out) {
  char path[64];
  int fd = memfd_create("accgpu-module", MFD_CLOEXEC);
  if (fd < 0) {
    accgpu_set_error(ACCGPU_ERR_GENERIC, "module '%s': memfd_create failed",
                     file);
    return NULL;
  }
  while (size) {
    ssize_t w = write(fd, img, size);
    if (w <= 0) {
      close(fd);
      accgpu_set_error(ACCGPU_ERR_GENERIC, "module '%s': cannot write its %s",
                       file, what);
      return NULL;
    }
    img += w;
    size -= (size_t)w;
  }
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!dl) {
    const char *why = dlerror();
    close(fd);
    accgpu_set_error(ACCGPU_ERR_GENERIC, "module '%s': cannot load its %s: %s",
                     file, what, why ? why : "?");
    return NULL;
  }
  *fd_out = fd;
  return dl;
}

void accgpu_image_close(void *dl, int fd) {
  if (dl)
    dlclose(dl);
  if (fd >= 0)
    close(fd);
}
