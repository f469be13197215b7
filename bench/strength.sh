#!/usr/bin/env bash
# Strength measurements of docs/strength.md. Usage:
#   bench/strength.sh random  VARIANT [GAMES] [MOVETIME_MS]   # vs `menagerie --random-mover`
#   bench/strength.sh odds    VARIANT [GAMES] [MOVETIME_MS]   # 4x time vs itself
#   bench/strength.sh fairymax [GAMES]                          # chess, 10+0.1
#   bench/strength.sh gnuchess [GAMES]                          # chess, 10+0.1
#   bench/strength.sh ladder  VARIANT [GAMES] [TC] [LEVELS]     # each Skill Level vs the next
# PGNs go to strength-*.pgn in the current directory; the last line is the summary.
# CONCURRENCY (default 2) sets the games played at once by `ladder`.
set -euo pipefail
# The x86-64-v3 build (`cargo fast`) if it is there, else the portable one; MENAGERIE=PATH picks.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${MENAGERIE:-$root/target/fast/release/menagerie}
[ -n "${MENAGERIE:-}" ] || [ -x "$bin" ] || bin=$root/target/release/menagerie
mode=${1:?mode}
case "$mode" in
random)
    v=${2:?variant}; games=${3:-100}; ms=${4:-20}
    extra=(); [[ $v == eightpiece-random ]] && extra=(--setups "1..$games")
    "$bin" match --variant "$v" --engine2 "$bin --random-mover" --games "$games" \
        --movetime "$ms" --concurrency 2 --seed 1 "${extra[@]}" --pgn "strength-$v-random.pgn"
    ;;
odds)
    v=${2:?variant}; games=${3:-60}; ms=${4:-20}
    extra=(); [[ $v == eightpiece-random ]] && extra=(--setups "1..$((games / 2))")
    "$bin" match --variant "$v" --games "$games" --movetime "$ms" --time-odds 4 \
        --concurrency 2 --seed 1 "${extra[@]}" --pgn "strength-$v-odds.pgn"
    ;;
fairymax)
    "$bin" match --engine2 /usr/games/fairymax --games "${2:-200}" --tc 10+0.1 \
        --pgn strength-chess-fairymax.pgn
    ;;
gnuchess)
    "$bin" match --engine2 "/usr/games/gnuchess -u" --games "${2:-20}" --tc 10+0.1 \
        --pgn strength-chess-gnuchess.pgn
    ;;
ladder)
    # Each level of LEVELS (default 0 4 8 12 16 20) against the next one up, the higher level
    # scored: one summary line per step.
    v=${2:?variant}; games=${3:-40}; tc=${4:-5+0.05}; levels=(${5:-0 4 8 12 16 20})
    extra=(); [[ $v == eightpiece-random ]] && extra=(--setups "1..$((games / 2))")
    for ((i = 0; i + 1 < ${#levels[@]}; i++)); do
        lo=${levels[i]}; hi=${levels[i + 1]}
        echo "== $v: level $hi vs level $lo"
        "$bin" match --variant "$v" --engine1 "$bin --skill-level $hi" \
            --engine2 "$bin --skill-level $lo" --name1 "level $hi" --name2 "level $lo" \
            --games "$games" --tc "$tc" --concurrency "${CONCURRENCY:-2}" --seed 1 "${extra[@]}" \
            --pgn "strength-$v-ladder.pgn" | tail -n 5
    done
    ;;
*) echo "unknown mode $mode" >&2; exit 2 ;;
esac
