#!/usr/bin/env bash
# Kernel ids through the whole chain (issue #11): a source whose name holds
# a quote, a backslash, a newline or a tab is dumped by the plugin
# (tune-dump), tuned by acc-tune (-o) and compiled with that schedule: the
# schedule file reads back and its id matches the construct, so the
# schedule applies.  (acc-tune wrote such ids unescaped: the plugin
# rejected the file, or YAML folded the newline and the id never matched.)
# Also: a second schedule entry for one kernel is a warning naming the
# file and line, and the first entry is used.
# Run alone (tests/tune/ids.sh [BUILD-DIR]; ends with "tune-ids: N passed,
# N failed") or sourced by tests/tune/run.sh, whose counters it then uses.
ids_sourced=0
if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  ids_sourced=1
else
  . "$(dirname "$0")/common.sh" "${1:-build}" ids
fi

# ids_chain NAME: the chain on tests/tune/src/matmul.c copied to NAME.c.
ids_chain() {
  local d="$OUT/ids" src="$1.c" log="$OUT/ids/cc.log" n
  mkdir -p "$d"
  cp tests/tune/src/matmul.c "$d/$src"
  if ! (cd "$d" && "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" \
          -fplugin-arg-accgpu-tune-dump=m.yaml -c "$src" -o x.o) >"$log" 2>&1 ||
     ! "$TUNE" -g autotune/gpus/h100.yaml -q -b 20000 -D n=64 \
         -o "$d/s.yaml" "$d/m.yaml" >>"$log" 2>&1; then
    bad "ids: $(printf %q "$src"): dump or tune failed: $(head -3 "$log")"
    return
  fi
  (cd "$d" && "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" \
     -fplugin-arg-accgpu-schedule=s.yaml -fplugin-arg-accgpu-info \
     -c "$src" -o x.o) >"$log" 2>&1
  n=$(grep -cE "acc-tune schedule [^ ]*[0-9]_[0-9][^ ]* applied" "$log")
  if grep -q "error" "$log" || [ "$n" != 1 ]; then
    bad "ids: $(printf %q "$src"): schedule applied $n times: $(grep -m2 'error\|acc-tune' "$log")"
  else
    ok
  fi
}

for name in 'we"ird' 'back\slash' $'new\nline' $'tab\there' 'plain'; do
  ids_chain "$name"
done

# Two entries for matmul.c:14:matmul: a warning at the second, and the
# first (2_1) applies, not the second (a 1_1 that would be ignored).
printf 'schedules:\n' >"$OUT/ids/dup.yaml"
for p in 2_1 1_1; do
  printf '  - kernel: "matmul.c:14:matmul"\n    schedule: "%s"\n' "$p"
  printf '    block: [64, 1, 1]\n    grid: [3, 1, 1]\n    map:\n'
  printf '      i: {thread: none, block: x}\n      j: {thread: x, block: none}\n'
done >>"$OUT/ids/dup.yaml"
(cd tests/tune/src && "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" \
   -fplugin-arg-accgpu-schedule="$OUT/ids/dup.yaml" -fplugin-arg-accgpu-info \
   -c matmul.c -o "$OUT/x.o") >"$OUT/ids/dup.log" 2>&1
if grep -q "warning: accgpu: $OUT/ids/dup.yaml:9:5: a second schedule for kernel 'matmul.c:14:matmul' (ignored: the one at line 2 is used)" \
     "$OUT/ids/dup.log" &&
   grep -qE "acc-tune schedule [^ ]*2_1[^ ]* applied" "$OUT/ids/dup.log"; then
  ok
else
  bad "ids: duplicate entries: $(grep -m3 'warning\|acc-tune\|error' "$OUT/ids/dup.log")"
fi

if [ "$ids_sourced" = 0 ]; then
  echo "tune-ids: $pass passed, $fail failed"
  [ "$fail" = 0 ]
fi
