"""TamerSpiel's own pieces."""
from draw import base, bishop, combo, knight_only, no_base, queen, rook, star



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


# file stem (in this folder, without colour) -> (drawing, display name)
DRAWINGS = {
    "tetrarch": (tetrarch, "Tetrarch"), "dabbabah": (dabbabah, "Dabbabah"),
    "firzan": (firzan, "Firzan"), "vizier": (vizier, "Vizier"), "guard": (guard, "Guard"),
    "eagle": (eagle, "Eagle"), "lion": (lion, "Lion"), "champion": (champion, "Champion"),
    "nobleman": (nobleman, "Nobleman"), "archbishop": (archbishop_ts, "Archbishop"),
    "marshall": (marshall, "Marshall"), "warlord": (warlord, "Warlord"),
    "supercav": (supercav, "Supercav"),
}
