#!/usr/bin/env bash
# Trip counts in the runtime's profile (docs/tuning.md, "Trip counts for the
# runtime's profile"): a program compiled with the plugin and run on the
# emulator with ACCGPU_PROFILE records, per kernel, the trip count of each
# loop of its parallel nest (`trips:`, named as in the dumped kernel model)
# and the integer scalars it reads (`params:`); acc-tune -p then binds the
# model without -D.
#   1. tests/tune/src/jacobi.c run at size N: trips {j: N-2, i: N-2},
#      params {n: N}; acc-tune -p gives exactly what acc-tune -D n=N gives;
#   2. loop forms (downward and strided loops, collapse, a bound the model
#      cannot express, a runtime step, a split kernels region whose nest
#      variable the model renames): each trip equals a count made by
#      running the same loop in the shell, and acc-tune -p binds them all;
#   3. trips the host cannot know before the launch (a bound that depends
#      on an outer loop variable, a bound the region assigns) are left out,
#      and so is a scalar the region assigns.
# Run alone (tests/tune/trips.sh [BUILD-DIR]; ends with "tune-trips: N
# passed, N failed") or sourced by tests/tune/run.sh, whose counters and
# settings it then uses.
trips_sourced=0
if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  trips_sourced=1
else
  . "$(dirname "$0")/common.sh" "${1:-build}" trips
fi

TRIPS_GPU="$ROOT/autotune/gpus/h100.yaml"

# trips_build DIR SRC EXE MODEL [EXTRA-SRC]: compiles DIR/SRC (from DIR, so
# ids are "SRC:LINE:FUNCTION") with the model dump, linked with EXTRA-SRC
# (no kernels) and libaccgpu.
trips_build() {
  if ! (cd "$1" && "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" \
          -fplugin-arg-accgpu-tune-dump="$4" -c "$2" -o "$3.o" &&
        "$CC" -O2 "$3.o" ${5:+"$5"} -o "$3" -L"$BUILD" -laccgpu \
          -Wl,-rpath,"$BUILD" -lm) >"$OUT/trips-cc.log" 2>&1; then
    bad "trips: cannot build $2: $(head -3 "$OUT/trips-cc.log")"
    return 1
  fi
}

# trips_run PROFILE EXE ARGS...: runs on the emulator with ACCGPU_PROFILE;
# it must succeed and say nothing on stderr.
trips_run() {
  local prof=$1
  shift
  if ! ACC_DEVICE_TYPE=emulator ACCGPU_PROFILE="$prof" "$@" >/dev/null \
       2>"$OUT/trips-run.log" || [ -s "$OUT/trips-run.log" ]; then
    bad "trips: $* failed: $(head -3 "$OUT/trips-run.log")"
    return 1
  fi
}

# trips_of PROFILE KEY: "id KEY-map" per kernel entry (every entry, sorted,
# duplicates merged); "-" for an entry without KEY.
trips_of() {
  awk -v key="    $2: " '
    /^  - id: / { if (id != "") print id, val; id = $3; val = "-" }
    index($0, key) == 1 { val = substr($0, length(key) + 1) }
    END { if (id != "") print id, val }' "$1" | LC_ALL=C sort -u
}

# trips_header TUNE-OUTPUT: "id trips" from acc-tune's table headers
# ("kernel ID  (GPU; v=N, ... trips)").
trips_header() {
  sed -n 's/^kernel \([^ ]*\)  ([^;]*; \(.*\) trips)$/"\1" \2/p' "$1" |
    LC_ALL=C sort
}

# trips_expect FILE WANT: FILE (from trips_of or trips_header) must be WANT.
trips_expect() {
  local got
  got=$(cat "$1")
  if [ "$got" == "$2" ]; then
    ok
  else
    bad "trips: $3: expected"$'\n'"$2"$'\n'"got"$'\n'"$got"
  fi
}

# trips_count HEADER: iterations of the bash loop for ((HEADER)).
trips_count() {
  local t=0 i j
  eval "for (($1)); do t=\$((t + 1)); done"
  echo "$t"
}

