#!/usr/bin/env bash
# Builds the Python wheel (menagerie-chess, engine/python/build.sh), installs it into a fresh
# venv with pytest and pyffish 0.0.90, and runs the package's tests (docs/python.md).
#
#   engine/python/ci.sh [--profile PROFILE] [OUT_DIR]
#
# OUT_DIR (default target/dist) receives the wheel; PROFILE is cargo's (default release, what
# ships; CI passes `ci`, which shares the test step's build). Without maturin (none installed and
# pip cannot fetch it) the script prints a WARNING and exits 0; without pyffish the comparison
# tests report SKIPPED. MENAGERIE_BIN (default target/PROFILE/menagerie, if built) is the native
# engine the transcript positions are compared with. Any other failure fails the script.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

. engine/package-args.sh

python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null 2>&1; then
  echo "WARNING: no $python; the Python package is not built or tested"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
start=$(date +%s)

wheel=$(engine/python/build.sh --profile "$profile" "$out" | tail -1)
if [ -z "$wheel" ]; then
  exit 0
fi
echo "built $wheel"

echo "== python package: a fresh venv with the wheel, pytest and pyffish"
"$python" -m venv "$work/test"
pip=("$work/test/bin/pip" install --quiet --disable-pip-version-check)
if ! "${pip[@]}" "$wheel" pytest; then
  echo "WARNING: could not install the wheel's test tools (pytest); the package is built, not tested"
  exit 0
fi
"${pip[@]}" pyffish==0.0.90 \
  || echo "WARNING: could not install pyffish 0.0.90; the comparison tests will report SKIPPED"

echo "== python package: pytest"
# From outside the sources, so `import menagerie` is the installed wheel.
bin="$(realpath -m "${MENAGERIE_BIN:-$root/target/$profile/menagerie}")"
(cd "$work" && MENAGERIE_BIN="$([ -x "$bin" ] && echo "$bin")" "$work/test/bin/python" -m pytest -q -p no:cacheprovider "$root/engine/python/tests")
echo "== python package: done in $(( $(date +%s) - start )) s"
