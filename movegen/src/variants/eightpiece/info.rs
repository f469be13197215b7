//! The `eightpiece` and `eightpiece-random` entries of the variant table.

use super::{setup, EightPiece};
use crate::info::MoveForm::*;
use crate::info::{orthodox, EndTexts, Marks, PieceInfo, Setups, VariantId, VariantInfo};

const PIECES: &[PieceInfo] = &[
    PieceInfo {
        letter: 'K',
        name: "King",
        moves: "One step in any direction; castles with the rook or the jailer. A king held by \
                an enemy jailer cannot move but may pass.",
    },
    orthodox::QUEEN,
    orthodox::ROOK,
    orthodox::BISHOP,
    orthodox::KNIGHT,
    PieceInfo {
        letter: 'P',
        name: "Pawn",
        moves: "One step forward, or two from its own 1st or 2nd rank; captures one step \
                diagonally forward, also en passant; promotes to Q, R, B, N, J, L or S.",
    },
    PieceInfo {
        letter: 'J',
        name: "Jailer",
        moves: "Slides like a rook to empty squares and never captures. Enemy units on the four \
                squares beside it (orthogonally) are held: they cannot move or capture.",
    },
    PieceInfo {
        letter: 'L',
        name: "Lancer",
        moves: "Moves only straight ahead in its facing (the arrow), any distance, passing over \
                friendly units; stops on an empty square or captures the first enemy unit. \
                After moving it may take a new facing.",
    },
    PieceInfo {
        letter: 'S',
        name: "Sentry",
        moves: "Slides like a bishop to empty squares and never captures. Push: it moves onto \
                the first enemy unit on a diagonal and moves that unit away by the unit's own \
                movement (a pushed lancer may instead be nudged one step).",
    },
];

fn setup_count() -> usize {
    setup::count()
}

fn setup_fen(n: usize) -> Option<String> {
    setup::fen(n)
}

/// Pushes, lancer facings and turns, the pass.
const MARKS: Marks =
    Marks { forms: &[Castle, EnPassant, Promotion, Facing, Turn, Push, Pass], ..Marks::ORTHODOX };

/// The rule book's automatic draw (§9).
const ENDS: EndTexts = EndTexts { fifty_moves: "the automatic 50-move draw", ..EndTexts::STANDARD };

/// 8-Piece Chess.
pub const INFO: VariantInfo = VariantInfo {
    pieces: PIECES,
    chess960: Some(VariantId::EightPieceRandom),
    marks: MARKS,
    ends: ENDS,
    perft_bench: &[
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1 -", -1),
        ("j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9 -", 0),
    ],
    search_bench: &[
        "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1",
        "j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9",
    ],
    ..VariantInfo::of::<EightPiece>("eightpiece", "8-Piece Chess", "eightpiece.md")
};

/// Randomized 8-Piece Chess (rule book §10): the numbered setups.
pub const RANDOM_INFO: VariantInfo = VariantInfo {
    start_fen: None,
    pieces: PIECES,
    setups: Some(Setups { count: setup_count, fen: setup_fen }),
    chess960: Some(VariantId::EightPieceRandom),
    perft_bench: &[("nbrqsl(s)kj/pppppppp/8/8/8/8/PPPPPPPP/NBRQSL(n)KJ w HChc - 0 1 -", -1)],
    marks: MARKS,
    ends: ENDS,
    ..VariantInfo::of::<EightPiece>(
        "eightpiece-random",
        "Randomized 8-Piece Chess",
        "eightpiece.md",
    )
};
