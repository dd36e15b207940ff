/* peer.c — device-to-device copies between devices of the current type:
 * acc_update_peer (Xu §6.3.1), update peer, acc_memcpy_d2d.  Uses the
 * backend's copy_peer when the devices reach each other, else stages
 * through page-locked host memory.  Holds both device locks (taken in slot
 * order) for the duration.                                              */
#include "core.h"

#include <stdlib.h>
#include <string.h>

typedef struct peer {
  const __accgpu_loc *loc;
  const char *who;
  const char *name;
} peer;

static _Noreturn void peer_fail(const peer *p, const char *what,
                                const accgpu_device *d) {
  char desc[64];
  if (p->loc)
    accgpu_fatal(p->loc, "update peer '%s': %s on %s: %s",
                 p->name ? p->name : "?", what,
                 accgpu_device_desc(d, desc, sizeof desc),
                 accgpu_last_error(NULL));
  accgpu_fatal(NULL, "%s: %s on %s: %s", p->who, what,
               accgpu_device_desc(d, desc, sizeof desc),
               accgpu_last_error(NULL));
}

/* Device address of host range [H, H+BYTES) on D (D's lock held). */
static void *dev_addr(const peer *p, accgpu_device *d, const void *h,
                      size_t bytes) {
  char desc[64];
  accgpu_entry *e = accgpu_present_find(&d->present, (uintptr_t)h);
  if (!e || bytes > e->bytes - ((uintptr_t)h - e->host)) {
    if (p->loc)
      accgpu_fatal(p->loc, "'%s' (%zu bytes at %p) is not present on %s",
                   p->name ? p->name : "?", bytes, h,
                   accgpu_device_desc(d, desc, sizeof desc));
    accgpu_fatal(NULL, "%s: %p (%zu bytes) is not present on %s", p->who, h,
                 bytes, accgpu_device_desc(d, desc, sizeof desc));
  }
  return accgpu_entry_dev(e, h);
}

static void sync_or_fail(const peer *p, accgpu_device *d,
                         struct accgpu_queue *q) {
  if (d->be->queue_sync(q) != 0)
    peer_fail(p, "copy failed", d);
}

/* Copies through a host staging buffer, synchronously (both locks held). */
static void staged(const peer *p, accgpu_device *dd, void *ddev,
                   accgpu_device *sd, const void *sdev, size_t bytes) {
  void *buf = NULL;
  int pinned = sd->be->host_alloc &&
               sd->be->host_alloc(sd->dev, bytes, &buf) == 0;
  if (!pinned && !(buf = malloc(bytes)))
    accgpu_fatal(p->loc, "%s: out of host memory", p->who);
  struct accgpu_queue *qs = accgpu_queue_get(sd, acc_async_sync, p->loc);
  struct accgpu_queue *qd = accgpu_queue_get(dd, acc_async_sync, p->loc);
  if (sd->be->copy_d2h(qs, buf, sdev, bytes) != 0)
    peer_fail(p, "cannot copy to host", sd);
  sync_or_fail(p, sd, qs);
  if (dd->be->copy_h2d(qd, ddev, buf, bytes) != 0)
    peer_fail(p, "cannot copy from host", dd);
  sync_or_fail(p, dd, qd);
  if (pinned)
    sd->be->host_free(sd->dev, buf);
  else
    free(buf);
}

typedef struct staging {
  accgpu_device *sd;
  void *buf;
} staging;

/* Queue callback: frees a staging buffer (runs off the driver's thread). */
static void staging_free(void *arg) {
  staging *s = arg;
  s->sd->be->host_free(s->sd->dev, s->buf);
  free(s);
}

/* Staged copy queued on QS (source device's queue): source -> pinned
   buffer on QS, then QD (destination's queue of the same number) waits for
   it and copies buffer -> destination, then QS waits for QD and frees the
   buffer, so QS finishing means the copy is done.  Returns 0, or -1 when
   the backend lacks what this needs (the caller then stages
   synchronously).  Both locks held. */
static int staged_async(const peer *p, accgpu_device *dd, void *ddev,
                        accgpu_device *sd, const void *sdev, size_t bytes,
                        int async) {
  const accgpu_backend *be = sd->be;
  staging *s;
  if (be != dd->be || !be->host_alloc || !be->queue_callback ||
      !be->queue_wait_queue || !(s = malloc(sizeof *s)))
    return -1;
  s->sd = sd;
  if (be->host_alloc(sd->dev, bytes, &s->buf) != 0) {
    free(s);
    return -1;
  }
  struct accgpu_queue *qs = accgpu_queue_get(sd, async, p->loc);
  struct accgpu_queue *qd = accgpu_queue_get(dd, async, p->loc);
  if (be->copy_d2h(qs, s->buf, sdev, bytes) != 0)
    peer_fail(p, "cannot copy to host", sd);
  if (be->queue_wait_queue(qd, qs) != 0 ||
      be->copy_h2d(qd, ddev, s->buf, bytes) != 0)
    peer_fail(p, "cannot copy from host", dd);
  if (be->queue_wait_queue(qs, qd) != 0 ||
      be->queue_callback(qs, staging_free, s) != 0)
    peer_fail(p, "cannot order the copy", sd);
  return 0;
}

