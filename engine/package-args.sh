# The arguments the package scripts share (engine/python/*.sh, engine/npm/*.sh), sourced after
# `cd` to the repository: `[--profile PROFILE] [OUT_DIR]`. Sets `profile` (cargo's, default
# release) and `out` (absolute, created; default target/dist).
profile=release
if [ "${1:-}" = "--profile" ]; then
  profile="$2"
  shift 2
fi
out="${1:-target/dist}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
