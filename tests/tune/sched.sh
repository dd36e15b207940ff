#!/usr/bin/env bash
# acc-tune schedules applied by the plugin (docs/tuning.md, "What the
# compiler does with a schedule"); every program runs on the emulator:
#   1. hand-written schedules of each pattern (2_1..2_3 on
#      tests/tune/sched/grid2.c, 3_1..3_4 on grid3.c) give the serial
#      result at odd sizes, and the launch (ACCGPU_PROFILE's last grid and
#      block) is the schedule's block with the grid from the real trip
#      counts;
#   2. schedules that must be ignored (worker loop with block x != 32,
#      explicit vector_length, other loop names, a reduction moved) are
#      noted as ignored and the program still verifies;
#   3. the kernels of tests/tune/src (driven by tests/tune/sched/drive.c,
#      compared with the same source built by plain gcc) and the
#      self-verifying benchmarks/kernels programs, dumped, tuned by acc-tune
#      for the H100 and rebuilt with their schedules, give the same results.
# Usage: tests/tune/sched.sh [BUILD-DIR].  Ends with "tune-sched: N passed,
# N failed".
. "$(dirname "$0")/common.sh" "${1:-build}" sched
GPU="$ROOT/autotune/gpus/h100.yaml"
SRC="$ROOT/tests/tune/sched"
export ACC_DEVICE_TYPE=emulator

# sched FILE ID PATTERN "BX, BY, BZ" "GX, GY, GZ" "VAR: {thread: T, block: B}"...
sched() {
  local f=$1 id=$2 pat=$3 blk=$4 grd=$5
  shift 5
  printf 'schedules:\n  - kernel: "%s"\n    schedule: "%s"\n' "$id" "$pat" >"$f"
  printf '    block: [%s]\n    grid: [%s]\n    map:\n' "$blk" "$grd" >>"$f"
  for m in "$@"; do
    printf '      %s\n' "$m" >>"$f"
  done
}

# build SRC EXE SCHED [CFLAGS...]: compiles with the schedule and -info;
# the notes are left in $OUT/notes.log.
build() {
  local src=$1 exe=$2 s=$3
  shift 3
  if ! "$CC" -O2 -fplugin="$PLUGIN" -fplugin-arg-accgpu-info \
       -fplugin-arg-accgpu-schedule="$s" -I"$ROOT/include" \
       -I"$ROOT/benchmarks/kernels" "$@" "$src" -o "$exe" -L"$BUILD" \
       -laccgpu -Wl,-rpath,"$BUILD" -lm >"$OUT/notes.log" 2>&1; then
    bad "compile $src with $s: $(grep -m3 error "$OUT/notes.log")"
    return 1
  fi
}

# runs EXE ARGS...: exit 0, nothing on stderr; profile in $OUT/prof.yaml.
runs() {
  local exe=$1
  shift
  rm -f "$OUT/prof.yaml"
  if ! ACCGPU_PROFILE="$OUT/prof.yaml" "$exe" "$@" >"$OUT/run.out" \
       2>"$OUT/run.err" || [ -s "$OUT/run.err" ]; then
    bad "$(basename "$exe") $*: $(head -3 "$OUT/run.err") $(tail -1 "$OUT/run.out")"
    return 1
  fi
}

# note WHAT REGEX: the -info notes of the last build match REGEX.
note() {
  if ! grep -q -- "$2" "$OUT/notes.log"; then
    bad "$1: no note /$2/; got: $(grep 'acc-tune\|schedule' "$OUT/notes.log" | head -3)"
    return 1
  fi
}

# launched WHAT "GX, GY, GZ" "BX, BY, BZ": the profile's last launch.
launched() {
  local g b
  g=$(sed -n 's/^    grid: \[\(.*\)\]$/\1/p' "$OUT/prof.yaml" | head -1)
  b=$(sed -n 's/^    block: \[\(.*\)\]$/\1/p' "$OUT/prof.yaml" | head -1)
  if [ "$g" != "$2" ] || [ "$b" != "$3" ]; then
    bad "$1: launched grid [$g] block [$b], want grid [$2] block [$3]"
    return 1
  fi
}

