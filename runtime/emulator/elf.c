/* elf.c — names of a module image's __shared__ variables, for reports.
 *
 * On the emulator __shared__ is `static __thread`: the variables of a
 * block live in its runner's TLS block of the image.  Their symbols (local
 * STT_TLS entries of .symtab, which the image keeps: it is never stripped)
 * give the offset of each inside that block, so a report can say
 * "__shared__ '__accgpu_red_scratch', at byte 256" instead of an address.
 * Reads the image bytes the module carries; every offset is checked
 * against the image size. */
#include <elf.h>
#include <string.h>

#include "emu.h"

/* The section header I of IMG, or NULL. */
static const Elf64_Shdr *section(const accgpu_emu_image *img,
                                 const Elf64_Ehdr *eh, unsigned i) {
  size_t off = eh->e_shoff + (size_t)i * sizeof(Elf64_Shdr);
  if (i >= eh->e_shnum || off + sizeof(Elf64_Shdr) > img->elf_size)
    return NULL;
  return (const Elf64_Shdr *)(img->elf + off);
}

int accgpu_emu_tls_symbol(const accgpu_emu_image *img, size_t off,
                          const char **name, size_t *at) {
  if (!img->elf || img->elf_size < sizeof(Elf64_Ehdr))
    return -1;
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *)img->elf;
  if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
      eh->e_ident[EI_CLASS] != ELFCLASS64 ||
      eh->e_shentsize != sizeof(Elf64_Shdr))
    return -1;
  for (unsigned i = 0; i < eh->e_shnum; i++) {
    const Elf64_Shdr *sh = section(img, eh, i), *str;
    if (!sh || sh->sh_type != SHT_SYMTAB || !(str = section(img, eh, sh->sh_link)))
      continue;
    if (sh->sh_offset + sh->sh_size > img->elf_size ||
        str->sh_offset + str->sh_size > img->elf_size)
      return -1;
    const Elf64_Sym *sym = (const Elf64_Sym *)(img->elf + sh->sh_offset);
    size_t n = sh->sh_size / sizeof *sym;
    for (size_t k = 0; k < n; k++) {
      if (ELF64_ST_TYPE(sym[k].st_info) != STT_TLS ||
          off < sym[k].st_value || off - sym[k].st_value >= sym[k].st_size ||
          sym[k].st_name >= str->sh_size)
        continue;
      const char *s = (const char *)img->elf + str->sh_offset + sym[k].st_name;
      if (!memchr(s, '\0', str->sh_size - sym[k].st_name))
        return -1;
      *name = s;
      *at = off - sym[k].st_value;
      return 0;
    }
  }
  return -1;
}
