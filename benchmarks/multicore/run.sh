#!/usr/bin/env bash
# The multicore device against its two baselines, in one run: each kernel
# benchmark (benchmarks/kernels) and NPB EP, CG, MG, FT, IS built with the
# accgpu plugin runs on ACC_DEVICE_TYPE=host (one core) and
# ACC_DEVICE_TYPE=multicore, and the same source built with gcc -fopenmp
# (its NPB_OMP / BENCH_OMP lines: the hand-written OpenMP equivalent) runs
# with as many threads.  x_host = host time / multicore time (goal >= 1.8 on
# 2 cores); x_omp = OpenMP time / multicore time (goal >= 0.9); omp_gain =
# the OpenMP build on one thread / on all of them: what the machine gives
# the hand-written version, the ceiling for a bandwidth-bound kernel
# (divergence on the 2-core VM: 1.1-1.5x, docs/multicore.md, session 20).
#
# Usage: benchmarks/multicore/run.sh [BUILD-DIR]
# Environment: SIZE (kernels: small, large or "small large", the default:
# small runs take 20 us - 10 ms, where a launch's fixed cost shows; large
# ones 0.02 - 30 s, the throughput the goal is about), CLASS (NPB;
# default W), RUNS (runs of each build, the best counts: NPB and the small
# kernels, default 5: a process on this VM runs in a fast or a slow mode
# (1.5x apart) for its whole life), LARGE_RUNS (large kernels, default 3:
# wave13pt large on two threads took 0.039 s in one process, 0.052-0.054 s
# in the next two; a round of over 20 s is the last), BENCH_REALTIME=0
# (normal priority instead of SCHED_FIFO: benchmarks/quiet.sh),
# ACC_NUM_CORES (default: the CPUs this process may use; the OpenMP builds
# get OMP_NUM_THREADS = the same), OMP_GAIN=0 (no one-thread OpenMP runs:
# a quarter less time, no omp_gain column), OMP_WAIT_POLICY
# (default: libgomp's own under SCHED_FIFO or when the machine is idle, else
# passive; for both, below).
# Exits non-zero when a run does not verify.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
BUILD=$(cd "${1:-build}" && pwd) || exit 1
KD="$BUILD/bench/kernels" ND="$BUILD/npb"
sizes=${SIZE:-small large} cls=${CLASS:-W}
kruns=${RUNS:-5} nruns=${RUNS:-5} lruns=${LARGE_RUNS:-3} LONG_ROUND=20
nbuilds=4
[ "${OMP_GAIN:-1}" = 0 ] && nbuilds=3
cores=${ACC_NUM_CORES:-$(nproc)}
export ACC_NUM_CORES=$cores OMP_NUM_THREADS=$cores
. benchmarks/quiet.sh

# idle_cpus: CPUs idle over one second (/proc/stat), e.g. "1.93".
idle_cpus() {
  local a b
  a=$(awk '/^cpu /{print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9; exit}' /proc/stat)
  sleep 1
  b=$(awk '/^cpu /{print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9; exit}' /proc/stat)
  awk -v a="$a" -v b="$b" -v n="$(grep -c "^cpu[0-9]" /proc/stat)" 'BEGIN { split(a, x, " "); split(b, y, " ");
    t = y[2] - x[2]; printf "%.2f", (t > 0 ? n * (y[1] - x[1]) / t : 0) }'
}

# Both multi-threaded builds share libgomp and its wait policy (read once,
# at start-up, for the whole process).  The caller's OMP_WAIT_POLICY wins.
# Else libgomp's default (spin a while, then sleep) when every team thread
# finds a core of its own: at least cores - 0.5 CPUs idle over a second and
# a 1-minute load average under cores (the machine was not oversubscribed
# lately; the one-second sample alone misses bursty neighbours; `make
# bench`'s own one-thread runs just before leave about 1).  Else passive:
# on a loaded machine a spinning thread keeps a core the next launch's
# partner needs, and a 2-thread team became 30-50x slower than one thread,
# while on an idle one spinning makes a tiny launch 5x cheaper
# (docs/multicore.md).
# Under SCHED_FIFO every team thread has its core whatever else runs: the
# default policy.
load1=$(cut -d' ' -f1 /proc/loadavg)
if [ -n "${OMP_WAIT_POLICY+set}" ]; then
  policy="OMP_WAIT_POLICY=$OMP_WAIT_POLICY (the caller's)"
