#!/usr/bin/env bash
# The GPU code the plugin puts in an object, checked without a GPU
# (tests/cli/gpu_images.c; skipped without the CUDA toolkit's ptxas):
#   1. the cubins: by default one for sm_80 and one for sm_90, each the
#      bytes ptxas wrote (the kept DIR/<source>.sm_NN.cubin) with its own
#      architecture in its ELF header and named "cubin sm_NN" for
#      ACCGPU_TIME, the PTX for compute_80;
#      -fplugin-arg-accgpu-gpu=sm_86,sm_75 gives those two and PTX for
#      sm_75; =none no cubin; =sm_70 is an error;
#   2. -std=c11 and -ffp-contract=off: no fused multiply-add in the PTX
#      (the default has one);
#   3. num_workers(8) vector_length(128): __launch_bounds__(1024) on the
#      kernel, .maxntid 1024 in the PTX, at most 64 registers for sm_90;
#   4. a float complex that a routine returns is stored whole (both
#      parts) by the kernel's PTX: CUDA 13.0's optimizer dropped the
#      second part (include/accgpu_cuda.h, ACCGPU_STRUCT_RET).
# Usage: tests/cli/gpu-images.sh [BUILD-DIR].  Ends with "gpu-images: N
# passed, N failed".
. "$(dirname "$0")/../tune/common.sh" "${1:-build}" gpu-images
PTXAS=${CUDA_HOME:-/usr/local/cuda}/bin/ptxas
if [ ! -x "$PTXAS" ]; then
  echo "gpu-images: skipped (no $PTXAS)"
  exit 0
fi
SRC=tests/cli/gpu_images.c
K=gpu_images.c

# cc_keep NAME ARGS...: compiles SRC keeping into $OUT/NAME, object NAME.o.
cc_keep() {
  local name=$1
  shift
  "$CC" -O2 -fplugin="$PLUGIN" -fplugin-arg-accgpu-keep="$OUT/$name" \
    -fplugin-arg-accgpu-emu-check=no -Iinclude "$@" -c "$SRC" \
    -o "$OUT/$name.o" >"$OUT/$name.log" 2>&1
}

# elf_sm FILE: the NN of sm_NN in a cubin's ELF header (64-bit, little
# endian, executable, EM_CUDA = 190), or "none".
elf_sm() {
  local h
  read -r -a h < <(od -An -v -tu1 -N52 "$1" | tr -s ' \n' '  ')
  if [ "${#h[@]}" -ne 52 ] || [ "${h[*]:0:6}" != "127 69 76 70 2 1" ] ||
     [ "${h[16]}" != 2 ] || [ $((h[18] + 256 * h[19])) != 190 ]; then
    echo none
  elif [ "${h[8]}" -ge 8 ]; then # ELF ABI 8 (CUDA 13): second flags byte
    echo "${h[49]}"
  else
    echo "${h[48]}"
  fi
}

# blob OBJ SYMBOL: the bytes of SYMBOL (a static array) in object OBJ.
blob() {
  local val size ndx off
  read -r val size ndx < <(readelf -sW "$1" | awk -v s="$2" '$8 == s {print $2, $3, $7}')
  [ -n "${ndx:-}" ] || return 1
  off=$(readelf -SW "$1" | sed 's/\[ */[/' | awk -v n="[$ndx]" '$1 == n {print $5}')
  tail -c +$((0x$off + 0x$val + 1)) "$1" | head -c $((size))
}

# check_cubins NAME ARCH...: NAME.o embeds exactly cubins for ARCH..., each
# the kept file and naming its architecture.
check_cubins() {
  local name=$1 a got
  shift
  got=$(readelf -sW "$OUT/$name.o" | awk '$8 ~ /^__accgpu_cubin_sm_/ {sub(/__accgpu_cubin_sm_/, "", $8); print $8}' | sort -n | tr '\n' ' ')
  if [ "$got" != "$*${*:+ }" ]; then
    bad "$name: cubins for '$got', expected '$* '"
    return
  fi
  for a in "$@"; do
    blob "$OUT/$name.o" "__accgpu_cubin_sm_$a" >"$OUT/$name.$a.bin"
    if ! cmp -s "$OUT/$name.$a.bin" "$OUT/$name/$K.sm_$a.cubin"; then
      bad "$name: the embedded sm_$a cubin is not what ptxas wrote"
    elif [ "$(elf_sm "$OUT/$name.$a.bin")" != "$a" ]; then
      bad "$name: the sm_$a cubin's ELF header says $(elf_sm "$OUT/$name.$a.bin")"
    elif ! grep -qa "cubin sm_$a" "$OUT/$name.o"; then
      bad "$name: no name 'cubin sm_$a' (what ACCGPU_TIME prints)"
    else
      ok
    fi
  done
}

