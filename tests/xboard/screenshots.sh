#!/usr/bin/env bash
# Screenshots of XBoard 4.9.1 showing a variant's start position and a position right after a
# special move, played by the engine against itself (saved as docs/screenshots/VARIANT-*.png).
#
# Usage: tests/xboard/screenshots.sh VARIANT 'SPECIAL_MOVE_REGEX' [SECONDS_PER_GAME]
# Needs: xboard, xvfb (Xvfb), imagemagick (import). Run from the repository root after
# `cargo build --release`.
set -euo pipefail
variant=$1
special=$2
tc=${3:-0:30}
root=$(cd "$(dirname "$0")/../.." && pwd)
engine="$root/target/release/menagerie"
out="$root/docs/screenshots"
mkdir -p "$out"
rm -f "$out/$variant-start.png" "$out/$variant-special.png"
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
extra=()
[ "$variant" != chess ] && extra=(-variant "$variant" -xlegal)
SHOT_PREFIX="$out/$variant" SHOT_SPECIAL="$special" DISPLAY=$display timeout 300 /usr/games/xboard \
  -fcp "python3 $root/tests/xboard/shot_proxy.py $engine" \
  -scp "$engine" -mg 1 -tc "$tc" -inc 0.1 "${extra[@]}" -xponder -xexit \
  -saveSettingsOnExit false -soundProgram "" -size 49 -coords \
  -sgf "/tmp/menagerie-shot-$variant.pgn" >/dev/null 2>&1 || true
ls -l "$out/$variant-start.png" "$out/$variant-special.png"
