#!/usr/bin/env bash
# Packs what an NVIDIA machine needs to test accgpu when it lacks GCC 12's
# plugin headers (the machines the `device` tool lends): the programs are
# built here with the plugin, the GPU machine only runs them
# (tests/gpu/run.sh there).
#
# Usage: tests/gpu/kit.sh [BUILD-DIR] [KIT-DIR]
#   KIT-DIR (default .gpukit) receives kit.tar.xz holding
#     lib/       libaccgpu.so, libaccgpu-mc.so
#     probe      tests/e2e/probe/nvidia.c
#     e2e/NAME/  prog, env (its accgpu-test env lines), expect-stderr (rterr/,
#                but not the emulator-only ones: the emulator's own checks)
#     npb/       the accgpu, serial and OpenMP builds of EP, CG, MG, FT, IS
#     kernels/   benchmarks/kernels: NAME.acc and NAME.serial
#     table52    benchmarks/reduction-table52 (times on a GPU)
#     unit-tests the unit tests (run there: the cuda_gpu suite)
#     table52-gomp the same cases built by GCC's own offloading, when built
#                (gcc-12-offload-nvptx), with table52-join.sh and GCC 12's
#                libgomp.so.1 and libgomp-plugin-nvptx.so.1 in lib/
#     vv/        the OpenACC V&V programs of VV_BIN (a tests/vv/run.sh
#                OUT/bin), with VV_RESULTS (its results.tsv), when set
#     extra/     the programs of EXTRA (NAME/prog, NAME/env), when set
# Needs the CUDA toolkit here: without PTX in them the programs would run
# nothing on a GPU.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
BUILD=$(cd "${1:-build}" && pwd)
KIT=${2:-.gpukit}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
if [ ! -x "$CUDA_HOME/bin/ptxas" ]; then
  echo "gpu-kit: no CUDA toolkit in $CUDA_HOME: programs would carry no PTX" >&2
  exit 1
fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$KIT" "$stage"/{lib,e2e,npb/serial,kernels,vv}

echo "gpu-kit: building (make, the e2e programs, the probe)"
make -s -j"${JOBS:-2}" BUILD="$BUILD" all npb-accgpu "$BUILD/tests/unit-tests" \
  "$BUILD/bench/table52/table52" "$BUILD/bench/table52/table52-gomp" \
  $(for f in benchmarks/kernels/*.c; do n=${f##*/}; echo "$BUILD/bench/kernels/${n%.c}.acc"; done)
ACCGPU_E2E_BUILD_ONLY=1 ACCGPU_E2E_JOBS=${JOBS:-2} tests/e2e/run.sh "$BUILD" | tail -n 1
gcc -O2 -fplugin="$BUILD/accgpu.so" -Iinclude tests/e2e/probe/nvidia.c \
  -o "$stage/probe" -L"$BUILD" -laccgpu

cp "$BUILD/libaccgpu.so" "$BUILD/libaccgpu-mc.so" "$stage/lib/"
. tests/e2e/directives.sh
n=0
for src in tests/e2e/*.c tests/e2e/rterr/*.c; do
  name=${src#tests/e2e/}; name=${name%.c}
  bin="$BUILD/e2e/plugin/$name/prog"
  [ -x "$bin" ] || continue
  # rterr/ emulator-only: the emulator's own checks (memcheck)
  [[ $name == rterr/* ]] && directives "$src" test | grep -qx emulator-only && continue
  mkdir -p "$stage/e2e/$name"
  cp "$bin" "$stage/e2e/$name/prog"
  # libraries of shared and dlopen directives: found beside the program
  for lib in "$(dirname "$bin")"/lib*.so; do
    [ -e "$lib" ] && cp "$lib" "$stage/e2e/$name/"
  done
  directives "$src" test | sed -n 's/^env //p' >"$stage/e2e/$name/env"
  # The messages name the device: the emulator's here, the GPU's there;
  # expect-stderr-nvidia where the GPU says something else.
  if [[ $name == rterr/* ]]; then
    directives "$src" expect-stderr-nvidia >"$stage/e2e/$name/expect-stderr"
    [ -s "$stage/e2e/$name/expect-stderr" ] ||
      directives "$src" expect-stderr |
        sed 's/emulator/(emulator|nvidia)/g' >"$stage/e2e/$name/expect-stderr"
  fi
  n=$((n + 1))
done
mkdir -p "$stage/npb/omp"
for b in ep cg mg ft is; do
  cp "$BUILD/npb/accgpu/$b" "$stage/npb/$b"
  cp "$BUILD/npb/serial/$b" "$stage/npb/serial/$b"
  [ -x "$BUILD/npb/omp/$b" ] && cp "$BUILD/npb/omp/$b" "$stage/npb/omp/$b"
done
cp "$BUILD"/bench/kernels/*.acc "$BUILD"/bench/kernels/*.serial "$stage/kernels/"
cp "$BUILD/bench/table52/table52" "$stage/table52"
# The unit tests' GPU suite, with the libraries the GPU machine lacks.
cp "$BUILD/tests/unit-tests" "$stage/unit-tests"
for l in libcunit.so.1 libyaml-0.so.2; do
  p=$(ldd "$BUILD/tests/unit-tests" | awk -v l="$l" '$1 == l {print $3}')
  [ -n "$p" ] && cp "$p" "$stage/lib/"
done
# GCC's build needs its own libgomp and nvptx plugin: the GPU machine has
# neither (libgomp finds the plugin through LD_LIBRARY_PATH).
gomp_plugin=$(dpkg -L libgomp-plugin-nvptx1 2>/dev/null | grep '/libgomp-plugin-nvptx\.so\.1$' || true)
if [ -x "$BUILD/bench/table52/table52-gomp" ] && [ -n "$gomp_plugin" ]; then
  cp "$BUILD/bench/table52/table52-gomp" benchmarks/reduction-table52/table52-join.sh "$stage/"
  cp -L "$(gcc -print-file-name=libgomp.so.1)" "$gomp_plugin" "$stage/lib/"
else
  echo "gpu-kit: no table52-gomp (needs gcc-12-offload-nvptx and libgomp-plugin-nvptx1)"
fi
if [ -n "${VV_BIN:-}" ]; then
  cp "$VV_BIN"/* "$stage/vv/"
  [ -n "${VV_RESULTS:-}" ] && cp "$VV_RESULTS" "$stage/vv.tsv"
fi
[ -n "${EXTRA:-}" ] && cp -r "$EXTRA" "$stage/extra"
tar -C "$stage" -cJf "$KIT/kit.tar.xz" .
echo "gpu-kit: $KIT/kit.tar.xz ($(du -h "$KIT/kit.tar.xz" | cut -f1)): $n e2e programs, $(ls "$stage/vv" | wc -l) V&V programs"
