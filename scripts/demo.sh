#!/usr/bin/env bash
# demo.sh BUILD — compiles an example with the plugin, exactly as a user
# would (through pkg-config), and runs it on the best device present:
# an NVIDIA GPU when there is one, else the emulated GPU.
set -euo pipefail
build=$1
src=benchmarks/kernels/jacobi2d.c
out="$build/demo/jacobi2d"
mkdir -p "$build/demo"
export PKG_CONFIG_PATH="$build${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
echo "\$ gcc -O2 \$(pkg-config --cflags --libs accgpu) $src -lm -o $out"
gcc -O2 $(pkg-config --cflags accgpu) "$src" -o "$out" $(pkg-config --libs accgpu) -lm
if [ -e /dev/nvidia0 ] || ls /dev/nvidia[0-9]* >/dev/null 2>&1; then
  echo "NVIDIA GPU present: running on it (ACC_DEVICE_TYPE=nvidia)"
  export ACC_DEVICE_TYPE=nvidia
else
  echo "no NVIDIA GPU here: running on the emulated GPU (ACC_DEVICE_TYPE=emulator)"
  export ACC_DEVICE_TYPE=emulator
fi
"$out" small demo
echo
echo "The same run with ACCGPU_TIME=1 (kernel and transfer times, on stderr):"
ACCGPU_TIME=1 "$out" small >/dev/null
