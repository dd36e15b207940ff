/* host_bound_at_load.c — what a program's first constructs would do cold,
 * inside the time it measures, is done as it loads (docs/host-speed.md,
 * session 12): the program calls the runtime through its GOT, bound at load
 * (no lazily bound PLT slot of an __accgpu_ entry point, whose first call
 * ran the dynamic linker's symbol look-up); libaccgpu binds its own imports
 * at load (BIND_NOW); and with ACC_DEVICE_TYPE=host the host fast path is
 * on before the first construct (its first construct called the runtime
 * to turn it on).  The regions still compute what a serial loop does. */
/* accgpu-test: accgpu-only */
#define _GNU_SOURCE 1 /* dl_iterate_phdr */
#include <elf.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "accgpu_abi.h"
#include "e2e.h"

#define N 1000

/* Counts, for one loaded object, its lazily bound PLT relocations naming an
   __accgpu_ symbol (slots) and whether it asks to be bound at load (now). */
struct dyn_scan {
  const char *want; /* name fragment of the object; "" is the program */
  int found, slots, now;
};

static ElfW(Addr) dyn_addr(const struct dl_phdr_info *info, ElfW(Addr) p) {
  /* The loader relocates most d_ptr entries in place; vDSO-like objects
     keep offsets.  An address under the load base is an offset. */
  return p < info->dlpi_addr ? info->dlpi_addr + p : p;
}

static void scan_dynamic(const struct dl_phdr_info *info, const ElfW(Dyn) *d,
                         struct dyn_scan *s) {
  ElfW(Addr) jmprel = 0, symtab = 0, strtab = 0;
  size_t pltsz = 0;
  for (; d->d_tag != DT_NULL; d++) {
    if (d->d_tag == DT_JMPREL) jmprel = dyn_addr(info, d->d_un.d_ptr);
    if (d->d_tag == DT_PLTRELSZ) pltsz = d->d_un.d_val;
    if (d->d_tag == DT_SYMTAB) symtab = dyn_addr(info, d->d_un.d_ptr);
    if (d->d_tag == DT_STRTAB) strtab = dyn_addr(info, d->d_un.d_ptr);
    if (d->d_tag == DT_BIND_NOW ||
        (d->d_tag == DT_FLAGS && (d->d_un.d_val & DF_BIND_NOW)) ||
        (d->d_tag == DT_FLAGS_1 && (d->d_un.d_val & DF_1_NOW)))
      s->now = 1;
  }
  const ElfW(Rela) *r = (const ElfW(Rela) *)jmprel;
  for (size_t i = 0; jmprel && i < pltsz / sizeof *r; i++) {
    const ElfW(Sym) *sym = (const ElfW(Sym) *)symtab + ELF64_R_SYM(r[i].r_info);
    if (!strncmp((const char *)strtab + sym->st_name, "__accgpu_", 9))
      s->slots++;
  }
}

static int visit(struct dl_phdr_info *info, size_t size, void *arg) {
  struct dyn_scan *s = arg;
  (void)size;
  int program = !*s->want && (!info->dlpi_name || !*info->dlpi_name);
  if (s->found || !(program || (*s->want && info->dlpi_name &&
                                strstr(info->dlpi_name, s->want))))
    return 0;
  s->found = 1;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
      scan_dynamic(info,
                   (const ElfW(Dyn) *)(info->dlpi_addr +
                                       info->dlpi_phdr[i].p_vaddr), s);
  return 1;
}

int main(void) {
  static double a[N], b[N];
  const char *type = getenv("ACC_DEVICE_TYPE"), *num = getenv("ACC_DEVICE_NUM");
  int host = type && !strcasecmp(type, "host") && (!num || !*num);
  /* Read before any construct or API call of the program. */
  int fast_at_start = __accgpu_host_fast;
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 0.5 * i;
#pragma acc data copy(a) copyin(b)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      a[i] += 3 * b[i];
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("a[i]", a[i], i + 3 * (0.5 * i), 0);
  if (host)
    CHECK_INT("host fast path before the first construct", fast_at_start, 1);
  struct dyn_scan prog = {"", 0, 0, 0}, lib = {"libaccgpu.so", 0, 0, 0};
  dl_iterate_phdr(visit, &prog);
  dl_iterate_phdr(visit, &lib);
  CHECK_INT("program found", prog.found, 1);
  CHECK_INT("lazily bound __accgpu_ PLT slots of the program", prog.slots, 0);
  CHECK_INT("libaccgpu.so loaded", lib.found, 1);
  CHECK_INT("libaccgpu.so bound at load (BIND_NOW)", lib.now, 1);
  return e2e_done();
}