elif [ ${#BENCH_PRIO[@]} -gt 0 ]; then
  policy="libgomp's default wait policy (SCHED_FIFO)"
else
  idle=$(idle_cpus)
  if awk -v i="$idle" -v l="$load1" -v c="$cores" 'BEGIN { exit !(i >= c - 0.5 && l < c) }'; then
    policy="libgomp's default wait policy (idle: $idle CPUs idle over 1 s, load $load1)"
  else
    export OMP_WAIT_POLICY=passive
    policy="OMP_WAIT_POLICY=passive (busy: $idle CPUs idle over 1 s, load $load1)"
  fi
fi
status=0

if ! nm -D --defined-only "$BUILD/accgpu.so" 2>/dev/null | grep -qw plugin_init; then
  echo "multicore: no plugin built ($BUILD/accgpu.so): skipped"
  exit 0
fi
names=()
for f in benchmarks/kernels/*.c; do n=${f##*/}; names+=("${n%.c}"); done
targets=()
for n in "${names[@]}"; do targets+=("$KD/$n.acc" "$KD/$n.omp"); done
for n in ep cg mg ft is; do targets+=("$ND/accgpu/$n"); done
make -s -k --no-print-directory BUILD="$BUILD" "${targets[@]}" npb-omp \
  >"$BUILD/bench/multicore-build.log" 2>&1 ||
  echo "multicore: some builds failed: see $BUILD/bench/multicore-build.log"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2fx", a / b; else printf "-" }'; }

# kernel BIN SIZE [ENV...]: "seconds verified|FAILED" of a kernel benchmark run.
kernel() {
  local bin=$1 size=$2 out; shift 2
  [ -x "$bin" ] || { echo "- missing"; return; }
  out=$(env "$@" timeout 600 "${BENCH_PRIO[@]}" "$bin" "$size" 2>&1 | tail -n 1)
  read -r _ _ t _ _ v <<<"$out"
  echo "${t:--} ${v:-FAILED}"
}

# npb BIN [ENV...]: "seconds SUCCESSFUL|..." of an NPB run.
npb() {
  local bin=$1 out; shift
  [ -x "$bin" ] || { echo "- missing"; return; }
  out=$(env "$@" timeout 900 "${BENCH_PRIO[@]}" "$bin" "$cls" 2>&1)
  echo "$(sed -nE 's/^ Time in seconds = +//p' <<<"$out" | head -n 1 | tr -d ' ') $(sed -nE 's/^ Verification += +//p' <<<"$out" | head -n 1)"
}

row() { # NAME SIZE HOST MC OMP OMP1 VERIFIED
  printf '%-13s %-6s %10s %10s %10s %8s %8s %8s  %s\n' "$1" "$2" "$3" "$4" "$5" \
    "$(ratio "$3" "$4")" "$(ratio "$5" "$4")" "$(ratio "$6" "$5")" "$7"
}

echo "multicore: $cores threads, $policy, $BENCH_PRIO_NOTE;"
echo "seconds (kernels: best timed run, of $kruns runs at size small, $lruns at large" \
     "(a round over $LONG_ROUND s the last), SIZE $sizes;" \
     "NPB: class $cls, best of $nruns runs)"
printf '%-13s %-6s %10s %10s %10s %8s %8s %8s  %s\n' benchmark size host_s \
  multicore_s openmp_s x_host x_omp omp_gain verified
# build SIZE|CLASS NAME I: "seconds verdict" of one run of build I (0 host
# device, 1 multicore device, 2 OpenMP, 3 OpenMP on one thread) of kernel
# NAME at SIZE, or of NPB program NAME when SIZE is npb ("- missing" without
# an OpenMP version).
build() {
  local kinds=(ACC_DEVICE_TYPE=host ACC_DEVICE_TYPE=multicore
               OMP_NUM_THREADS=$cores OMP_NUM_THREADS=1)
  if [ "$1" = npb ]; then
    if [ "$3" -lt 2 ]; then npb "$ND/accgpu/$2" "${kinds[$3]}"
    else npb "$ND/omp/$2" "${kinds[$3]}"; fi
  elif [ "$3" -lt 2 ]; then kernel "$KD/$2.acc" "$1" "${kinds[$3]}"
  else kernel "$KD/$2.omp" "$1" "${kinds[$3]}"
  fi
}

# rounds SIZE NAME: "host_s verdict multicore_s verdict openmp_s verdict
# openmp1_s verdict", the fastest of RUNS rounds for each build, a round
# running the host, multicore, OpenMP and one-thread OpenMP builds one after
# the other (the last pair "- -" when OMP_GAIN=0; a run that does not
# verify gives its verdict, and its build runs no more).  On this shared VM
# one run's time can be 20 % off, and the machine's speed drifts over
# minutes: RUNS runs of one build and then of the next compared the drift
# (NPB EP's host device took 0.78 s in one table, 1.04 s minutes later).
# A round that took over LONG_ROUND seconds of wall time (floyd, matmul,
# jacobi2d at size large) is the last.
rounds() {
  local t v i bt=(- - - -) bv=(- - - -) start
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    for ((i = 0; i < nbuilds; i++)); do
      case ${bv[i]} in - | verified | SUCCESSFUL) ;; *) continue ;; esac
      read -r t v < <(build "$1" "$2" "$i")
      bv[i]=$v
      case $v in verified | SUCCESSFUL) ;; *) bt[i]=$t; continue ;; esac
      [ "${bt[i]}" = - ] || awk -v a="$t" -v b="${bt[i]}" 'BEGIN { exit !(a < b) }' &&
        bt[i]=$t
    done
    awk -v a="$start" -v b="$(date +%s.%N)" -v l="$LONG_ROUND" \
      'BEGIN { exit !(b - a > l) }' && break
  done
  echo "${bt[0]} ${bv[0]} ${bt[1]} ${bv[1]} ${bt[2]} ${bv[2]} ${bt[3]} ${bv[3]}"
}

