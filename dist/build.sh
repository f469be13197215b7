#!/usr/bin/env bash
# Builds the release archives of Menagerie, one per platform, into target/dist/:
#
#   menagerie-<version>-x86_64-unknown-linux-gnu.tar.gz   Linux x86-64: `menagerie` (portable,
#                                                         any x86-64 CPU) + `menagerie-x86-64-v3`
#   menagerie-<version>-x86_64-pc-windows-gnu.zip         Windows x86-64: the same two, as .exe
#   menagerie-<version>-aarch64-unknown-linux-gnu.tar.gz  Linux on 64-bit ARM
#   menagerie_chess-<version>-cp39-abi3-*.whl              the Python package (engine/python):
#                                                         Linux x86-64; with the release
#                                                         profile also aarch64 Linux, Windows
#   menagerie-chess-<version>.tgz                         the npm package (engine/npm)
#   menagerie-web-<version>.zip                           the web board as a static site
#                                                         (dist/web.sh, docs/web.md)
#
# each with README.md, LICENSE, docs/, the XBoard piece images (xboard-pieces/<variant>/), the
# WinBoard piece bitmaps in the Windows archive (winboard-pieces/<variant>/), and SHA256SUMS (the
# checksum of every file in the archive); beside each archive `<archive>.sha256`, and
# target/dist/SHA256SUMS over all archives. The portable `menagerie` starts the x86-64-v3 build
# by itself on a CPU that runs it (docs/install.md).
#
# Usage: dist/build.sh [--profile release|ci] [TARGET ...]
#   --profile ci   quicker builds without whole-program LTO (what CI tests); default: release
#   TARGET         some of the triples above (default: all three)
#
# Needs: the pinned Rust toolchain with the targets (rust-toolchain.toml lists them), Debian's
# gcc-mingw-w64-x86-64 and gcc-aarch64-linux-gnu (cross linkers), python3, tar, sha256sum; for
# the packages maturin (fetched by pip), wasm-bindgen (installed by engine/npm/build.sh) and npm.
# MENAGERIE_NO_PACKAGES=1 leaves the packages out.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) profile=$2; shift 2 ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  targets=(x86_64-unknown-linux-gnu x86_64-pc-windows-gnu aarch64-unknown-linux-gnu)
fi

version=$(cargo metadata --no-deps --format-version 1 \
  | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "menagerie-engine"))')
out=target/dist
work=target/dist-work
mkdir -p "$out"
rm -rf "$work"
mkdir -p "$work"

# Cargo's profile directory name: `dev` builds land in debug/.
profdir=$profile
[ "$profile" = dev ] && profdir=debug

# build TRIPLE LEVEL: the engine for TRIPLE, portable (`base`) or x86-64-v3 (`v3`), each level
# in its own target directory so neither rebuilds the other. Prints the binary's path.
build() {
  local triple=$1 level=$2 dir=target/dist-build/$2
  # RUSTFLAGS replaces the rustflags of `.cargo/config.toml`, which compile local builds for the
  # machine they run on (docs/decisions/0019); a triple's CARGO_TARGET_<TRIPLE>_RUSTFLAGS would
  # be joined to them. Each level is named, so the archives never depend on the build machine.
  local flags="-C target-cpu=generic"
  [[ $triple == x86_64-* ]] && flags="-C target-cpu=x86-64"
  [ "$level" = v3 ] && flags="-C target-cpu=x86-64-v3"
  echo "== build $triple ($level, profile $profile)" >&2
  env "RUSTFLAGS=$flags" cargo build --locked --profile "$profile" --target "$triple" \
    -p menagerie-engine --bin menagerie --target-dir "$dir" >&2
  local exe=menagerie
  [[ $triple == *windows* ]] && exe=menagerie.exe
  echo "$dir/$triple/$profdir/$exe"
}

# The piece images are the same files on every platform (embedded in the binary); the host's
# build writes them.
echo "== piece images" >&2
cargo build --locked --profile "$profile" -p menagerie-engine --bin menagerie >&2
host_bin=target/$profdir/menagerie
"$host_bin" xboard-pieces "$work/xboard-pieces" >/dev/null
python3 dist/winboard_pieces.py "$work/xboard-pieces" "$work/winboard-pieces" >&2

for triple in "${targets[@]}"; do
  name=menagerie-$version-$triple
  stage=$work/$name
  mkdir -p "$stage"
  case "$triple" in
    x86_64-unknown-linux-gnu)
      cp "$(build "$triple" base)" "$stage/menagerie"
      cp "$(build "$triple" v3)" "$stage/menagerie-x86-64-v3" ;;
    x86_64-pc-windows-gnu)
      cp "$(build "$triple" base)" "$stage/menagerie.exe"
      cp "$(build "$triple" v3)" "$stage/menagerie-x86-64-v3.exe"
      cp -r "$work/winboard-pieces" "$stage/winboard-pieces" ;;
    aarch64-unknown-linux-gnu)
      cp "$(build "$triple" base)" "$stage/menagerie" ;;
    *) echo "unknown target $triple" >&2; exit 2 ;;
  esac
  cp README.md LICENSE "$stage/"
  cp -r docs "$stage/docs"
  cp -r "$work/xboard-pieces" "$stage/xboard-pieces"
  (cd "$stage" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort \
    | xargs -d '\n' sha256sum > SHA256SUMS)
  rm -f "$out/$name".*
  if [[ $triple == *windows* ]]; then
    archive=$name.zip
    (cd "$work" && python3 -m zipfile -c "../dist/$archive" "$name")
  else
    archive=$name.tar.gz
    tar -C "$work" --sort=name --owner=0 --group=0 -czf "$out/$archive" "$name"
  fi
  (cd "$out" && sha256sum "$archive" > "$archive.sha256")
  echo "$out/$archive"
done

# The library packages (docs/install.md): the Python wheel (Linux x86-64, abi3) and the npm
# tarball (WebAssembly: every platform), each with its checksum beside it.
# The wheels for aarch64 Linux and Windows are cross-built for a release (not with the CI
# profile, to keep CI's time): built, not tested (docs/install.md).
if [ "${MENAGERIE_NO_PACKAGES:-}" != 1 ]; then
  cross=()
  [ "$profile" = release ] && cross=(aarch64-unknown-linux-gnu x86_64-pc-windows-gnu)
  mapfile -t wheels < <(engine/python/build.sh --profile "$profile" "$out" "${cross[@]}")
  npm=$(engine/npm/build.sh --profile "$profile" "$out" | tail -1)
  # The static site takes the npm build's WebAssembly (engine/npm/pkg/).
  web=$(dist/web.sh --profile "$profile" "$out" | tail -1)
  for pkg in "${wheels[@]}" "$npm" "$web"; do
    [ -n "$pkg" ] || continue
    (cd "$out" && sha256sum "$(basename "$pkg")" > "$(basename "$pkg").sha256")
    echo "$pkg"
  done
fi
(cd "$out" && cat ./*.sha256 > SHA256SUMS)
echo "== archives and packages in $out (checksums: $out/SHA256SUMS)" >&2
