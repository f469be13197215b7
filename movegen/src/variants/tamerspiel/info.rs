//! The `tamerspiel` entry of the variant table.

use super::{TamerSpiel, START_FEN};
use crate::info::MoveForm::*;
use crate::info::{Marks, PieceInfo, SquareKind, SquareMark, VariantInfo};

const fn p(letter: char, name: &'static str, moves: &'static str) -> PieceInfo {
    PieceInfo { letter, name, moves }
}

/// TamerSpiel.
pub const INFO: VariantInfo = VariantInfo {
    marks: Marks {
        forms: &[Castle, Promotion, AutoPromotion, Swap],
        // The King and the Tetrarch it promotes to (tamerspiel.md §3).
        royals: &['K', 'T'],
        check_rule: true,
        // The citadels beside the holes.
        squares: &[SquareMark { kind: SquareKind::Citadel, ranks: false }],
    },
    pieces: &[
        p(
            'K',
            "King",
            "One step in any direction; castles. Once per game, while in check, it may swap \
             places with a friendly piece on an unattacked square. Becomes a Tetrarch in an \
             enemy citadel.",
        ),
        p('T', "Tetrarch", "Royal: one step in any direction, or a 2-square diagonal jump."),
        p('R', "Rook", "Any distance along ranks and files. Becomes a Marshall in an enemy citadel."),
        p('N', "Horse", "Knight leap. Becomes a Nobleman in an enemy citadel."),
        p(
            'B',
            "Bishop",
            "Any distance along diagonals. Becomes an Archbishop in an enemy citadel or corner \
             (b8/k8 for White, b1/k1 for Black).",
        ),
        p(
            'P',
            "Pawn",
            "One step forward, captures one step diagonally forward (no double step, no en \
             passant). Becomes a Dabbabah on the last rank; on the b- and k-files it may already \
             on the 7th.",
        ),
        p('D', "Dabbabah", "One step, or a jump of two squares, orthogonally."),
        p(
            'F',
            "Firzan",
            "One step diagonally, or one step straight backward. Becomes an Eagle in an enemy \
             citadel.",
        ),
        p('V', "Vizier", "One step orthogonally. Becomes a Lion in an enemy citadel."),
        p('G', "Guard", "One step in any direction (not royal). Becomes a Champion in an enemy citadel."),
        p('E', "Eagle", "One step in any direction, or a knight leap. Becomes a Queen in an enemy citadel."),
        p(
            'L',
            "Lion",
            "One step in any direction, or a jump of two squares straight or diagonally. \
             Becomes a Warlord in an enemy citadel.",
        ),
        p(
            'C',
            "Champion",
            "A knight leap, or a jump of two squares straight or diagonally. Becomes a Supercav \
             in an enemy citadel.",
        ),
        p(
            'O',
            "Nobleman",
            "Any square of the 5x5 area reachable by one king step, or two whose middle square \
             is empty.",
        ),
        p('A', "Archbishop", "Bishop or knight."),
        p('M', "Marshall", "Rook or knight."),
        p('Q', "Queen", "Any distance along ranks, files and diagonals."),
        p('W', "Warlord", "Queen or knight."),
        p(
            'S',
            "Supercav",
            "One step in any direction, or the Cavalier's bent slide: one diagonal step then \
             outward straight any distance, or straight then one diagonal step outward.",
        ),
    ],
    perft_bench: &[
        (START_FEN, 0),
        (
            "r4k5r/*pp2vf1ppp*/*2nbppe1n1*/*1g3lc1bg*/*1GB1P2CLG*/*2N2PE1N1*/*PPP1FV1PPP*/R5K4R w KQkq - 0 1 wb",
            -1,
        ),
    ],
    search_bench: &[START_FEN],
    ..VariantInfo::of::<TamerSpiel>("tamerspiel", "TamerSpiel", "tamerspiel.md")
};
