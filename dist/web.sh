#!/usr/bin/env bash
# Builds the web board as a static site (docs/web.md): target/dist/menagerie-web-<version>.zip,
# a folder of plain files that any static host serves (GitHub Pages, a club's web space,
# `python3 -m http.server`). The page is engine/assets/gui/ unchanged; its API is answered in the
# browser by the WebAssembly build (engine/npm/pkg/, bound by engine/npm/build.sh, which must
# have run with the same profile); the piece drawings, the rule texts (docs/variants/) and the
# list of files the service worker keeps for offline use (files.json) are added here.
#
#   dist/web.sh [--profile PROFILE] [OUT_DIR]      (prints the zip's path last)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
. engine/package-args.sh

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
name="menagerie-web-$version"
stage="$root/target/web/$name"
pkg="$root/engine/npm/pkg"
[ -f "$pkg/menagerie_bg.wasm" ] || { echo "web: no WebAssembly build in $pkg (run engine/npm/build.sh first)" >&2; exit 1; }

rm -rf "$stage"
mkdir -p "$stage/pieces" "$stage/rules"
cp engine/assets/gui/* "$stage/"
cp "$pkg/menagerie.js" "$pkg/menagerie_bg.wasm" "$stage/"
# Drawings by the URL the variant table names: the manifest's path with `/` written as `~`.
(cd engine/assets/pieces && find . -name '*.svg' -printf '%P\n') | while read -r f; do
  cp "engine/assets/pieces/$f" "$stage/pieces/${f//\//\~}"
done
cp docs/variants/*.md "$stage/rules/"
(cd "$stage" && { echo '["./"'; find . -type f ! -name files.json ! -name sw.js -printf '%P\n' \
  | LC_ALL=C sort | sed 's/.*/,"&"/'; echo ']'; } | tr -d '\n' > files.json)
rm -f "$out/$name.zip"
# Deflated, in a fixed order (python3's zipfile: no `zip` command needed).
(cd "$root/target/web" && python3 - "$out/$name.zip" "$name" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for d, dirs, files in os.walk(sys.argv[2]):
        dirs.sort()
        for f in sorted(files):
            z.write(os.path.join(d, f))
PY
)
echo "$out/$name.zip"
