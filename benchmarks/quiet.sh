# Sourced by benchmark scripts: runs the measured programs ahead of every
# other process of the machine, where that is allowed.
#
# On the shared 2-vCPU development VM other jobs (builds, test suites at
# nice 19) still take a core now and then, and a two-thread team that loses
# one of its cores for a time slice loses the whole slice: NPB CG class W on
# the multicore device measured 1.50-1.58x the host device in quiet rounds
# at nice 0 and 1.86x under SCHED_FIFO (docs/multicore.md, session 11).
# A SCHED_FIFO process (and the threads it starts, which inherit the policy)
# runs whenever it is ready; the kernel still keeps 5 % of each second for
# the rest (sched_rt_runtime_us), so a runaway program cannot lock the VM.
#
# Sets BENCH_PRIO (an array: the command prefix, empty when not allowed or
# BENCH_REALTIME=0) and BENCH_PRIO_NOTE (what was chosen, for the header).
BENCH_PRIO=()
if [ "${BENCH_REALTIME:-1}" = 0 ]; then
  BENCH_PRIO_NOTE="normal priority (BENCH_REALTIME=0)"
elif command -v chrt >/dev/null 2>&1 && chrt -f 50 true 2>/dev/null; then
  BENCH_PRIO=(chrt -f 50)
  BENCH_PRIO_NOTE="SCHED_FIFO priority 50 (chrt; BENCH_REALTIME=0 for normal priority)"
else
  BENCH_PRIO_NOTE="normal priority (SCHED_FIFO not permitted: needs root or CAP_SYS_NICE)"
fi
