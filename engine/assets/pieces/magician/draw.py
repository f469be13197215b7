"""Chess with the Magician's own pieces: a robe with a star, and a headdress per form."""
from draw import base, star



def robe(p):
    return (
        '<path d="M24 81C28 68 35 58 41 52H59C65 58 72 68 76 81Z"/>'
        + star(p, 50, 68, 10, gold=True)
        + base(p)
    )


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


# file stem (in this folder, without colour) -> (drawing, display name)
DRAWINGS = {
    "magician": (magician, "Magician"), "high-priestess": (high_priestess, "High-Priestess"),
    "archbishop": (mg_archbishop, "Archbishop (Magician form)"),
    "chancellor": (mg_chancellor, "Chancellor (Magician form)"),
    "prime-minister": (prime_minister, "Prime Minister"),
}
