//! The `jumpingknights` entry of the variant table.

use super::{JumpingKnights, START_FEN};
use crate::info::MoveForm::*;
use crate::info::{EndTexts, Marks, PieceInfo, SquareKind, SquareMark, VariantInfo};

const fn p(letter: char, name: &'static str, moves: &'static str) -> PieceInfo {
    PieceInfo { letter, name, moves }
}

/// Jumping Knights Chess.
pub const INFO: VariantInfo = VariantInfo {
    marks: Marks {
        // A promotion may be forced to one piece: Rule 4 keeps only the checking ones.
        forms: &[Castle, Promotion, AutoPromotion, Jump, JumpEnPassant],
        // The edge ring.
        squares: &[SquareMark { kind: SquareKind::Edge, ranks: true }],
        ..Marks::ORTHODOX
    },
    ends: EndTexts { stalemate: "stalemate (Rule 2)", ..EndTexts::STANDARD },
    pieces: &[
        p(
            'K',
            "King",
            "One step in any direction; castles. Captures by jumping an adjacent enemy unit onto \
             the empty square beyond it.",
        ),
        p(
            'Q',
            "Queen",
            "Slides along ranks, files and diagonals. Captures by jumping the first enemy unit on \
             a line, landing on any empty square beyond it.",
        ),
        p('R', "Rook", "Slides along ranks and files; captures by jumping, like the queen."),
        p('B', "Bishop", "Slides along diagonals; captures by jumping, like the queen."),
        p(
            'N',
            "Nightrider",
            "Repeated knight leaps in one direction over empty leap points; captures by jumping \
             the first enemy unit on such a line, landing on a leap point beyond.",
        ),
        p(
            'W',
            "War Machine",
            "One step, or a jump of exactly three squares, orthogonally; captures by jumping: \
             reaches the victim by a step or 3-jump and continues the same way.",
        ),
        p(
            'P',
            "Pawn",
            "One step forward, two on its first move; captures by jumping an enemy unit \
             diagonally in front of it (also en passant); promotes on rank 8 or 9.",
        ),
    ],
    perft_bench: &[
        (START_FEN, 0),
        ("10/2r1qkbnr1/1npp6/3wpp1pp1/4NP4/3BP1P3/7Q2/1PPP2KP1b/1R1B3WR1/2w7 w k - 0 21", -1),
    ],
    search_bench: &[
        START_FEN,
        // After the seed's sample game 1.g2-g3 Ng8xd2-c0+ 2.Wb0xc0-f0 d7-d5 3.Bf1-g2 c7-c6.
        "2w4w2/1rnbqkb1r1/1pp2pppp1/3p6/4p5/10/7P2/1PPP1PPBP1/1RNBQK1NR1/6WW2 w KQkq - 0 4",
    ],
    ..VariantInfo::of::<JumpingKnights>(
        "jumpingknights",
        "Jumping Knights Chess",
        "jumpingknights.md",
    )
};
