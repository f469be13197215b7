"""PieceEater Chess's own piece: the neutral PieceEater, in its own palette."""

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


# file stem (in this folder) -> (drawing, display name, palette): a piece of neither side
NEUTRAL = {"pieceeater": (pieceeater, "PieceEater", PE_PALETTE)}