# 1. jacobi.c at size N.
trips_jacobi() {
  local n=70 d="$OUT/trips-jacobi"
  mkdir -p "$d"
  cat >"$d/main.c" <<'EOF'
#include <stdlib.h>
void jacobi(int n, float w0, float w1, const float *restrict a,
            float *restrict b);
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *a = calloc((size_t)n * n, sizeof *a), *b = calloc((size_t)n * n, 4);
  jacobi(n, 0.5f, 0.125f, a, b);
  jacobi(n, 0.5f, 0.125f, b, a);
  return a[n + 1] != 0;
}
EOF
  trips_build tests/tune/src jacobi.c "$d/jacobi" "$d/model.yaml" \
    "$d/main.c" || return
  trips_run "$d/prof.yaml" "$d/jacobi" "$n" || return
  local t
  t=$(trips_count "j=1; j<n-1; j++")
  trips_of "$d/prof.yaml" trips >"$d/trips"
  trips_expect "$d/trips" "\"jacobi.c:20:jacobi\" {j: $t, i: $t}" \
    "jacobi trips"
  trips_of "$d/prof.yaml" params >"$d/params"
  trips_expect "$d/params" "\"jacobi.c:20:jacobi\" {n: $n}" "jacobi params"
  if ! "$TUNE" -g "$TRIPS_GPU" -b 20000 -n 5 -p "$d/prof.yaml" \
       -o "$d/p.sched" "$d/model.yaml" >"$d/p.out" 2>&1; then
    bad "trips: acc-tune -p without -D: $(head -3 "$d/p.out")"
    return
  fi
  "$TUNE" -g "$TRIPS_GPU" -b 20000 -n 5 -D n="$n" -o "$d/d.sched" \
    "$d/model.yaml" >"$d/d.out" 2>&1
  trips_header "$d/p.out" >"$d/hdr"
  trips_expect "$d/hdr" "\"jacobi.c:20:jacobi\" j=$t, i=$t" \
    "acc-tune -p binding"
  if cmp -s "$d/p.out" "$d/d.out" && cmp -s "$d/p.sched" "$d/d.sched"; then
    ok
  else
    bad "trips: acc-tune -p and -D n=$n differ: $(diff "$d/p.out" \
      "$d/d.out" | head -5)"
  fi
}

# 2. Loop forms whose trips the host computes.
trips_forms() {
  local n=101 m=20 s=7 d="$OUT/trips-forms"
  mkdir -p "$d"
  cat >"$d/forms.c" <<'EOF'
#include <stdlib.h>

void forms(int n, int m, int s, float *restrict a, float *restrict b) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = n - 1; i >= 1; i -= 2)
    a[i] += 1;
#pragma acc parallel loop collapse(2) copy(b[0:n*m])
  for (int j = 0; j <= m - 1; j += 3)
    for (int i = 2; i < n; i++)
      b[j * n + i] += 1;
#pragma acc kernels copy(a[0:n])
  {
    for (int i = 1; i < 3; i++) /* carried: stays sequential */
      a[i] += a[i - 1];
#pragma acc loop independent
    for (int i = 0; i < n / 2; i++)
      a[i] *= 2;
  }
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i += s)
    a[i] -= 1;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]), s = atoi(argv[3]);
  float *a = calloc(n, sizeof *a), *b = calloc((size_t)n * m, sizeof *b);
  forms(n, m, s, a, b);
  return b[2] != 1;
}
EOF
  trips_build "$d" forms.c "$d/forms" "$d/model.yaml" || return
  trips_run "$d/prof.yaml" "$d/forms" "$n" "$m" "$s" || return
  local down j i half step
  down=$(trips_count "i=n-1; i>=1; i-=2")
  j=$(trips_count "j=0; j<=m-1; j+=3")
  i=$(trips_count "i=2; i<n; i++")
  half=$(trips_count "i=0; i<n/2; i++")
  step=$(trips_count "i=0; i<n; i+=s")
  trips_of "$d/prof.yaml" trips >"$d/trips"
  trips_expect "$d/trips" "\"forms.c:11:forms\" {i_2: $half}
