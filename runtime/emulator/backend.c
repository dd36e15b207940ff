/* backend.c — the emulated GPU as an accgpu backend (runtime/device.h).
 *
 * Devices: ACCGPU_EMU_DEVICES of them (default 1), each with its own device
 * memory of ACCGPU_EMU_MEMORY bytes (default 16 GiB of address space).
 * Modules: kernels with emu_entry are called directly; the others are
 * looked up as NAME__emu in emu_image, an ELF shared object loaded from a
 * memfd (never a file someone else could replace).  Launches are checked
 * here, on the caller's thread, so errors name the kernel at once; they
 * run on the queue's thread (queue.c, grid.c, fiber.c).              */
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "emu.h"
#include "image.h"

#define DEFAULT_MEMORY ((size_t)16 << 30)
#define MAX_DEVICES 64

typedef void emu_entry_fn(void **args);

typedef struct emu_module {
  const __accgpu_module *mod;
  void *dl; /* dlopen handle of emu_image, or NULL */
  int fd;   /* its memfd, kept open so /proc/self/fd/N stays unique */
  accgpu_emu_image img; /* where the image lies (checks) */
  accgpu_image_deps deps; /* images of other units' routines it calls */
  accgpu_emu_image *dep_img; /* where they lie */
  emu_entry_fn *entry[];
} emu_module;

/* ACCGPU_EMU_DEVICES devices (0 hides the emulator), default 1. */
static int emu_count(void) {
  return (int)accgpu_emu_env_long("ACCGPU_EMU_DEVICES", 1, 0, MAX_DEVICES);
}

static int emu_open(int ordinal, struct accgpu_dev **out) {
  if (ordinal < 0 || ordinal >= emu_count()) {
    accgpu_set_error(ACCGPU_ERR_GENERIC,
                     "emulator: no device %d (ACCGPU_EMU_DEVICES=%d)", ordinal,
                     emu_count());
    return -1;
  }
  struct accgpu_dev *dev = calloc(1, sizeof *dev);
  if (!dev) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "emulator: out of host memory");
    return -1;
  }
  dev->ordinal = ordinal;
  if (accgpu_emu_mem_init(dev, accgpu_env_size("ACCGPU_EMU_MEMORY",
                                               DEFAULT_MEMORY, 1u << 20,
                                               (size_t)1 << 40))) {
    free(dev);
    return -1;
  }
  *out = dev;
  return 0;
}

static void emu_close(struct accgpu_dev *dev) {
  if (!dev)
    return;
  accgpu_emu_mem_fini(dev);
  free(dev);
}

static int emu_props(struct accgpu_dev *dev, accgpu_devprops *p) {
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "accgpu emulator");
  snprintf(p->vendor, sizeof p->vendor, "accgpu");
  snprintf(p->driver, sizeof p->driver, "emulator (%u host threads)",
           accgpu_emu_runners());
  p->total_mem = dev->size;
  p->sm_count = accgpu_emu_runners();
  p->max_threads_per_block = EMU_MAX_THREADS;
  p->max_blocks_per_sm = 2;
  p->warp_size = ACCGPU_EMU_WARP;
  p->shared_mem_per_block = EMU_SHARED_BYTES;
  p->l2_bytes = 4u << 20;
  return 0;
}

static int emu_host_alloc(struct accgpu_dev *dev, size_t bytes, void **hptr) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    accgpu_set_error(ACCGPU_ERR_NOMEM,
                     "emulator device %d: out of host memory (%zu B)",
                     dev->ordinal, bytes);
    return -1;
  }
  *hptr = p;
  return 0;
}

