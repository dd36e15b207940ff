/* emu_test.h — result layouts shared by the emulator's test kernels
 * (tests/unit/kernels/emu_*.cu) and tests/unit/test_emulator.c. */
#ifndef EMU_TEST_H
#define EMU_TEST_H 1

typedef struct emu_atomic_out {
  int isum, imin, imax, iand, ior, ixor, icas_sum, exch_count;
  unsigned usum, umin, umax, uinc, udec;
  unsigned long long ullsum, ullmax, ullor;
  long long llmin, llmax;
  float fsum, fmin, fmax;
  double dsum, dmin, dmax;
  unsigned short us_count; /* 16-bit CAS-loop counter */
} emu_atomic_out;

typedef struct emu_warp_out {
  int down_sum;          /* lane 0: __shfl_down_sync tree sum of the warp */
  int xor_sum;           /* every lane: butterfly (xor) sum of the warp */
  int scan;              /* inclusive prefix sum over the warp (shfl_up) */
  int xor16;             /* butterfly sum over the lane's 16-lane half */
  unsigned ballot;       /* ballot of odd values */
  int any_neg, all_pos;  /* votes */
  unsigned active;       /* __activemask() */
  float fbcast;          /* lane 5's value as float, __shfl_sync */
  double dbcast;         /* lane (lane+1)%32's value as double */
  long long llrot;       /* lane (lane^7)'s value as long long */
  long lsum;             /* butterfly sum of v * 1e11 as long */
  int sdown;             /* lane+1's value through a short shuffle */
  int popc, ffs, clz;    /* bit functions of the value */
} emu_warp_out;

#endif