# launched_at WHAT LINE "GX, GY, GZ" "BX, BY, BZ": the kernel of LINE.
launched_at() {
  local gb
  gb=$(awk -v l="    line: $2" '$0 == l { on = 1 }
         on && /^    grid:/ { g = $0 } on && /^    block:/ { print g "|" $0; exit }' \
       "$OUT/prof.yaml")
  if [ "$gb" != "    grid: [$3]|    block: [$4]" ]; then
    bad "$1: launched [$gb], want grid [$3] block [$4]"
    return 1
  fi
}

# ---- 1. every pattern, hand-written, odd sizes ----
# pattern SRC ID PAT "BLOCK" "WANT-GRID" ARGS "MAP"...: builds SRC with the
# schedule, checks the note, runs at ARGS (odd sizes) against the serial
# result and the launch, then at two more sizes for the result only.
pattern() {
  local src=$1 id=$2 pat=$3 blk=$4 want=$5 args=$6
  shift 6
  local s="$OUT/$pat.yaml" exe="$OUT/$pat.exe"
  sched "$s" "$id" "$pat" "$blk" "1, 1, 1" "$@"
  build "$SRC/$src" "$exe" "$s" || return
  note "$pat" "acc-tune schedule ‘$pat’ applied" || return
  # shellcheck disable=SC2086
  runs "$exe" $args || return
  launched "$pat at $args" "$want" "$blk" || return
  runs "$exe" 1 1 1 || return
  # shellcheck disable=SC2086
  runs "$exe" $(echo "$args" | awk '{for (i = 1; i <= NF; i++) printf "%d ", $i * 2 + 1}') || return
  ok
}
G2="grid2.c:$(grep -n 'pragma acc parallel' "$SRC/grid2.c" | cut -d: -f1):grid2"
G3="grid3.c:$(grep -n 'pragma acc parallel' "$SRC/grid3.c" | cut -d: -f1):grid3"
# grid2 NY=37 NX=53: j outer (37 trips), i inner (53 trips).
pattern grid2.c "$G2" 2_1 "64, 1, 1" "37, 1, 1" "37 53" \
  "j: {thread: none, block: x}" "i: {thread: x, block: none}"
pattern grid2.c "$G2" 2_2 "32, 1, 1" "2, 37, 1" "37 53" \
  "j: {thread: none, block: y}" "i: {thread: x, block: x}"
pattern grid2.c "$G2" 2_3 "32, 4, 1" "2, 10, 1" "37 53" \
  "j: {thread: y, block: y}" "i: {thread: x, block: x}"
# Workers wider than one warp (named barriers per row).
pattern grid2.c "$G2" 2_3 "64, 2, 1" "1, 19, 1" "37 53" \
  "j: {thread: y, block: y}" "i: {thread: x, block: x}"
# grid3 NZ=5 NY=7 NX=45: k, j, i.
pattern grid3.c "$G3" 3_1 "32, 2, 1" "5, 1, 1" "5 7 45" \
  "k: {thread: none, block: x}" "j: {thread: y, block: none}" \
  "i: {thread: x, block: none}"
pattern grid3.c "$G3" 3_2 "64, 1, 1" "7, 5, 1" "5 7 45" \
  "k: {thread: none, block: y}" "j: {thread: none, block: x}" \
  "i: {thread: x, block: none}"
pattern grid3.c "$G3" 3_3 "32, 1, 1" "2, 7, 5" "5 7 45" \
  "k: {thread: none, block: z}" "j: {thread: none, block: y}" \
  "i: {thread: x, block: x}"
pattern grid3.c "$G3" 3_4 "32, 2, 1" "2, 4, 5" "5 7 45" \
  "k: {thread: none, block: z}" "j: {thread: y, block: y}" \
  "i: {thread: x, block: x}"
pattern grid3.c "$G3" 3_4 "128, 3, 1" "1, 3, 5" "5 7 45" \
  "k: {thread: none, block: z}" "j: {thread: y, block: y}" \
  "i: {thread: x, block: x}"
# Grid y is clamped to 65535; the stride loops cover the rest.
if sched "$OUT/big.yaml" "$G2" 2_2 "32, 1, 1" "1, 1, 1" \
     "j: {thread: none, block: y}" "i: {thread: x, block: x}" &&
   build "$SRC/grid2.c" "$OUT/big.exe" "$OUT/big.yaml" &&
   runs "$OUT/big.exe" 70001 3 && launched "2_2 70001x3" "1, 65535, 1" "32, 1, 1"; then
  ok
fi

# ---- 2. schedules that must be ignored ----
# ignored WHAT SRC SCHED REGEX [CFLAGS...]: noted as ignored, result right.
ignored() {
  local what=$1 src=$2 s=$3 re=$4
  shift 4
  build "$src" "$OUT/ign.exe" "$s" "$@" || return
  note "$what" "ignored: $re" || return
  runs "$OUT/ign.exe" || return
  ok
}
sched "$OUT/w48.yaml" "$G2" 2_3 "48, 2, 1" "1, 1, 1" \
  "j: {thread: y, block: y}" "i: {thread: x, block: x}"
ignored "worker loop, block x 48" "$SRC/grid2.c" "$OUT/w48.yaml" \
  "a loop on threadIdx.y needs block x a multiple of 32"
sched "$OUT/vl.yaml" "$G2" 2_2 "32, 1, 1" "1, 1, 1" \
  "j: {thread: none, block: y}" "i: {thread: x, block: x}"
if ignored "vector_length clause" "$SRC/grid2.c" "$OUT/vl.yaml" \
     "num_gangs, num_workers or vector_length given" \
     -DGRID2_CLAUSES='vector_length(64)'; then
  b=$(sed -n 's/^    block: \[\(.*\)\]$/\1/p' "$OUT/prof.yaml")
  [ "$b" = "64, 1, 1" ] || bad "vector_length(64) with a schedule: block [$b]"
fi
sched "$OUT/names.yaml" "$G2" 2_2 "32, 1, 1" "1, 1, 1" \
  "y: {thread: none, block: y}" "x: {thread: x, block: x}"
ignored "other loop names" "$SRC/grid2.c" "$OUT/names.yaml" \
  "its loops are not the construct's parallel loop nest"
sched "$OUT/dup.yaml" "$G2" 2_2 "32, 1, 1" "1, 1, 1" \
  "j: {thread: x, block: none}" "i: {thread: x, block: x}"
ignored "two loops on threadIdx.x" "$SRC/grid2.c" "$OUT/dup.yaml" \
  "two nested loops on the same thread or block dimension"
RL="red2.c:$(grep -n 'pragma acc parallel' "$SRC/red2.c" | cut -d: -f1):red2"
sched "$OUT/r22.yaml" "$RL" 2_2 "32, 1, 1" "1, 1, 1" \
  "j: {thread: none, block: y}" "i: {thread: x, block: x}"
ignored "reduction loop moved" "$SRC/red2.c" "$OUT/r22.yaml" \
  "it would move a reduction loop to other levels"
# 2_1 keeps the reduction loop on vector: applied, the sums still right.
sched "$OUT/r21.yaml" "$RL" 2_1 "64, 1, 1" "1, 1, 1" \
  "j: {thread: none, block: x}" "i: {thread: x, block: none}"
if build "$SRC/red2.c" "$OUT/r21.exe" "$OUT/r21.yaml" &&
   note "reduction loop kept" "acc-tune schedule ‘2_1’ applied" &&
   runs "$OUT/r21.exe" 37 53 && launched "red2 2_1" "37, 1, 1" "64, 1, 1"; then
  ok
fi
# A reduction clause on the construct (jacobi2d's sweep, max:err): its
# loops keep their levels under 2_1 (applied), not under 2_2 (ignored).
JL=$(grep -n 'parallel loop gang reduction' benchmarks/kernels/jacobi2d.c | cut -d: -f1)
sched "$OUT/j.yaml" "jacobi2d.c:$JL:main" 2_2 "32, 1, 1" "1, 1, 1" \
  "i: {thread: none, block: y}" "j: {thread: x, block: x}"
ignored "construct reduction moved" benchmarks/kernels/jacobi2d.c \
  "$OUT/j.yaml" "it would move a reduction loop to other levels"
sched "$OUT/j.yaml" "jacobi2d.c:$JL:main" 2_1 "64, 1, 1" "1, 1, 1" \
  "i: {thread: none, block: x}" "j: {thread: x, block: none}"
if build benchmarks/kernels/jacobi2d.c "$OUT/j.exe" "$OUT/j.yaml" &&
   note "construct reduction kept" "acc-tune schedule ‘2_1’ applied" &&
   runs "$OUT/j.exe" && grep -q ' verified$' "$OUT/run.out" &&
   launched_at "jacobi2d sweep 2_1" "$JL" "254, 1, 1" "64, 1, 1"; then
  ok
fi

# misc2.c: a kernels construct (a store between its loops) and collapse(2).
KL=$(grep -n 'pragma acc kernels' "$SRC/misc2.c" | cut -d: -f1)
CL=$(grep -n 'pragma acc parallel' "$SRC/misc2.c" | cut -d: -f1)
{
  sched "$OUT/m1.yaml" "misc2.c:$KL:kern" 2_2 "32, 1, 1" "1, 1, 1" \
    "j: {thread: none, block: y}" "i: {thread: x, block: x}"
  sched "$OUT/m2.yaml" "misc2.c:$CL:coll" 2_2 "32, 1, 1" "1, 1, 1" \
    "j: {thread: none, block: y}" "i: {thread: x, block: x}"
  cat "$OUT/m1.yaml"
  tail -n +2 "$OUT/m2.yaml"
} >"$OUT/m.yaml"
if ignored "store between the loops" "$SRC/misc2.c" "$OUT/m.yaml" \
     "statements between the nested loops would run once per block"; then
  note "collapse, two mappings" "ignored: collapsed loops have different mappings" && ok
fi
{
  sched "$OUT/m1.yaml" "misc2.c:$KL:kern" 2_1 "64, 1, 1" "1, 1, 1" \
    "j: {thread: none, block: x}" "i: {thread: x, block: none}"
  sched "$OUT/m2.yaml" "misc2.c:$CL:coll" 1_1 "32, 1, 1" "1, 1, 1" \
    "j: {thread: x, block: x}" "i: {thread: x, block: x}"
  cat "$OUT/m1.yaml"
  tail -n +2 "$OUT/m2.yaml"
} >"$OUT/m.yaml"
if build "$SRC/misc2.c" "$OUT/m.exe" "$OUT/m.yaml" &&
   note "kernels 2_1" "misc2.c:$KL:9: note: accgpu: acc-tune schedule ‘2_1’ applied" &&
   note "collapse(2)" "misc2.c:$CL:9: note: accgpu: acc-tune schedule ‘1_1’ applied" &&
   runs "$OUT/m.exe" 37 53 && launched_at "kernels 2_1" "$KL" "37, 1, 1" "64, 1, 1" &&
   launched_at "collapse(2) 37x53" "$CL" "62, 1, 1" "32, 1, 1" &&
   runs "$OUT/m.exe" 3 1; then
  ok
fi

# neg2.c: a seq inner loop, two outermost loops, a vector(64) size.
{
  echo "schedules:"
  for f in seqk twok sized; do
    l=$(awk -v f="static void $f(" 'index($0, f) == 1 { on = 1 }
          on && /pragma acc (parallel|kernels)/ { print NR; exit }' "$SRC/neg2.c")
    sched "$OUT/n.yaml" "neg2.c:$l:$f" 2_2 "32, 1, 1" "1, 1, 1" \
      "j: {thread: none, block: y}" "i: {thread: x, block: x}"
    tail -n +2 "$OUT/n.yaml"
  done
} >"$OUT/neg.yaml"
if ignored "seq inner loop" "$SRC/neg2.c" "$OUT/neg.yaml" \
     "loop 'i' is not parallel"; then
  note "two outermost loops" "ignored: the construct has more than one outermost loop" &&
    note "vector(64)" "ignored: a loop has a gang, worker or vector size" && ok
fi

# ---- 3. acc-tune's own schedules ----
# tuned NAME MODEL SCHED DEFS...: acc-tune for the H100 at the run's sizes.
tuned() {
  local name=$1 model=$2 s=$3
  shift 3
  if ! "$TUNE" -g "$GPU" -q -b 20000 "$@" -o "$s" "$model" \
       >"$OUT/tune.log" 2>&1; then
    bad "acc-tune $name: $(head -3 "$OUT/tune.log")"
    return 1
  fi
}
# pattern_map PATTERN VARS...: the map lines of PATTERN for the nest VARS
# (outermost first), as autotune/schedule.c defines the patterns.
pattern_map() {
  local p=$1
  shift
  local m
  case $p in
    1_1) m=("x x") ;;
    2_1) m=("none x" "x none") ;;
    2_2) m=("none y" "x x") ;;
    2_3) m=("y y" "x x") ;;
    3_1) m=("none x" "y none" "x none") ;;
    3_2) m=("none y" "none x" "x none") ;;
    3_3) m=("none z" "none y" "x x") ;;
    3_4) m=("none z" "y y" "x x") ;;
    *) return 1 ;;
  esac
  [ "${#m[@]}" = "$#" ] || return 1
  local i=0 v
  for v in "$@"; do
    set -- ${m[$i]}
    printf '      %s: {thread: %s, block: %s}\n' "$v" "$1" "$2"
    i=$((i + 1))
  done
}
# applicable MODEL SCHED DEFS...: per kernel of MODEL, the best-ranked row
# of acc-tune's table (-n 400) that the plugin applies today: a pattern
# without a loop on threadIdx.y, or block x a multiple of 32 (whole warps
# per worker) with at most 15 rows when x > 32 (named barriers).
applicable() {
  local model=$1 s=$2 id row vars
  shift 2
  local defs=("$@")
  echo "schedules:" >"$s"
  for id in $(sed -n 's/^  - id: "\(.*\)"$/\1/p' "$model"); do
    "$TUNE" -g "$GPU" -b 20000 -n 400 -k "$id" "${defs[@]}" "$model" \
      >"$OUT/table.txt" 2>&1 || return 1
    row=$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]_[0-9]$/ {
                 split($3, b, "x")
                 if ($2 !~ /^(2_3|3_1|3_4)$/ || b[1] == 32 ||
                     (b[1] % 32 == 0 && b[2] <= 15)) {
                   print $2, $3, $4; exit } }' "$OUT/table.txt")
    [ -n "$row" ] || return 1
    vars=$(awk -v id="  - id: \"$id\"" '
             $0 == id { on = 1; next }
             on && /^  - / { exit }
             on && /^      - \{var: / { v = $3; sub(/,$/, "", v); print v }' \
           "$model")
    set -- $row
    {
      printf '  - kernel: "%s"\n    schedule: "%s"\n' "$id" "$1"
      printf '    block: [%s]\n    grid: [%s]\n    map:\n' \
        "$(echo "$2" | sed 's/x/, /g')" "$(echo "$3" | sed 's/x/, /g')"
      # shellcheck disable=SC2086
      pattern_map "$1" $vars
    } >>"$s" || return 1
  done
}
# Which schedules applied / were ignored, for the log.
summary() {
  sed -n -e "s/.*note: accgpu: acc-tune schedule \(‘[0-9_]*’ applied\).*; \(block [0-9x]*\)$/\1, \2/p" \
    -e "s/.*note: accgpu: acc-tune schedule \(‘[0-9_]*’\) for ‘.*’ \(ignored: .*\)/\1 \2/p" \
    "$OUT/notes.log" | sort | uniq -c | sed 's/^ *//' | paste -sd ';'
}
kernel_src() {
  local name=$1 fn=$1 defs=$2 o="$OUT/$1"
  [ "$name" = himeno ] && fn=jacobi
  (cd tests/tune/src && "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" \
     -fplugin-arg-accgpu-tune-dump="$o.model.yaml" -c "$name.c" \
     -o "$o.d.o") >"$OUT/cc.log" 2>&1 || { bad "dump $name"; return; }
  # shellcheck disable=SC2086
  tuned "$name" "$o.model.yaml" "$o.sched.yaml" $defs || return
  # shellcheck disable=SC2086
  applicable "$o.model.yaml" "$o.app.yaml" $defs ||
    { bad "$name: no applicable row in acc-tune's table"; return; }
  kernel_run "$name" "$o.sched.yaml" "acc-tune -o" &&
    kernel_run "$name" "$o.app.yaml" "best applicable" && ok
}
# kernel_run NAME SCHED WHAT: tests/tune/src/NAME.c with SCHED against the
# serial build of the same source.
kernel_run() {
  local name=$1 fn=$1 o="$OUT/$1" s=$2
  [ "$name" = himeno ] && fn=jacobi
  (cd tests/tune/src && "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" \
     -fplugin-arg-accgpu-info -fplugin-arg-accgpu-schedule="$s" \
     -c "$name.c" -o "$o.k.o") >"$OUT/notes.log" 2>&1 ||
    { bad "compile $name with $s: $(grep -m2 error "$OUT/notes.log")"; return 1; }
  "$CC" -O2 -D"$fn=ref_$fn" -c "tests/tune/src/$name.c" -o "$o.r.o" &&
    "$CC" -O2 -DK_"$name" "$SRC/drive.c" "$o.k.o" "$o.r.o" -o "$o.exe" \
      -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" -lm ||
    { bad "link $name"; return 1; }
  grep -q "acc-tune schedule ‘[0-9_]*’ \(applied\|for .* ignored\)" \
    "$OUT/notes.log" || { bad "$name: no note on its schedule"; return 1; }
  runs "$o.exe" || return 1
  echo "  $name ($3): $(summary)"
}
kernel_src matmul "-D n=45"
kernel_src jacobi "-D n=45"
kernel_src transpose "-D nx=45 -D ny=39"
kernel_src xreuse "-D n=45 -D m=7"
kernel_src yreuse "-D n=45 -D m=7"
kernel_src divergence "-D nx=45 -D ny=11 -D nz=7"
kernel_src laplacian "-D nx=45 -D ny=11 -D nz=7"
kernel_src himeno "-D ni=7 -D nj=11 -D nk=45"

# benchmarks/kernels: each program checks itself against a serial run.
bench() {
  local name=$1 defs=$2 o="$OUT/b-$1"
  "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" -I"$ROOT/benchmarks/kernels" \
    -fplugin-arg-accgpu-tune-dump="$o.model.yaml" \
    -c "benchmarks/kernels/$name.c" -o "$o.o" >"$OUT/cc.log" 2>&1 ||
    { bad "dump $name"; return; }
  # shellcheck disable=SC2086
  tuned "$name" "$o.model.yaml" "$o.sched.yaml" $defs || return
  # shellcheck disable=SC2086
  applicable "$o.model.yaml" "$o.app.yaml" $defs ||
    { bad "$name: no applicable row in acc-tune's table"; return; }
  bench_run "$name" "$o.sched.yaml" "acc-tune -o" &&
    bench_run "$name" "$o.app.yaml" "best applicable" && ok
}
bench_run() {
  local name=$1 o="$OUT/b-$1"
  build "benchmarks/kernels/$name.c" "$o.exe" "$2" || return 1
  runs "$o.exe" || return 1
  grep -q ' verified$' "$OUT/run.out" ||
    { bad "$name with $2: $(cat "$OUT/run.out")"; return 1; }
  echo "  $name ($3): $(summary)"
}
bench xreuse "-D nx=256 -D ny=256 -D w=272"
bench yreuse "-D nx=256 -D ny=256 -D w=256"
bench transpose "-D n=512"
bench jacobi2d "-D n=256"
bench matmul "-D n=96"
bench laplacian3d "-D n=32"
bench divergence "-D n=32"
bench vecadd "-D n=4096"

echo "tune-sched: $pass passed, $fail failed"
[ "$fail" = 0 ]
