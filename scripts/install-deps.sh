#!/usr/bin/env bash
# Installs the Debian packages accgpu builds and tests with, only those that
# are missing.  Idempotent and silent when everything is there.  The CUDA
# toolkit is not a Debian package: it is detected in /usr/local/cuda and is
# optional (without it kernels are not compiled to PTX; the emulator runs).
# clang and its compiler-rt build the fuzzers (make fuzz; make test runs
# them for about a minute and skips them when clang is absent).
# Open MPI builds and runs the MPI benchmarks (benchmarks/mpi, docs/mpi.md).
# Optional: GCC's own OpenACC offloading to NVIDIA (gcc-12-offload-nvptx,
# libgomp-plugin-nvptx1) builds table52-gomp, the Table 5.2 reductions as GCC
# compiles them (docs/reductions.md); when they cannot be installed, that is
# said and skipped.
set -euo pipefail
pkgs=(gcc-12 g++-12 gcc-12-plugin-dev make pkg-config libyaml-dev libcunit1-dev
      clang libclang-rt-dev openmpi-bin libopenmpi-dev python3)
optional=(gcc-12-offload-nvptx libgomp-plugin-nvptx1)
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=() opt_missing=()
for p in "${pkgs[@]}"; do installed "$p" || missing+=("$p"); done
for p in "${optional[@]}"; do installed "$p" || opt_missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && [ ${#opt_missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  log=$(mktemp)
  if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    cat "$log"
    rm -f "$log"
    echo "install-deps: apt-get failed" >&2
    exit 1
  fi
  rm -f "$log"
fi
[ ${#opt_missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing (optional) ${opt_missing[*]}"
{ $sudo apt-get update -qq &&
  $sudo apt-get install -y -qq --no-install-recommends "${opt_missing[@]}"; } >/dev/null 2>&1 ||
  echo "install-deps: could not install ${opt_missing[*]}: skipped (no table52-gomp)"
