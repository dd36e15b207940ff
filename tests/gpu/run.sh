#!/usr/bin/env bash
# Runs a kit from tests/gpu/kit.sh on an NVIDIA GPU: the e2e corpus and its
# run-time error tests, the V&V programs, NPB, the kernel benchmarks and the
# Table 5.2 reductions, all with ACC_DEVICE_TYPE=nvidia.  A corpus or V&V
# run passes as in tests/e2e/run.sh: exit 0 and nothing on stderr.
#
# Usage: tests/gpu/run.sh KIT.tar.xz RESULTS-DIR [SECTION...]
#   SECTION: probe e2e vv table52 table52-gomp npb kernels sanitizer (default: all, in
#   that order), and on request: unit (the unit tests' cuda_gpu suite, run
#   from the repository root), startup (ACCGPU_TIME load lines of jacobi2d),
#   multicore (NPB class W on the host device,
#   multicore and OpenMP with all the machine's cores), profile (ACCGPU_PROFILE of the kernel
#   benchmarks and NPB class W), sanitize-all (compute-sanitizer memcheck and
#   racecheck on every corpus program), extra (the kit's extra/NAME/prog).  Each writes RESULTS-DIR/SECTION.txt (and nothing else
#   there); a line of each is also printed.
# Environment: GPU_JOBS=8 programs at once, GPU_TIMEOUT=60 seconds a run,
#   NPB_CLASSES="S W A", GPU_SECTION_TIMEOUT=240 seconds a section,
#   GPU_DEVICE_TYPE=nvidia (emulator: tries the kit on a machine with no GPU),
#   GPU_SERIAL=0 skips the serial runs beside the GPU ones (npb, kernels),
#   SANITIZE_MATCH=REGEX and SANITIZE_TOOLS="memcheck racecheck" narrow
#   sanitize-all.
set -u
KIT_TAR=${1:?usage: tests/gpu/run.sh KIT.tar.xz RESULTS-DIR [SECTION...]}
RES=${2:?usage: tests/gpu/run.sh KIT.tar.xz RESULTS-DIR [SECTION...]}
shift 2
sections=("$@")
[ ${#sections[@]} -eq 0 ] && sections=(probe e2e vv table52 table52-gomp npb kernels sanitizer)
KIT=$(mktemp -d)
# Without xz, Python's tarfile unpacks it.
tar -C "$KIT" -xJf "$KIT_TAR" 2>/dev/null ||
  python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' \
    "$KIT_TAR" "$KIT" || exit 1
mkdir -p "$RES"
RES=$(cd "$RES" && pwd)
export KIT LD_LIBRARY_PATH="$KIT/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export ACC_DEVICE_TYPE=${GPU_DEVICE_TYPE:-nvidia} GPU_TIMEOUT=${GPU_TIMEOUT:-60}
export RES JOBS=${GPU_JOBS:-8}

# GPUs the runtime sees (the probe prints "nvidia N NAME").
GPUS=$(ACC_DEVICE_TYPE=nvidia "$KIT/probe" 2>/dev/null | awk '{print $2}')
export GPUS=${GPUS:-0}

# One program: runs DIR/prog with DIR/env; prints "PASS NAME", "SKIP NAME
# why" or "FAIL NAME why" and the first lines of its stderr.
run_prog() {
  local dir=$1 name=$2 rc out err need
  # Written for N devices (the emulator stands in for N GPUs).
  need=$(sed -n 's/.*ACCGPU_EMU_DEVICES=\([0-9]*\).*/\1/p' "$dir/env" 2>/dev/null)
  if [ "${need:-1}" -gt "$GPUS" ] && [ "$ACC_DEVICE_TYPE" = nvidia ]; then
    echo "SKIP $name needs $need GPUs"; return
  fi
  out=$(mktemp) err=$(mktemp)
  # shellcheck disable=SC2046  # env lines are VAR=VALUE words
  { env $(cat "$dir/env" 2>/dev/null) timeout "$GPU_TIMEOUT" "$dir/prog" \
      >"$out" 2>"$err"; } 2>/dev/null
  rc=$?
  if [ -f "$dir/expect-stderr" ]; then  # rterr/: an error exit naming it
    local ok=1 re
    { [ $rc -ge 1 ] && [ $rc -le 123 ]; } || ok=0
    while IFS= read -r re; do grep -qE -- "$re" "$err" || ok=0; done <"$dir/expect-stderr"
    [ $ok -eq 1 ] && echo "PASS $name" || echo "FAIL $name exit $rc"
  elif [ $rc -eq 0 ] && [ ! -s "$err" ]; then
    echo "PASS $name"
  else
    echo "FAIL $name exit $rc"
  fi
  [ $rc -eq 0 ] && [ ! -s "$err" ] || sed -n '1,6s/^/    | /p' "$err" "$out" | head -n 12
  rm -f "$out" "$err"
}
export -f run_prog

# e2e/NAME and e2e/rterr/NAME directories, in parallel.
sec_e2e() {
  (cd "$KIT/e2e" && find . -name prog | sed 's@^\./@@; s@/prog$@@' | sort) |
    xargs -P "$JOBS" -I{} bash -c 'run_prog "$KIT/e2e/$1" "$1"' _ {} >"$KIT/e2e.log"
  grep -v '^    |' "$KIT/e2e.log" | sort -k2 >"$KIT/e2e.sorted"
  echo "e2e on nvidia: $(grep -c '^PASS' "$KIT/e2e.sorted") passed, $(grep -c '^FAIL' "$KIT/e2e.sorted") failed, $(grep -c '^SKIP' "$KIT/e2e.sorted") skipped"
  grep '^SKIP' "$KIT/e2e.sorted"
  grep -A12 '^FAIL' "$KIT/e2e.log" | grep -v '^--$' | grep -vE '^(PASS|SKIP) '
  ! grep -q '^FAIL' "$KIT/e2e.sorted" # the section's status (the grep above: 1 when none failed)
}

# V&V: each program alone in a directory (they take no env lines).
sec_vv() {
  local d
  mkdir -p "$KIT/vvrun"
  for p in "$KIT"/vv/*; do
    d="$KIT/vvrun/${p##*/}"; mkdir -p "$d"; ln -s "$p" "$d/prog"
  done
  (cd "$KIT/vvrun" && ls) |
    xargs -P "$JOBS" -I{} bash -c 'run_prog "$KIT/vvrun/$1" "$1"' _ {} >"$KIT/vv.log"
  local pass fail
  pass=$(grep -c '^PASS' "$KIT/vv.log") fail=$(grep -c '^FAIL' "$KIT/vv.log")
  if [ -f "$KIT/vv.tsv" ]; then  # against the emulator's column
    grep '^FAIL' "$KIT/vv.log" | while read -r _ t _; do
      echo "  $t: emulator $(awk -v t="$t" '$1 == t {print $3}' "$KIT/vv.tsv")"
    done
  fi
  echo "vv on nvidia: $pass passed, $fail failed of $((pass + fail)) built"
  grep -A12 '^FAIL' "$KIT/vv.log" | grep -v '^--$' | grep -v '^PASS ' | head -n 300
}

# NPB: each class of each benchmark on the GPU, then serially (class S, W).
sec_npb() {
  local c b out t
  for c in ${NPB_CLASSES:-S W A}; do
    for b in ep cg mg ft is; do
      out=$(timeout "$GPU_TIMEOUT" "$KIT/npb/$b" "$c" 2>&1)
      t=$(sed -nE 's/^ Time in seconds = +//p' <<<"$out")
      if grep -Eq 'Verification += +SUCCESSFUL' <<<"$out"; then
        echo "npb $b.$c nvidia: verified, ${t:-?} s"
      else
        echo "npb $b.$c nvidia: NOT VERIFIED"; tail -n 6 <<<"$out" | sed 's/^/    | /'
      fi
      { [ "$c" = A ] || [ "${GPU_SERIAL:-1}" = 0 ]; } && continue
      out=$(timeout "$GPU_TIMEOUT" "$KIT/npb/serial/$b" "$c" 2>&1)
      echo "npb $b.$c serial: $(sed -nE 's/^ Time in seconds = +//p' <<<"$out") s"
    done
  done
}

# Kernel benchmarks, SIZE=large: OpenACC on the GPU against serial.
sec_kernels() {
  local a n
  for a in "$KIT"/kernels/*.acc; do
    n=${a##*/}; n=${n%.acc}
    echo "$n nvidia: $(timeout "$GPU_TIMEOUT" "$a" large 2>&1 | tail -n 2 | tr '\n' ' ')"
    [ "${GPU_SERIAL:-1}" = 0 ] ||
      echo "$n serial: $(timeout "$GPU_TIMEOUT" "$KIT/kernels/$n.serial" large 2>&1 | tail -n 1)"
  done
}

