/* queue.h — the emulator's queues (queue.c) as the multicore backend uses
 * them too: a FIFO of operations run in order by one host thread per
 * queue, concurrently with the submitting thread.  Only these operations
 * are device-neutral (DEV may be NULL for them); copies and launches are
 * the emulator's (emu.h).                                               */
#ifndef ACCGPU_EMU_QUEUE_H
#define ACCGPU_EMU_QUEUE_H 1

struct accgpu_dev;
struct accgpu_queue;

int accgpu_emu_queue_create(struct accgpu_dev *dev, struct accgpu_queue **out);
int accgpu_emu_queue_destroy(struct accgpu_queue *q);
int accgpu_emu_queue_sync(struct accgpu_queue *q);
int accgpu_emu_queue_query(struct accgpu_queue *q);
int accgpu_emu_queue_wait_queue(struct accgpu_queue *q,
                                struct accgpu_queue *other);
/* Runs FN(ARG) on Q's thread after what was queued before. */
int accgpu_emu_queue_callback(struct accgpu_queue *q, void (*fn)(void *),
                              void *arg);

#endif /* ACCGPU_EMU_QUEUE_H */
