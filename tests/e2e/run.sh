#!/usr/bin/env bash
# End-to-end tests: compile every tests/e2e/*.c with the accgpu plugin, run it
# on the emulator, on the host device, on the multicore device and, when the machine has an NVIDIA GPU
# the runtime can use (tests/e2e/probe/nvidia.c says so), on that GPU; a pass
# needs exit status 0 and nothing at all on stderr (as the OpenACC V&V suite
# counts it).
#   tests/e2e/diag/*.c   must fail to compile with the expected errors
#   tests/e2e/rterr/*.c  must compile, then fail at run time as expected
#
# Usage: tests/e2e/run.sh [BUILD-DIR] [NAME-GLOB...]
# Environment:
#   ACCGPU_E2E_COMPILER=plugin|gomp|serial  plugin (default), GCC's own
#                     OpenACC host fallback (-fopenacc -foffload=disable), or
#                     plain gcc with the pragmas ignored (validates the corpus)
#   ACCGPU_E2E_JOBS=N                tests compiled and run at once (default 2)
#   ACCGPU_E2E_NVIDIA=auto|off|fake  runs on an NVIDIA GPU (plugin mode):
#                     auto (default) when the probe finds a usable one; off
#                     never; fake: the emulator stands in for it (runs named
#                     nvidia with ACC_DEVICE_TYPE=emulator), which tests this
#                     path on a machine without a GPU
#   ACCGPU_E2E_OUT=DIR               where results go (default BUILD/e2e/MODE)
#   ACCGPU_E2E_DEVICES="D..."        (plugin mode) run corpus tests only on
#                     these of their devices, e.g. multicore (rterr/ and
#                     diag/ tests are unchanged)
#   ACCGPU_E2E_BUILD_ONLY=1          compile the corpus and rterr/ programs
#                     and run none (tests/gpu/kit.sh packs them for a GPU
#                     machine that has no GCC 12 plugin headers)
#   ACCGPU_E2E_MAX_STACK=BYTES       most local memory (ptxas's stack
#                     frame) a kernel may need per GPU thread (32768)
#   CC, CUDA_HOME                    compiler, CUDA toolkit (optional)
# Header directives in a test, one per comment line:
#   /* accgpu-test: env VAR=VALUE ... */   extra environment for its runs
#   /* accgpu-test: emulator-only */       not run with ACC_DEVICE_TYPE=host
#                                          or multicore (shared memory)
#   /* accgpu-test: cflags FLAGS */        extra compile flags
#   /* accgpu-test: units A.c B.c */       a multi-file program: each of
#                                          tests/e2e/units/A.c ... is compiled
#                                          on its own (-c, its own cflags),
#                                          and the test links their objects
#                                          (device linking: docs/compiler.md)
#   /* accgpu-test: archive NAME A.c .. */ those units (compiled as above)
#                                          in a static library libNAME.a
#                                          that the test links (-lNAME)
#   /* accgpu-test: shared NAME A.c .. */  ... in a shared library
#                                          libNAME.so (units -fPIC) beside
#                                          the program, linked with -lNAME
#   /* accgpu-test: dlopen NAME A.c .. */  ... libNAME.so made the same way
#                                          and not linked: the test opens
#                                          it (beside /proc/self/exe)
#   /* accgpu-test: no-plugin */           (a unit) compiled by plain gcc
#                                          in every mode, pragmas ignored
#   /* accgpu-test: accgpu-only */         uses accgpu extensions (deviceid,
#                                          acc_update_peer): not run in the
#                                          gomp and serial modes
#   /* accgpu-test: private-copies */      relies on private clauses making
#                                          copies: not run in serial mode
#   /* accgpu-expect: error: LINE: REGEX */        (diag/) an error on LINE
#   /* accgpu-expect: sorry: LINE: REGEX */        ... "sorry, unimplemented"
#   /* accgpu-expect: error|sorry: LINE: REGEX */  ... either
#   /* accgpu-expect-stderr: REGEX */              (rterr/) run-time stderr
#   /* accgpu-expect-stderr-nvidia: REGEX */       ... instead, on a GPU
#                                     (tests/gpu/kit.sh; otherwise the
#                                     emulator's, "emulator" or "nvidia")
#   /* accgpu-expect-note: REGEX */   (plugin mode) a note on the directive's
#                                     own line (with cflags -fplugin-arg-accgpu-info)
#   /* accgpu-expect-warning: REGEX */  (plugin mode) a warning on this line;
#                                     a test with any (or with accgpu-test:
#                                     no-warnings) fails on other warnings
#   /* accgpu-expect-race: REGEX */   (racy/) a racecheck report on stderr
#
# Emulator variants (plugin mode): ACCGPU_E2E_EMU=inorder, reverse, random[:SEED] or
# racecheck runs the corpus again on the emulator only, with
# ACCGPU_EMU_SCHEDULE or ACCGPU_EMU_RACECHECK=1 (memcheck stays on), reusing
# the programs an earlier plain run built.  Under racecheck a corpus test
# passes only with no report, and the deliberately racy programs of racy/
# must exit 1 with the reports their accgpu-expect-race lines name.
# Ends with "e2e: N passed, N failed, N skipped" (e2e-VARIANT: for a variant).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
BUILD=${1:-${BUILD:-build}}
[ $# -gt 0 ] && shift
BUILD=$(cd "$BUILD" 2>/dev/null && pwd || echo "$ROOT/$BUILD")
MODE=${ACCGPU_E2E_COMPILER:-plugin}
CC=${CC:-gcc}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
JOBS=${ACCGPU_E2E_JOBS:-2}
OUT=${ACCGPU_E2E_OUT:-"$BUILD/e2e/$MODE"}
NVIDIA=${ACCGPU_E2E_NVIDIA:-auto}
VARIANT=${ACCGPU_E2E_EMU:-}
BUILD_ONLY=${ACCGPU_E2E_BUILD_ONLY:-0}
DEVICES=${ACCGPU_E2E_DEVICES:-}
case $VARIANT in
  '') EMU_ENV='' ;;
  inorder|lockstep|reverse|random|random:[0-9]*) EMU_ENV="ACCGPU_EMU_SCHEDULE=$VARIANT" ;;
  racecheck) EMU_ENV='ACCGPU_EMU_RACECHECK=1' ;;
  *) echo "e2e: ACCGPU_E2E_EMU must be inorder, lockstep, reverse, random[:SEED] or racecheck, not '$VARIANT'" >&2
     exit 2 ;;
