/* queue-race.h — races between operations on different queues (racecheck,
 * queue-race.c): the happens-before order of kernels, copies and memsets
 * as the queues, waits and host synchronizations make it.             */
#ifndef ACCGPU_EMU_QUEUE_RACE_H
#define ACCGPU_EMU_QUEUE_RACE_H 1

#include <stddef.h>
#include <stdint.h>

#include "accgpu_abi.h"

struct accgpu_dev;

/* What an operation is, for reports. */
enum { EMU_OPD_KERNEL, EMU_OPD_H2D, EMU_OPD_D2H, EMU_OPD_D2D, EMU_OPD_MEMSET };
typedef struct emu_opdesc {
  int kind;
  const char *kernel;       /* EMU_OPD_KERNEL */
  const __accgpu_loc *loc;  /* its construct, or NULL */
  const char *routine;      /* the acc_* routine, or NULL */
} emu_opdesc;

/* A queue's clock: its timeline slot (0: none yet), its label and the
   vector clock of what its next operation happens after. */
typedef struct emu_qclock {
  int on;        /* its device is checked */
  unsigned slot;
  int async;   /* async number as the core named it; -1: synchronous */
  int labeled; /* ASYNC was given */
  int devnum;
  unsigned n;  /* entries in VC */
  uint64_t *vc;
} emu_qclock;

/* An operation as reports name it: what, on which queue of which device. */
typedef struct emu_opinfo {
  emu_opdesc d;
  int async, labeled, devnum;
} emu_opinfo;

/* An operation's place in the order: its epoch (slot and clock), its
   vector clock (entry i: the last clock of slot i it happens after). */
typedef struct emu_hb {
  uint64_t epoch;
  emu_opinfo info;
  unsigned n;
  uint64_t vc[];
} emu_hb;

/* QC starts for a queue of DEV (NULL: multicore, never checked). */
void accgpu_emu_qrace_queue_init(emu_qclock *qc, const struct accgpu_dev *dev);
void accgpu_emu_qrace_queue_fini(emu_qclock *qc);
/* A new operation D on QC's queue: its place, or NULL (not checked). */
emu_hb *accgpu_emu_qrace_op(emu_qclock *qc, const emu_opdesc *d);
/* QC's later operations wait for everything queued on OTHER so far. */
void accgpu_emu_qrace_wait(emu_qclock *qc, const emu_qclock *other);
/* What QC's queued operations happen after, or NULL; the host joins it
   once they are done (frees it). */
uint64_t *accgpu_emu_qrace_snap(const emu_qclock *qc, unsigned *n);
void accgpu_emu_qrace_host_join(uint64_t *vc, unsigned n);
/* Operation OP accesses [A, A+N) of DEV: KIND bit 0 write, bit 1 atomic.
   Reports a hazard with an operation that nothing orders before it.
   Called with the racecheck lock held. */
void accgpu_emu_qrace_access(const emu_hb *op, struct accgpu_dev *dev,
                             uintptr_t a, size_t n, unsigned kind);
/* [P, P+BYTES) of DEV was allocated anew: its records are forgotten. */
void accgpu_emu_qrace_forget(struct accgpu_dev *dev, const void *p,
                             size_t bytes);
int accgpu_emu_qrace_dev_init(struct accgpu_dev *dev);
void accgpu_emu_qrace_dev_fini(struct accgpu_dev *dev);
/* The process-wide racecheck lock: launches and checked copies one at a
   time (records are not written concurrently). */
void accgpu_emu_race_serial(int lock);

#endif /* ACCGPU_EMU_QUEUE_RACE_H */