# ACCGPU_PROFILE (kernel times, grids) of a few benchmarks.
sec_profile() {
  local b f=$KIT/profile.yaml
  for b in kernels/jacobi2d.acc kernels/himeno.acc npb/ep npb/cg npb/mg npb/ft; do
    local arg=large; [[ $b == npb/* ]] && arg=W
    rm -f "$f"
    echo "== $b $arg: $(ACCGPU_PROFILE=$f timeout "$GPU_TIMEOUT" "$KIT/$b" $arg 2>&1 | tail -n 3 | tr '\n' ' ')"
    cat "$f" 2>/dev/null
  done
}

# compute-sanitizer on every corpus program (not rterr/): failures only.
sec_sanitize_all() {
  local cs
  cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
  [ -n "$cs" ] || { echo "sanitizer: no compute-sanitizer"; return; }
  export CS=$cs
  # shellcheck disable=SC2016
  export TOOLS=${SANITIZE_TOOLS:-memcheck racecheck}
  (cd "$KIT/e2e" && ls -d */ | sed 's@/$@@' | grep -vx rterr | grep -E -- "${SANITIZE_MATCH:-.}") |
    xargs -P "$JOBS" -I{} bash -c '
      for tool in $TOOLS; do
        out=$(cd "$KIT/e2e/$1" && env $(cat env) timeout 60 "$CS" --tool $tool \
              --print-limit 4 --error-exitcode 9 ./prog 2>&1); rc=$?
        if [ $rc -eq 0 ]; then echo "OK   $tool $1"
        else echo "BAD  $tool $1 exit $rc"; grep -vE "^=+ *$" <<<"$out" | head -n 40 | sed "s/^/    | /"; fi
      done' _ {} >"$KIT/cs.log"
  echo "sanitize-all: $(grep -c '^OK' "$KIT/cs.log") clean, $(grep -c '^BAD' "$KIT/cs.log") with reports"
  grep -A40 '^BAD' "$KIT/cs.log" | grep -v '^--$' | grep -v '^OK'
}

# Ad-hoc programs (extra/NAME/prog), judged as corpus programs.
sec_extra() {
  (cd "$KIT/extra" && ls) |
    xargs -P "$JOBS" -I{} bash -c '[ -x "$KIT/extra/$1/prog" ] && run_prog "$KIT/extra/$1" "$1"' _ {} \
    >"$KIT/extra.log"
  echo "extra on nvidia: $(grep -c '^PASS' "$KIT/extra.log") passed, $(grep -c '^FAIL' "$KIT/extra.log") failed"
  grep -A12 '^FAIL' "$KIT/extra.log" | grep -v '^--$' | grep -vE '^(PASS|SKIP) '
}

# Which image the driver loaded (cubin or PTX) and what start-up costs:
# jacobi2d with ACCGPU_TIME's load lines, twice (the second run finds the
# driver's JIT cache warm).
sec_startup() {
  local i
  for i in 1 2; do
    ACCGPU_TIME=1 timeout "$GPU_TIMEOUT" "$KIT/kernels/jacobi2d.acc" large 2>&1 |
      grep -E '^ +load|^jacobi2d'
  done
}

# The CUDA backend's own GPU suite (tests/unit/test_cuda.c: cuda_gpu).
sec_unit() { timeout 120 "$KIT/unit-tests" cuda_gpu 2>&1 | tail -n 30; }

# The multicore device on the GPU machine's cores: NPB class W on the host
# device, on multicore (ACC_NUM_CORES=all the machine's cores) and built
# with gcc -fopenmp.
sec_multicore() {
  local b out dev t
  for b in ep cg mg ft; do
    for dev in host multicore omp; do
      if [ $dev = omp ]; then
        [ -x "$KIT/npb/omp/$b" ] || continue
        out=$(OMP_NUM_THREADS=$(nproc) timeout "$GPU_TIMEOUT" "$KIT/npb/omp/$b" W 2>&1)
      else
        out=$(ACC_DEVICE_TYPE=$dev ACC_NUM_CORES=$(nproc) timeout "$GPU_TIMEOUT" "$KIT/npb/$b" W 2>&1)
      fi
      t=$(sed -nE 's/^ Time in seconds = +//p' <<<"$out")
      grep -Eq 'Verification += +SUCCESSFUL' <<<"$out" && v=verified || v="NOT VERIFIED"
      echo "npb $b.W $dev ($(nproc) cores): ${t:-?} s $v"
    done
  done
}

sec_table52() { timeout 300 "$KIT/table52" 2>&1; }

# The same cases built by GCC's own offloading (the kit's libgomp), then
# joined with the table52 section's times when that ran first.
sec_table52_gomp() {
  [ -x "$KIT/table52-gomp" ] || { echo "table52-gomp: not in the kit"; return; }
  env -u GOMP_DEBUG ACC_DEVICE_TYPE=nvidia timeout 300 "$KIT/table52-gomp" 2>&1 |
    tee "$KIT/table52-gomp.txt"
  local rc=${PIPESTATUS[0]}
  if grep -q 'on the GPU' "$KIT/table52-gomp.txt" && [ -f "$RES/table52.txt" ]; then
    bash "$KIT/table52-join.sh" "$RES/table52.txt" "$KIT/table52-gomp.txt"
  fi
  return "$rc"
}

sec_probe() {
  nvidia-smi -L 2>&1
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv 2>&1
  timeout "$GPU_TIMEOUT" "$KIT/probe" 2>&1; echo "probe: exit $?"
}

# compute-sanitizer memcheck and racecheck on a few e2e programs.
sec_sanitizer() {
  local t tool cs
  cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
  [ -n "$cs" ] || { echo "sanitizer: no compute-sanitizer"; return; }
  for t in parallel_loop_basic reduction_shapes_double compute_reduction_rows reduction_array \
           compute_atomics reduction_rows_racecheck atomic_gang_private; do
    [ -x "$KIT/e2e/$t/prog" ] || continue
    for tool in memcheck racecheck; do
      echo "== $tool $t: $(timeout 120 "$cs" --tool "$tool" --error-exitcode 9 \
        "$KIT/e2e/$t/prog" 2>&1 | tail -n 3 | tr '\n' ' ')"
    done
  done
}

for s in "${sections[@]}"; do
  start=$(date +%s)
  timeout "${GPU_SECTION_TIMEOUT:-240}" bash -c "$(declare -f "sec_${s//-/_}"); sec_${s//-/_}" \
    >"$RES/$s.txt" 2>&1
  rc=$?
  echo "[$s: $(( $(date +%s) - start )) s, rc $rc] $(grep -E '^(e2e|vv|extra) on|probe:|^sanitize-all:|^accgpu ahead of gcc' "$RES/$s.txt" | head -n 2 | tr '\n' ' ')"
done
