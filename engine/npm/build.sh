#!/usr/bin/env bash
# Builds the npm package menagerie-chess (docs/javascript.md): the engine/wasm crate for
# wasm32-unknown-unknown, bound by wasm-bindgen (`--target web`, which serves browsers and, with
# the package's loader, Node) into engine/npm/pkg/, then `npm pack` into OUT_DIR.
#
#   engine/npm/build.sh [--profile PROFILE] [OUT_DIR]
#
# PROFILE is cargo's (default release, what ships; CI passes `ci`). OUT_DIR defaults to
# target/dist. Prints the tarball's path last. Needs the wasm32-unknown-unknown target and the
# `wasm-bindgen` command of the version the crate pins (Cargo.toml: wasm-bindgen); without it the
# script installs it with `cargo install` (a few minutes, once).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

. engine/package-args.sh

want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' Cargo.toml)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$want" ]; then
  # A debug build of the tool: it compiles in about half the time and binds the same bytes.
  echo "== npm package: installing wasm-bindgen-cli $want" >&2
  cargo install --quiet --debug wasm-bindgen-cli --version "$want" >&2
fi

echo "== npm package: wasm build (profile $profile)" >&2
cargo build --locked --quiet --profile "$profile" --target wasm32-unknown-unknown -p menagerie-wasm >&2
rm -rf "$here/pkg"
wasm-bindgen --target web --out-dir "$here/pkg" --out-name menagerie \
  "target/wasm32-unknown-unknown/$profile/menagerie_wasm.wasm"
rm -f "$here/pkg/package.json" "$here/pkg/.gitignore"

echo "== npm package: npm pack into $out" >&2
rm -f "$out"/menagerie-chess-*.tgz
(cd "$here" && npm pack --silent --pack-destination "$out" >/dev/null)
ls "$out"/menagerie-chess-*.tgz