for size in $sizes; do
  runs=$lruns
  [ "$size" = small ] && runs=$kruns
  for n in "${names[@]}"; do
    read -r th vh tm vm to vo t1 v1 < <(rounds "$size" "$n")
    v="host $vh, multicore $vm, openmp $vo"
    [ "$vh $vm $vo" = "verified verified verified" ] && v=verified || status=1
    [ "$v1" = - ] || [ "$v1" = verified ] || { v="$v, openmp 1 thread $v1"; status=1; }
    row "$n" "$size" "$th" "$tm" "$to" "$t1" "$v"
  done
done
runs=$nruns
for n in ep cg mg ft is; do
  read -r th vh tm vm to vo t1 v1 < <(rounds npb "$n")
  [ "$vo" = missing ] && to=- vo=SUCCESSFUL t1=- v1=-
  v="host $vh, multicore $vm, openmp $vo"
  [ "$vh $vm $vo" = "SUCCESSFUL SUCCESSFUL SUCCESSFUL" ] && v=verified || status=1
  [ "$v1" = - ] || [ "$v1" = SUCCESSFUL ] || { v="$v, openmp 1 thread $v1"; status=1; }
  [ -x "$ND/omp/$n" ] || v="$v (no OpenMP version)"
  row "npb-$n" "$cls" "$th" "$tm" "$to" "$t1" "$v"
done
exit $status
