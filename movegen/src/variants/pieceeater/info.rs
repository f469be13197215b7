//! The `pieceeater` entry of the variant table.

use super::{PieceEater, START_FEN};
use crate::info::MoveForm::*;
use crate::info::{orthodox, Marks, PieceInfo, VariantInfo};

/// PieceEater Chess.
pub const INFO: VariantInfo = VariantInfo {
    marks: Marks {
        forms: &[Castle, EnPassant, Promotion, Drop, Chance],
        // No check rule (pieceeater.md §3): a king may stay attacked and be captured.
        check_rule: false,
        ..Marks::ORTHODOX
    },
    pieces: &[
        PieceInfo {
            letter: 'K',
            name: "King",
            moves: "One step in any direction; castles as in chess. There is no check rule: \
                    capturing the enemy king wins.",
        },
        orthodox::QUEEN,
        orthodox::ROOK,
        orthodox::BISHOP,
        orthodox::KNIGHT,
        PieceInfo {
            letter: 'P',
            name: "Pawn",
            moves: "As in chess; on the 7th rank it may promote to R, B or N, on the 8th it must \
                    promote. Pawns in hand are dropped on the own 2nd rank, R B N on the 1st.",
        },
        PieceInfo {
            letter: 'X',
            name: "PieceEater",
            moves: "Neutral. After every turn it steps to a neighbouring square (the board wraps \
                    around for it), eating whatever stands there: the unit just moved if it is \
                    next to it, else a random square. Never steps back at once, never onto or \
                    next to a king; blocks lines and cannot be captured.",
        },
    ],
    perft_bench: &[
        (START_FEN, -1),
        ("r3k2r/p1ppqpb1/bn1Xpnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[RBNPrbnp] w KQkq - 0 1 c5", -2),
    ],
    search_bench: &["rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[RBNPPPrbnppp] w KQkq - 0 1 -"],
    ..VariantInfo::of::<PieceEater>("pieceeater", "PieceEater Chess", "pieceeater.md")
};
