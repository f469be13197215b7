#!/usr/bin/env python3
"""Menagerie's piece drawings: writes every SVG file under engine/assets/pieces/.

The drawings are hand-written SVG shapes in a 100x100 viewBox (paths, circles, no text, no
fonts, no bitmaps). Each shape is written once and stamped with a palette per colour: White
pieces have a light body with a dark outline and dark details, Black pieces a dark body with a
black outline and light details; a neutral piece (the PieceEater) belongs to neither side and
has its own palette. This file holds the building blocks and the orthodox pieces
(`orthodox/`); each folder beside it that has pieces of its own holds a `draw.py` with them
(its `DRAWINGS`, and `NEUTRAL` for a neutral piece), found by `main`.
Usage (from anywhere): python3 engine/assets/pieces/draw.py
The SVG files are committed; the engine embeds them (engine/build.rs, engine/src/pieces.rs)
and each variant's manifest engine/assets/pieces/<variant>.tsv says which file each FEN token
uses.
"""
import glob
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

PALETTES = {
    "white": {"F": "#f8f4e6", "S": "#1a1a1a", "D": "#1a1a1a"},
    "black": {"F": "#2c2c2c", "S": "#000000", "D": "#ede6d2"},
}

# ---------------------------------------------------------------------------------------------
# Building blocks. Every function returns SVG elements using the palette p (F body, S outline,
# D details). The outer <g> gives fill F, stroke S, width 3 and round joins to all of them.


def base(p, y=80):
    """The plinth of the standing pieces."""
    return f'<path d="M22 {y + 9}H78Q81 {y + 9} 81 {y + 6}V{y + 3}Q81 {y} 77 {y}H23Q19 {y} 19 {y + 3}V{y + 6}Q19 {y + 9} 22 {y + 9}Z"/>'


def pawn(p):
    return (
        '<path d="M30 81Q31 66 42 57H58Q69 66 70 81Z"/>'
        '<ellipse cx="50" cy="56" rx="14" ry="4.5"/>'
        '<circle cx="50" cy="39" r="13"/>' + base(p)
    )


def rook(p):
    return (
        '<path d="M31 74L35 40H65L69 74Z"/>'
        '<path d="M27 81V73H73V81Z"/>'
        '<path d="M28 40V17H37V25H45V17H55V25H63V17H72V40Z"/>'
        f'<path d="M35 46H65M33 67H67" fill="none" stroke="{p["D"]}" stroke-width="2.5"/>' + base(p)
    )


def bishop(p):
    return (
        '<path d="M33 81Q37 67 43 60H57Q63 67 67 81Z"/>'
        '<ellipse cx="50" cy="58" rx="14" ry="4.5"/>'
        '<path d="M50 19C36 30 33 44 37 55H63C67 44 64 30 50 19Z"/>'
        '<circle cx="50" cy="14" r="4.5"/>'
        f'<path d="M57 30L45 43" fill="none" stroke="{p["D"]}" stroke-width="3.5"/>' + base(p)
    )


KNIGHT_HEAD = (
    "M31 81C31 70 38 62 45 55C37 58 28 62 22 60C15 58 13 51 16 47"
    "L30 31C33 26 37 21 41 17L45 7L50 16C63 19 73 32 75 48C77 63 72 73 71 81Z"
)


def knight(p):
    return (
        f'<path d="{KNIGHT_HEAD}"/>'
        f'<circle cx="36" cy="33" r="3" fill="{p["D"]}" stroke="none"/>'
        f'<circle cx="20" cy="52" r="1.8" fill="{p["D"]}" stroke="none"/>'
        f'<path d="M55 22C64 30 68 42 67 56" fill="none" stroke="{p["D"]}" stroke-width="2.5"/>'
        + base(p)
    )


def queen(p):
    return (
        '<path d="M32 81Q36 63 40 53H60Q64 63 68 81Z"/>'
        '<ellipse cx="50" cy="53" rx="15" ry="4.5"/>'
        '<path d="M35 51L23 26L38 39L37 20L46 36L50 14L54 36L63 20L62 39L77 26L65 51Z"/>'
        '<circle cx="23" cy="24" r="4"/><circle cx="37" cy="18" r="4"/>'
        '<circle cx="50" cy="11" r="4"/><circle cx="63" cy="18" r="4"/>'
        '<circle cx="77" cy="24" r="4"/>' + base(p)
    )


