#!/usr/bin/env bash
# Screenshots of XBoard 4.9.1 drawing a variant with Menagerie's own piece images
# (`menagerie xboard-pieces`, docs/xboard-pieces.md), saved as
# docs/screenshots/xboard-pieces-VARIANT.png.
#
# Usage: tests/xboard/piece_screenshots.sh VARIANT [XBOARD_FEN ...]
# Each XBOARD_FEN (six fields, XBoard's letters) is one board, shown instead of the start
# position so that a picture can show pieces that are not in the start array (all lancer
# facings, promoted forms); several boards are put side by side (APPEND=-append: one above the
# other; SIZE=N: XBoard's -size, default 64, which XBoard scales down for boards wider than 8
# files). Without a FEN: the start position.
# Needs: xboard, xvfb (Xvfb), imagemagick (import, convert), xdotool. Run from the repository
# root after `cargo build --release`.
set -euo pipefail
variant=$1
shift
fens=("$@")
[ ${#fens[@]} -eq 0 ] && fens=("")
root=$(cd "$(dirname "$0")/../.." && pwd)
engine="$root/target/release/menagerie"
out="$root/docs/screenshots"
work=$(mktemp -d)
images="$work/images"
"$engine" xboard-pieces --variant "$variant" "$images" >/dev/null
mkdir -p "$out"
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1600x1200x24 -nolisten tcp &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1
# Keep the pointer off the board (XBoard pops up a help tip under a resting pointer).
DISPLAY=$display xdotool mousemove 1599 1199
extra=()
[ "$variant" != chess ] && extra=(-variant "$variant" -xlegal)
shots=()
for i in "${!fens[@]}"; do
  # The first engine runs behind the screenshot proxy, which shoots the board just before its
  # first move (and puts the FEN into its `setup` line); the regex below never matches.
  SHOT_PREFIX="$work/shot$i" SHOT_SPECIAL='^never$' SHOT_FEN="${fens[$i]}" DISPLAY=$display \
    timeout 60 /usr/games/xboard \
    -fcp "python3 $root/tests/xboard/shot_proxy.py $engine" -scp "$engine" -mg 1 -tc 0:30 \
    "${extra[@]}" -pieceImageDirectory "$images" -trueColors true -xponder -xexit \
    -saveSettingsOnExit false -soundProgram "" -size "${SIZE:-64}" -coords \
    -messageSuppress "Right-clicking menu item or dialog text pops up help on it" \
    -sgf "$work/game$i.pgn" >/dev/null 2>&1 &
  xboard=$!
  for _ in $(seq 60); do
    # The proxy writes the .txt once `import` has finished the picture.
    [ -e "$work/shot$i-start.txt" ] && break
    sleep 0.5
  done
  kill "$xboard" 2>/dev/null || true
  wait "$xboard" 2>/dev/null || true
  [ -s "$work/shot$i-start.png" ] || { echo "no screenshot of board $i" >&2; exit 1; }
  shots+=("$work/shot$i-start.png")
done
convert "${shots[@]}" -background white -gravity north "${APPEND:-+append}" \
  "$out/xboard-pieces-$variant.png"
ls -l "$out/xboard-pieces-$variant.png"
