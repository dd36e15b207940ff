/* coalesce.h — merging the accesses of one warp instruction into cache-line
 * transactions with a mask of the sectors each touches. */
#ifndef ACCGPU_TUNE_COALESCE_H
#define ACCGPU_TUNE_COALESCE_H 1

#include <stdint.h>

#define TUNE_MAX_TX 64 /* 32 lanes, each may straddle two lines */

typedef struct tune_tx {
  uint64_t line;     /* byte address >> line shift */
  uint32_t sectors;  /* bit i: sector i of the line is touched */
} tune_tx;

/* Coalesces N byte addresses of ELEM-byte accesses into distinct lines of
 * 1 << LINE_SHIFT bytes with sectors of 1 << SECTOR_SHIFT bytes.  Writes the
 * transactions, sorted by line, to OUT (room for TUNE_MAX_TX) and returns
 * their count. */
int accgpu_tune_coalesce(const uint64_t *addr, int n, int elem,
                         int line_shift, int sector_shift, tune_tx *out);

#endif
