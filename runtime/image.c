/* image.c — kernel images loaded from a memfd (image.h). */
#include "image.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static int dep_add(accgpu_image_deps *d, const __accgpu_module *mod, void *dl,
                   int fd) {
  if (d->n == d->cap) {
    unsigned cap = d->cap ? 2 * d->cap : 4;
    accgpu_image_dep *v = realloc(d->v, cap * sizeof *v);
    if (!v) {
      accgpu_set_error(ACCGPU_ERR_NOMEM, "device link: out of host memory");
      return -1;
    }
    d->v = v;
    d->cap = cap;
  }
  d->v[d->n++] = (accgpu_image_dep){mod, dl, fd};
  return 0;
}

/* A multicore image calling a gang, worker or vector routine SYM of
   another (PDL's) has the slot SYM__e for PDL's __accgpu_mc_enter, which
   gives that image the running block (include/accgpu_mc.h). */
static int set_enter(void *dl, void *pdl, const char *sym, const char *name,
                     const char *dfile) {
  char slot[310];
  snprintf(slot, sizeof slot, "%s__e", sym);
  void **to = dlsym(dl, slot);
  if (!to)
    return 0; /* a seq routine */
  *to = dlsym(pdl, "__accgpu_mc_enter");
  if (*to)
    return 0;
  accgpu_set_error(ACCGPU_ERR_GENERIC, "routine '%s': no __accgpu_mc_enter "
                   "in the multicore image of %s", name, dfile);
  return -1;
}

static int link_imports(void *dl, const __accgpu_module *mod, int mc,
                        accgpu_image_deps *deps);

/* The image of P in DEPS, loaded and linked when it is not there yet. */
static void *dep_image(const __accgpu_module *p, int mc,
                       accgpu_image_deps *deps) {
  for (unsigned i = 0; i < deps->n; i++)
    if (deps->v[i].mod == p)
      return deps->v[i].dl;
  const char *file = p->source_file ? p->source_file : "?";
  const char *what = mc ? "multicore image" : "emulator image";
  const unsigned char *img = mc ? p->mc_image : p->emu_image;
  size_t size = mc ? p->mc_image_size : p->emu_image_size;
  if (p->abi_version != ACCGPU_ABI_VERSION || !img) {
    accgpu_set_error(ACCGPU_ERR_GENERIC, "module '%s': %s", file,
                     img ? "built for another kernel ABI: rebuild"
                         : mc ? "no multicore image" : "no emulator image");
    return NULL;
  }
  int fd;
  void *pdl = accgpu_image_open(img, size, file, what, &fd);
  if (!pdl)
    return NULL;
  if (dep_add(deps, p, pdl, fd) != 0) {
    accgpu_image_close(pdl, fd);
    return NULL;
  }
  return link_imports(pdl, p, mc, deps) == 0 ? pdl : NULL;
}

/* The level of a routine linked as NAME: a gang, worker or vector routine
   is linked as F__LEVEL (the plugin's routine-link.cc), a seq one as F;
   *LEN: the length of F. */
static const char *link_level(const char *name, int *len) {
  static const char *const levels[] = {"gang", "worker", "vector"};
  size_t n = strlen(name);
  for (unsigned i = 0; i < 3; i++) {
    size_t k = strlen(levels[i]);
    if (n > k + 2 && !strcmp(name + n - k, levels[i]) &&
        !strncmp(name + n - k - 2, "__", 2)) {
      *len = (int)(n - k - 2);
      return levels[i];
    }
  }
  *len = (int)n;
  return "seq";
}

const __accgpu_module *accgpu_link_provider(const __accgpu_module *mod,
                                            unsigned i) {
  const char *file = mod->source_file ? mod->source_file : "?";
  const __accgpu_import *im = &mod->imports[i];
  const __accgpu_export *def = im->def;
  if (!def) {
    int len;
    const char *lvl = link_level(im->name, &len);
    int par = strcmp(lvl, "seq") != 0;
    accgpu_set_error(ACCGPU_ERR_GENERIC,
                     "routine '%.*s'%s%s, called on the device in %s, is not "
                     "defined for the device %s%s%sby any object of the "
                     "program (its definition needs '#pragma acc routine %s', "
                     "and a shared library must export its __accgpu_xdef_%s "
                     "symbol: a version script or hidden visibility may hide "
                     "it)",
                     len, im->name, im->via ? ", named by the bind clause of "
                     "routine " : "", im->via ? im->via : "", file,
                     par ? "as a 'routine " : "", par ? lvl : "",
                     par ? "' " : "", lvl, im->name);
    return NULL;
  }
  if (def->refused) {
    int len;
    link_level(im->name, &len);
    accgpu_set_error(ACCGPU_ERR_GENERIC,
                     "routine '%.*s' (defined in %s) cannot be called on the "
                     "device from %s: %s", len, im->name,
                     def->module->source_file ? def->module->source_file : "?",
                     file, def->refused);
    return NULL;
  }
  return def->module;
}

static int link_imports(void *dl, const __accgpu_module *mod, int mc,
                        accgpu_image_deps *deps) {
  const char *file = mod->source_file ? mod->source_file : "?";
  for (unsigned i = 0; i < mod->nimports; i++) {
    const __accgpu_import *im = &mod->imports[i];
    const __accgpu_module *p = accgpu_link_provider(mod, i);
    char sym[300], slot[310];
    if (!p)
      return -1;
    const char *dfile = p->source_file ? p->source_file : "?";
    void *pdl = dep_image(p, mc, deps);
    if (!pdl)
      return -1;
    snprintf(sym, sizeof sym, "__accgpu_x_%s", im->name);
    snprintf(slot, sizeof slot, "%s__p", sym);
    void *fn = dlsym(pdl, sym), **to = dlsym(dl, slot);
    if (!fn || !to) {
      accgpu_set_error(ACCGPU_ERR_GENERIC,
                       "routine '%s': no device entry %s in the %s of %s",
                       im->name, fn ? slot : sym,
                       mc ? "multicore image" : "emulator image",
                       fn ? file : dfile);
      return -1;
    }
    *to = fn;
    if (mc && set_enter(dl, pdl, sym, im->name, dfile) != 0)
      return -1;
  }
  return 0;
}

int accgpu_image_link(void *dl, const __accgpu_module *mod, int mc,
                      accgpu_image_deps *deps) {
  if (!mod->nimports)
    return 0;
  if (dep_add(deps, mod, dl, -1) != 0)
    return -1;
  return link_imports(dl, mod, mc, deps);
}

void accgpu_image_deps_close(accgpu_image_deps *deps) {
  for (unsigned i = 0; i < deps->n; i++)
    if (deps->v[i].fd >= 0)
      accgpu_image_close(deps->v[i].dl, deps->v[i].fd);
  free(deps->v);
  *deps = (accgpu_image_deps){0};
}
