/* fault-signals.h — what the emulator's and the multicore device's fault
 * handlers share (runtime/emulator/fiber.c, runtime/multicore/team-trap.c):
 * the three signals a faulting kernel raises, installed on the signal
 * stack and given back outside kernels, and the words for SIGFPE's codes.
 * Header-only: team-trap.c is in libaccgpu-mc.so, which uses nothing of
 * libaccgpu. */
#ifndef ACCGPU_FAULT_SIGNALS_H
#define ACCGPU_FAULT_SIGNALS_H 1

#include <signal.h>
#include <string.h>

enum { ACCGPU_FAULT_NSIG = 3 };
#define ACCGPU_FAULT_SIGS {SIGSEGV, SIGBUS, SIGFPE}

/* Installs HANDLER (SA_SIGINFO, on the signal stack) for the three,
   keeping the handlers there were in OLD. */
static inline void accgpu_fault_install(void (*handler)(int, siginfo_t *,
                                                         void *),
                                        struct sigaction *old) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = handler;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  const int sigs[ACCGPU_FAULT_NSIG] = ACCGPU_FAULT_SIGS;
  for (int i = 0; i < ACCGPU_FAULT_NSIG; i++)
    sigaction(sigs[i], &sa, &old[i]);
}

/* Gives the three back to OLD (a fault outside kernels repeats there). */
static inline void accgpu_fault_restore(const struct sigaction *old) {
  const int sigs[ACCGPU_FAULT_NSIG] = ACCGPU_FAULT_SIGS;
  for (int i = 0; i < ACCGPU_FAULT_NSIG; i++)
    sigaction(sigs[i], &old[i], NULL);
}

/* What SIGFPE's CODE says (x86 traps only integer division). */
static inline const char *accgpu_fpe_text(int code) {
  switch (code) {
  case FPE_INTDIV:
    return "integer division (or remainder) by zero";
  case FPE_INTOVF:
    return "integer division overflow (the type's minimum divided by -1)";
  default:
    return "arithmetic exception";
  }
}

#endif
