"""Jumping Knights Chess's own pieces: the nightrider under a crescent, the war machine."""
from draw import base, knight_only



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


# file stem (in this folder, without colour) -> (drawing, display name)
DRAWINGS = {
    "nightrider": (nightrider, "Nightrider"), "war-machine": (war_machine, "War Machine"),
}
