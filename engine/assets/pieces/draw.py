#!/usr/bin/env python3
"""Menagerie's piece drawings: writes every SVG file under engine/assets/pieces/.

The drawings are hand-written SVG shapes in a 100x100 viewBox (paths, circles, no text, no
fonts, no bitmaps). Each shape is written once below and stamped with a palette per colour:
White pieces have a light body with a dark outline and dark details, Black pieces a dark body
with a black outline and light details; the PieceEater belongs to neither side and has its own
green palette. Usage (from anywhere): python3 engine/assets/pieces/draw.py
The SVG files are committed; the engine embeds them (engine/src/pieces.rs) and
engine/assets/pieces/pieces.tsv says which file each FEN token of each variant uses.
"""
import os

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


# --- 8-Piece Chess ---------------------------------------------------------------------------


def jailer(p):
    """A padlock: the jailer holds, never captures."""
    return (
        '<path d="M36 44V32C36 14 64 14 64 32V44" fill="none" stroke-width="11"/>'
        f'<path d="M36 44V32C36 14 64 14 64 32V44" fill="none" stroke="{p["F"]}" stroke-width="5"/>'
        '<rect x="24" y="42" width="52" height="38" rx="6"/>'
        f'<path d="M50 52a6 6 0 0 1 4 10.5L56 72H44L46 62.5A6 6 0 0 1 50 52Z" fill="{p["D"]}" stroke="none"/>'
        + base(p)
    )


def sentry(p):
    """A great helm with a plume: the sentry pushes, never captures."""
    return (
        '<path d="M52 22C50 10 62 4 80 8C70 10 66 16 66 26Z"/>'
        '<path d="M27 76V36C27 26 36 21 50 21C64 21 73 26 73 36V76Z"/>'
        f'<path d="M31 42H69V49H31Z" fill="{p["D"]}" stroke="none"/>'
        f'<path d="M50 49V73" fill="none" stroke="{p["D"]}" stroke-width="4"/>'
        f'<circle cx="60" cy="58" r="2" fill="{p["D"]}" stroke="none"/>'
        f'<circle cx="66" cy="58" r="2" fill="{p["D"]}" stroke="none"/>'
        f'<circle cx="60" cy="66" r="2" fill="{p["D"]}" stroke="none"/>'
        f'<circle cx="66" cy="66" r="2" fill="{p["D"]}" stroke="none"/>'
        '<path d="M23 81V75H77V81Z"/>' + base(p)
    )


def lancer(p, angle):
    """A round shield crossed by a lance whose point shows the facing (0 = north)."""
    return (
        '<circle cx="50" cy="50" r="33"/>'
        f'<circle cx="50" cy="50" r="26" fill="none" stroke="{p["D"]}" stroke-width="1.5"/>'
        f'<g transform="rotate({angle} 50 50)" stroke="{p["S"]}" stroke-width="2">'
        f'<path d="M46 80V34H54V80Z" fill="{p["D"]}"/>'
        f'<circle cx="50" cy="82" r="5" fill="{p["D"]}"/>'
        f'<path d="M50 7L63 35H37Z" fill="{p["D"]}"/>'
        "</g>"
    )


# --- PieceEater -------------------------------------------------------------------------------

PE_PALETTE = {"F": "#7cc242", "S": "#1a1a1a", "D": "#1a1a1a"}


def pieceeater(p):
    """A neutral green round creature with a wide toothed mouth and one eye."""
    return (
        '<path d="M30 84L27 92H39L38 84ZM62 84L61 92H73L70 84Z"/>'
        '<path d="M50 14C74 14 88 30 88 52C88 72 72 86 50 86C28 86 12 72 12 52C12 30 26 14 50 14Z"/>'
        '<path d="M34 16L30 5L42 14ZM66 16L70 5L58 14Z"/>'
        '<path d="M20 52Q50 40 82 52Q72 80 50 80Q28 80 20 52Z" fill="#6a1b1b"/>'
        '<path d="M26 50L30 58L34 48L38 57L42 46L46 56L50 45L54 56L58 46L62 57L66 48L70 58L74 50Z"'
        ' fill="#ffffff" stroke-width="1.5"/>'
        '<path d="M34 77L38 70L42 78L46 71L50 79L54 71L58 78L62 70L66 77Z" fill="#ffffff" stroke-width="1.5"/>'
        '<circle cx="50" cy="31" r="10" fill="#ffffff"/>'
        '<circle cx="52" cy="32" r="4.5" fill="#1a1a1a" stroke="none"/>'
    )