static int emu_host_free(struct accgpu_dev *dev, void *hptr) {
  (void)dev;
  free(hptr);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Modules.                                                            */

/* dl_iterate_phdr visitor: fills the image whose load bias is BASE. */
typedef struct image_find {
  uintptr_t base;
  accgpu_emu_image *img;
} image_find;

static int image_visit(struct dl_phdr_info *info, size_t size, void *ctx) {
  image_find *f = ctx;
  (void)size;
  if (info->dlpi_addr != f->base)
    return 0;
  for (unsigned i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t lo = f->base + ph->p_vaddr, hi = lo + ph->p_memsz;
    if (ph->p_type == PT_LOAD) {
      if (!f->img->lo || lo < f->img->lo)
        f->img->lo = lo;
      if (hi > f->img->hi)
        f->img->hi = hi;
    } else if (ph->p_type == PT_TLS) {
      f->img->tls_size = ph->p_memsz;
      f->img->tls_modid = info->dlpi_tls_modid;
    }
  }
  return 1;
}

/* Records where image DL (MOD's) was loaded and its __shared__ (TLS)
   block. */
static void image_locate(void *dl, const __accgpu_module *mod,
                         accgpu_emu_image *img) {
  struct link_map *lm = NULL;
  if (dlinfo(dl, RTLD_DI_LINKMAP, &lm) != 0 || !lm)
    return;
  image_find f = {(uintptr_t)lm->l_addr, img};
  dl_iterate_phdr(image_visit, &f);
  img->elf = mod->emu_image;
  img->elf_size = mod->emu_image_size;
}

/* Loads MOD's emu_image from a memfd into M, linked with the images of
   the routines of other units it calls.  Returns 0 or -1. */
static int image_open(emu_module *m, const __accgpu_module *mod) {
  m->dl = accgpu_image_open(mod->emu_image, mod->emu_image_size,
                            mod->source_file ? mod->source_file : "?",
                            "emulator image", &m->fd);
  if (!m->dl)
    return -1;
  image_locate(m->dl, mod, &m->img);
  if (accgpu_image_link(m->dl, mod, 0, &m->deps) != 0)
    return -1;
  if (m->deps.n > 1) {
    m->dep_img = calloc(m->deps.n - 1, sizeof *m->dep_img);
    if (!m->dep_img) {
      accgpu_set_error(ACCGPU_ERR_NOMEM, "emulator: out of host memory");
      return -1;
    }
    for (unsigned i = 1; i < m->deps.n; i++)
      image_locate(m->deps.v[i].dl, m->deps.v[i].mod, &m->dep_img[i - 1]);
    m->img.deps = m->dep_img;
    m->img.ndeps = m->deps.n - 1;
  }
  return 0;
}

/* Finds the CPU entry of kernel K of M.  Returns 0 or -1. */
static int find_entry(emu_module *m, unsigned k) {
  const __accgpu_kernel *kn = &m->mod->kernels[k];
  char sym[512];
  if (kn->emu_entry) {
    m->entry[k] = kn->emu_entry;
    return 0;
  }
  if (m->dl && snprintf(sym, sizeof sym, "%s__emu", kn->name) < (int)sizeof sym)
    *(void **)&m->entry[k] = dlsym(m->dl, sym);
  if (m->entry[k])
    return 0;
  accgpu_set_error(ACCGPU_ERR_GENERIC,
                   "module '%s': kernel '%s' has no emulator code (%s)",
                   m->mod->source_file ? m->mod->source_file : "?", kn->name,
                   m->dl ? "no NAME__emu in its image" : "no emu_image");
  return -1;
}

static int emu_module_unload(struct accgpu_dev *dev, void *handle);

static int emu_module_load(struct accgpu_dev *dev, const __accgpu_module *mod,
                           void **handle) {
  if (mod->abi_version != ACCGPU_ABI_VERSION) {
    accgpu_set_error(ACCGPU_ERR_GENERIC,
                     "module '%s': built for kernel ABI %u, runtime has %u",
                     mod->source_file ? mod->source_file : "?",
                     mod->abi_version, ACCGPU_ABI_VERSION);
    return -1;
  }
  emu_module *m = calloc(1, sizeof *m + mod->nkernels * sizeof m->entry[0]);
  if (!m) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "emulator: out of host memory");
    return -1;
  }
  m->mod = mod;
  m->fd = -1;
  int need_image = 0;
  for (unsigned k = 0; k < mod->nkernels; k++)
    need_image |= !mod->kernels[k].emu_entry;
  if (need_image && mod->emu_image && image_open(m, mod) != 0) {
    emu_module_unload(dev, m);
    return -1;
  }
  for (unsigned k = 0; k < mod->nkernels; k++)
    if (find_entry(m, k) != 0) {
      emu_module_unload(dev, m);
      return -1;
    }
  *handle = m;
  return 0;
}

