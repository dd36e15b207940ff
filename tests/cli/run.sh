#!/usr/bin/env bash
# What a new user types, checked:
#   1. every command line of README.md's "Usage" section runs as written,
#      in a folder laid out like the source tree (build/, include/,
#      autotune/ and the test's prog.c); each program it links runs on the
#      emulator and the host and prints "ok";
#   2. the pkg-config flags link whether they come before or after the
#      source (Debian's gcc links with --as-needed);
#   3. -fplugin-arg-accgpu-keep=DIR creates DIR with its parents and keeps
#      the CUDA C and the emulator and multicore images in it; an empty
#      or missing DIR, or one that cannot be made, is a clear error;
#   4. -flto: objects compiled with the plugin link with it on the link line
#      too (lto1 loads it) or without it, and run;
#   5. -std=c89 -pedantic-errors: a C89 program compiles and runs;
#   6. -fsanitize=undefined: the host fallback reports an overflow in a
#      region at its line;
#   7. the cubins, contraction and launch bounds of the GPU code
#      (tests/cli/gpu-images.sh);
#   8. a kernel's parameters hold the declared globals its routines reach
#      and no other (tests/cli/routine_globals.c);
#   9. a written firstprivate(p) gets no implicit section, from a #pragma
#      line or a _Pragma (tests/cli/pragma_firstprivate.c);
#  10. a big firstprivate array that a region only reads is read in its
#      device buffer, one it writes is the gang's copy: no thread's local
#      copy in the kept kernels (tests/cli/big_firstprivate.c);
#  11. the multicore image has an AVX2 and a baseline version of each
#      kernel (none with ACCGPU_MC_AVX2=0), and either build's results on
#      the multicore device are the host's bit for bit (tests/cli/mc_isa.c);
#  12. a shared library built with the plugin, dlopened by a program that
#      does not link libaccgpu and called from 4 threads at once, gives the
#      serial sums on the host, multicore and emulator devices
#      (tests/cli/dlopen_lib.c, dlopen_main.c).
#  15. one source built twice (-DVARIANT=1, 2) into one program: distinct
#      kernel names; 16. g++ with the plugin: a clear error; 17. gcc run by
#      a relative path with TMPDIR naming no directory.
# Usage: tests/cli/run.sh [BUILD-DIR].  Ends with "cli: N passed, N failed".
. "$(dirname "$0")/../tune/common.sh" "${1:-build}" cli
export PKG_CONFIG_PATH="$BUILD${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
W="$OUT/readme"
mkdir -p "$W"
ln -s "$BUILD" "$W/build"
ln -s "$ROOT/include" "$W/include"
ln -s "$ROOT/autotune" "$W/autotune"
cp tests/cli/prog.c "$W/prog.c"

# The indented lines (code blocks) of README.md's "Usage" section that are
# not comments.
readme_commands() {
  sed -n '/^## Usage/,/^## [^U]/p' README.md | sed -n 's/^    //p' |
    grep -v '^[[:space:]]*#'
}

# check_prog NAME BIN [ARG...]: BIN prints "ok" on each device of DEVICES
# (default: the emulator and the host), with nothing on stderr.
check_prog() {
  local name=$1 dev out
  shift
  for dev in ${DEVICES:-emulator host}; do
    out=$(cd "$W" && ACC_DEVICE_TYPE=$dev "$@" 2>"$OUT/run.err")
    if [ "$?" -ne 0 ] || [ "$out" != ok ] || [ -s "$OUT/run.err" ]; then
      bad "$name: on $dev: $out $(head -3 "$OUT/run.err")"
      return
    fi
  done
  ok
}

# run_line LINE: runs LINE in $W; a gcc line that links is followed by a
# run of what it built.
run_line() {
  local line=$1 bin=a.out
  if ! (cd "$W" && ACC_DEVICE_TYPE=emulator bash -c "$line") >"$OUT/line.log" 2>&1; then
    bad "README: '$line' failed: $(grep -v 'note: accgpu: no CUDA' "$OUT/line.log" | head -5)"
    return
  fi
  ok
  [[ $line == gcc* && $line != *" -c "* ]] || return
  [[ $line =~ -o\ ([^ ]+) ]] && bin=${BASH_REMATCH[1]}
  check_prog "README: '$line'" "./$bin"
}

n=0
while IFS= read -r line; do
  n=$((n + 1))
  rm -f "$W/a.out"
  run_line "$line"
done < <(readme_commands)
[ "$n" -ge 4 ] || bad "README: only $n commands found in the Usage section"

