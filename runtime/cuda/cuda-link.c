/* cuda-link.c — device linking on an NVIDIA GPU.  A unit that shares
 * routines with others carries relocatable PTX (NVRTC
 * --relocatable-device-code=true) and relocatable cubins (ptxas -c); the
 * driver's linker (cuLinkCreate, cuLinkAddData, cuLinkComplete) joins it
 * with the units that define the routines it calls, theirs in turn, and
 * the linked image is loaded (docs/cuda-backend.md, "Routines of other
 * units").                                                               */
#include "cuda-link.h"

#include <stdint.h>
#include <string.h>

#include "cuda-policy.h"
#include "image.h"

#define LINK_MAX 64     /* units in one link */
#define LINK_LOG 8192

/* MOD, then the units whose routines the units in SET call, each once.
   Returns how many, or -1 with the error left. */
static int link_set(const __accgpu_module *mod, const __accgpu_module **set) {
  int n = 0;
  set[n++] = mod;
  for (int i = 0; i < n; i++)
    for (unsigned k = 0; k < set[i]->nimports; k++) {
      const __accgpu_module *p = accgpu_link_provider(set[i], k);
      int j = 0;
      if (!p)
        return -1;
      while (j < n && set[j] != p)
        j++;
      if (j < n)
        continue;
      if (n == LINK_MAX) {
        accgpu_set_error(ACCGPU_ERR_GENERIC, "device link of %s: more than "
                         "%d units", mod->source_file ? mod->source_file : "?",
                         LINK_MAX);
        return -1;
      }
      set[n++] = p;
    }
  return n;
}

int accgpu_cuda_cubin_relocatable(const __accgpu_cubin *c) {
  const unsigned char *p = c->image;
  return p && c->size > 18 && !memcmp(p, "\177ELF", 4) && p[16] == 1 &&
         p[17] == 0;
}

/* Adds the N units of SET to ST: a relocatable cubin for compute
   capability CC[0].CC[1] when CC and the unit has one, else the PTX
   (*JIT set).  Returns 0, or -1 with the error left (*R the driver's
   result, or CUDA_SUCCESS). */
static int add_all(CUlinkState st, const __accgpu_module **set, int n,
                   const int *cc, CUresult *r, int *jit) {
  for (int i = 0; i < n; i++) {
    const char *file = set[i]->source_file ? set[i]->source_file : "?";
    int c = cc ? accgpu_cuda_pick_cubin(set[i]->cubins, set[i]->ncubins,
                                        cc[0], cc[1]) : -1;
    if (c >= 0 && accgpu_cuda_cubin_relocatable(&set[i]->cubins[c])) {
      *r = accgpu_cu.LinkAddData(st, CU_JIT_INPUT_CUBIN,
                                 (void *)set[i]->cubins[c].image,
                                 set[i]->cubins[c].size, file, 0, NULL, NULL);
      if (*r != CUDA_SUCCESS)
        return -1;
      continue;
    }
    if (!set[i]->ptx) {
      accgpu_set_error(ACCGPU_ERR_GENERIC, "module '%s' carries no PTX "
                       "(built without a CUDA toolkit): the device link of "
                       "routines between units needs it", file);
      return -1;
    }
    *jit = 1;
    *r = accgpu_cu.LinkAddData(st, CU_JIT_INPUT_PTX, (void *)set[i]->ptx,
                               strlen(set[i]->ptx) + 1, file, 0, NULL, NULL);
    if (*r != CUDA_SUCCESS)
      return -1;
  }
  return 0;
}

int accgpu_cuda_link(const __accgpu_module *mod, int ordinal, int major,
                     int minor, int cubins, CUmodule *out, int *jit) {
  const int cc[2] = {major, minor};
  static _Thread_local char log[LINK_LOG];
  const __accgpu_module *set[LINK_MAX];
  const char *file = mod->source_file ? mod->source_file : "?";
  int n = link_set(mod, set);
  if (n < 0)
    return -1;
  log[0] = '\0';
  int opts[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[2] = {log, (void *)(uintptr_t)sizeof log};
  CUlinkState st = NULL;
  const char *step = "cuLinkCreate";
  CUresult r = accgpu_cu.LinkCreate(2, opts, vals, &st);
  if (r == CUDA_SUCCESS) {
    void *cubin = NULL;
    size_t size = 0;
    step = "cuLinkAddData";
    *jit = 0;
    if (add_all(st, set, n, cubins ? cc : NULL, &r, jit) != 0 &&
        r == CUDA_SUCCESS) {
      accgpu_cu.LinkDestroy(st);
      return -1;
    }
    if (r == CUDA_SUCCESS) {
      step = "cuLinkComplete";
      r = accgpu_cu.LinkComplete(st, &cubin, &size);
    }
    if (r == CUDA_SUCCESS) { /* the cubin lives as long as ST */
      step = "cuModuleLoadDataEx";
      r = accgpu_cu.ModuleLoadDataEx(out, cubin, 0, NULL, NULL);
    }
    accgpu_cu.LinkDestroy(st);
  }
  if (r == CUDA_SUCCESS)
    return 0;
  log[sizeof log - 1] = '\0';
  accgpu_set_error(accgpu_cuda_errcode(r), "%s(%s with the %d unit%s whose "
                   "routines it calls, device %d): %s%s%s", step, file, n - 1,
                   n == 2 ? "" : "s", ordinal, accgpu_cuda_strerror(r),
                   log[0] ? ": " : "", log);
  return -1;
}
