/* declare.c — globals with a `declare` directive (create, copyin,
 * device_resident) on every device.
 *
 * Each object that defines or uses such globals registers its list from a
 * constructor (__accgpu_declare_map).  The list is mapped on every device
 * that is open then, and on each device as it opens later: one chosen by
 * acc_set_device_num or acc_set_device_type after the program started,
 * another GPU of a multi-GPU run, a device opened again after
 * acc_shutdown.  libgomp maps declared globals whenever it loads the
 * program's image onto a device, which is the same moment.  A library's
 * destructor (dlclose) unregisters its list and frees the copies.
 *
 * A device copy starts as the variable started: with the bytes it held
 * when its list was registered, before main (a snapshot, kept), or zero
 * for one the plugin knows has no initializer (ACCGPU_MAPF_ZERO).  That is
 * what a GPU's image holds (libgomp, NVHPC); copying the host's bytes at
 * the first construct, as before, hid a missing `update device` of a
 * table the host filled in the meantime.                                */
#include "core.h"

#include <stdlib.h>
#include <string.h>

typedef struct declare_list {
  const __accgpu_loc *loc;
  unsigned n;
  const __accgpu_map *maps;
  void **init; /* each variable's bytes at registration; NULL: zero */
} declare_list;

static pthread_mutex_t lists_lock = PTHREAD_MUTEX_INITIALIZER;
static declare_list *lists;
static unsigned nlists, caplists;

static void map_list(accgpu_op *op, const declare_list *l) {
  for (unsigned i = 0; i < l->n; i++)
    if (l->maps[i].bytes)
      accgpu_enter_declared(op, &l->maps[i], l->init[i]);
}

/* The first bytes of each variable of MAPS (NULL for ACCGPU_MAPF_ZERO). */
static void **snapshot(const __accgpu_loc *loc, unsigned n,
                       const __accgpu_map *maps) {
  void **init = calloc(n ? n : 1, sizeof *init);
  if (!init)
    accgpu_fatal(loc, "out of host memory");
  for (unsigned i = 0; i < n; i++) {
    if (!maps[i].bytes || (maps[i].flags & ACCGPU_MAPF_ZERO))
      continue;
    if (!(init[i] = malloc(maps[i].bytes)))
      accgpu_fatal(loc, "out of host memory for the initial value of '%s' "
                   "(%zu bytes)", maps[i].name ? maps[i].name : "?",
                   maps[i].bytes);
    memcpy(init[i], maps[i].host, maps[i].bytes);
  }
  return init;
}

static void snapshot_free(void **init, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    free(init[i]);
  free(init);
}

/* D's lock is held and D is not yet marked open, so no other thread uses
   it; the lists lock comes after a device lock, never before. */
void accgpu_declare_on_open(accgpu_device *d) {
  if (d->shared_mem)
    return;
  pthread_mutex_lock(&lists_lock);
  for (unsigned k = 0; k < nlists; k++) {
    accgpu_op op;
    accgpu_op_begin_held(&op, d, lists[k].loc, NULL, acc_async_sync);
    map_list(&op, &lists[k]);
    accgpu_op_end_held(&op);
  }
  pthread_mutex_unlock(&lists_lock);
}

/* A device that opened before the list was registered. */
static void map_on(accgpu_device *d, void *arg) {
  if (d->shared_mem || !__atomic_load_n(&d->opened, __ATOMIC_ACQUIRE))
    return;
  accgpu_op op;
  accgpu_op_begin(&op, d, ((declare_list *)arg)->loc, NULL, acc_async_sync);
  map_list(&op, arg);
  accgpu_op_end(&op);
}

void __accgpu_declare_map(const __accgpu_loc *loc, unsigned n,
                          const __accgpu_map *maps) {
  declare_list l = {loc, n, maps, snapshot(loc, n, maps)};
  pthread_mutex_lock(&lists_lock);
  if (nlists == caplists) {
    unsigned cap = caplists ? 2 * caplists : 16;
    declare_list *p = realloc(lists, cap * sizeof *p);
    if (!p)
      accgpu_fatal(loc, "out of host memory");
    lists = p;
    caplists = cap;
  }
  lists[nlists++] = l;
  pthread_mutex_unlock(&lists_lock);
  accgpu_each_device(map_on, &l);
}

/* Frees the device copies of the globals of L on D, whatever their
   counts: the variables themselves are going away. */
static void unmap_on(accgpu_device *d, void *arg) {
  const declare_list *l = arg;
  if (d->shared_mem || !__atomic_load_n(&d->opened, __ATOMIC_ACQUIRE))
    return;
  accgpu_op op;
  accgpu_op_begin(&op, d, l->loc, NULL, acc_async_sync);
  for (unsigned i = 0; i < l->n; i++) {
    const __accgpu_map *m = &l->maps[i];
    accgpu_entry *e = accgpu_present_find(&d->present, (uintptr_t)m->host);
    if (e && e->host == (uintptr_t)m->host && e->bytes == m->bytes) {
      e->structured = 0; /* no region can outlive the library */
      accgpu_data_release(&op, e, m->host, m->bytes, 0, 1, 0);
    }
  }
  accgpu_op_end(&op);
}

void __accgpu_declare_unmap(const __accgpu_loc *loc, unsigned n,
                            const __accgpu_map *maps) {
  declare_list l = {loc, n, maps, NULL};
  pthread_mutex_lock(&lists_lock);
  for (unsigned k = 0; k < nlists; k++)
    if (lists[k].maps == maps) {
      l.init = lists[k].init;
      lists[k] = lists[--nlists];
      break;
    }
  pthread_mutex_unlock(&lists_lock);
  accgpu_each_device(unmap_on, &l);
  if (l.init)
    snapshot_free(l.init, n);
}