/* Opens D when a shutdown closed it and keeps it open for the caller. */
static void hold_open(accgpu_device *d, const char *who) {
  accgpu_device_lock_open(d, who);
  accgpu_device_hold(d);
  pthread_mutex_unlock(&d->lock);
}

/* Device NUM of the calling thread's domain.  For `update peer` (P has a
   location) as for deviceid: the construct's location in errors, and on
   the host fallback every number is the host; the API's numbers as given. */
static accgpu_device *peer_device(const peer *p, int num) {
  accgpu_thread *t = accgpu_thread_get();
  if (p->loc && num >= 0)
    return accgpu_device_arg(num, p->loc, p->who);
  return accgpu_device_get_at(t->domain, num, p->loc, p->who);
}

/* Copies BYTES at host address SRC's device copy on device FROM to DST's
   on device TO (numbers in the calling thread's domain).  ASYNC other than
   acc_async_sync queues the copy on that async queue of the source device
   and returns at once (as far as the backend allows: copies between
   devices of two backends are staged synchronously). */
static void peer_copy(const peer *p, void *dst, int to, const void *src,
                      int from, size_t bytes, int async) {
  accgpu_device *dd = peer_device(p, to), *sd = peer_device(p, from);
  int sync = async == acc_async_sync || accgpu_timing;
  if (dd->shared_mem) {
    if (dst != src)
      memmove(dst, src, bytes);
    return;
  }
  if (bytes == 0)
    return;
  accgpu_device *first = dd->slot <= sd->slot ? dd : sd;
  accgpu_device *second = first == dd ? sd : dd;
  hold_open(first, p->who); /* one at a time: no wait for a close while */
  hold_open(second, p->who); /* holding a lock */
  pthread_mutex_lock(&first->lock);
  if (second != first)
    pthread_mutex_lock(&second->lock);
  void *sdev = dev_addr(p, sd, src, bytes);
  void *ddev = dev_addr(p, dd, dst, bytes);
  struct accgpu_queue *q = accgpu_queue_get(sd, sync ? acc_async_sync : async,
                                            p->loc);
  double t0 = accgpu_timing ? accgpu_now() : 0;
  if (dd == sd) {
    if (dd->be->copy_d2d(q, ddev, sdev, bytes) != 0)
      peer_fail(p, "cannot copy", dd);
    if (sync)
      sync_or_fail(p, sd, q);
  } else if (dd->be == sd->be && dd->be->copy_peer &&
             dd->be->copy_peer(q, dd->dev, ddev, sd->dev, sdev, bytes) == 0) {
    if (sync)
      sync_or_fail(p, sd, q);
  } else if (sync || staged_async(p, dd, ddev, sd, sdev, bytes, async) != 0) {
    staged(p, dd, ddev, sd, sdev, bytes);
  }
  if (accgpu_timing)
    accgpu_time_record(ACCGPU_T_D2D, p->name, p->loc, bytes,
                       accgpu_now() - t0);
  if (second != first)
    pthread_mutex_unlock(&second->lock);
  pthread_mutex_unlock(&first->lock);
  accgpu_device_unhold(second);
  accgpu_device_unhold(first);
}

void acc_update_peer(void *dst, int to_device, const void *src,
                     int from_device, size_t size) {
  peer p = {NULL, "acc_update_peer", NULL};
  peer_copy(&p, dst, to_device, src, from_device, size, acc_async_sync);
}

void __accgpu_update_peer(const __accgpu_loc *loc, void *dst, int to_device,
                          const void *src, int from_device, size_t bytes,
                          const char *name) {
  peer p = {loc, "update peer", name};
  peer_copy(&p, dst, to_device, src, from_device, bytes, acc_async_sync);
}

void acc_memcpy_d2d(void *dst, void *src, size_t bytes, int dst_dev,
                    int src_dev) {
  peer p = {NULL, "acc_memcpy_d2d", NULL};
  peer_copy(&p, dst, dst_dev, src, src_dev, bytes, acc_async_sync);
}

/* Queued on async queue ASYNC of the source device. */
void acc_memcpy_d2d_async(void *dst, void *src, size_t bytes, int dst_dev,
                          int src_dev, int async) {
  peer p = {NULL, "acc_memcpy_d2d_async", NULL};
  peer_copy(&p, dst, dst_dev, src, src_dev, bytes, async);
}
