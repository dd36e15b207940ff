#!/usr/bin/env bash
# The plugin's side of acc-tune (docs/tuning.md):
#   1. -fplugin-arg-accgpu-tune-dump on tests/tune/src/*.c (the kernels of
#      autotune/models/*.yaml written as C, same file:line:function ids) and
#      tests/tune/extra.c: tune-cmp-models checks that the dumped loops and
#      references equal the hand-written models (by value, two parameter
#      sets);
#   2. acc-tune accepts every dump, of those and of the Table 7.3 kernels in
#      benchmarks/kernels/, and writes a schedule for every kernel;
#   3. -fplugin-arg-accgpu-schedule reads those schedules back: with
#      -fplugin-arg-accgpu-info the plugin notes, per construct, the
#      schedule accgpu_schedule_find gives, which must be acc-tune's;
#   4. malformed schedule files are GCC errors at FILE:LINE, never an ICE;
#   5. the ids are the runtime's: ACCGPU_PROFILE of a program built from the
#      same source names exactly the dumped kernels, and acc-tune -p takes
#      that profile;
#   6. trips.sh: the profile's trip counts; 7. ids.sh: ids with quotes,
#      backslashes and newlines round-trip, duplicate entries warn.
# Usage: tests/tune/run.sh [BUILD-DIR].  Ends with "tune-plugin: N passed,
# N failed".
. "$(dirname "$0")/common.sh" "${1:-build}" tune
CMP="$BUILD/tests/tune-cmp-models"
GPU="$ROOT/autotune/gpus/k40.yaml"
# Small sizes and a small simulation budget: acceptance, not tuning quality.
DEFS=(-D n=24 -D m=8 -D nx=40 -D ny=12 -D nz=6 -D w=56 -D ni=6 -D nj=8
      -D nk=34)

# dump SRC-DIR FILE YAML: compiles FILE (relative to SRC-DIR) with the
# model dump on; the compiler must say nothing (but the one note a machine
# without the CUDA toolkit gets).
dump() {
  local log="$OUT/cc.log" rc=0
  (cd "$1" && "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" \
     -I"$ROOT/benchmarks/kernels" -fplugin-arg-accgpu-tune-dump="$3" \
     -c "$2" -o "$OUT/x.o") >"$log" 2>&1 || rc=$?
  sed -i '/note: accgpu: no CUDA toolkit/d' "$log"
  if [ "$rc" -ne 0 ] || [ -s "$log" ]; then
    bad "dump $2: $(head -5 "$log")"
    return 1
  fi
}

# tune YAML SCHED: acc-tune must accept YAML and schedule every kernel.
tune() {
  local n k
  if ! "$TUNE" -g "$GPU" -q -b 20000 "${DEFS[@]}" -o "$2" "$1" \
       >"$OUT/tune.log" 2>&1; then
    bad "acc-tune $1: $(head -5 "$OUT/tune.log")"
    return 1
  fi
  n=$(grep -c '^  - id:' "$1")
  k=$(grep -c '^  - kernel:' "$2")
  if [ "$n" -lt 1 ] || [ "$n" != "$k" ]; then
    bad "acc-tune $1: $n kernels dumped, $k scheduled"
    return 1
  fi
}