\"forms.c:19:forms\" {i: $step}
\"forms.c:4:forms\" {i: $down}
\"forms.c:7:forms\" {j: $j, i: $i}" "loop forms"
  if ! "$TUNE" -g "$TRIPS_GPU" -b 20000 -n 1 -p "$d/prof.yaml" \
       "$d/model.yaml" >"$d/p.out" 2>&1; then
    bad "trips: acc-tune -p on the loop forms: $(head -3 "$d/p.out")"
    return
  fi
  trips_header "$d/p.out" >"$d/hdr"
  trips_expect "$d/hdr" "\"forms.c:11:forms\" i_2=$half, i=2
\"forms.c:19:forms\" i=$step
\"forms.c:4:forms\" i=$down
\"forms.c:7:forms\" j=$j, i=$i" "acc-tune -p on the loop forms"
}

# 3. What the host cannot know before the launch is left out.
trips_unknown() {
  local n=40 m=9 d="$OUT/trips-unknown"
  mkdir -p "$d"
  cat >"$d/unknown.c" <<'EOF'
#include <stdlib.h>

void unknown(int n, int m, float *restrict a, float *restrict b) {
#pragma acc parallel loop gang copy(b[0:n*m])
  for (int j = 0; j < m; j++) {
    int lim = j;
#pragma acc loop vector
    for (int i = 0; i < lim; i++)
      b[j * n + i] += 1;
  }
#pragma acc parallel copy(a[0:n]) firstprivate(m)
  {
    m = m + 1;
#pragma acc loop
    for (int i = 0; i < m; i++)
      a[i] += 2;
  }
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]);
  float *a = calloc(n, sizeof *a), *b = calloc((size_t)n * m, sizeof *b);
  unknown(n, m, a, b);
  return a[m] != 2;
}
EOF
  trips_build "$d" unknown.c "$d/unknown" "$d/model.yaml" || return
  trips_run "$d/prof.yaml" "$d/unknown" "$n" "$m" || return
  trips_of "$d/prof.yaml" trips >"$d/trips"
  trips_expect "$d/trips" "\"unknown.c:11:unknown\" -
\"unknown.c:4:unknown\" {j: $m}" "unknown trips"
  trips_of "$d/prof.yaml" params >"$d/params"
  trips_expect "$d/params" "\"unknown.c:11:unknown\" -
\"unknown.c:4:unknown\" {m: $m, n: $n}" "unknown params"
}

# 4. The default gang count: a gang loop of T trips launches min(T, the
#    device's default) gangs; gang vector divides T by the vector length.
trips_gangs() {
  local d="$OUT/gangs"
  mkdir -p "$d"
  cat >"$d/gangs.c" <<'EOF'
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = atoi(argv[1]), ok = argc == 2;
  float *a = calloc(n, sizeof *a);
#pragma acc parallel loop gang copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += i;
#pragma acc parallel loop gang vector vector_length(32) copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
  for (int i = 0; i < n; i++)
    ok &= a[i] == i + 1;
  return !ok;
}
EOF
  trips_build "$d" gangs.c "$d/gangs" "$d/model.yaml" || return
  trips_run "$d/prof.yaml" env ACCGPU_EMU_THREADS=2 "$d/gangs" 2 || return
  trips_of "$d/prof.yaml" grid >"$d/grid2"
  trips_expect "$d/grid2" "\"gangs.c:5:main\" [2, 1, 1]
\"gangs.c:8:main\" [1, 1, 1]" "gang loop of 2 trips"
  trips_run "$d/prof.yaml" env ACCGPU_EMU_THREADS=2 "$d/gangs" 33 || return
  trips_of "$d/prof.yaml" grid >"$d/grid33"
  trips_expect "$d/grid33" "\"gangs.c:5:main\" [4, 1, 1]
\"gangs.c:8:main\" [2, 1, 1]" "gang loop of 33 trips (2 emulated SMs x 2)"
}

trips_jacobi
trips_forms
trips_unknown
trips_gangs

if [ "$trips_sourced" = 0 ]; then
  echo "tune-trips: $pass passed, $fail failed"
  [ "$fail" = 0 ]
fi
