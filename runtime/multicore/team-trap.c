/* team-trap.c — a kernel that faults on the multicore device (an integer
 * division by zero, an invalid access, a stack overflow) ends the program
 * with a message naming the kernel, its construct and the block, as the
 * emulator's does (runtime/emulator/fiber.c), not a bare SIGFPE or SIGSEGV
 * that names nothing.  A thread notes the launch and block it runs
 * (accgpu_mc_trap_begin/end, around each run of blocks) and gets a signal
 * stack the first time (an overflow leaves no stack to report on).  A
 * fault outside kernels goes back to the handler that was there before.
 * Part of libaccgpu-mc.so; nothing under the sanitizers, which report
 * faults themselves. */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "fault-signals.h"
#include "multicore/mc.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
void *accgpu_mc_trap_begin(const accgpu_mc_launch *l,
                           const __accgpu_mc_block *b) {
  (void)l;
  (void)b;
  return NULL;
}
void accgpu_mc_trap_end(void *t) { (void)t; }
#else
#define TRAP_STACK (64u << 10)

typedef struct trap_state {
  const accgpu_mc_launch *l;
  const __accgpu_mc_block *blk;
  int ready;           /* the signal stack is set (or cannot be) */
  uintptr_t stack_lo;  /* the thread's stack, for overflows (0: unknown) */
  size_t stack_size;
} trap_state;

static __thread trap_state trap;
static struct sigaction old[ACCGPU_FAULT_NSIG];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void what_text(const trap_state *s, int sig, const siginfo_t *si,
                      char *buf, size_t len) {
  uintptr_t a = (uintptr_t)si->si_addr;
  if (sig == SIGFPE)
    snprintf(buf, len, "%s at pc %p", accgpu_fpe_text(si->si_code),
             si->si_addr);
  else if (s->stack_lo && a < s->stack_lo + 65536 &&
           a + (1u << 20) > s->stack_lo)
    snprintf(buf, len, "stack overflow (this thread's stack is %zu KiB; "
             "OMP_STACKSIZE sets the worker threads')",
             s->stack_size >> 10);
  else
    snprintf(buf, len, "%s at address %p",
             sig == SIGBUS ? "bus error" : "invalid memory access",
             si->si_addr);
}

static void handler(int sig, siginfo_t *si, void *uc) {
  (void)uc;
  const trap_state *s = &trap;
  if (!s->l) {
    accgpu_fault_restore(old);
    return; /* the fault repeats under the previous handler */
  }
  const accgpu_mc_kernel *k = s->l->kernel;
  const __accgpu_kernel *d = k ? k->desc : NULL;
  const __accgpu_loc *loc = d ? d->loc : NULL;
  char at[300] = "", what[200], msg[700];
  if (loc && loc->file)
    snprintf(at, sizeof at, " (%s at %s:%d in %s)",
             loc->construct ? loc->construct : "construct", loc->file,
             loc->line, loc->func ? loc->func : "?");
  what_text(s, sig, si, what, sizeof what);
  int n = snprintf(msg, sizeof msg,
                   "accgpu multicore: kernel %s%s, block (%u,%u,%u): %s\n",
                   d ? d->name : "?", at, s->blk->block_idx.x,
                   s->blk->block_idx.y, s->blk->block_idx.z, what);
  if (n > 0 && write(2, msg, (size_t)n < sizeof msg ? (size_t)n
                                                    : sizeof msg - 1) < 0)
    n = 0;
  _exit(1);
}

static void install(void) { accgpu_fault_install(handler, old); }

/* The thread's signal stack and stack bounds, once. */
static void thread_setup(trap_state *s) {
  s->ready = 1;
  pthread_attr_t a;
  void *lo;
  if (pthread_getattr_np(pthread_self(), &a) == 0) {
    if (pthread_attr_getstack(&a, &lo, &s->stack_size) == 0)
      s->stack_lo = (uintptr_t)lo;
    pthread_attr_destroy(&a);
  }
  stack_t ss = {0}, old;
  if (sigaltstack(NULL, &old) == 0 && !(old.ss_flags & SS_DISABLE))
    return; /* the thread has one already */
  ss.ss_sp = malloc(TRAP_STACK);
  ss.ss_size = TRAP_STACK;
  if (ss.ss_sp && sigaltstack(&ss, NULL) != 0)
    free(ss.ss_sp);
  pthread_once(&once, install);
}

void *accgpu_mc_trap_begin(const accgpu_mc_launch *l,
                           const __accgpu_mc_block *b) {
  trap_state *s = &trap;
  if (!s->ready)
    thread_setup(s);
  s->l = l;
  s->blk = b;
  return s;
}

void accgpu_mc_trap_end(void *t) { ((trap_state *)t)->l = NULL; }
#endif
