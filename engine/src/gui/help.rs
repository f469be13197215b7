//! The web board's "how to enter each move" panel: for every move form a variant has
//! (`movegen::info::MoveForm`, listed by each variant's entry in the variant table), the
//! clicks that enter it on the page (the paths of `super::entry`). The page shows the lines of
//! the variant on the board, from the variant table (`GET /api/variants`).

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

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::moves::{MoveKind, ACTION_MASK};
    use movegen::rules::Rules;
    use movegen::zobrist::splitmix64;
    use movegen::Move;
    use std::collections::HashSet;

    /// The forms of the legal move `m` among `legal`, judged from the move itself: its kind,
    /// and whether other legal actions are entered by the same squares (a chooser).
    fn forms_of<V: Rules>(m: Move, legal: &[Move]) -> Vec<MoveForm> {
        let mut out = Vec::new();
        match m.kind() {
            MoveKind::Castle => out.push(MoveForm::Castle),
            MoveKind::EnPassant => out.push(MoveForm::EnPassant),
            MoveKind::Push | MoveKind::Nudge => out.push(MoveForm::Push),
            MoveKind::Turn => out.push(MoveForm::Turn),
            MoveKind::Pass => out.push(MoveForm::Pass),
            MoveKind::Drop => out.push(MoveForm::Drop),
            MoveKind::Switch => out.push(MoveForm::Switch),
            MoveKind::Swap => out.push(MoveForm::Swap),
            MoveKind::Jump => out.push(MoveForm::Jump),
            MoveKind::JumpEnPassant => out.push(MoveForm::JumpEnPassant),
            MoveKind::Normal | MoveKind::DoublePush | MoveKind::TurnMove => {}
        }
        if V::HAS_CHANCE {
            out.push(MoveForm::Chance);
        }
        // The actions entered by the same squares (in a game of chance the outcomes of one
        // action are one entry).
        let action = |o: &Move| if V::HAS_CHANCE { o.0 & ACTION_MASK } else { o.0 };
        let squares = |o: &Move| {
            let aux = matches!(o.kind(), MoveKind::Jump | MoveKind::Push | MoveKind::Nudge);
            (o.kind(), o.from(), o.to(), aux.then(|| o.aux()))
        };
        let group: HashSet<u32> =
            legal.iter().filter(|o| squares(o) == squares(&m)).map(action).collect();
        let promotes = legal.iter().any(|o| squares(o) == squares(&m) && o.promo() != 0);
        if m.kind() == MoveKind::Drop {
            return out; // `promo` names the dropped piece; the hand's piece is clicked
        }
        match (group.len() > 1, promotes) {
            (true, true) => out.push(MoveForm::Promotion),
            (true, false) if m.kind() != MoveKind::Turn => out.push(MoveForm::Facing),
            (false, true) => out.push(MoveForm::AutoPromotion),
            _ => {}
        }
        out
    }

    /// The forms seen among the legal moves of random games from the variant's start,
    /// setups and bench positions.
    fn observed<V: Rules>(v: VariantId) -> HashSet<MoveForm> {
        let info = v.info();
        let mut starts: Vec<String> = info.start_fen.iter().map(ToString::to_string).collect();
        if let Some(s) = info.setups {
            starts.extend([0, 1, 2, 100, 500].iter().filter_map(|&n| (s.fen)(n)));
        }
        starts.extend(info.perft_bench.iter().map(|(f, _)| f.to_string()));
        starts.extend(info.search_bench.iter().map(ToString::to_string));
        let mut seen = HashSet::new();
        let mut rng = 7;
        for fen in &starts {
            let start = V::from_fen_as(v, fen).unwrap_or_else(|e| panic!("{v} {fen}: {e}"));
            for _ in 0..24 {
                let mut pos = start.clone();
                for _ in 0..160 {
                    let mut list = V::Moves::default();
                    pos.legal_moves(&mut list);
                    if list.is_empty() {
                        break;
                    }
                    for &m in list.iter() {
                        seen.extend(forms_of::<V>(m, &list));
                    }
                    rng = splitmix64(rng);
                    pos = pos.play(list[(rng % list.len() as u64) as usize]);
                }
            }
        }
        seen
    }

    #[test]
    fn every_variant_lists_the_move_forms_its_rules_have() {
        for v in VariantId::ALL {
            let declared: HashSet<MoveForm> = v.info().marks.forms.iter().copied().collect();
            let seen = movegen::with_variant!(v, V => observed::<V>(v)).unwrap();
            let undeclared: Vec<_> = seen.difference(&declared).collect();
            assert!(undeclared.is_empty(), "{v}: forms {undeclared:?} are legal but not listed");
            // A change of form by itself (the Magician's promotion) is a side effect, not a move
            // kind, and a forced single promotion is rare: every other listed form must occur.
            let unseen: Vec<_> =
                declared.difference(&seen).filter(|&&f| f != MoveForm::AutoPromotion).collect();
            assert!(unseen.is_empty(), "{v}: forms {unseen:?} are listed but never legal");
            let help = forms_json(v);
            assert_eq!(help.as_array().map(Vec::len), Some(declared.len()), "{v}");
        }
    }
}
