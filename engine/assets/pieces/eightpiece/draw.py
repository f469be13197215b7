"""8-Piece Chess's own pieces: the jailer, the sentry, the lancer in its eight facings."""
from draw import base



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


# file stem (in this folder, without colour) -> (drawing, display name)
DRAWINGS = {
    "jailer": (jailer, "Jailer"), "sentry": (sentry, "Sentry"),
}

FACINGS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]
LONG = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
for i, f in enumerate(FACINGS):
    DRAWINGS[f"lancer-{f}"] = (
        (lambda a: lambda p: lancer(p, a))(45 * i),
        f"Lancer (facing {LONG[i]})",
    )