# 2. pkg-config flags after the source, and alone before it.
for order in before after; do
  rm -f "$W/a.out"
  if [ $order = before ]; then
    set -- $(pkg-config --cflags --libs accgpu) prog.c
  else
    set -- prog.c $(pkg-config --cflags --libs accgpu)
  fi
  if (cd "$W" && "$CC" -O2 "$@") >"$OUT/cc.log" 2>&1; then
    check_prog "pkg-config flags $order the source" ./a.out
  else
    bad "pkg-config flags $order the source: $(grep -m3 -E 'error|undefined' "$OUT/cc.log")"
  fi
done

# 3. keep=DIR.
keep_cc() {
  (cd "$W" && "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" "$@" \
     -c prog.c -o "$OUT/k.o") >"$OUT/keep.log" 2>&1
}
if keep_cc -fplugin-arg-accgpu-keep="$OUT/k1/a/b" &&
   [ -s "$OUT/k1/a/b/prog.c.cu" ] && [ -s "$OUT/k1/a/b/prog.c.emu.so" ] &&
   [ -s "$OUT/k1/a/b/prog.c.mc.so" ] && keep_cc -fplugin-arg-accgpu-keep=k2/c &&
   [ -s "$W/k2/c/prog.c.cu" ]; then
  ok
else
  bad "keep=DIR with missing parents: $(head -3 "$OUT/keep.log"); $(ls -R "$OUT/k1" "$W/k2" 2>&1 | head -5)"
fi
for arg in -fplugin-arg-accgpu-keep= -fplugin-arg-accgpu-keep; do
  if keep_cc "$arg" ||
     ! grep -q "error: accgpu: .-fplugin-arg-accgpu-keep. needs a directory" "$OUT/keep.log"; then
    bad "'$arg' must be an error saying it needs a directory: $(head -3 "$OUT/keep.log")"
  else
    ok
  fi
done
: >"$OUT/file"
if keep_cc -fplugin-arg-accgpu-keep="$OUT/file/sub" ||
   [ "$(grep -c 'error: accgpu: cannot create the directory' "$OUT/keep.log")" != 1 ]; then
  bad "keep=DIR under a file must be one error: $(head -3 "$OUT/keep.log")"
else
  ok
fi

# 4. -flto, the plugin at compile time only, then on the link line too.
lto_cc() {
  (cd "$W" && "$CC" -O2 -flto "$@") >"$OUT/lto.log" 2>&1
}
if lto_cc -fplugin="$PLUGIN" -I"$ROOT/include" -c prog.c -o lto.o; then
  for link in "" "-fplugin=$PLUGIN"; do
    rm -f "$W/lto"
    if lto_cc $link lto.o -o lto -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" -lm; then
      check_prog "-flto, link line '${link:-no plugin}'" ./lto
    else
      bad "-flto link, '${link:-no plugin}': $(grep -m3 -E 'error|undefined' "$OUT/lto.log")"
    fi
  done
else
  bad "-flto compile: $(grep -m3 -E 'error|sorry' "$OUT/lto.log")"
fi

# 5. C89.
cp tests/cli/prog89.c "$W/prog89.c"
rm -f "$W/p89"
if (cd "$W" && "$CC" -std=c89 -pedantic-errors -fplugin="$PLUGIN" \
      -I"$ROOT/include" prog89.c -o p89 -L"$BUILD" -laccgpu \
      -Wl,-rpath,"$BUILD") >"$OUT/c89.log" 2>&1; then
  check_prog "-std=c89 -pedantic-errors" ./p89
else
  bad "-std=c89 -pedantic-errors: $(head -3 "$OUT/c89.log")"
fi

