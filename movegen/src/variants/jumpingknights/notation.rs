//! Move text for Jumping Knights.
//!
//! * Coordinates (`../shared/rules/notation.md`): `e2e4`, `e7e8q`, castling `e1g1`; a jump is
//!   two legs, the approach to the victim and the continuation to the landing square:
//!   `b0c0,c0f0`, `d1d4,d4d8`, `c7d8,d8e9q`; en passant names the skipped square: `e5d6,d6c7`.
//! * Game records ([`move_san`]): the seed's long algebraic form with piece initials (N =
//!   Nightrider, W = War Machine, none for pawns): `g2-g3`, `Wb0xc0-f0`, `Qd1xd5-d7+`,
//!   `c7xd8-e9=Q`, `e5xd6-c7 e.p.`, `O-O`, `O-O-O`; `+` check, `#` checkmate.

use super::{JkKind, JkMoves, JumpingKnights};
use crate::moves::{Move, MoveKind};
use crate::rules::{one_move, MoveError, Rules};
use crate::types::{Geo10x10, Geometry, PieceKind};

fn promo_letter(m: Move) -> Option<char> {
    (m.promo() != 0).then(|| JkKind::ALL[usize::from(m.promo())].letter())
}

/// Coordinate notation of a move.
pub(super) fn move_text(m: Move) -> String {
    let mut s = Geo10x10::name(m.from());
    s.push_str(&Geo10x10::name(m.to()));
    if matches!(m.kind(), MoveKind::Jump | MoveKind::JumpEnPassant) {
        s.push(',');
        s.push_str(&Geo10x10::name(m.to()));
        s.push_str(&Geo10x10::name(m.aux()));
    }
    if let Some(c) = promo_letter(m) {
        s.push(c.to_ascii_lowercase());
    }
    s
}

/// Why a text naming no legal move is refused: a move that only Rule 4 forbids gets its own
/// explanation.
pub(super) fn unmatched(pos: &JumpingKnights, text: &str) -> Result<Move, MoveError> {
    if pos.moves_without_rule4().iter().any(|&m| move_text(m) == text) {
        return Err(MoveError::illegal(
            text,
            "Rule 4 (JK-5): a unit on an edge square can capture onto a central square, \
             so make such a capture or give check",
        ));
    }
    one_move::<Geo10x10>(text, &[])
}

/// The seed's algebraic form of a legal move (module docs).
pub(super) fn move_san(pos: &JumpingKnights, m: Move) -> String {
    let mut s = match m.kind() {
        MoveKind::Castle => {
            if Geo10x10::file(m.to()) == 7 {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        }
        kind => {
            let mut s = String::new();
            let piece = pos.board().kind_at(m.from()).expect("mover");
            if piece != JkKind::Pawn {
                s.push(piece.letter());
            }
            s.push_str(&Geo10x10::name(m.from()));
            if matches!(kind, MoveKind::Jump | MoveKind::JumpEnPassant) {
                s.push('x');
                s.push_str(&Geo10x10::name(m.to()));
                s.push('-');
                s.push_str(&Geo10x10::name(m.aux()));
            } else {
                s.push('-');
                s.push_str(&Geo10x10::name(m.to()));
            }
            if let Some(c) = promo_letter(m) {
                s.push('=');
                s.push(c);
            }
            if kind == MoveKind::JumpEnPassant {
                s.push_str(" e.p.");
            }
            s
        }
    };
    let next = pos.play(m);
    if next.is_check() {
        let mut replies = JkMoves::default();
        next.legal_moves(&mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    s
}
