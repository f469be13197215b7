//! The `eightpiece` and `eightpiece-random` entries of the variant table.

use super::{setup, EightPiece, START_FEN};
use crate::info::{orthodox, PieceInfo, Setups, Shape, VariantInfo};
use crate::rules::Rules;
use crate::types::Geo8x8;

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

/// 8-Piece Chess.
pub const INFO: VariantInfo = VariantInfo {
    name: "eightpiece",
    title: "8-Piece Chess",
    xboard_name: "eightpiece",
    rules_file: "eightpiece.md",
    start_fen: Some(START_FEN),
    has_chance: <EightPiece as Rules>::HAS_CHANCE,
    shape: Shape::of::<Geo8x8>(),
    pieces: PIECES,
    setups: None,
    perft_bench: &[
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1 -", -1),
        ("j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9 -", 0),
    ],
    search_bench: &[
        "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1",
        "j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9",
    ],
};

/// Randomized 8-Piece Chess (rule book §10): the numbered setups.
pub const RANDOM_INFO: VariantInfo = VariantInfo {
    name: "eightpiece-random",
    title: "Randomized 8-Piece Chess",
    xboard_name: "eightpiece-random",
    rules_file: "eightpiece.md",
    start_fen: None,
    has_chance: <EightPiece as Rules>::HAS_CHANCE,
    shape: Shape::of::<Geo8x8>(),
    pieces: PIECES,
    setups: Some(Setups { count: setup_count, fen: setup_fen }),
    perft_bench: &[("nbrqsl(s)kj/pppppppp/8/8/8/8/PPPPPPPP/NBRQSL(n)KJ w HChc - 0 1 -", -1)],
    search_bench: &[],
};
