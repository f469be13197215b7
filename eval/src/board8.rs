//! File masks and pawn spans on the 8x8 board, shared by the 8x8 evaluations (chess, 8-Piece,
//! PieceEater, Magician).

use movegen::types::{Color, Geo8x8, Geometry, Square};

/// The a-file.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The squares of file `f` (0 = a).
pub(crate) fn file_bb(f: u8) -> u64 {
    FILE_A << f
}

/// The files next to file `f`.
pub(crate) fn adjacent_files(f: u8) -> u64 {
    let mut b = 0;
    if f > 0 {
        b |= file_bb(f - 1);
    }
    if f < 7 {
        b |= file_bb(f + 1);
    }
    b
}

/// Squares in front of `sq` (from `c`'s view) on its file and the adjacent files.
pub(crate) fn front_span(c: Color, sq: Square) -> u64 {
    let f = Geo8x8::file(sq);
    let r = Geo8x8::rank(sq);
    let files = file_bb(f) | adjacent_files(f);
    let ahead = match c {
        Color::White if r < 7 => !0u64 << (8 * (r + 1)),
        Color::Black if r > 0 => !0u64 >> (8 * (8 - r)),
        _ => 0,
    };
    files & ahead
}
