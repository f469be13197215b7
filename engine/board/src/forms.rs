//! The move forms of a position's actions (`movegen::info::MoveForm`): what the page must
//! explain about entering each action beyond "click the piece, then its target". A form comes
//! from the rules: the action's kind (castling, en passant, a push, a drop, ...), whether the
//! variant is a game of chance, and which other actions share its clicks (the page then offers
//! a chooser: a promotion piece, a lancer facing). Each variant lists the forms its rules have
//! (`movegen::info::Marks::forms`), and the help panel ([`crate::help`]) explains those; a test
//! checks the lists against these forms.

use movegen::info::MoveForm;
use movegen::moves::MoveKind;
use movegen::view::MoveInput;

/// The form of an action of kind `kind` by its kind alone, if it has one.
pub const fn kind_form(kind: MoveKind) -> Option<MoveForm> {
    match kind {
        MoveKind::Castle => Some(MoveForm::Castle),
        MoveKind::EnPassant => Some(MoveForm::EnPassant),
        MoveKind::Push | MoveKind::Nudge => Some(MoveForm::Push),
        MoveKind::Turn => Some(MoveForm::Turn),
        MoveKind::Pass => Some(MoveForm::Pass),
        MoveKind::Drop => Some(MoveForm::Drop),
        MoveKind::Switch => Some(MoveForm::Switch),
        MoveKind::Swap => Some(MoveForm::Swap),
        MoveKind::Jump => Some(MoveForm::Jump),
        MoveKind::JumpEnPassant => Some(MoveForm::JumpEnPassant),
        MoveKind::Normal | MoveKind::DoublePush | MoveKind::TurnMove => None,
    }
}

/// The forms of each action of a position, in the order of `actions` (one input per action;
/// `chance`: the variant is a game of chance): the form of its kind; [`MoveForm::Chance`] in a
/// game of chance; and, except for a drop (whose piece is clicked in the hand), by the actions
/// entered by the same clicks: several of them, one promoting, are a [`MoveForm::Promotion`]
/// chooser, several without a promotion a [`MoveForm::Facing`] chooser (a lancer's turn in
/// place is its own form), and a single promoting one an [`MoveForm::AutoPromotion`].
pub fn forms_of(actions: &[&MoveInput], chance: bool) -> Vec<Vec<MoveForm>> {
    actions
        .iter()
        .map(|a| {
            let mut out: Vec<MoveForm> = kind_form(a.kind).into_iter().collect();
            if chance {
                out.push(MoveForm::Chance);
            }
            if a.kind == MoveKind::Drop {
                return out;
            }
            let same: Vec<&&MoveInput> = actions
                .iter()
                .filter(|o| o.kind != MoveKind::Drop && o.clicks == a.clicks)
                .collect();
            let promotes = same.iter().any(|o| o.promotes);
            match (same.len() > 1, promotes) {
                (true, true) => out.push(MoveForm::Promotion),
                (true, false) if a.kind != MoveKind::Turn => out.push(MoveForm::Facing),
                (false, true) => out.push(MoveForm::AutoPromotion),
                _ => {}
            }
            out
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::moves::ACTION_MASK;
    use movegen::rules::{Rules, VariantId};
    use std::collections::HashSet;

    /// The forms of the actions of random games from the variant's start, setups and bench
    /// positions (the inputs straight from the rules: one per action).
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
                movegen::walk::random_walk(
                    &start,
                    160,
                    movegen::walk::splitmix(&mut rng),
                    |pos, list| {
                        let mut actions: Vec<u32> = Vec::new();
                        let mut inputs = Vec::new();
                        for &m in list.iter() {
                            let action = if V::HAS_CHANCE { m.0 & ACTION_MASK } else { m.0 };
                            if !actions.contains(&action) {
                                actions.push(action);
                                inputs.push(pos.move_input(m));
                            }
                        }
                        let refs: Vec<&MoveInput> = inputs.iter().collect();
                        seen.extend(forms_of(&refs, V::HAS_CHANCE).into_iter().flatten());
                    },
                );
            }
        }
        seen
    }

    #[test]
    fn every_variant_lists_the_move_forms_its_rules_have() {
        for v in VariantId::ALL {
            let declared: HashSet<MoveForm> = v.info().marks.forms.iter().copied().collect();
            let seen = movegen::with_variant!(v, V => observed::<V>(v));
            let undeclared: Vec<_> = seen.difference(&declared).collect();
            assert!(undeclared.is_empty(), "{v}: forms {undeclared:?} are legal but not listed");
            // A change of form by itself (the Magician's promotion) is a side effect, not a move
            // kind, and a forced single promotion is rare: every other listed form must occur.
            let unseen: Vec<_> =
                declared.difference(&seen).filter(|&&f| f != MoveForm::AutoPromotion).collect();
            assert!(unseen.is_empty(), "{v}: forms {unseen:?} are listed but never legal");
            let help = crate::help::forms_json(v);
            assert_eq!(help.as_array().map(Vec::len), Some(declared.len()), "{v}");
        }
    }

    fn input(kind: MoveKind, clicks: &[u8], promotes: bool) -> MoveInput {
        let clicks = clicks.iter().map(|&s| movegen::types::Square(s)).collect();
        MoveInput { kind, clicks, drop: None, partner: None, promotes }
    }

    #[test]
    fn choosers_by_the_actions_that_share_clicks() {
        let queen = input(MoveKind::Normal, &[52, 60], true);
        let knight = input(MoveKind::Normal, &[52, 60], true);
        let step = input(MoveKind::Normal, &[12, 20], false);
        let forced = input(MoveKind::Normal, &[50, 58], true);
        let facing_a = input(MoveKind::Normal, &[8, 16], false);
        let facing_b = input(MoveKind::Normal, &[8, 16], false);
        let turn_a = input(MoveKind::Turn, &[9, 9], false);
        let turn_b = input(MoveKind::Turn, &[9, 9], false);
        let drop = input(MoveKind::Drop, &[30], false);
        let all = [&queen, &knight, &step, &forced, &facing_a, &facing_b, &turn_a, &turn_b, &drop];
        let forms = forms_of(&all, false);
        assert_eq!(forms[0], [MoveForm::Promotion]);
        assert_eq!(forms[1], [MoveForm::Promotion]);
        assert_eq!(forms[2], []);
        assert_eq!(forms[3], [MoveForm::AutoPromotion]);
        assert_eq!(forms[4], [MoveForm::Facing]);
        assert_eq!(forms[6], [MoveForm::Turn]);
        assert_eq!(forms[8], [MoveForm::Drop]);
        let forms = forms_of(&all, true);
        assert_eq!(forms[2], [MoveForm::Chance]);
        assert_eq!(forms[8], [MoveForm::Drop, MoveForm::Chance]);
    }
}
