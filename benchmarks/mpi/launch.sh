# launch.sh — sourced by benchmarks/mpi/test.sh and bench.sh: finds the
# build tree, builds the MPI programs, and defines mpi_run.
#   mb_setup BUILD-DIR NAME   sets BUILD and DIR; prints "NAME: skipped: no
#                             mpicc ..." and returns 1 when Open MPI is absent
#   mpi_run NP PROGRAM ARGS   mpirun on this machine, any number of ranks
#                             on any number of cores, as root too
mb_setup() {
  ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  cd "$ROOT" || return 1
  BUILD=$(cd "$1" && pwd) || return 1
  DIR="$BUILD/bench/mpi"
  if ! command -v mpicc >/dev/null || ! command -v mpirun >/dev/null; then
    echo "$2: skipped: no mpicc (Open MPI is not installed; make deps installs it)"
    return 1
  fi
  mkdir -p "$DIR"
  if ! make -s --no-print-directory BUILD="$BUILD" mpi-bins >"$DIR/build.log" 2>&1; then
    cat "$DIR/build.log"
    echo "$2: building the MPI programs failed"
    return 2
  fi
}

# Root may run mpirun only when it says so; shared memory between the
# ranks (no network; not probing the others saves a third of a second a
# launch), no binding (ranks may outnumber cores).
mpi_run() {
  local np=$1
  shift
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_mtl=^ofi \
    timeout 120 mpirun --oversubscribe --bind-to none -np "$np" "$@"
}
