//! The web board's "how to enter each move" panel: for every move form a variant has
//! (`movegen::info::MoveForm`, listed by each variant's entry in the variant table), the clicks
//! that enter it on the page (the paths of [`crate::entry`]). The page shows the lines of the
//! variant on the board, from the variant table ([`crate::table`]).

use movegen::info::MoveForm;
use movegen::rules::VariantId;
use serde_json::{json, Value};

/// How to enter moves of form `f` on the page.
pub const fn help(f: MoveForm) -> &'static str {
    match f {
        MoveForm::Castle => {
            "Castling: move the king to its castling square, or click the king and then its \
             castling partner."
        }
        MoveForm::EnPassant => {
            "En passant: move the pawn diagonally onto the square the enemy pawn skipped."
        }
        MoveForm::Promotion => {
            "Promotion: move the pawn to its promotion square, then pick in the chooser what it \
             becomes (where promoting is optional, staying a pawn is one of the choices)."
        }
        MoveForm::AutoPromotion => {
            "A promotion with only one legal choice, and a change of form the rules make by \
             themselves, happen without a chooser; the line under the board names every change."
        }
        MoveForm::Facing => {
            "Lancer: click the lancer and its destination, then pick its facing in the chooser."
        }
        MoveForm::Turn => {
            "Lancer turn in place (re-orient, or turn only): click the lancer twice, then pick \
             the facing."
        }
        MoveForm::Push => {
            "Sentry push: click the sentry, the enemy unit it pushes, then that unit's \
             destination (or drag the sentry to the destination)."
        }
        MoveForm::Pass => "Pass (only while your king is held): the Pass button.",
        MoveForm::Drop => "Drop: click the piece in your hand, then the empty square.",
        MoveForm::Switch => "Magician switch: click the bishop twice.",
        MoveForm::Swap => {
            "King swap (only in check): click the king, then the friendly piece to exchange it \
             with."
        }
        MoveForm::Jump => {
            "Jump capture: click the piece, the unit it jumps over, then the landing square; or \
             drag the piece to the landing square."
        }
        MoveForm::JumpEnPassant => {
            "En passant by jumping: click the pawn, the skipped square, then the landing square."
        }
        MoveForm::Chance => {
            "You enter only your own move; then the die moves the PieceEater (the line under the \
             board says which outcome of how many)."
        }
    }
}

/// The help lines of variant `v`: `[{form, text}]`, in the variant's order.
pub fn forms_json(v: VariantId) -> Value {
    v.info().marks.forms.iter().map(|&f| json!({"form": f.key(), "text": help(f)})).collect()
}