# --- The Magician: a robe with a star, and a headdress per form --------------------------------


def robe(p):
    return (
        '<path d="M24 81C28 68 35 58 41 52H59C65 58 72 68 76 81Z"/>'
        + star(p, 50, 68, 10, gold=True)
        + base(p)
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


def magician(p):
    return (
        robe(p)
        + '<path d="M35 50L58 7L66 50Z"/>'
        + '<ellipse cx="50" cy="51" rx="23" ry="5"/>'
        + star(p, 55, 33, 7, gold=True)
    )


def high_priestess(p):
    return (
        robe(p)
        + '<path d="M36 52Q34 30 50 28Q66 30 64 52Z"/>'
        + '<path d="M31 9C31 24 40 30 50 30C60 30 69 24 69 9C64 18 57 21 50 21C43 21 36 18 31 9Z"/>'
        + f'<circle cx="50" cy="41" r="4" fill="{p["D"]}" stroke="none"/>'
    )


def mg_archbishop(p):
    return (
        robe(p)
        + '<path d="M50 8C37 18 34 36 38 51H62C66 36 63 18 50 8Z"/>'
        + f'<path d="M57 20L44 34" fill="none" stroke="{p["D"]}" stroke-width="3.5"/>'
    )


def mg_chancellor(p):
    return robe(p) + '<path d="M34 51V16H42V24H46V16H54V24H58V16H66V51Z"/>' + (
        f'<path d="M38 34H62" fill="none" stroke="{p["D"]}" stroke-width="2.5"/>'
    )


def prime_minister(p):
    return (
        robe(p)
        + '<path d="M35 51L27 20L41 33L50 11L59 33L73 20L65 51Z"/>'
        + '<circle cx="27" cy="18" r="4"/><circle cx="50" cy="9" r="4"/><circle cx="73" cy="18" r="4"/>'
        + f'<path d="M37 44H63" fill="none" stroke="{p["D"]}" stroke-width="2.5"/>'
    )


# --- TamerSpiel ---------------------------------------------------------------------------------


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


def tetrarch(p):
    return (
        '<path d="M32 81Q36 63 40 53H60Q64 63 68 81Z"/>'
        '<ellipse cx="50" cy="53" rx="15" ry="4.5"/>'
        '<path d="M34 51L30 34L40 40L45 30L50 38L55 30L60 40L70 34L66 51Z"/>'
        '<path d="M50 2L55 15L68 20L55 25L50 38L45 25L32 20L45 15Z"/>' + base(p)
    )


def dabbabah(p):
    """A siege tower on wheels."""
    return (
        '<path d="M28 78L33 22H67L72 78Z"/>'
        '<path d="M30 22V12H38V17H46V12H54V17H62V12H70V22Z"/>'
        f'<path d="M42 38H58V52H42Z" fill="{p["D"]}" stroke="none"/>'
        f'<path d="M31 62H69" fill="none" stroke="{p["D"]}" stroke-width="2.5"/>'
        '<circle cx="33" cy="82" r="8"/><circle cx="67" cy="82" r="8"/>'
        f'<circle cx="33" cy="82" r="2" fill="{p["D"]}" stroke="none"/>'
        f'<circle cx="67" cy="82" r="2" fill="{p["D"]}" stroke="none"/>'
    )


def firzan(p):
    """A counsellor in an onion-domed turban with a diamond (diagonal step)."""
    return (
        '<path d="M33 81Q36 64 41 56H59Q64 64 67 81Z"/>'
        f'<path d="M50 61L56 69L50 77L44 69Z" fill="{p["D"]}" stroke="none"/>'
        '<path d="M35 56C28 44 38 28 50 18C62 28 72 44 65 56Z"/>'
        '<path d="M50 18V9"/>'
        f'<path d="M37 42Q50 48 63 42M38 50Q50 55 62 50" fill="none" stroke="{p["D"]}" stroke-width="2.5"/>'
        + base(p)
    )


def vizier(p):
    """A vizier in a tall flat-topped hat with a plus (orthogonal step)."""
    return (
        '<path d="M33 81Q36 64 41 56H59Q64 64 67 81Z"/>'
        f'<path d="M47 61H53V66H58V72H53V77H47V72H42V66H47Z" fill="{p["D"]}" stroke="none"/>'
        '<path d="M35 56L40 18H60L65 56Z"/>'
        '<ellipse cx="50" cy="56" rx="17" ry="4.5"/>'
        '<path d="M50 18Q68 16 69 32" fill="none" stroke-width="3"/>'
        '<circle cx="69" cy="35" r="4"/>' + base(p)
    )


def guard(p):
    """A heater shield with a chevron."""
    return (
        '<path d="M24 14H76V44C76 62 64 72 50 80C36 72 24 62 24 44Z"/>'
        f'<path d="M30 50L50 32L70 50" fill="none" stroke="{p["D"]}" stroke-width="6"/>'
        + base(p)
    )


def eagle(p):
    """A heraldic eagle, wings raised, head and hooked beak turned left."""
    left = "M45 44C36 38 24 28 14 12L17 25L8 22L14 34L5 35L14 44L8 48L20 52C30 53 38 52 45 56Z"
    right = "M55 44C64 38 76 28 86 12L83 25L92 22L86 34L95 35L86 44L92 48L80 52C70 53 62 52 55 56Z"
    return (
        f'<path d="{left}"/><path d="{right}"/>'
        '<path d="M43 66L36 80H64L57 66Z"/>'
        f'<path d="M43 80L45 70M50 80V70M57 80L55 70" fill="none" stroke="{p["D"]}" stroke-width="2"/>'
        '<path d="M42 42Q50 34 58 42L59 64Q50 72 41 64Z"/>'
        '<path d="M40 34C40 26 46 22 52 24C56 26 56 32 53 36L47 40Z"/>'
        '<path d="M41 28L31 30L34 36L41 34Z"/>'
        f'<circle cx="46" cy="29" r="1.9" fill="{p["D"]}" stroke="none"/>'
        + base(p, 80)
    )


def lion(p):
    """A lion's head in its mane."""
    import math

    pts = []
    for i in range(24):
        r = 38 if i % 2 == 0 else 29
        a = math.pi * i / 12
        pts.append(f"{50 + r * math.cos(a):.1f} {46 + r * math.sin(a):.1f}")
    return (
        f'<path d="M{"L".join(pts)}Z"/>'
        '<circle cx="50" cy="47" r="21"/>'
        '<path d="M34 32L30 24L40 28Z M66 32L70 24L60 28Z"/>'
        f'<circle cx="42" cy="43" r="2.8" fill="{p["D"]}" stroke="none"/>'
        f'<circle cx="58" cy="43" r="2.8" fill="{p["D"]}" stroke="none"/>'
        f'<path d="M45 52H55L50 58Z" fill="{p["D"]}" stroke="none"/>'
        f'<path d="M50 58V61M44 62Q50 66 56 62" fill="none" stroke="{p["D"]}" stroke-width="2"/>'
    )


def champion(p):
    """A trophy cup."""
    return (
        '<path d="M33 30C20 28 20 50 38 50" fill="none" stroke-width="7"/>'
        f'<path d="M33 30C20 28 20 50 38 50" fill="none" stroke="{p["F"]}" stroke-width="2.5"/>'
        '<path d="M67 30C80 28 80 50 62 50" fill="none" stroke-width="7"/>'
        f'<path d="M67 30C80 28 80 50 62 50" fill="none" stroke="{p["F"]}" stroke-width="2.5"/>'
        '<path d="M30 16H70V30C70 48 60 56 50 58C40 56 30 48 30 30Z"/>'
        '<path d="M46 57H54V68H46Z"/>'
        '<path d="M36 78Q38 68 50 68Q62 68 64 78Z"/>'
        + star(p, 50, 36, 9)
        + base(p, 78)
    )


def nobleman(p):
    """A top hat with a band."""
    return (
        '<path d="M18 70C18 64 30 62 50 62C70 62 82 64 82 70C82 76 70 78 50 78C30 78 18 76 18 70Z"/>'
        '<path d="M32 68L30 18C30 12 70 12 70 18L68 68C60 71 40 71 32 68Z"/>'
        f'<path d="M31 50Q50 55 69 50L68.5 59Q50 64 31.5 59Z" fill="{p["D"]}" stroke="none"/>'
        + base(p, 80)
    )


def archbishop_ts(p):
    return combo(p, no_base(bishop), knight_only)


def marshall(p):
    return combo(p, no_base(rook), knight_only)


def warlord(p):
    return combo(p, no_base(queen), knight_only)


def supercav(p):
    return combo(p, no_base(guard), knight_only)


# --- Jumping Knights ------------------------------------------------------------------------------


def crescent(cx, cy, r, dx, dy, r2):
    """A crescent: the disc (cx, cy, r) minus the disc (cx + dx, cy + dy, r2)."""
    import math

    d = math.hypot(dx, dy)
    a = (r * r - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(r * r - a * a)
    ux, uy = dx / d, dy / d
    mx, my = cx + a * ux, cy + a * uy
    p1 = (mx - h * uy, my + h * ux)
    p2 = (mx + h * uy, my - h * ux)
    return (
        f'<path d="M{p1[0]:.1f} {p1[1]:.1f}A{r} {r} 0 1 1 {p2[0]:.1f} {p2[1]:.1f}'
        f'A{r2} {r2} 0 0 0 {p1[0]:.1f} {p1[1]:.1f}Z"/>'
    )


def nightrider(p):
    """A knight under a crescent moon."""
    return (
        knight_only(p)
        + f'<path d="M55 22C64 30 68 42 67 56" fill="none" stroke="{p["D"]}" stroke-width="2.5"/>'
        + crescent(79, 19, 16, -8, 6, 13.5)
        + base(p)
    )


def war_machine(p):
    """A cannon on a wheeled carriage."""
    return (
        '<path d="M20 70L38 52H70L76 70Z"/>'
        '<path d="M24 58L74 20L82 30L34 66Z"/>'
        '<circle cx="82" cy="25" r="5"/>'
        '<circle cx="40" cy="70" r="14"/>'
        f'<circle cx="40" cy="70" r="4" fill="{p["D"]}" stroke="none"/>'
        f'<path d="M40 58V82M28 70H52M32 62L48 78M48 62L32 78" fill="none" stroke="{p["D"]}" stroke-width="2"/>'
        '<circle cx="70" cy="76" r="8"/>'
        + base(p, 82)
    )


# ---------------------------------------------------------------------------------------------

FACINGS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]

# file stem (relative to this directory, without colour) -> (drawing, display name)
DRAWINGS = {
    "orthodox/king": (king, "King"),
    "orthodox/queen": (queen, "Queen"),
    "orthodox/rook": (rook, "Rook"),
    "orthodox/bishop": (bishop, "Bishop"),
    "orthodox/knight": (knight, "Knight"),
    "orthodox/pawn": (pawn, "Pawn"),
    "eightpiece/jailer": (jailer, "Jailer"),
    "eightpiece/sentry": (sentry, "Sentry"),
    "magician/magician": (magician, "Magician"),
    "magician/high-priestess": (high_priestess, "High-Priestess"),
    "magician/archbishop": (mg_archbishop, "Archbishop (Magician form)"),
    "magician/chancellor": (mg_chancellor, "Chancellor (Magician form)"),
    "magician/prime-minister": (prime_minister, "Prime Minister"),
    "tamerspiel/tetrarch": (tetrarch, "Tetrarch"),
    "tamerspiel/dabbabah": (dabbabah, "Dabbabah"),
    "tamerspiel/firzan": (firzan, "Firzan"),
    "tamerspiel/vizier": (vizier, "Vizier"),
    "tamerspiel/guard": (guard, "Guard"),
    "tamerspiel/eagle": (eagle, "Eagle"),
    "tamerspiel/lion": (lion, "Lion"),
    "tamerspiel/champion": (champion, "Champion"),
    "tamerspiel/nobleman": (nobleman, "Nobleman"),
    "tamerspiel/archbishop": (archbishop_ts, "Archbishop"),
    "tamerspiel/marshall": (marshall, "Marshall"),
    "tamerspiel/warlord": (warlord, "Warlord"),
    "tamerspiel/supercav": (supercav, "Supercav"),
    "jumpingknights/nightrider": (nightrider, "Nightrider"),
    "jumpingknights/war-machine": (war_machine, "War Machine"),
}
LONG = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
for i, f in enumerate(FACINGS):
    DRAWINGS[f"eightpiece/lancer-{f}"] = (
        (lambda a: lambda p: lancer(p, a))(45 * i),
        f"Lancer (facing {LONG[i]})",
    )


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


def main():
    for stem, (fn, name) in DRAWINGS.items():
        folder, leaf = stem.split("/")
        for colour, p in PALETTES.items():
            title = f"{colour.capitalize()} {name}"
            write(f"{folder}/{colour}-{leaf}.svg", svg(title, fn(p), p))
    write("pieceeater/pieceeater.svg", svg("PieceEater", pieceeater(PE_PALETTE), PE_PALETTE))


if __name__ == "__main__":
    main()