# notes SRC-DIR FILE SCHED: compiling with the schedules must note, per
# scheduled construct, acc-tune's block and grid and loop mapping.
notes() {
  local log="$OUT/notes.log" id blk grd map want
  (cd "$1" && "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" \
     -I"$ROOT/benchmarks/kernels" -fplugin-arg-accgpu-schedule="$3" \
     -fplugin-arg-accgpu-info -c "$2" -o "$OUT/x.o") >"$log" 2>&1 || {
    bad "schedule $2: $(grep -m3 error "$log")"
    return 1
  }
  # One entry of acc-tune's file: kernel, block, grid, then the map lines.
  while IFS= read -r id; do
    blk=$(grep -A3 "kernel: \"$id\"" "$3" | sed -n 's/ *block: \[\(.*\)\]/\1/p' |
          sed 's/, /x/g')
    grd=$(grep -A3 "kernel: \"$id\"" "$3" | sed -n 's/ *grid: \[\(.*\)\]/\1/p' |
          sed 's/, /x/g')
    map=$(awk -v id="kernel: \"$id\"" '
            index($0, id) { on = 1; next }
            on && /^  - / { exit }
            on && /^      [A-Za-z_]/ {
              gsub(/[{},:]/, " "); printf "%s%s (thread %s, block %s)",
                (n++ ? ", " : ""), $1, $3, $5 }' "$3")
    want="acc-tune schedule .* for ‘$id’: block ${blk}, grid ${grd}, $map"
    if ! grep -qF -- "for ‘$id’: block ${blk}, grid ${grd}, $map" "$log"; then
      bad "schedule $2: no note '$want'; got: $(grep -m2 'acc-tune' "$log")"
      return 1
    fi
  done < <(sed -n 's/^  - kernel: "\(.*\)"$/\1/p' "$3")
  ok
}

# 1 + 2 + 3 on the models' kernels.
for src in tests/tune/src/*.c; do
  name=$(basename "$src" .c)
  y="$OUT/$name.yaml"
  dump tests/tune/src "$name.c" "$y" || continue
  if "$CMP" "$y" "autotune/models/$name.yaml" >"$OUT/cmp.log" 2>&1; then
    ok
  else
    bad "$name: dump differs from autotune/models/$name.yaml:"
    cat "$OUT/cmp.log"
  fi
  tune "$y" "$OUT/$name.sched.yaml" && ok && \
    notes tests/tune/src "$name.c" "$OUT/$name.sched.yaml"
done

# Loop forms and references the models do not cover.
if dump tests/tune extra.c "$OUT/extra.yaml"; then
  if "$CMP" "$OUT/extra.yaml" tests/tune/extra.yaml >"$OUT/cmp.log" 2>&1; then
    ok
  else
    bad "extra.c: dump differs from tests/tune/extra.yaml:"
    cat "$OUT/cmp.log"
  fi
fi

# 2 + 3 on the Table 7.3 kernels of benchmarks/kernels (ids carry the path
# the compiler saw).
for name in xreuse yreuse matmul jacobi2d laplacian3d divergence transpose \
            himeno; do
  y="$OUT/b-$name.yaml"
  dump . "benchmarks/kernels/$name.c" "$y" || continue
  if grep -q 'affine: false\|trip_' "$y"; then
    bad "benchmarks/kernels/$name.c: a reference or bound was not analysed"
  else
    ok
  fi
  tune "$y" "$OUT/b-$name.sched.yaml" && ok && \
    notes . "benchmarks/kernels/$name.c" "$OUT/b-$name.sched.yaml"
done

# 5. The ids are the runtime's: a program built from the same source, run
# with ACCGPU_PROFILE on the emulator, profiles exactly the dumped kernels,
# and acc-tune takes that profile (-p) with the dump.
prof_ids() {
  local name=$1 exe="$OUT/$1.exe" prof="$OUT/$1.profile.yaml"
  if ! "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" \
       -fplugin-arg-accgpu-tune-dump="$OUT/p-$name.yaml" \
       "benchmarks/kernels/$name.c" -o "$exe" -L"$BUILD" -laccgpu \
       -Wl,-rpath,"$BUILD" -lm >"$OUT/cc.log" 2>&1; then
    bad "profile $name: $(head -3 "$OUT/cc.log")"
    return
  fi
  if ! ACC_DEVICE_TYPE=emulator ACCGPU_PROFILE="$prof" "$exe" >/dev/null \
       2>"$OUT/run.log" || [ -s "$OUT/run.log" ]; then
    bad "profile $name: run failed: $(head -3 "$OUT/run.log")"
    return
  fi
  local want got
  want=$(sed -n 's/^  - id: //p' "$OUT/p-$name.yaml" | sort)
  got=$(sed -n 's/^  - id: //p' "$prof" | sort)
  if [ -z "$want" ] || [ "$want" != "$got" ]; then
    bad "profile $name: ids dumped: [$want]; profiled: [$got]"
  elif ! "$TUNE" -g "$GPU" -q -b 20000 "${DEFS[@]}" -p "$prof" \
         -o "$OUT/p.sched.yaml" "$OUT/p-$name.yaml" >"$OUT/tune.log" 2>&1; then
    bad "profile $name: acc-tune -p: $(head -3 "$OUT/tune.log")"
  else
    ok
  fi
}
prof_ids jacobi2d
. tests/tune/trips.sh # 6. trips:/params: in the profile bind the model
. tests/tune/ids.sh # 7. odd kernel ids round-trip; duplicate entries warn

# 4. Malformed schedule files (unknown or repeated keys, numbers beyond 64
# bits and second documents included): FILE:LINE in a GCC error, no ICE.
# bad_sched NAME LINE CONTENT
bad_sched() {
  local f="$OUT/$1.yaml" log="$OUT/bad.log"
  printf '%b' "$3" >"$f"
  if (cd tests/tune/src && "$CC" -O2 -fplugin="$PLUGIN" \
        -I"$ROOT/include" -fplugin-arg-accgpu-schedule="$f" \
        -c matmul.c -o "$OUT/x.o") >"$log" 2>&1; then
    bad "malformed schedule $1: compiled"
  elif grep -qi 'internal compiler error\|segmentation' "$log"; then
    bad "malformed schedule $1: $(head -3 "$log")"
  elif ! grep -q "error: accgpu: $f:$2:[0-9]*: " "$log"; then
    bad "malformed schedule $1: no error at line $2: $(head -3 "$log")"
  else
    ok
  fi
}
bad_sched not-a-list 1 'schedules: 3\n'
bad_sched no-map 2 'schedules:\n  - kernel: "matmul.c:14:matmul"\n    block: [32, 1, 1]\n    grid: [1, 1, 1]\n'
bad_sched short-block 4 'schedules:\n  - kernel: "matmul.c:14:matmul"\n    schedule: "2_1"\n    block: [32, 1]\n    grid: [1, 1, 1]\n    map:\n      i: {thread: none, block: x}\n'
bad_sched bad-dim 7 'schedules:\n  - kernel: "matmul.c:14:matmul"\n    schedule: "2_1"\n    block: [32, 1, 1]\n    grid: [1, 1, 1]\n    map:\n      i: {thread: w, block: x}\n'
bad_sched yaml-syntax 4 'schedules:\n  - kernel: "matmul.c:14:matmul"\n    block: [32, 1, 1\n'
bad_sched no-id 2 'schedules:\n  - schedule: "2_1"\n'
bad_sched empty 1 ''
bad_sched unknown-key 8 'schedules:\n  - kernel: "matmul.c:14:matmul"\n    schedule: "2_1"\n    block: [32, 1, 1]\n    grid: [1, 1, 1]\n    map:\n      i: {thread: none, block: x}\n    blocks: [64, 1, 1]\n'
bad_sched grid-range 4 'schedules:\n  - kernel: "matmul.c:14:matmul"\n    block: [32, 1, 1]\n    grid: [1, 99999999999999999999, 1]\n'
bad_sched second-doc 3 'schedules: []\n---\nschedules: []\n'
# A file that cannot be read: an error naming it.
if (cd tests/tune/src && "$CC" -fplugin="$PLUGIN" -I"$ROOT/include" \
      -fplugin-arg-accgpu-schedule="$OUT/none.yaml" -c matmul.c \
      -o "$OUT/x.o") >"$OUT/bad.log" 2>&1 ||
   ! grep -q "error: accgpu: cannot read the schedule file ‘$OUT/none.yaml’" \
     "$OUT/bad.log"; then
  bad "missing schedule file: $(head -3 "$OUT/bad.log")"
else
  ok
fi

echo "tune-plugin: $pass passed, $fail failed"
[ "$fail" = 0 ]
