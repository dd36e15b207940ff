# Sourced by tests/e2e/run.sh, tests/gpu/kit.sh and tests/tune/corpus.sh:
# the header directives of an e2e test (run.sh's header), read one way.
# directives SRC KEY: the values of SRC's "accgpu-KEY:" lines, one a line.
directives() {
  sed -n -E "s@.*accgpu-$2:[[:space:]]*(.*[^[:space:]])[[:space:]]*\*/.*@\1@p" "$1"
}
