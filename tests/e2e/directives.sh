# Sourced by tests/e2e/run.sh and tests/gpu/kit.sh: the header directives of
# an e2e test (see run.sh's header), read the same way by both.
# directives SRC KEY: the values of SRC's "accgpu-KEY:" lines, one a line.
directives() {
  sed -n -E "s@.*accgpu-$2:[[:space:]]*(.*[^[:space:]])[[:space:]]*\*/.*@\1@p" "$1"
}
