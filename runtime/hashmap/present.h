/* present.h — the present table of one device: host range -> device range,
 * with OpenACC 2.6 reference counts (runtime/data.c applies the rules).
 *
 * Design.  Lookups must find an entry from any address inside it, so the
 * index is ordered: a floor search on the host start, then a containment
 * check.  Two ordered indexes (runtime/hashmap/oindex.h: a two-level sorted
 * array, binary search over contiguous keys, cheap inserts) hold the
 * entries by host start and by device start, so acc_hostptr is O(log n)
 * like acc_deviceptr.  In front of the host index sits a small direct-mapped
 * hash keyed by the host page (addr >> 12): programs look up the same few
 * arrays again and again (every region, every update), and a page hit
 * answers with one compare.  Entries never overlap (data.c refuses partial
 * overlaps), so a cached entry that contains the address is the answer;
 * removal clears the slots of the pages the entry covered.  A splay tree
 * (libgomp) reorganizes memory on every lookup, even read-only ones, which
 * costs cache misses and forbids concurrent readers; it also needs a second
 * tree or a walk for reverse lookup.
 *
 * Not thread safe: the device lock guards a table and its entries.      */
#ifndef ACCGPU_PRESENT_H
#define ACCGPU_PRESENT_H 1

#include <stddef.h>
#include <stdint.h>

#include "hashmap/oindex.h"

/* One attached pointer inside an entry (acc_attach counts). */
typedef struct accgpu_attach_rec {
  uintptr_t ptr_addr; /* host address of the pointer variable */
  unsigned long count;
} accgpu_attach_rec;

typedef struct accgpu_entry {
  uintptr_t host, dev;
  size_t bytes;              /* > 0 */
  unsigned long structured;  /* data/compute regions holding it */
  unsigned long dynamic;     /* enter data / acc_copyin / acc_create */
  int user_mapped;           /* acc_map_data: never freed by the runtime */
  int slot;                  /* made by ACCGPU_MAPF_POINTER_SLOT items */
  const char *name;          /* first clause item that mapped it, or NULL */
  accgpu_attach_rec *att;    /* attached pointers inside this entry */
  unsigned natt, catt;
} accgpu_entry;

#define ACCGPU_PRESENT_CACHE 512

typedef struct accgpu_present {
  accgpu_oindex by_host, by_dev;
  struct {
    uintptr_t page;
    accgpu_entry *e;
  } cache[ACCGPU_PRESENT_CACHE];
} accgpu_present;

void accgpu_present_init(accgpu_present *t);
/* Frees the index only; entries belong to the caller (see _each). */
void accgpu_present_fini(accgpu_present *t);
/* Entry containing host address H, or NULL. */
accgpu_entry *accgpu_present_find(accgpu_present *t, uintptr_t h);
/* Entry containing device address D, or NULL. */
accgpu_entry *accgpu_present_find_dev(const accgpu_present *t, uintptr_t d);
/* Some entry overlapping [H, H+BYTES) (BYTES > 0), or NULL. */
accgpu_entry *accgpu_present_overlap(accgpu_present *t, uintptr_t h,
                                     size_t bytes);
/* Some entry whose device range overlaps [D, D+BYTES), or NULL. */
accgpu_entry *accgpu_present_overlap_dev(const accgpu_present *t, uintptr_t d,
                                         size_t bytes);
/* Adds E (not overlapping any entry); 0, or -1 when out of memory. */
int accgpu_present_insert(accgpu_present *t, accgpu_entry *e);
/* Removes E from the table; E stays the caller's. */
void accgpu_present_remove(accgpu_present *t, accgpu_entry *e);
size_t accgpu_present_count(const accgpu_present *t);
/* Calls FN on every entry in host order; FN must not change T. */
void accgpu_present_each(const accgpu_present *t,
                         void (*fn)(void *entry, void *ctx), void *ctx);

#endif
