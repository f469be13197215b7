#!/usr/bin/env bash
# Strength measurements of docs/strength.md. Usage:
#   bench/strength.sh random  VARIANT [GAMES] [MOVETIME_MS]   # vs `menagerie --random-mover`
#   bench/strength.sh odds    VARIANT [GAMES] [MOVETIME_MS]   # 4x time vs itself
#   bench/strength.sh fairymax [GAMES]                          # chess, 10+0.1
#   bench/strength.sh gnuchess [GAMES]                          # chess, 10+0.1
#   bench/strength.sh ladder  VARIANT [GAMES] [TC] [LEVELS]     # each Skill Level vs the next
#   bench/strength.sh gauntlet [GAMES] [TC] [OPPONENTS]         # chess vs rated engines
#   bench/strength.sh calibrate ELO [GAMES] [TC]                # our UCI_Elo vs Stockfish's
# PGNs go to strength-*.pgn in the current directory; the last line is the summary.
# CONCURRENCY (default 2) sets the games played at once by `ladder`, `gauntlet`, `calibrate`.
#
# `gauntlet` plays Menagerie (full strength) against each opponent of OPPONENTS (default: sf1800
# sf2000 sf2200 sf2400 gnuchess glaurung phalanx ethereal) from the chess opening suite, writes
# strength-gauntlet-<opponent>.{pgn,json} and prints the rating on Stockfish 15.1's UCI_Elo
# scale (bench/gauntlet.py over the sfNNNN results). `sfNNNN` is Stockfish with
# UCI_LimitStrength and UCI_Elo NNNN (1350..2850). FIRST_PAIR=K starts at opening pair K (to
# continue or split a run; merge the JSON files with `menagerie match-merge`).
set -euo pipefail
# The x86-64-v3 build (`cargo fast`) if it is there, else the portable one; MENAGERIE=PATH picks.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${MENAGERIE:-$root/target/fast/release/menagerie}
[ -n "${MENAGERIE:-}" ] || [ -x "$bin" ] || bin=$root/target/release/menagerie
mode=${1:?mode}
# Stockfish 15.1 at UCI_Elo $1 as the second engine: the ruler of gauntlet and calibrate (one
# thread, 16 MB, 100 ms kept back per move so a loaded machine does not cost it games on time).
sf_at() {
    sf=(--engine2 /usr/games/stockfish --name2 "Stockfish UCI_Elo $1"
        --option2 UCI_LimitStrength=true --option2 "UCI_Elo=$1"
        --option2 Threads=1 --option2 Hash=16 --option2 "Move Overhead=100")
}
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
gauntlet)
    games=${2:-200}; tc=${3:-10+0.1}
    opponents=(${4:-sf1800 sf2000 sf2200 sf2400 gnuchess glaurung phalanx ethereal})
    for o in "${opponents[@]}"; do
        case "$o" in
        sf[0-9]*) sf_at "${o#sf}"; cmd=("${sf[@]}") ;;
        gnuchess) cmd=(--engine2 "/usr/games/gnuchess -u" --name2 "GNU Chess") ;;
        glaurung) cmd=(--engine2 /usr/games/glaurung --name2 "Glaurung") ;;
        phalanx)  cmd=(--engine2 /usr/games/phalanx --proto2 xboard --name2 "Phalanx") ;;
        ethereal) cmd=(--engine2 /usr/games/ethereal-chess --name2 "Ethereal") ;;
        *) echo "unknown opponent $o" >&2; exit 2 ;;
        esac
        echo "== chess: Menagerie vs $o, $games games at $tc"
        "$bin" match "${cmd[@]}" --hash 16 --games "$games" --tc "$tc" \
            --first-pair "${FIRST_PAIR:-0}" --concurrency "${CONCURRENCY:-2}" \
            --pgn "strength-gauntlet-$o.pgn" --json "strength-gauntlet-$o.json" | tail -n 4
    done
    python3 "$root/bench/gauntlet.py" strength-gauntlet-sf*.json
    ;;
calibrate)
    # Menagerie at UCI_Elo ELO against Stockfish at the same UCI_Elo.
    elo=${2:?elo}; games=${3:-100}; tc=${4:-10+0.1}
    echo "== chess: Menagerie UCI_Elo $elo vs Stockfish UCI_Elo $elo, $games games at $tc"
    sf_at "$elo"
    "$bin" match --option1 UCI_LimitStrength=true --option1 "UCI_Elo=$elo" \
        --name1 "Menagerie UCI_Elo $elo" "${sf[@]}" --hash 16 --games "$games" --tc "$tc" \
        --first-pair "${FIRST_PAIR:-0}" --concurrency "${CONCURRENCY:-2}" \
        --pgn "strength-calibrate-$elo.pgn" --json "strength-calibrate-$elo.json" | tail -n 4
    ;;
*) echo "unknown mode $mode" >&2; exit 2 ;;
esac