esac
VTAG=${VARIANT//:/-}   # output subdirectory of a variant's runs
[ -n "$VARIANT" ] && NVIDIA=off # variants are emulator runs
TIMEOUT=60          # per run of a test program
COMPILE_TIMEOUT=180 # per compilation (a hung compiler fails one test)

# ---- the corpus ---------------------------------------------------------
tests=()
racy=()
[ "$VARIANT" = racecheck ] && racy=(tests/e2e/racy/*.c)
for f in tests/e2e/*.c tests/e2e/diag/*.c tests/e2e/rterr/*.c "${racy[@]}"; do
  [ -e "$f" ] || continue
  [ -n "$VARIANT" ] && [[ $f == tests/e2e/diag/* ]] && continue
  name=${f#tests/e2e/}; name=${name%.c}
  if [ $# -gt 0 ]; then
    keep=0
    # shellcheck disable=SC2053  # the arguments are glob patterns
    for g in "$@"; do [[ $name == $g ]] && keep=1; done
    [ $keep -eq 1 ] || continue
  fi
  tests+=("$name")
done

summary() {
  if [ "$BUILD_ONLY" = 1 ]; then echo "e2e-build: $1 built, $2 failed, $3 skipped"
  else echo "e2e${VTAG:+-$VTAG}: $1 passed, $2 failed, $3 skipped"; fi
}

# An accgpu.so without plugin_init is the empty library a tree with no plugin
# sources links: as good as absent.
if [ "$MODE" = plugin ] && ! nm -D --defined-only "$BUILD/accgpu.so" 2>/dev/null |
     grep -qw plugin_init; then
  echo "e2e: no plugin built ($BUILD/accgpu.so missing or empty): all ${#tests[@]} tests skipped"
  summary 0 0 "${#tests[@]}"
  exit 0
fi
if [ -n "$VARIANT" ] && [ "$MODE" != plugin ]; then
  echo "e2e: ACCGPU_E2E_EMU needs the plugin mode" >&2
  exit 2
fi
if [[ $MODE != plugin && $MODE != gomp && $MODE != serial ]]; then
  echo "e2e: ACCGPU_E2E_COMPILER must be plugin, gomp or serial, not '$MODE'" >&2
  exit 2
fi

HAVE_PTXAS=0
if [ "$MODE" = plugin ]; then
  if [ -x "$CUDA_HOME/bin/ptxas" ]; then
    HAVE_PTXAS=1
  else
    echo "e2e: no CUDA toolkit ($CUDA_HOME/bin/ptxas): generated PTX is not checked with ptxas"
  fi
fi

if [[ $NVIDIA != auto && $NVIDIA != off && $NVIDIA != fake ]]; then
  echo "e2e: ACCGPU_E2E_NVIDIA must be auto, off or fake, not '$NVIDIA'" >&2
  exit 2
fi

# Fresh outputs for the selected tests only (others' stay for inspection);
# a variant keeps the programs and clears only its own results.
mkdir -p "$OUT"
if [ -z "$VARIANT" ]; then
  rm -rf "$OUT/ptx"
  for name in "${tests[@]}"; do rm -rf "${OUT:?}/$name"; done
else
  for name in "${tests[@]}"; do rm -rf "${OUT:?}/$name/$VTAG"; done
fi

# Known failures (plugin mode only): "name  reason".
declare -A KNOWN=()
if [ "$MODE" = plugin ] && [ -f tests/e2e/KNOWN_FAILURES ]; then
  while read -r kname kreason; do
    [[ -z $kname || $kname == \#* ]] && continue
    KNOWN[$kname]=$kreason
  done < tests/e2e/KNOWN_FAILURES
fi

# ---- the NVIDIA GPU --------------------------------------------------------
# NVIDIA_TYPE: the ACC_DEVICE_TYPE of the runs named nvidia, empty when there
# are none.  PROBE_FAILED=1 when a GPU is there but the runtime cannot use it
# (one failure: the corpus would fail on it test by test).
NVIDIA_TYPE="" PROBE_FAILED=0 NVIDIA_COUNT=0
probe_nvidia() {
  local dir="$OUT/probe" type=nvidia out
  [ "$NVIDIA" = fake ] && type=emulator
  mkdir -p "$dir"
  if ! timeout "$COMPILE_TIMEOUT" "$CC" -O2 -fplugin="$BUILD/accgpu.so" \
       -Iinclude tests/e2e/probe/nvidia.c -o "$dir/probe" -L"$BUILD" \
       -laccgpu -Wl,-rpath,"$BUILD" >"$dir/compile.log" 2>&1; then
    echo "e2e: the NVIDIA probe does not compile: nvidia runs skipped"
    excerpt "$dir/compile.log"
    PROBE_FAILED=1
    return
  fi
  out=$(ACC_DEVICE_TYPE=$type timeout "$TIMEOUT" "$dir/probe" 2>"$dir/probe.err")
  if [ $? -ne 0 ] || [ -s "$dir/probe.err" ]; then
    echo "e2e: an NVIDIA GPU is there but the runtime cannot use it: nvidia runs skipped"
    excerpt "$dir/probe.err"
    PROBE_FAILED=1
  elif [ "$out" = none ]; then
    echo "e2e: no NVIDIA GPU (acc_get_num_devices(acc_device_nvidia) is 0): nvidia runs skipped"
  elif [ "$NVIDIA" = fake ]; then
    echo "e2e: fake NVIDIA GPU (ACCGPU_E2E_NVIDIA=fake): nvidia runs on the emulator"
    NVIDIA_TYPE=$type
  else
    echo "e2e: NVIDIA GPU found (${out#nvidia }): every test also runs on it"
    NVIDIA_TYPE=$type
    NVIDIA_COUNT=$(awk '{print $2}' <<<"$out")
  fi
}

# ---- one test -------------------------------------------------------------
# directives SRC KEY: the test's values for KEY (text after "accgpu-KEY:").
. "$ROOT/tests/e2e/directives.sh"

# Compiles SRC into BIN (an object file only when BIN ends in .o); compiler
# output goes to LOG.  Returns gcc's status.
compile() {
  local src=$1 bin=$2 log=$3 keep=$4 extra objs mode=$MODE
  objs=$(compile_units "$src" "$bin" "$log" "$keep") || return 1
  extra="${5:-} $(directives "$src" test | sed -n 's/^cflags //p' | tr '\n' ' ')"
  directives "$src" test | grep -qx no-plugin && mode=plain
  # Plugin arguments (-fplugin-arg-accgpu-info) mean nothing without it.
  [ "$mode" != plugin ] && extra=$(echo "$extra" | sed 's/-fplugin-arg-[^ ]*//g')
  [[ $bin == *.o ]] && extra="$extra -c"
  if [ "$mode" = plain ]; then
    # shellcheck disable=SC2086
    timeout "$COMPILE_TIMEOUT" "$CC" -O2 -Wno-unknown-pragmas -Iinclude $extra \
      "$src" -o "$bin" >>"$log" 2>&1
  elif [ "$mode" = plugin ]; then
    mkdir -p "$keep"
    # shellcheck disable=SC2086
    timeout "$COMPILE_TIMEOUT" "$CC" -O2 -fplugin="$BUILD/accgpu.so" \
      -fplugin-arg-accgpu-keep="$keep" -Iinclude $extra "$src" $objs -o "$bin" \
      -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" -lm >>"$log" 2>&1
  elif [ "$MODE" = gomp ]; then
    # shellcheck disable=SC2086
    timeout "$COMPILE_TIMEOUT" "$CC" -O2 -fopenacc -foffload=disable $extra \
      "$src" $objs -o "$bin" -lm >>"$log" 2>&1
  else
    # shellcheck disable=SC2086
    timeout "$COMPILE_TIMEOUT" "$CC" -O2 -Wno-unknown-pragmas $extra "$src" \
      $objs -o "$bin" -lm >>"$log" 2>&1
  fi
  status_note $? "$log"
}

# The units of SRC (its `units` directive) compiled to objects beside BIN,
# their names on stdout, then the libraries of its archive and shared
# directives (made beside BIN, as link arguments); LOG starts with their
# compilers' output.  Returns 1 when one does not compile.
compile_units() {
  local src=$1 bin=$2 log=$3 keep=$4 u kind name units
  : >"$log"
  [[ $bin == *.o ]] && return 0
  for u in $(directives "$src" test | sed -n 's/^units //p'); do
    unit_object "$u" "$bin" "$log" "$keep" "" || return 1
  done
  while read -r kind name units; do
    make_library "$kind" "$name" "$units" "$bin" "$log" "$keep" || return 1
  done < <(directives "$src" test | sed -n -E 's/^((archive|shared|dlopen) .*)/\1/p')
}

# Compiles unit U (tests/e2e/units/U) into an object beside BIN (with FLAGS:
# -fPIC or nothing) and prints its name.
unit_object() {
  local u=$1 bin=$2 log=$3 keep=$4 flags=$5 obj
  obj="$(dirname "$bin")/unit-${u%.c}${flags:+-pic}.o"
  compile "tests/e2e/units/$u" "$obj" "$log.unit" "$keep" "$flags" || {
    cat "$log.unit" >>"$log"; return 1; }
  cat "$log.unit" >>"$log"
  echo "$obj"
}

# Library NAME of KIND (archive, shared, dlopen) from UNITS beside BIN;
# prints what the program's link needs (nothing for dlopen).
make_library() {
  local kind=$1 name=$2 units=$3 bin=$4 log=$5 keep=$6 dir u objs=() flags=
  dir=$(dirname "$bin")
  [ "$kind" != archive ] && flags=-fPIC
  for u in $units; do
    objs+=("$(unit_object "$u" "$bin" "$log" "$keep" "$flags")") || return 1
  done
  if [ "$kind" = archive ]; then
    rm -f "$dir/lib$name.a"
    ar rcs "$dir/lib$name.a" "${objs[@]}" >>"$log" 2>&1 || return 1
  else
    local rt=(-L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD")
    [ "$MODE" = gomp ] && rt=(-fopenacc -foffload=disable)
    [ "$MODE" = serial ] && rt=()
    "$CC" -shared "${objs[@]}" -o "$dir/lib$name.so" "${rt[@]}" -lm \
      >>"$log" 2>&1 || return 1
    [ "$kind" = dlopen ] && return 0
  fi
  echo "-L$dir -l$name -Wl,-rpath,\$ORIGIN"
}

# Appends to LOG why a compiler that printed nothing failed (a timeout or a
# signal under load would otherwise leave an empty log); returns RC.
status_note() {
  local rc=$1 log=$2
  [ "$rc" -eq 0 ] && return 0
  if [ "$rc" -eq 124 ]; then
    echo "e2e: the compiler timed out after ${COMPILE_TIMEOUT} s" >>"$log"
  elif [ "$rc" -gt 128 ]; then
    echo "e2e: the compiler was killed by signal $((rc - 128))" >>"$log"
  elif [ ! -s "$log" ]; then
    echo "e2e: the compiler exited with status $rc and printed nothing" >>"$log"
  fi
  return "$rc"
}

# After all runs: assembles every module the plugin kept with ptxas for
# sm_90, the PTX it wrote (KEEP/*.ptx) or else PTX made from the kept CUDA C
# by nvcc, all files in one nvcc call (its start-up costs more than the
# work); a test whose module fails fails.  Arguments: the tests' names.
check_all_ptx() {
  local name f cus=() built=() ptxdir="$OUT/ptx"
  [ "$HAVE_PTXAS" -eq 1 ] || return 0
  mkdir -p "$ptxdir"
  for name in "$@"; do   # only what compiled: the rest failed already
    [ -x "$OUT/$name/prog" ] && built+=("$name")
  done
  for name in "${built[@]}"; do
    compgen -G "$OUT/$name/keep/*.ptx" >/dev/null && continue
    for f in "$OUT/$name"/keep/*.cu; do [ -e "$f" ] && cus+=("$f"); done
  done
  if [ ${#cus[@]} -gt 0 ] &&
     ! "$CUDA_HOME/bin/nvcc" -ptx -arch=compute_90 -Iinclude "${cus[@]}" \
       --output-directory "$ptxdir" >"$ptxdir/nvcc.log" 2>&1; then
    for f in "${cus[@]}"; do # find the culprits one by one
      "$CUDA_HOME/bin/nvcc" -ptx -arch=compute_90 -Iinclude "$f" \
        -o "$ptxdir/$(basename "${f%.cu}").ptx" >"$f.nvcc.log" 2>&1
    done
  fi
  for name in "${built[@]}"; do
    check_ptx_of "$name" "$ptxdir"
  done
}

# Checks the modules of test NAME (PTX in its keep dir, else in PTXDIR);
# a failure turns its result into FAIL with the tool's words.
check_ptx_of() {
  local name=$1 ptxdir=$2 dir="$OUT/$1" f ptx files=()
  if compgen -G "$dir/keep/*.ptx" >/dev/null; then
    files=("$dir"/keep/*.ptx)
  else
    for f in "$dir"/keep/*.cu; do
      [ -e "$f" ] || continue
      ptx="$ptxdir/$(basename "${f%.cu}").ptx"
      if [ ! -s "$ptx" ]; then
        { echo "nvcc rejected $(basename "$f")"; cat "$f.nvcc.log" 2>/dev/null; } >>"$dir/ptxas.log"
        ptx_fail "$name"; return
      fi
      files+=("$ptx")
    done
  fi
  # Units that share routines carry relocatable PTX: assembled with -c,
  # then linked as the driver's linker would (not for rterr/: a missing
  # routine is what some of them test).
  # Only those units are linked together, as the runtime links a unit with
  # the units whose routines it calls; the others load alone (two of them
  # may have kernels of the same name: xfile_same_names).
  local rdc=() cubins=()
  for f in "${files[@]}"; do
    rdc=()
    grep -qE '^\.(extern|visible) \.func' "$f" && rdc=(-c)
    "$CUDA_HOME/bin/ptxas" -v -arch=sm_90 "${rdc[@]}" "$f" -o "$f.sm_90.o" >"$dir/ptxas.v.log" 2>&1 ||
      { cat "$dir/ptxas.v.log" >>"$dir/ptxas.log"; echo "ptxas rejected $(basename "$f")" >>"$dir/ptxas.log"
        ptx_fail "$name"; return; }
    [ ${#rdc[@]} -gt 0 ] && cubins+=("$f.sm_90.o")
    big_stack_frames "$dir/ptxas.v.log" >>"$dir/ptxas.log" || { ptx_fail "$name"; return; }
  done
  if [ ${#cubins[@]} -gt 0 ] && [[ $name != rterr/* ]] &&
     ! "$CUDA_HOME/bin/nvlink" -arch=sm_90 "${cubins[@]}" -o "$dir/linked.cubin" >>"$dir/ptxas.log" 2>&1; then
    echo "nvlink failed" >>"$dir/ptxas.log"; ptx_fail "$name"
  fi
  rm -f "${files[@]/%/.sm_90.o}"
}

# Local memory a GPU thread would need: ptxas -v's stack frame per function.
# Over ACCGPU_E2E_MAX_STACK bytes (default 32 KiB) a kernel launches slowly or not
# at all on a GPU (local memory is reserved for every resident thread); the
# emulator and the CPU devices cannot show it (a big firstprivate copied
# into each thread took 160-512 KB).  Prints the offenders, fails if any.
big_stack_frames() {
  awk -v max="${ACCGPU_E2E_MAX_STACK:-32768}" '
    /Function properties for/ { fn = $NF }
    /bytes stack frame/ && $1 + 0 > max {
      printf "  %s needs %d bytes of local memory per thread (limit %d)\n", fn, $1, max; bad = 1 }
    END { exit bad }' "$1"
}

ptx_fail() {
  local dir="$OUT/$1"
  echo FAIL >"$dir/result"
  { echo "  PTX check failed:"; excerpt "$dir/ptxas.log"; } >>"$dir/report"
}

# Runs BIN with ACC_DEVICE_TYPE=DEV (nvidia: $NVIDIA_TYPE) and the test's env
# directives; output in DIR/DEV.{out,err}.  Returns the program's status.
run_on() {
  local src=$1 bin=$2 dev=$3 dir=$4 envs type=$3
  [ "$dev" = nvidia ] && type=$NVIDIA_TYPE
  envs=$(directives "$src" test | sed -n 's/^env //p' | tr '\n' ' ')
  # The outer redirection silences bash's own "Segmentation fault" notice;
  # the exit status still tells.
  # shellcheck disable=SC2086
  [ "$dev" = emulator ] && envs="$EMU_ENV $envs"
  { env ACC_DEVICE_TYPE="$type" $envs timeout "$TIMEOUT" "$bin" \
      >"$dir/$dev.out" 2>"$dir/$dev.err"; } 2>/dev/null
}

# The devices SRC is written for: its ACCGPU_EMU_DEVICES=N env directive
# (the emulator stands in for N GPUs), else 1.
needed_devices() {
  local n
  n=$(directives "$1" test | sed -n 's/^env .*ACCGPU_EMU_DEVICES=\([0-9]*\).*/\1/p' | head -n 1)
  echo "${n:-1}"
}

# Variants: compiles SRC into BIN unless an earlier run built it from the
# same source with the same plugin.  Returns gcc's status.
compile_once() {
  local src=$1 bin=$2 dir=$3
  local dep fresh=1
  for dep in "$src" "$BUILD/accgpu.so" include/accgpu_cuda.h include/accgpu_emu_check.h; do
    [ -x "$bin" ] && [ "$bin" -nt "$dep" ] || fresh=0
  done
  [ $fresh -eq 1 ] && return 0
  compile "$src" "$bin" "$dir/compile.log" "$dir/keep"
}

# " (timed out)", " (SIGSEGV)" ... for an exit status, else nothing.
signame() {
  if [ "$1" -eq 124 ]; then echo " (timed out after ${TIMEOUT}s)"
  elif [ "$1" -gt 128 ]; then echo " (SIG$(kill -l $(($1 - 128)) 2>/dev/null))"
  fi
}

# First lines of FILE, indented, for a failure report.
excerpt() { sed -n '1,8s/^/    | /p' "$1"; }

# The compiler's diagnostics in LOG (not GCC's plugin banner), indented.
compile_excerpt() {
  if grep -qE ': (error|sorry, unimplemented|internal compiler error|fatal error):|ld returned' "$1"; then
    grep -E -A2 ': (error|sorry, unimplemented|internal compiler error|fatal error):|ld returned' "$1" |
      sed -n '1,10s/^/    | /p'
  else
    excerpt "$1"
  fi
}

# Checks the accgpu-expect-KIND directives (KIND: note, warning) of SRC
# against the compiler output LOG; missing ones are reported to REPORT.
# Warnings: with any expected (or accgpu-test: no-warnings), every warning
# in SRC must be expected.  Returns 1 if anything is wrong.
check_diags() {
  local src=$1 log=$2 report=$3 kind=$4 bad=0 line re base want
  base=$(basename "$src")
  while IFS=: read -r line re; do
    if ! grep -E "^[^:]*$base:$line:[0-9]+: $kind: " "$log" |
         sed -E "s/^[^:]*:[0-9]+:[0-9]+: $kind: //" | grep -qE -- "$re"; then
      bad=1; echo "  no $kind on line $line matching /$re/" >>"$report"
    fi
  done < <(grep -n "accgpu-expect-$kind:" "$src" |
           sed -n -E "s@^([0-9]+):.*accgpu-expect-$kind:[[:space:]]*(.*[^[:space:]])[[:space:]]*\*/.*@\1:\2@p")
  [ "$kind" = warning ] || return $bad
  want=$(grep -n "accgpu-expect-warning:" "$src" | cut -d: -f1 | tr '\n' ' ')
  [ -z "$want" ] && ! directives "$src" test | grep -qx 'no-warnings' &&
    return $bad
  while IFS=: read -r line; do
    if [[ " $want " != *" $line "* ]]; then
      bad=1
      echo "  unexpected warning on line $line: $(grep -m1 -E "^[^:]*$base:$line:[0-9]+: warning: " "$log" |
        sed -E 's/^[^:]*:[0-9]+:[0-9]+: warning: //')" >>"$report"
    fi
  done < <(grep -E "^[^:]*$base:[0-9]+:[0-9]+: warning: " "$log" |
           sed -E "s/^[^:]*$base:([0-9]+):.*/\1/" | sort -u)
  return $bad
}

# A variant's run of corpus or rterr test NAME: on the emulator only, with
# the variant's settings; results in OUT/NAME/VTAG.
run_variant_test() {
  local name=$1 src="tests/e2e/$1.c" bin="$OUT/$1/prog" dir="$OUT/$1/$VTAG" rc re
  mkdir -p "$dir"
  : >"$dir/report"
  if ! compile_once "$src" "$bin" "$OUT/$name"; then
    echo FAIL >"$dir/result"
    { echo "  compile failed:"; compile_excerpt "$OUT/$name/compile.log"; } >"$dir/report"
    return
  fi
  run_on "$src" "$bin" emulator "$dir"; rc=$?
  case $name in
    rterr/*)
      if [ $rc -eq 0 ] || [ $rc -ge 124 ]; then
        echo FAIL >"$dir/result"; echo "  exit status $rc$(signame $rc), want an error exit" >>"$dir/report"
      fi
      while IFS= read -r re; do
        grep -qE -- "$re" "$dir/emulator.err" ||
          { echo FAIL >"$dir/result"; echo "  stderr does not match /$re/" >>"$dir/report"; }
      done < <(directives "$src" expect-stderr) ;;
    racy/*)
      [ $rc -eq 1 ] ||
        { echo FAIL >"$dir/result"; echo "  exit status $rc$(signame $rc), want 1 (hazards)" >>"$dir/report"; }
      [ -n "$(directives "$src" expect-race)" ] ||
        { echo FAIL >"$dir/result"; echo "  no accgpu-expect-race lines" >>"$dir/report"; }
      while IFS= read -r re; do
        grep -qE -- "$re" "$dir/emulator.err" ||
          { echo FAIL >"$dir/result"; echo "  no racecheck report matching /$re/" >>"$dir/report"; }
      done < <(directives "$src" expect-race) ;;
    *)
      if [ $rc -ne 0 ] || [ -s "$dir/emulator.err" ]; then
        echo FAIL >"$dir/result"; echo "  on emulator ($VARIANT): exit $rc$(signame $rc)" >>"$dir/report"
      fi ;;
  esac
  [ -f "$dir/result" ] || { echo PASS >"$dir/result"; return; }
  excerpt "$dir/emulator.err" >>"$dir/report"
}

# Each runner writes DIR/result ("PASS", "FAIL" ...) and DIR/report.
run_corpus_test() {
  local name=$1 src="tests/e2e/$1.c" dir="$OUT/$1" devs dev rc kind
  local bin="$dir/prog"
  if ! compile "$src" "$bin" "$dir/compile.log" "$dir/keep"; then
    echo FAIL >"$dir/result"
    { echo "  compile failed:"; compile_excerpt "$dir/compile.log"; } >"$dir/report"
    return
  fi
  [ "$BUILD_ONLY" = 1 ] && { echo PASS >"$dir/result"; return; }
  devs="emulator host multicore${NVIDIA_TYPE:+ nvidia}"
  [ "$MODE" != plugin ] && devs="host"
  # emulator-only: needs device memory apart from the host's
  directives "$src" test | grep -qx 'emulator-only' && devs=${devs/ host multicore/}
  if [ -n "$DEVICES" ]; then
    for dev in $devs; do [[ " $DEVICES " == *" $dev "* ]] || devs=${devs/$dev/}; done
  fi
  : >"$dir/report"
  if [ "$MODE" = plugin ]; then
    for kind in note warning; do
      check_diags "$src" "$dir/compile.log" "$dir/report" $kind ||
        echo FAIL >"$dir/result"
    done
  fi
  for dev in $devs; do
    if [ "$dev" = nvidia ] && [ "$NVIDIA_TYPE" = nvidia ] &&
       [ "$(needed_devices "$src")" -gt "$NVIDIA_COUNT" ]; then
      continue  # written for more devices than the machine has
    fi
    run_on "$src" "$bin" "$dev" "$dir"; rc=$?
    if [ $rc -ne 0 ] || [ -s "$dir/$dev.err" ]; then
      echo FAIL >"$dir/result"
      { echo "  on $dev: exit $rc$(signame $rc)";
        excerpt "$dir/$dev.err"; } >>"$dir/report"
    fi
  done
  [ -f "$dir/result" ] || echo PASS >"$dir/result"
}

run_diag_test() {
  local name=$1 src="tests/e2e/$1.c" dir="$OUT/$1" line re kind rest ok=1 n=0
  if compile "$src" "$dir/prog.o" "$dir/compile.log" "$dir/keep"; then
    echo FAIL >"$dir/result"
    echo "  compiled, but must be rejected" >"$dir/report"
    return
  fi
  : >"$dir/report"
  # Rejecting the program by crashing is no diagnostic.
  if grep -qE 'internal compiler error|Segmentation fault|killed|confused by earlier errors' "$dir/compile.log"; then
    ok=0; echo "  the compiler crashed" >>"$dir/report"
  fi
  # "KIND: LINE: REGEX"; KIND is error, sorry (GCC's "sorry, unimplemented")
  # or error|sorry.
  while IFS= read -r exp; do
    n=$((n + 1))
    kind=${exp%%: *}; rest=${exp#*: }
    line=${rest%%: *}; re=${rest#*: }
    kind=${kind//sorry/sorry, unimplemented}
    if ! grep -E "^[^:]*$(basename "$src"):$line:[0-9]+: ($kind): " "$dir/compile.log" |
         sed -E "s/^[^:]*:[0-9]+:[0-9]+: ($kind): //" | grep -qE -- "$re"; then
      ok=0
      echo "  no ${exp%%: *} on line $line matching /$re/" >>"$dir/report"
    fi
  done < <(directives "$src" expect)
  if [ $n -eq 0 ]; then
    ok=0; echo "  no accgpu-expect lines" >>"$dir/report"
  fi
  if [ $ok -eq 1 ]; then echo PASS >"$dir/result"; else
    echo FAIL >"$dir/result"; compile_excerpt "$dir/compile.log" >>"$dir/report"; fi
}

run_rterr_test() {
  local name=$1 src="tests/e2e/$1.c" dir="$OUT/$1" re rc ok=1
  if ! compile "$src" "$dir/prog" "$dir/compile.log" "$dir/keep"; then
    echo FAIL >"$dir/result"
    { echo "  compile failed:"; compile_excerpt "$dir/compile.log"; } >"$dir/report"
    return
  fi
  [ "$BUILD_ONLY" = 1 ] && { echo PASS >"$dir/result"; return; }
  run_on "$src" "$dir/prog" emulator "$dir"; rc=$?
  : >"$dir/report"
  # A clean error exit: non-zero, not killed by a signal, not timed out.
  if [ $rc -eq 0 ] || [ $rc -ge 124 ]; then
    ok=0; echo "  exit status $rc$(signame $rc), want an error exit (1..123)" >>"$dir/report"
  fi
  while IFS= read -r re; do
    grep -qE -- "$re" "$dir/emulator.err" ||
      { ok=0; echo "  stderr does not match /$re/" >>"$dir/report"; }
  done < <(directives "$src" expect-stderr)
  if [ $ok -eq 1 ]; then echo PASS >"$dir/result"; else
    echo FAIL >"$dir/result"; excerpt "$dir/emulator.err" >>"$dir/report"; fi
}

run_one() {
  local name=$1
  mkdir -p "$OUT/$name"
  if [ -n "$VARIANT" ]; then
    run_variant_test "$name"
    return
  fi
  case $name in
    diag/*)  run_diag_test "$name" ;;
    rterr/*) run_rterr_test "$name" ;;
    *)       run_corpus_test "$name" ;;
  esac
}

# ---- drive ----------------------------------------------------------------
todo=()
skipped=0
for name in "${tests[@]}"; do
  [ "$BUILD_ONLY" = 1 ] && [[ $name == diag/* ]] && continue  # nothing to run
  if [ "$MODE" != plugin ] && [[ $name == diag/* || $name == rterr/* ]]; then
    skipped=$((skipped + 1))   # accgpu's own diagnostics and run-time checks
    continue
  fi
  if [ "$MODE" != plugin ] &&
     directives "tests/e2e/$name.c" test | grep -qx 'accgpu-only'; then
    skipped=$((skipped + 1))   # uses accgpu's extensions
    continue
  fi
  if [ "$MODE" = serial ] &&
     directives "tests/e2e/$name.c" test | grep -qx 'private-copies'; then
    skipped=$((skipped + 1))   # the pragmas it needs are ignored
    continue
  fi
  todo+=("$name")
done
[ $skipped -gt 0 ] && echo "e2e: $MODE mode: $skipped diag/ and rterr/ tests skipped (accgpu-specific)"

[ "$BUILD_ONLY" = 1 ] && NVIDIA=off
if [ "$MODE" = plugin ] && [ "$NVIDIA" != off ] && [ ${#todo[@]} -gt 0 ]; then
  probe_nvidia
fi

export -f run_one run_corpus_test run_diag_test run_rterr_test compile compile_units status_note \
  unit_object make_library \
  run_on excerpt compile_excerpt directives signame check_diags \
  run_variant_test compile_once needed_devices
export OUT MODE CC BUILD CUDA_HOME HAVE_PTXAS TIMEOUT COMPILE_TIMEOUT \
  NVIDIA_TYPE NVIDIA_COUNT VARIANT VTAG EMU_ENV BUILD_ONLY DEVICES
# shellcheck disable=SC2016  # $1 is expanded by the inner bash
[ ${#todo[@]} -gt 0 ] &&
  printf '%s\n' "${todo[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one "$1"' _ {}

[ -z "$VARIANT" ] && [ "$BUILD_ONLY" != 1 ] && check_all_ptx "${todo[@]}"

passed=0 failed=$PROBE_FAILED
for name in "${todo[@]}"; do
  rdir="$OUT/$name${VTAG:+/$VTAG}"
  res=$(cat "$rdir/result" 2>/dev/null || echo FAIL)
  if [ -n "${KNOWN[$name]+x}" ]; then
    if [ "$res" = PASS ]; then
      echo "XPASS $name (remove it from tests/e2e/KNOWN_FAILURES)"
      passed=$((passed + 1))
    else
      echo "XFAIL $name: ${KNOWN[$name]}"
      skipped=$((skipped + 1))
    fi
  elif [ "$res" = PASS ]; then
    echo "PASS  $name"
    passed=$((passed + 1))
  else
    echo "FAIL  $name"
    cat "$rdir/report" 2>/dev/null
    failed=$((failed + 1))
  fi
done
summary $passed $failed $skipped
[ $failed -eq 0 ]