# ptx_target NAME WANT: the kept PTX is for WANT.
ptx_target() {
  if grep -q "^\.target $2\$" "$OUT/$1/$K.ptx"; then ok; else
    bad "$1: PTX $(grep '^\.target' "$OUT/$1/$K.ptx"), expected $2"
  fi
}

# 1. Cubins.
if cc_keep dflt; then
  check_cubins dflt 80 90
  ptx_target dflt sm_80
else
  bad "default compile: $(head -3 "$OUT/dflt.log")"
fi
if cc_keep two -fplugin-arg-accgpu-gpu=sm_86,sm_75; then
  check_cubins two 75 86
  ptx_target two sm_75
else
  bad "gpu=sm_86,sm_75: $(head -3 "$OUT/two.log")"
fi
if cc_keep none -fplugin-arg-accgpu-gpu=none; then
  check_cubins none
  ptx_target none sm_90
  [ -z "$(ls "$OUT/none" | grep cubin)" ] && ok || bad "gpu=none kept cubins"
else
  bad "gpu=none: $(head -3 "$OUT/none.log")"
fi
if cc_keep old -fplugin-arg-accgpu-gpu=sm_70 ||
   ! grep -q "error: accgpu: .-fplugin-arg-accgpu-gpu=sm_70.: expected a list" "$OUT/old.log"; then
  bad "gpu=sm_70 must be an error: $(head -3 "$OUT/old.log")"
else
  ok
fi

# 2. Contraction.
fmas() { grep -c 'fma\.rn\.f32' "$OUT/$1/$K.ptx"; }
[ "$(fmas dflt)" -ge 1 ] && ok || bad "default: no fma.rn.f32 in the PTX"
n=0
for flags in -std=c11 -ffp-contract=off; do
  n=$((n + 1))
  if cc_keep "nofma$n" "$flags" && [ "$(fmas "nofma$n")" = 0 ]; then
    ok
  else
    bad "$flags: fma.rn.f32 in the PTX: $(grep -v kept "$OUT/nofma$n.log" | head -3)"
  fi
done

# 3. Launch bounds.
if grep -q 'ACCGPU_LAUNCH_BOUNDS(1024) __accgpu_k_vector_level_' "$OUT/dflt/$K.cu" &&
   grep -q '^\.maxntid 1024' "$OUT/dflt/$K.ptx"; then
  ok
else
  bad "num_workers(8) vector_length(128): no launch bounds of 1024"
fi
regs=$("$PTXAS" -arch=sm_90 -v "$OUT/dflt/$K.ptx" -o /dev/null 2>&1 |
  sed -n "/entry function '__accgpu_k_vector_level_/,/Used/s/.*Used \([0-9]*\) registers.*/\1/p")
if [ -n "$regs" ] && [ "$regs" -le 64 ]; then ok; else
  bad "kernel vector_level uses '${regs}' registers for sm_90 with 1024 threads"
fi

# 4. A complex value a routine returns: both parts stored (the loop may be
#    unrolled: as many imaginary parts, at +4, as real parts).
sed -n '/^\.visible \.entry __accgpu_k_complex_ret_/,/^}/p' "$OUT/dflt/$K.ptx" |
  grep 'st\.global\.f32' >"$OUT/cstores"
im=$(grep -c '+4\]' "$OUT/cstores")
re=$(grep -vc '+4\]' "$OUT/cstores")
if [ "$re" -ge 1 ] && [ "$im" = "$re" ]; then ok; else
  bad "kernel complex_ret: $re stores of real parts, $im of imaginary parts"
fi

echo "gpu-images: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
