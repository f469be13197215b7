#!/usr/bin/env bash
# Builds the npm package (engine/npm/build.sh), installs the tarball into an empty folder with
# ffish 0.7.10 (the library it stands in for), and runs the package's tests with `node --test`
# (docs/javascript.md).
#
#   engine/npm/ci.sh [--profile PROFILE] [OUT_DIR]
#
# PROFILE is cargo's (default release; CI passes `ci`); OUT_DIR (default target/dist) receives
# the tarball. MENAGERIE_BIN (default target/PROFILE/menagerie, if built) is the native engine
# whose bench the WebAssembly build must match. Without node/npm the script prints a WARNING and
# exits 0; without ffish the comparison tests report SKIPPED. Any other failure fails it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

. engine/package-args.sh
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "WARNING: no node/npm; the npm package is not built or tested"
  exit 0
fi
start=$(date +%s)
tarball=$(engine/npm/build.sh --profile "$profile" "$out" | tail -1)
echo "built $tarball"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "== npm package: installing $(basename "$tarball") into an empty folder"
(cd "$work" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "$tarball")
(cd "$work" && npm install --silent --no-audit --no-fund ffish@0.7.10) \
  || echo "WARNING: could not install ffish 0.7.10; the comparison tests will report SKIPPED"
cp -r engine/npm/test engine/npm/examples "$work/"

bin="$(realpath -m "${MENAGERIE_BIN:-$root/target/$profile/menagerie}")"
echo "== npm package: node --test"
(cd "$work" && MENAGERIE_ROOT="$root" MENAGERIE_BIN="$([ -x "$bin" ] && echo "$bin")" \
  node --test --test-reporter=spec test/)
echo "== npm package: the types (tsc --strict on test/types.mts)"
if (cd "$work" && npm install --silent --no-audit --no-fund typescript@5 @types/node@20); then
  printf '%s\n' '{"compilerOptions": {"target": "es2022", "module": "nodenext",' \
    '"moduleResolution": "nodenext", "strict": true, "noEmit": true, "lib": ["es2022", "dom"],' \
    '"types": ["node"]}, "files": ["test/types.mts"]}' > "$work/tsconfig.json"
  (cd "$work" && npx tsc -p tsconfig.json)
else
  echo "WARNING: could not install typescript; the types are not checked"
fi
echo "== npm package: in headless Chromium from a static server (test/browser.py)"
(cd "$work" && MENAGERIE_ROOT="$root" python3 test/browser.py)
echo "== npm package: done in $(( $(date +%s) - start )) s"
