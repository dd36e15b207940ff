#!/usr/bin/env bash
# Copies of the V&V suite's six declare_function_scope_*.c tests with their
# host-code bug fixed: they write rows of `real_t **` arrays they never
# allocated (a crash where device memory is separate; docs/conformance.md,
# session 8). Every `(real_t **)malloc(n * sizeof(real_t))` (or
# `sizeof(real_t *)`) becomes rows_(), which allocates the rows too.
# Usage: tests/vv/declare-rows.sh SUITE OUT-DIR, then
#   tests/vv/run.sh OUT-DIR/Tests OUT-DIR/results 'declare*'
set -eu
SUITE=${1:?usage: tests/vv/declare-rows.sh SUITE OUT-DIR}
[ -d "$SUITE/Tests" ] && SUITE=$SUITE/Tests
OUT=${2:?usage: tests/vv/declare-rows.sh SUITE OUT-DIR}/Tests
mkdir -p "$OUT"
cp "$SUITE/acc_testsuite.h" "$OUT/"
for t in copy copyin copyout create present deviceptr; do
  src=$SUITE/declare_function_scope_$t.c
  {
    echo '#include "acc_testsuite.h"'
    echo 'static real_t **rows_(void) { real_t **p = (real_t **)malloc(n * sizeof(real_t *)); for (int i = 0; i < n; i++) p[i] = (real_t *)calloc(n, sizeof(real_t)); return p; }'
    sed -e '/^#include "acc_testsuite.h"/d' \
        -e 's/(real_t \*\*)malloc(n \* sizeof(real_t))/rows_()/' \
        -e 's/(real_t \*\*)malloc(n \* sizeof(real_t \*))/rows_()/' "$src"
  } >"$OUT/declare_function_scope_$t.c"
done
