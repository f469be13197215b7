#!/usr/bin/env bash
# Builds the Python wheel menagerie-chess (docs/python.md) with maturin, in a venv of its own,
# into OUT_DIR; prints the wheel's path last.
#
#   engine/python/build.sh [--profile PROFILE] [OUT_DIR]
#
# PROFILE is cargo's (default release, what ships; CI passes `ci`); OUT_DIR defaults to
# target/dist. Without python3 or maturin (none installed and pip cannot fetch it) the script
# prints a WARNING and exits 0 without a wheel.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

. engine/package-args.sh

python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null 2>&1; then
  echo "WARNING: no $python; the Python package is not built" >&2
  exit 0
fi
venv=target/python-build-venv
if [ ! -x "$venv/bin/maturin" ]; then
  echo "== python package: maturin (a build venv)" >&2
  "$python" -m venv "$venv"
  if ! "$venv/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.9.4,<2" >&2; then
    echo "WARNING: could not install maturin; the Python package is not built" >&2
    exit 0
  fi
fi

echo "== python package: wheel (profile $profile) into $out" >&2
rm -f "$out"/menagerie_chess-*.whl
"$venv/bin/maturin" build --quiet --profile "$profile" --manifest-path engine/python/Cargo.toml \
  --out "$out" --interpreter "$python" >&2
ls "$out"/menagerie_chess-*.whl
