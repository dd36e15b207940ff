#!/usr/bin/env bash
# bench.sh CLASS — builds NPB EP, CG, MG, FT, IS three ways and runs each once
# in this order: serial, gcc -fopenacc, accgpu (on ACC_DEVICE_TYPE).  Prints one
# table; the x-columns are the serial and gcc-openacc times divided by the
# accgpu time, all measured in this run.  The accgpu column says "not built"
# when build/accgpu.so is missing or does not load, "known fail" for the
# benchmarks KNOWN_FAILURES lists, and "no build" when the plugin fails on the
# benchmark.  Exits 1 when a run that should verify does not.
set -u
cls=${1:-S}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
build=${NPB_BUILD_DIR:-$top/build}
names="ep cg mg ft is"
known="$top/benchmarks/npb/KNOWN_FAILURES"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# plugin_problem: prints why build/accgpu.so cannot compile these programs
# (missing, or a stub GCC refuses to load); prints nothing when it loads.
plugin_problem() {
  if [ ! -f "$build/accgpu.so" ]; then
    echo "build/accgpu.so not built"
    return
  fi
  printf 'int main(void) { return 0; }\n' >"$tmp/probe.c"
  if ! gcc -fplugin="$build/accgpu.so" -c "$tmp/probe.c" -o "$tmp/probe.o" \
       2>"$tmp/probe.err"; then
    if grep -q 'GPL-compatible' "$tmp/probe.err"; then
      echo "build/accgpu.so is a stub GCC will not load (no plugin code yet)"
    else
      echo "build/accgpu.so does not load: $(head -n 1 "$tmp/probe.err" | cut -c1-60)"
    fi
  fi
}

mk() { make --no-print-directory -s -C "$top" BUILD="$build" "$@" >>"$tmp/make" 2>&1; }

# measure BINARY [ENV...]: prints "seconds mops verification" (or "- - FAILED").
measure() {
  local bin=$1
  shift
  if ! env "$@" "$bin" "$cls" >"$tmp/out" 2>&1; then
    grep -q 'Verification' "$tmp/out" || { echo "- - CRASHED"; return; }
  fi
  local t m v
  t=$(sed -nE 's/^ Time in seconds = +//p' "$tmp/out")
  m=$(sed -nE 's/^ Mop\/s total += +//p' "$tmp/out")
  v=$(sed -nE 's/^ Verification += +//p' "$tmp/out")
  echo "${t:--} ${m:--} ${v:-FAILED}"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else printf "-" }'; }

have_plugin=0
plugin_reason=$(plugin_problem)
[ -z "$plugin_reason" ] && have_plugin=1
mk npb-serial npb-gomp || { cat "$tmp/make"; exit 1; }
dev=${ACC_DEVICE_TYPE:-default}
[ "$have_plugin" -eq 1 ] || echo "accgpu: not built ($plugin_reason)"
echo
echo "NPB class $cls — accgpu on ACC_DEVICE_TYPE=$dev; ratios = other time / accgpu time"
printf '%-5s %-5s %10s %10s %10s %12s  %-12s %-12s %-12s %9s %9s\n' \
  bench class serial_s gccacc_s accgpu_s accgpu_Mop/s serial gcc-openacc accgpu \
  x_serial x_gccacc
status=0
for n in $names; do
  read -r ts _ vs < <(measure "$build/npb/serial/$n" -u ACC_DEVICE_TYPE)
  read -r tg _ vg < <(measure "$build/npb/gomp/$n" -u ACC_DEVICE_TYPE)
  if [ "$have_plugin" -eq 0 ]; then
    ta="not built" ma=- va="not built"
  elif [ -f "$known" ] && grep -Eq "^$n:" "$known"; then
    ta="known fail" ma=- va="KNOWN_FAILURES"
  elif ! mk "$build/npb/accgpu/$n"; then
    ta="no build" ma=- va="no build"
  else
    read -r ta ma va < <(measure "$build/npb/accgpu/$n")
  fi
  [ "$vs" = SUCCESSFUL ] && [ "$vg" = SUCCESSFUL ] || status=1
  case $va in SUCCESSFUL | "not built" | KNOWN_FAILURES) ;; *) status=1 ;; esac
  printf '%-5s %-5s %10s %10s %10s %12s  %-12s %-12s %-12s %9s %9s\n' \
    "$n" "$cls" "$ts" "$tg" "$ta" "$ma" "$vs" "$vg" "$va" \
    "$(ratio "$ts" "$ta")" "$(ratio "$tg" "$ta")"
done
exit $status
