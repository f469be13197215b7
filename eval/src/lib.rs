//! Evaluation for Menagerie. The foundation ships plain material counting for `chess`; the
//! search issue replaces it with per-variant tables (one file per variant).
#![forbid(unsafe_code)]

use movegen::rules::Rules;
use movegen::types::{Color, PieceKind};
use movegen::variants::chess::{Chess, ChessKind};

/// Centipawn values of the orthodox pieces (king 0).
pub const CHESS_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Material balance of a chess position from the side to move's view, in centipawns.
pub fn chess_material(pos: &Chess) -> i32 {
    let b = pos.board();
    let mut score = 0;
    for &k in ChessKind::ALL {
        let v = CHESS_VALUES[k.index()];
        score += v * b.pieces(k, Color::White).count() as i32;
        score -= v * b.pieces(k, Color::Black).count() as i32;
    }
    if pos.turn() == Color::White {
        score
    } else {
        -score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_extra_queen_counts() {
        assert_eq!(chess_material(&Chess::startpos()), 0);
        let p = Chess::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert_eq!(chess_material(&p), 900);
        let p = Chess::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        assert_eq!(chess_material(&p), -900);
    }
}
