#!/usr/bin/env bash
# Runs each test command given as an argument, adds up the "N passed,
# N failed[, N skipped]" line each one ends with, and ends with the total.  A command that
# exits non-zero without such a line counts as one failure.
set -u
passed=0 failed=0 skipped=0
for cmd in "$@"; do
  log=$(mktemp)
  $cmd 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  line=$(grep -E '^([A-Za-z0-9_-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  rm -f "$log"
  if [ -n "$line" ]; then
    p=$(sed -E 's/^([A-Za-z0-9_-]+: )?([0-9]+) passed.*/\2/' <<<"$line")
    f=$(sed -E 's/^([A-Za-z0-9_-]+: )?[0-9]+ passed, ([0-9]+) failed.*/\2/' <<<"$line")
    k=$(sed -nE 's/.* failed, ([0-9]+) skipped.*/\1/p' <<<"$line")
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + ${k:-0}))
    [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && failed=$((failed + 1))
  else
    [ "$rc" -eq 0 ] && passed=$((passed + 1)) || failed=$((failed + 1))
  fi
done
echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
