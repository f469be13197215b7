//! Legal move generation for orthodox chess: the shared FIDE generator
//! ([`crate::variants::orthodox::generate`]) with chess's army and no additions. It lists moves
//! or only counts them, through the [`crate::variants::orthodox::Sink`] it writes to.

use super::{Chess, ChessKind};
use crate::types::Color;
use crate::variants::orthodox::{Army, OrthoPosition};

/// Promotion choices in listing order (the codes are `ChessKind` indices).
pub(super) const PROMOS: [u8; 4] = [
    ChessKind::Queen as u8,
    ChessKind::Rook as u8,
    ChessKind::Bishop as u8,
    ChessKind::Knight as u8,
];

impl OrthoPosition<6> for Chess {
    #[inline(always)]
    fn army(&self, c: Color) -> Army {
        let b = self.board();
        let mine = b.color(c);
        let queens = b.kind(ChessKind::Queen);
        Army {
            pawns: b.kind(ChessKind::Pawn) & mine,
            knights: b.kind(ChessKind::Knight) & mine,
            diagonal: (b.kind(ChessKind::Bishop) | queens) & mine,
            straight: (b.kind(ChessKind::Rook) | queens) & mine,
            king: self.king(c),
        }
    }

    #[inline(always)]
    fn promotions(&self) -> &'static [u8] {
        &PROMOS
    }
}