def king(p):
    return (
        '<path d="M32 81Q36 63 40 53H60Q64 63 68 81Z"/>'
        '<ellipse cx="50" cy="53" rx="15" ry="4.5"/>'
        '<path d="M35 51C26 42 27 30 37 30C44 30 48 35 50 40C52 35 56 30 63 30C73 30 74 42 65 51Z"/>'
        '<path d="M46.5 36V23H40V17H46.5V9H53.5V17H60V23H53.5V36Z"/>' + base(p)
    )




GOLD = "#e8b923"


def star(p, cx, cy, r, gold=False):
    import math

    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        a = math.pi * i / 5 - math.pi / 2
        pts.append(f"{cx + rad * math.cos(a):.1f} {cy + rad * math.sin(a):.1f}")
    if gold:
        return f'<path d="M{"L".join(pts)}Z" fill="{GOLD}" stroke="{p["S"]}" stroke-width="1.5"/>'
    return f'<path d="M{"L".join(pts)}Z" fill="{p["D"]}" stroke="none"/>'



# --- Combined pieces (a big piece with a small knight in front) ------------------------------


def combo(p, back, front):
    """Two pieces merged: `back` drawn smaller on the right, the knight `front` on the left."""
    return (
        f'<g transform="translate(24 2) scale(0.8)" stroke-width="3.6">{back(p)}</g>'
        f'<g transform="translate(-1 30) scale(0.62)" stroke-width="4.4">{front(p)}</g>'
        + base(p)
    )


def knight_only(p):
    """The knight without its plinth (for compounds)."""
    return (
        f'<path d="{KNIGHT_HEAD}"/>'
        f'<circle cx="36" cy="33" r="3.5" fill="{p["D"]}" stroke="none"/>'
    )


def no_base(fn):
    def f(p):
        return fn(p).replace(base(p), "")

    return f




# file stem (relative to this directory, without colour) -> (drawing, display name)
DRAWINGS = {
    "orthodox/pawn": (pawn, "Pawn"), "orthodox/rook": (rook, "Rook"),
    "orthodox/bishop": (bishop, "Bishop"), "orthodox/knight": (knight, "Knight"),
    "orthodox/queen": (queen, "Queen"), "orthodox/king": (king, "King"),
}


def svg(title, body, p):
    body = body.replace("><", ">\n<")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
        f"\n<title>{title}</title>\n"
        f'<g fill="{p["F"]}" stroke="{p["S"]}" stroke-width="3" stroke-linejoin="round"'
        f' stroke-linecap="round">\n{body}\n</g>\n</svg>\n'
    )


def write(rel, text):
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def folders():
    """The `draw.py` of every folder beside this file, loaded (sharing these building blocks
    under the name `draw`)."""
    sys.modules.setdefault("draw", sys.modules[__name__])
    for path in sorted(glob.glob(os.path.join(HERE, "*", "draw.py"))):
        folder = os.path.basename(os.path.dirname(path))
        spec = importlib.util.spec_from_file_location(f"draw_{folder}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield folder, module


def main():
    drawings = dict(DRAWINGS)
    neutral = {}
    for folder, module in folders():
        drawings.update({f"{folder}/{k}": v for k, v in getattr(module, "DRAWINGS", {}).items()})
        neutral.update({f"{folder}/{k}": v for k, v in getattr(module, "NEUTRAL", {}).items()})
    for stem, (fn, name) in drawings.items():
        folder, leaf = stem.split("/")
        for colour, p in PALETTES.items():
            title = f"{colour.capitalize()} {name}"
            write(f"{folder}/{colour}-{leaf}.svg", svg(title, fn(p), p))
    for stem, (fn, name, p) in neutral.items():
        write(f"{stem}.svg", svg(name, fn(p), p))


if __name__ == "__main__":
    main()
