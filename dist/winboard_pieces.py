#!/usr/bin/env python3
"""Turns the XBoard piece images (`menagerie xboard-pieces DIR`) into WinBoard piece bitmaps.

Usage: dist/winboard_pieces.py XBOARD_DIR OUT_DIR

WinBoard 4.9 reads `-pieceImageDirectory` as a folder of Windows bitmaps named
`<code><size><kind>.bmp` (winboard.c, DoLoadBitmap): `<code>` names the piece type (below),
`<size>` is the board's square size in pixels, `<kind>` is `w` (the mask: black where the
piece is, filled with white first), `o` (the White piece, ANDed over the mask) or `s` (the
Black piece, ANDed over the mask). WinBoard loads every fairy piece type only at the square
sizes 33, 49 and 72 (the board sizes "petite", "middling" and "bulky"), so those three are
written; at the other sizes it would draw some fairy types with smaller orthodox bitmaps.

The piece type of each image is the XBoard name its file carries (the same internal types in
XBoard and WinBoard, which share their back end); WinBoard's bitmap code for each type is
from winboard.c. Types WinBoard 4.9 has no bitmap name for (the Magician's Wizard) keep
WinBoard's built-in drawing. Every SVG is rendered with ImageMagick (`convert`) and the
bitmaps are written here, 24-bit, uncompressed.
"""

import hashlib
import os
import struct
import subprocess
import sys

SIZES = (33, 49, 72)

# XBoard 4.9.1 image name (by internal piece type) -> WinBoard bitmap code at sizes 33/49/72.
CODES = {
    "Pawn": "p",
    "Knight": "n",
    "Bishop": "b",
    "Rook": "r",
    "Queen": "q",
    "King": "k",
    "Advisor": "f",  # Ferz
    "Elephant": "e",  # Alfil
    "Archbishop": "aa",  # Angel
    "Marshall": "c",
    "Gold": "w",  # Wazir
    "Commoner": "m",  # Man
    "Canon": "o",  # Cannon
    "Nightrider": "h",
    "CrownedBishop": "a",  # Cardinal
    "CrownedRook": "dk",  # Dragon
    "Crown": "g",  # Grasshopper
    "Chancellor": "cv",  # Silver
    "Hawk": "v",  # Falcon
    "Lance": "l",
    "Cobra": "s",
    "Unicorn": "u",
    "Lion": "ln",
}

_cache = {}


def render(path, size):
    """RGBA bytes of an SVG scaled to size x size, top row first."""
    with open(path, "rb") as f:
        key = (hashlib.sha256(f.read()).hexdigest(), size)
    if key not in _cache:
        _cache[key] = subprocess.run(
            ["convert", "-background", "none", "-density", "288", path,
             "-resize", f"{size}x{size}!", "-depth", "8", "RGBA:-"],
            check=True, capture_output=True).stdout
        assert len(_cache[key]) == size * size * 4, path
    return _cache[key]


def write_bmp(path, size, rgb_rows):
    """A 24-bit uncompressed Windows bitmap; rgb_rows: size rows of size (r, g, b), top first."""
    pad = (4 - size * 3 % 4) % 4
    body = bytearray()
    for row in reversed(rgb_rows):
        for r, g, b in row:
            body += bytes((b, g, r))
        body += b"\0" * pad
    header = struct.pack("<2sIHHI", b"BM", 54 + len(body), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, size, size, 1, 24, 0, len(body), 2835, 2835, 0, 0)
    with open(path, "wb") as f:
        f.write(header + info + body)


def on_white(rgba, size):
    """The image composited over white."""
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            r, g, b, a = rgba[(y * size + x) * 4:(y * size + x) * 4 + 4]
            row.append(tuple((c * a + 255 * (255 - a)) // 255 for c in (r, g, b)))
        rows.append(row)
    return rows


def mask(white, black, size):
    """Black where either colour's piece is (alpha at least half), white elsewhere."""
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            i = (y * size + x) * 4 + 3
            inside = max(white[i], black[i]) >= 128
            row.append((0, 0, 0) if inside else (255, 255, 255))
        rows.append(row)
    return rows


def convert_variant(src, dst):
    os.makedirs(dst, exist_ok=True)
    written = []
    for name, code in sorted(CODES.items()):
        white = os.path.join(src, f"White{name}.svg")
        black = os.path.join(src, f"Black{name}.svg")
        if not os.path.exists(white) and not os.path.exists(black):
            continue
        # A neutral piece (the PieceEater) has one image, shown for both colours.
        white = white if os.path.exists(white) else black
        black = black if os.path.exists(black) else white
        for size in SIZES:
            w, b = render(white, size), render(black, size)
            write_bmp(os.path.join(dst, f"{code}{size}w.bmp"), size, mask(w, b, size))
            write_bmp(os.path.join(dst, f"{code}{size}o.bmp"), size, on_white(w, size))
            write_bmp(os.path.join(dst, f"{code}{size}s.bmp"), size, on_white(b, size))
        written.append(name)
    return written


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, dst = sys.argv[1], sys.argv[2]
    for variant in sorted(os.listdir(src)):
        if os.path.isdir(os.path.join(src, variant)):
            names = convert_variant(os.path.join(src, variant), os.path.join(dst, variant))
            print(f"{variant}: {len(names)} piece types x {len(SIZES)} sizes in {dst}/{variant}")


if __name__ == "__main__":
    main()
