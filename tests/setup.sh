# tests/setup.sh — sourced by the test scripts that take [BUILD-DIR] as
# their first argument: goes to the source tree, sets BUILD (absolute; a
# relative one counts from the source tree), a temporary directory $tmp
# removed at exit, and the counters passed and failed.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
BUILD=$(cd "${1:-build}" && pwd) || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
