#!/usr/bin/env bash
# install.sh BUILD PREFIX — installs a relocated copy of accgpu:
#   PREFIX/lib/{libaccgpu.so,libaccgpu.a,accgpu.so}   runtime and GCC plugin
#   PREFIX/include/{openacc.h,accgpu_abi.h,accgpu_cuda.h}
#   PREFIX/bin/acc-tune, PREFIX/share/accgpu/gpus/*.yaml
#   PREFIX/lib/pkgconfig/accgpu.pc
# The plugin finds its headers at <dir of accgpu.so>/../include, which holds
# both in the build tree and here.
set -euo pipefail
build=$1 prefix=$2
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
install -d "$prefix/lib/pkgconfig" "$prefix/include" "$prefix/bin" "$prefix/share/accgpu/gpus"
install -m 755 "$build/libaccgpu.so" "$prefix/lib/"
install -m 644 "$build/libaccgpu.a" "$prefix/lib/"
install -m 755 "$build/libaccgpu-mc.so" "$prefix/lib/"
[ -f "$build/accgpu.so" ] && install -m 755 "$build/accgpu.so" "$prefix/lib/"
for h in include/*.h; do install -m 644 "$h" "$prefix/include/"; done
[ -f "$build/acc-tune" ] && install -m 755 "$build/acc-tune" "$prefix/bin/"
for g in autotune/gpus/*.yaml; do [ -f "$g" ] && install -m 644 "$g" "$prefix/share/accgpu/gpus/"; done
sed -e "s|@LIBDIR@|$prefix/lib|g" -e "s|@PLUGINDIR@|$prefix/lib|g" \
    -e "s|@INCLUDEDIR@|$prefix/include|g" scripts/accgpu.pc.in > "$prefix/lib/pkgconfig/accgpu.pc"
echo "installed accgpu in $prefix (pkg-config: PKG_CONFIG_PATH=$prefix/lib/pkgconfig)"
