#!/usr/bin/env bash
# Installs the Debian packages accgpu builds and tests with, only those that
# are missing.  Idempotent and silent when everything is there.
set -euo pipefail
pkgs=(gcc-12 g++-12 gcc-12-plugin-dev make pkg-config libyaml-dev libcunit1-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
