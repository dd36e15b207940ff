/* initcheck.c — ACCGPU_EMU_INITCHECK=1: a kernel that reads device memory
 * nothing has written since it was allocated, as CUDA's compute-sanitizer
 * --tool initcheck reports.  A GPU returns whatever was there; the
 * emulator fills new memory with 0xff bytes, so the answer is garbage
 * without a word.  The usual cause: `copyout(D)` or `create(D)` of an
 * array the kernel then reads (`D[i][j] *= beta`, PolyBench-ACC's 2mm),
 * where the program meant `copy`.
 *
 * One bit per device byte, set by copies to the device, memsets and
 * kernels' stores and atomics, cleared when the pool hands the bytes out
 * again.  A load is reported when no byte of it was written, so a struct
 * copied with its padding, or a vector load over a partly written tail,
 * is not.                                                               */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "emu.h"

int accgpu_emu_initcheck_init(struct accgpu_dev *dev) {
  dev->written = NULL;
  if (!accgpu_emu_config_get()->initcheck)
    return 0;
  dev->written = accgpu_emu_records(dev, dev->size / 8 + 1, "initcheck bits",
                                    ", or ACCGPU_EMU_INITCHECK=0");
  return dev->written ? 0 : -1;
}

void accgpu_emu_initcheck_fini(struct accgpu_dev *dev) {
  if (dev->written)
    munmap(dev->written, dev->size / 8 + 1);
  dev->written = NULL;
}

/* Sets (ON) or clears the bit of byte OFF, atomically: kernel threads
   store to neighbouring bytes concurrently. */
static void mark_bit(uint8_t *bits, uintptr_t off, int on) {
  uint8_t b = (uint8_t)(1u << (off & 7));
  if (on)
    __atomic_fetch_or(&bits[off >> 3], b, __ATOMIC_RELAXED);
  else
    __atomic_fetch_and(&bits[off >> 3], (uint8_t)~b, __ATOMIC_RELAXED);
}

/* The bits of [OFF, OFF+N): whole bytes in the middle at once, the edges
   bit by bit. */
static void mark(uint8_t *bits, uintptr_t off, size_t n, int on) {
  uintptr_t end = off + n;
  for (; off < end && (off & 7); off++)
    mark_bit(bits, off, on);
  if (end - off >= 8) {
    memset(bits + (off >> 3), on ? 0xff : 0, (end - off) >> 3);
    off += (end - off) & ~(uintptr_t)7;
  }
  for (; off < end; off++)
    mark_bit(bits, off, on);
}

/* The offset of [P, P+N) in DEV when DEV checks it, else -1. */
static intptr_t offset_of(const struct accgpu_dev *dev, const void *p,
                          size_t n) {
  if (!dev || !dev->written || !accgpu_emu_mem_owns(dev, p, n))
    return -1;
  return (intptr_t)((uintptr_t)p - (uintptr_t)dev->base);
}

void accgpu_emu_initcheck_mark(struct accgpu_dev *dev, const void *p,
                               size_t n, int written) {
  intptr_t off = offset_of(dev, p, n);
  if (off >= 0)
    mark(dev->written, (uintptr_t)off, n, written);
}

void accgpu_emu_initcheck_copy(struct accgpu_dev *ddev, void *dst,
                               struct accgpu_dev *sdev, const void *src,
                               size_t n) {
  intptr_t d = offset_of(ddev, dst, n), s = offset_of(sdev, src, n);
  if (d < 0)
    return;
  if (s < 0) { /* from the host, or from a device not checked */
    mark(ddev->written, (uintptr_t)d, n, 1);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    uintptr_t a = (uintptr_t)s + i;
    mark_bit(ddev->written, (uintptr_t)d + i,
             sdev->written[a >> 3] >> (a & 7) & 1);
  }
}

int accgpu_emu_initcheck_unwritten(const struct accgpu_dev *dev,
                                   uintptr_t a, size_t n) {
  intptr_t off = offset_of(dev, (const void *)a, n);
  if (off < 0 || n == 0)
    return 0;
  for (uintptr_t o = (uintptr_t)off; o < (uintptr_t)off + n; o++)
    if (__atomic_load_n(&dev->written[o >> 3], __ATOMIC_RELAXED) >> (o & 7) &
        1)
      return 0;
  return 1;
}

/* Why device memory at A may hold nothing yet, by what it is: the data
   clause hint applies to mapped data only (and to memory no label names:
   labels are off under ACCGPU_EMU_MEMCHECK=0). */
static const char *unwritten_hint(struct accgpu_dev *dev, uintptr_t a) {
  switch (dev ? accgpu_emu_label_kind(dev, a) : EMU_LABEL_NONE) {
  case EMU_LABEL_ACC_MALLOC:
    return "acc_malloc does not initialize memory: copy to it first, with "
           "acc_memcpy_to_device, or write it in a kernel";
  case EMU_LABEL_DEVICE:
    return "device memory starts uninitialized: write it first";
  default:
    return "copyout and create do not copy the host's values: use copy or "
           "copyin, or write them first";
  }
}

int accgpu_emu_initcheck_report(const accgpu_emu_where *w, uintptr_t a,
                                size_t n, char *buf, size_t len) {
  int k = snprintf(buf, len, "initcheck: read of %zu bytes at %p by ", n,
                   (void *)a);
  if (k > 0 && (size_t)k < len)
    k += accgpu_emu_where_text(w, buf + k, len - (size_t)k);
  if (k > 0 && (size_t)k < len)
    k += snprintf(buf + k, len - (size_t)k,
                  ": nothing wrote these bytes on the device since they were "
                  "allocated (%s)", unwritten_hint(w->g->dev, a));
  if (k > 0 && (size_t)k < len) {
    size_t at = (size_t)k;
    snprintf(buf + at, len - at, "; ");
    accgpu_emu_describe(w->g->dev, a, buf, len);
    if (strlen(buf) == at + 2)
      buf[at] = '\0';
  }
  return -1;
}
