# common.sh — the set-up the tests/tune scripts share.  Sourced as
#   . "$(dirname "$0")/common.sh" BUILD-DIR NAME
# from the script's top level: goes to the repository root and sets ROOT,
# BUILD (absolute), CC, PLUGIN, TUNE, OUT (a fresh temporary folder named
# after NAME, removed at exit), the pass/fail counters and ok/bad.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 1
BUILD=$(cd "$1" && pwd) || exit 1
CC=${CC:-gcc}
PLUGIN="$BUILD/accgpu.so"
TUNE="$BUILD/acc-tune"
OUT=$(mktemp -d "${TMPDIR:-/tmp}/accgpu-$2.XXXXXX") || exit 1
trap 'rm -rf "$OUT"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() {
  fail=$((fail + 1))
  echo "FAIL: $*"
}
