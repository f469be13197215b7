//! The `magician` entry of the variant table.

use super::{Magician, START_FEN};
use crate::info::MoveForm::*;
use crate::info::{orthodox, Marks, PieceInfo, VariantInfo};

/// Chess with the Magician.
pub const INFO: VariantInfo = VariantInfo {
    marks: Marks {
        forms: &[Castle, EnPassant, Promotion, Switch, AutoPromotion],
        ..Marks::ORTHODOX
    },
    pieces: &[
        orthodox::KING,
        orthodox::QUEEN,
        orthodox::ROOK,
        PieceInfo {
            letter: 'B',
            name: "Bishop",
            moves: "Any distance along diagonals. Once per game a bishop that has moved may be \
                    switched for the Magician on its square (a whole move).",
        },
        orthodox::KNIGHT,
        PieceInfo {
            letter: 'P',
            name: "Pawn",
            moves: "As in chess; may also promote to the Magician while she is available. \
                    Reaching the own 6th rank promotes an unpromoted Magician.",
        },
        PieceInfo {
            letter: 'M',
            name: "Magician",
            moves: "Moves 1 or 2 squares diagonally (sliding). Captures on any adjacent square \
                    or exactly 2 squares away on a line, jumping. Promotes when a pawn of hers \
                    reaches the 6th rank, by the opponent's strongest piece.",
        },
        PieceInfo {
            letter: 'H',
            name: "High-Priestess",
            moves: "Moves 1 or 2 squares in any direction (sliding). Captures anywhere in the \
                    5x5 square around her.",
        },
        PieceInfo {
            letter: 'A',
            name: "Archbishop",
            moves: "Moves as a bishop or 1-2 squares orthogonally. Captures as a bishop or \
                    anywhere in the 5x5 square around her.",
        },
        PieceInfo {
            letter: 'C',
            name: "Chancellor",
            moves: "Moves as a rook or 1-2 squares diagonally. Captures as a rook or anywhere \
                    in the 5x5 square around her.",
        },
        PieceInfo {
            letter: 'Y',
            name: "Prime Minister",
            moves: "Moves as a queen. Captures as a queen, by knight leaps, or 2 squares away \
                    on a line, jumping.",
        },
    ],
    perft_bench: &[
        (START_FEN, 1),
        ("r1bqk2r/ppp2ppp/2n2n2/3pP3/1m6/2NM4/PPPP1PPP/R1BQK2R w KQkq d6 0 7 -", 0),
    ],
    search_bench: &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm",
        "r1bqk2r/pp3ppp/2n2n2/2bpP3/8/2PM1N2/PP3PPP/RNBQK2R w KQkq - 0 8 m",
    ],
    ..VariantInfo::of::<Magician>("magician", "Chess with the Magician", "magician.md")
};
