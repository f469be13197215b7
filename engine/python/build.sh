#!/usr/bin/env bash
# Builds the Python wheel menagerie-chess (docs/python.md) with maturin, in a venv of its own,
# into OUT_DIR, for this machine and for each TRIPLE given (cross builds: only built, never
# tested here); prints the wheels' paths, this machine's last.
#
#   engine/python/build.sh [--profile PROFILE] [OUT_DIR [TRIPLE ...]]
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
host=$(ls "$out"/menagerie_chess-*.whl)
# Cross builds after OUT_DIR: abi3 needs no Python of the target; the cross linkers are
# .cargo/config.toml's, and Windows' import library is PyO3's own (`generate-import-lib`).
for triple in "${@:2}"; do
  echo "== python package: wheel for $triple" >&2
  "$venv/bin/maturin" build --quiet --profile "$profile" --manifest-path engine/python/Cargo.toml \
    --out "$out" --target "$triple" >&2
done
ls "$out"/menagerie_chess-*.whl | grep -v -x -F "$host" || true
echo "$host"