# 6. UBSan in the host fallback.
cp tests/cli/ubsan_overflow.c "$W/ubsan_overflow.c"
if (cd "$W" && "$CC" -fsanitize=undefined -fplugin="$PLUGIN" -I"$ROOT/include" \
      ubsan_overflow.c -o ubsan -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD") \
     >"$OUT/ubsan.log" 2>&1 &&
   (cd "$W" && ACC_DEVICE_TYPE=host ./ubsan) 2>&1 |
     grep -q 'ubsan_overflow.c:12:.*runtime error: signed integer overflow'; then
  ok
else
  bad "-fsanitize=undefined on the host: $(head -3 "$OUT/ubsan.log")"
fi

# 7. GPU code in the object.
if "$ROOT/tests/cli/gpu-images.sh" "$BUILD" >"$OUT/gpu.log" 2>&1; then
  ok
else
  bad "tests/cli/gpu-images.sh: $(grep FAIL "$OUT/gpu.log" | head -5)"
fi

# 8. Declared globals a kernel hands its routines.
# kernel_globals FN: the declared globals among the parameters of FN's kernel.
kernel_globals() {
  sed -n "s/^ACCGPU_KERNEL .*__accgpu_k_$1_[0-9_]*(\(.*\))$/\1/p" \
    "$OUT/rglob"/*.cu | tr ',' '\n' | sed -n 's/.* \([abc]\)_[0-9]*$/\1/p' |
    tr -d '\n'
}
rm -rf "$OUT/rglob"
if "$CC" -O2 -c -fplugin="$PLUGIN" -fplugin-arg-accgpu-keep="$OUT/rglob" \
     -I"$ROOT/include" tests/cli/routine_globals.c -o "$OUT/rglob.o" \
     >"$OUT/rglob.log" 2>&1; then
  got="$(kernel_globals f1)/$(kernel_globals f2)/$(kernel_globals f3)"
  [ "$got" = "a/ab/" ] && ok ||
    bad "declared globals of the kernels of f1/f2/f3: '$got', want 'a/ab/'"
else
  bad "routine_globals.c: $(grep -v 'note: accgpu' "$OUT/rglob.log" | head -3)"
fi

# 9. Implicit sections only for clauses the source did not write.
if "$CC" -O2 -c -fplugin="$PLUGIN" -fplugin-arg-accgpu-info -I"$ROOT/include" \
     tests/cli/pragma_firstprivate.c -o "$OUT/pfp.o" >"$OUT/pfp.log" 2>&1; then
  got=$(grep -o 'implicit copy[a-z]*([a-z]\[0:n\])' "$OUT/pfp.log" | tr '\n' ' ')
  [ "$got" = "implicit copyin(q[0:n]) implicit copyin(q[0:n]) " ] && ok ||
    bad "pragma_firstprivate.c implicit sections: '$got', want q's only"
else
  bad "pragma_firstprivate.c: $(grep -v 'note: ' "$OUT/pfp.log" | head -3)"
fi

# 10. Big firstprivate arrays: no local array, no copy into one.
rm -rf "$OUT/bigfp"
if "$CC" -O2 -c -fplugin="$PLUGIN" -fplugin-arg-accgpu-keep="$OUT/bigfp" \
     -I"$ROOT/include" tests/cli/big_firstprivate.c -o "$OUT/bigfp.o" \
     >"$OUT/bigfp.log" 2>&1; then
  cu="$OUT/bigfp/big_firstprivate.c.cu"
  got="$(grep -Ec '^  (__shared__ )?__accgpu_a[0-9]+ tab_[0-9]+;' "$cu")"
  got="$got/$(grep -c '__accgpu_memcpy' "$cu")"
  got="$got/$(grep -Ec 'tab_[0-9]+ = \(const __accgpu_a[0-9]+ \*\)tab_[0-9]+_in;' "$cu")"
  got="$got/$(grep -Ec 'tab_[0-9]+ = \(__accgpu_a[0-9]+ \*\).*\[__accgpu_gid\];' "$cu")"
  [ "$got" = "0/0/1/1" ] && ok ||
    bad "big_firstprivate.c kernels: locals/copies/in place/gang copies '$got', want '0/0/1/1'"
else
  bad "big_firstprivate.c: $(grep -v 'note: accgpu' "$OUT/bigfp.log" | head -3)"
fi

# 11. The multicore image's two kernel versions.  On this machine's CPU
#     the program runs the AVX2 ones if it has AVX2, else the baseline.
for avx2 in 1 0; do
  d="$OUT/mcisa$avx2"
  rm -rf "$d"
  if ACCGPU_MC_AVX2=$avx2 "$CC" -O2 -fplugin="$PLUGIN" \
       -fplugin-arg-accgpu-keep="$d" -I"$ROOT/include" tests/cli/mc_isa.c \
       -o "$d.bin" -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" >"$d.log" 2>&1; then
    syms=$(nm "$d/mc_isa.c.mc.so" 2>/dev/null)
    kernels=$(grep -c ' T __accgpu_k_.*__emu$' <<<"$syms")
    clones=$(grep -c ' t __accgpu_k_.*\.avx2$' <<<"$syms")
    want=$((avx2 ? kernels : 0))
    if [ "$kernels" -ne 3 ] || [ "$clones" -ne "$want" ]; then
      bad "mc_isa.c, ACCGPU_MC_AVX2=$avx2: $kernels kernels, $clones AVX2 versions, want 3 and $want"
    else
      DEVICES=multicore check_prog "mc_isa.c, ACCGPU_MC_AVX2=$avx2" "$d.bin"
    fi
  else
    bad "mc_isa.c: $(grep -v 'note: accgpu' "$d.log" | head -3)"
  fi
done

# 12. A library built with the plugin, dlopened, called from threads.
d="$OUT/dlopen"
if "$CC" -O2 -shared -fPIC -fplugin="$PLUGIN" -I"$ROOT/include" \
     tests/cli/dlopen_lib.c -o "$d.so" -L"$BUILD" -laccgpu \
     -Wl,-rpath,"$BUILD" >"$d.log" 2>&1 &&
   "$CC" -O2 tests/cli/dlopen_main.c -o "$d.bin" -ldl -lpthread >>"$d.log" 2>&1; then
  DEVICES="host multicore emulator" check_prog dlopen_main.c "$d.bin" "$d.so"
else
  bad "dlopen_lib.c: $(grep -v 'note: accgpu' "$d.log" | head -3)"
fi

# 13. ThreadSanitizer in a routine's body (run without address randomization
#     where setarch allows: GCC 12's TSan cannot map its shadow otherwise).
d="$OUT/tsan"
norand=()
setarch "$(uname -m)" -R true 2>/dev/null && norand=(setarch "$(uname -m)" -R)
if "$CC" -O2 -fsanitize=thread -fplugin="$PLUGIN" -I"$ROOT/include" \
     tests/cli/tsan_routine.c -o "$d.bin" -L"$BUILD" -laccgpu \
     -Wl,-rpath,"$BUILD" >"$d.log" 2>&1; then
  DEVICES="emulator host multicore" check_prog tsan_routine.c "${norand[@]}" "$d.bin"
else
  bad "tsan_routine.c: $(grep -v 'note: accgpu' "$d.log" | head -3)"
fi

# 14. Reproducible objects: one source built in two directories with
#     -ffile-prefix-map gives identical objects.
for sub in r1 r2/deeper; do
  mkdir -p "$OUT/$sub"
  cp tests/cli/repro_build.c "$OUT/$sub/"
  (cd "$OUT/$sub" && "$CC" -O2 -ffile-prefix-map="$OUT/$sub"=. \
     -fplugin="$PLUGIN" -I"$ROOT/include" -c repro_build.c -o r.o) \
    >"$OUT/repro.log" 2>&1 || bad "repro_build.c in $sub: $(head -3 "$OUT/repro.log")"
done
if cmp -s "$OUT/r1/r.o" "$OUT/r2/deeper/r.o"; then ok; else
  bad "repro_build.c: the objects built in two directories differ"; fi

# 15. One source built twice (-DVARIANT=1, 2) into one program: distinct
#     kernel names (a GPU's device link took the second as a duplicate).
d="$OUT/variant"
mkdir -p "$d"
for v in 1 2; do
  "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" -DVARIANT=$v \
    -fplugin-arg-accgpu-keep="$d/k$v" -c tests/cli/variant_unit.c \
    -o "$d/v$v.o" >"$d.log" 2>&1 || bad "variant_unit.c -DVARIANT=$v: $(head -3 "$d.log")"
done
k1=$(grep -ho '__accgpu_k_[A-Za-z0-9_]*' "$d"/k1/*.cu | sort -u)
k2=$(grep -ho '__accgpu_k_[A-Za-z0-9_]*' "$d"/k2/*.cu | sort -u)
if [ -z "$k1" ] || [ -n "$(comm -12 <(echo "$k1") <(echo "$k2"))" ]; then
  bad "variant_unit.c: the two builds share kernel names: $k1"
elif "$CC" tests/cli/variant_main.c "$d/v1.o" "$d/v2.o" -o "$d.bin" \
     -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" >"$d.log" 2>&1; then
  DEVICES="emulator host" check_prog variant_main.c "$d.bin"
else
  bad "variant_main.c: $(head -3 "$d.log")"
fi

# 16. A C++ compile with the plugin: one clear error, no crash.
echo 'int main() { return 0; }' >"$OUT/cxx.cpp"
if g++ -fplugin="$PLUGIN" -c "$OUT/cxx.cpp" -o "$OUT/cxx.o" >"$OUT/cxx.log" 2>&1 ||
   ! grep -q "error: accgpu: .* is an OpenACC plugin for C; this compiler is GNU C++" "$OUT/cxx.log" ||
   grep -q "internal compiler error" "$OUT/cxx.log"; then
  bad "g++ with the plugin: $(head -3 "$OUT/cxx.log")"
else
  ok
fi

# 17. gcc run by a relative path (the emulator image is built elsewhere),
#     and TMPDIR naming no directory (gcc falls back to /tmp; so do we).
d="$OUT/relcc"
mkdir -p "$d/tc/bin"
ln -sf "$(command -v "$CC")" "$d/tc/bin/gcc"
cp tests/cli/prog.c "$d/prog.c"
if (cd "$d" && TMPDIR=/nonexistent/dir tc/bin/gcc -O2 -fplugin="$PLUGIN" \
      -I"$ROOT/include" prog.c -o prog -L"$BUILD" -laccgpu \
      -Wl,-rpath,"$BUILD") >"$d.log" 2>&1; then
  DEVICES="emulator host" check_prog "relative gcc, missing TMPDIR" "$d/prog"
else
  bad "tc/bin/gcc with TMPDIR=/nonexistent/dir: $(head -3 "$d.log")"
fi

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
