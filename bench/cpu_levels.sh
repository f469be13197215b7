#!/usr/bin/env bash
# Side-by-side speed of several builds of `menagerie` (for example the baseline x86-64 build and
# the x86-64-v3 build of the release archive): perft nps per variant and `bench` nps, best of
# ROUNDS runs, the binaries alternated within each round so that a change in the machine's load
# hits all of them alike. Usage: bench/cpu_levels.sh [-r ROUNDS] NAME=BINARY [NAME=BINARY ...]
set -euo pipefail
rounds=5
if [ "${1:-}" = "-r" ]; then rounds=$2; shift 2; fi
[ $# -ge 1 ] || { echo "usage: $0 [-r ROUNDS] NAME=BINARY ..." >&2; exit 2; }
cases=(
  "chess|perft --variant chess 6"
  "eightpiece|perft --variant eightpiece 5"
  "pieceeater|perft --variant pieceeater 4"
  "magician|perft --variant magician 6"
  "tamerspiel|perft --variant tamerspiel 6"
  "jumpingknights|perft --variant jumpingknights 6"
  "bench|bench"
)
declare -A best
for c in "${cases[@]}"; do
  label=${c%%|*}; args=${c#*|}
  for ((r = 0; r < rounds; r++)); do
    for nb in "$@"; do
      name=${nb%%=*}; bin=${nb#*=}
      # perft prints "nodes N time T nps X"; bench ends with "N nodes M nps".
      # shellcheck disable=SC2086
      nps=$("$bin" $args 2>/dev/null | tail -1 | awk '{ for (i = 1; i < NF; i++) if ($(i+1) == "nps" && $i ~ /^[0-9]+$/) v = $i; else if ($i == "nps") v = $(i+1); print v }')
      key="$label/$name"
      if [ -z "${best[$key]:-}" ] || [ "$nps" -gt "${best[$key]}" ]; then best[$key]=$nps; fi
    done
  done
done
printf '%-16s' "case"
for nb in "$@"; do printf '%16s' "${nb%%=*}"; done
printf '%10s\n' "ratio"
for c in "${cases[@]}"; do
  label=${c%%|*}
  printf '%-16s' "$label"
  first=""
  last=""
  for nb in "$@"; do
    v=${best[$label/${nb%%=*}]}
    printf '%16s' "$v"
    [ -z "$first" ] && first=$v
    last=$v
  done
  awk -v a="$first" -v b="$last" 'BEGIN { printf "%10.3f\n", a / b }'
done