static int emu_module_unload(struct accgpu_dev *dev, void *handle) {
  emu_module *m = handle;
  (void)dev;
  if (!m)
    return 0;
  accgpu_image_deps_close(&m->deps);
  free(m->dep_img);
  accgpu_image_close(m->dl, m->fd);
  free(m);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Launch.                                                             */

/* Checks a launch configuration against CUDA's limits.  Returns 0, or -1
   with a message naming kernel NAME. */
static int check_cfg(const char *name, const accgpu_launch_cfg *c) {
  uint64_t threads = (uint64_t)c->block.x * c->block.y * c->block.z;
  const char *why = NULL;
  if (!c->grid.x || !c->grid.y || !c->grid.z || !threads)
    why = "empty grid or block";
  else if (threads > EMU_MAX_THREADS)
    why = "more than 1024 threads per block";
  else if (c->block.z > 64)
    why = "block z above 64";
  else if (c->grid.x > 0x7fffffffu || c->grid.y > 65535 || c->grid.z > 65535)
    why = "grid above 2147483647 x 65535 x 65535";
  else if (c->shared_bytes > EMU_SHARED_BYTES)
    why = "more than 48 KiB of dynamic shared memory";
  if (!why)
    return 0;
  accgpu_set_error(ACCGPU_ERR_LAUNCH,
                   "launch of kernel '%s': grid %ux%ux%u, block %ux%ux%u, "
                   "%u B shared: %s",
                   name, c->grid.x, c->grid.y, c->grid.z, c->block.x,
                   c->block.y, c->block.z, c->shared_bytes, why);
  return -1;
}

/* Returns a grid for kernel K of M with a private copy of the argument
   values (the caller's may be gone when the queue runs it), or NULL. */
static accgpu_emu_grid *grid_new(const emu_module *m, unsigned k,
                                 const accgpu_launch_cfg *c, void **args) {
  const __accgpu_kernel *kn = &m->mod->kernels[k];
  size_t vals = 0, off;
  for (unsigned i = 0; i < kn->nparams; i++)
    vals += (kn->param_sizes[i] + 15u) & ~(size_t)15;
  off = (sizeof(accgpu_emu_grid) + 15u) & ~(size_t)15;
  size_t ptrs = kn->nparams * sizeof(void *);
  char *buf = aligned_alloc(16, (off + ptrs + vals + 15u) & ~(size_t)15);
  if (!buf)
    return NULL;
  accgpu_emu_grid *g = (accgpu_emu_grid *)buf;
  memset(g, 0, sizeof *g);
  g->args = (void **)(buf + off);
  char *v = buf + off + ((ptrs + 15u) & ~(size_t)15);
  for (unsigned i = 0; i < kn->nparams; i++) {
    memcpy(v, args[i], kn->param_sizes[i]);
    g->args[i] = v;
    v += (kn->param_sizes[i] + 15u) & ~(size_t)15;
  }
  g->entry = m->entry[k];
  g->kernel = kn->name;
  g->loc = kn->loc;
  g->img = kn->emu_entry || !m->dl ? NULL : &m->img;
  g->grid.x = c->grid.x;
  g->grid.y = c->grid.y;
  g->grid.z = c->grid.z;
  g->block.x = c->block.x;
  g->block.y = c->block.y;
  g->block.z = c->block.z;
  g->shared_bytes = c->shared_bytes;
  g->nblocks = (uint64_t)c->grid.x * c->grid.y * c->grid.z;
  return g;
}

static int emu_launch(struct accgpu_queue *q, void *module_handle,
                      unsigned kernel, const accgpu_launch_cfg *cfg,
                      void **args) {
  emu_module *m = module_handle;
  if (kernel >= m->mod->nkernels) {
    accgpu_set_error(ACCGPU_ERR_LAUNCH,
                     "launch: module '%s' has no kernel %u (it has %u)",
                     m->mod->source_file ? m->mod->source_file : "?", kernel,
                     m->mod->nkernels);
    return -1;
  }
  const char *name = m->mod->kernels[kernel].name;
  if (check_cfg(name, cfg) != 0)
    return -1;
  accgpu_emu_grid *g = grid_new(m, kernel, cfg, args);
  if (!g) {
    accgpu_set_error(ACCGPU_ERR_NOMEM,
                     "launch of kernel '%s': out of host memory", name);
    return -1;
  }
  g->dev = accgpu_emu_queue_dev(q);
  g->launch = __atomic_add_fetch(&g->dev->launches, 1, __ATOMIC_RELAXED);
  return accgpu_emu_queue_launch(q, g);
}

const accgpu_backend accgpu_backend_emulator = {
    .name = "emulator",
    .type = acc_device_emulator,
    .count = emu_count,
    .open = emu_open,
    .close = emu_close,
    .props = emu_props,
    .mem_info = accgpu_emu_mem_info,
    .mem_alloc = accgpu_emu_mem_alloc,
    .mem_free = accgpu_emu_mem_free,
    .host_alloc = emu_host_alloc,
    .host_free = emu_host_free,
    .queue_create = accgpu_emu_queue_create,
    .queue_destroy = accgpu_emu_queue_destroy,
    .queue_sync = accgpu_emu_queue_sync,
    .queue_query = accgpu_emu_queue_query,
    .queue_wait_queue = accgpu_emu_queue_wait_queue,
    .queue_callback = accgpu_emu_queue_callback,
    .copy_h2d = accgpu_emu_copy_h2d,
    .copy_d2h = accgpu_emu_copy_d2h,
    .copy_d2d = accgpu_emu_copy_d2d,
    .memset = accgpu_emu_memset,
    .copy_peer = accgpu_emu_copy_peer,
    .module_load = emu_module_load,
    .module_unload = emu_module_unload,
    .launch = emu_launch,
    .mem_mark = accgpu_emu_mem_mark,
    .mem_redzone = accgpu_emu_mem_redzone,
    .mem_label = accgpu_emu_mem_label,
    .mem_owns = accgpu_emu_mem_owns,
    .queue_label = accgpu_emu_queue_label,
};
