//! What the page animates and counts beside the board: the slides of a move (which unit went
//! from which square to which, read from the move's effect, so the page animates without
//! knowing any move rule) and the material difference of a position (the units one side has
//! more of than the other, lichess style, hands included).

use movegen::info::VariantInfo;
use movegen::view::{BoardView, MoveEffect};
use serde_json::{json, Value};

/// One unit's slide in a move: it left `from` and stands on `to` after the move (as `token`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The square it left.
    pub from: String,
    /// The square it reached.
    pub to: String,
    /// Its token after the move.
    pub token: String,
}

/// The letter of a token without a facing (`L(ne)` is `L`).
fn letter(token: &str) -> &str {
    token.split('(').next().unwrap_or(token)
}

/// Whether a token is White's (upper case), Black's, or neutral (`X`, the PieceEater): `None`.
fn side(token: &str) -> Option<bool> {
    let c = token.chars().next()?;
    (c != 'X' && c.is_ascii_alphabetic()).then(|| c.is_ascii_uppercase())
}

/// A test of whether a unit that reached a square is the unit that left another one.
type Same = dyn Fn(&str, &str) -> bool;

/// The slides of a move with effect `e`: every unit that stands on a changed square after the
/// move is matched with a square it left: first one that held the same token (a plain move, a
/// castling partner, a pushed unit, the PieceEater's step), then the same piece with another
/// facing (a lancer that turned as it moved), then any unit of the same side (a promotion). A
/// unit that changed form on its own square (the Magician) does not slide; a dropped unit has
/// no square it left.
pub fn slides(e: &MoveEffect) -> Vec<Slide> {
    let left: Vec<(&str, &str)> = e
        .changes
        .iter()
        .filter(|c| c.before.is_some() && c.before != c.after)
        .map(|c| (c.name.as_str(), c.before.as_deref().unwrap_or_default()))
        .collect();
    let reached: Vec<(&str, &str)> = e
        .changes
        .iter()
        .filter(|c| c.after.is_some() && c.before != c.after)
        .map(|c| (c.name.as_str(), c.after.as_deref().unwrap_or_default()))
        .collect();
    let mut used = vec![false; left.len()];
    let mut found: Vec<Option<usize>> = vec![None; reached.len()];
    let tests: [&Same; 3] = [&|a, b| a == b, &|a, b| letter(a) == letter(b), &|a, b| {
        side(a).is_some() && side(a) == side(b)
    }];
    for same in tests {
        for (k, &(to, token)) in reached.iter().enumerate() {
            if found[k].is_some() {
                continue;
            }
            let pick = left
                .iter()
                .enumerate()
                .position(|(i, &(from, t))| !used[i] && from != to && same(t, token));
            if let Some(i) = pick {
                used[i] = true;
                found[k] = Some(i);
            }
        }
    }
    reached
        .iter()
        .zip(found)
        .filter_map(|(&(to, token), i)| {
            let (from, _) = left[i?];
            Some(Slide { from: from.to_string(), to: to.to_string(), token: token.to_string() })
        })
        .collect()
}

/// The slides as JSON: `[{from, to, token}]`.
pub fn slides_json(e: &MoveEffect) -> Value {
    Value::Array(
        slides(e).iter().map(|s| json!({"from": s.from, "to": s.to, "token": s.token})).collect(),
    )
}

/// The material difference of the position `v` of a variant with pieces `info`: for each side
/// the units it has more of than the other side (counted by piece letter, on the board and in
/// hand; the neutral PieceEater counts for neither), as its own tokens, in the order of the
/// variant's piece table: `{"w": ["Q", "P"], "b": ["n"]}`.
pub fn material(v: &BoardView, info: &VariantInfo) -> [Vec<String>; 2] {
    let mut count = std::collections::HashMap::<char, [i32; 2]>::new();
    let hands = v.hands.iter().flat_map(|[w, b]| w.chars().chain(b.chars()));
    let units = v.units().filter_map(|(_, t)| t.chars().next()).chain(hands);
    for c in units {
        if let Some(white) = side(&c.to_string()) {
            count.entry(c.to_ascii_uppercase()).or_default()[usize::from(!white)] += 1;
        }
    }
    let mut out = [Vec::new(), Vec::new()];
    for p in info.pieces {
        let [w, b] = count.get(&p.letter).copied().unwrap_or_default();
        for _ in b..w {
            out[0].push(p.letter.to_string());
        }
        for _ in w..b {
            out[1].push(p.letter.to_ascii_lowercase().to_string());
        }
    }
    out
}

/// [`material`] as JSON.
pub fn material_json(v: &BoardView, info: &VariantInfo) -> Value {
    let [w, b] = material(v, info);
    json!({"w": w, "b": b})
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;
    use session::{new_game, GameApi, MoveIn, Notation};

    fn played(v: VariantId, fen: Option<&str>, moves: &[&str]) -> Box<dyn GameApi> {
        let mut g = new_game(v, fen).unwrap();
        for m in moves {
            g.play(MoveIn::Text(m), Notation::Rules).unwrap();
        }
        g
    }

    fn last_slides(g: &dyn GameApi) -> Vec<(String, String, String)> {
        let e = g.played_effect(g.ply() - 1).unwrap();
        slides(&e).into_iter().map(|s| (s.from, s.to, s.token)).collect()
    }

    fn s(from: &str, to: &str, token: &str) -> (String, String, String) {
        (from.into(), to.into(), token.into())
    }

    #[test]
    fn slides_of_moves_captures_castling_promotion_and_drops() {
        let g = played(VariantId::Chess, None, &["e2e4", "d7d5", "e4d5"]);
        assert_eq!(last_slides(&*g), vec![s("e4", "d5", "P")], "a capture: one slide");
        let fen = "r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1";
        let g = played(VariantId::Chess, Some(fen), &["e1g1"]);
        assert_eq!(last_slides(&*g), vec![s("h1", "f1", "R"), s("e1", "g1", "K")]);
        let g = played(VariantId::Chess, Some(fen), &["b7a8n"]);
        assert_eq!(last_slides(&*g), vec![s("b7", "a8", "N")], "a promotion by capture");
        // A drop reaches its square from no square; the PieceEater's step is a slide of its own.
        let mut g =
            played(VariantId::PieceEater, Some("4k3/8/8/8/3X4/8/8/4K3[RNbp] w - - 0 1"), &[]);
        let drop = g.legal(Notation::Rules).into_iter().find(|m| m.input.drop.is_some()).unwrap();
        g.play(MoveIn::Text(&drop.text), Notation::Rules).unwrap();
        let to = g.view_at(0).unwrap().name(drop.input.clicks[0]).to_string();
        let all = last_slides(&*g);
        assert!(all.iter().all(|(_, at, t)| t == "X" || at != &to), "{all:?}");
        let e = g.played_effect(0).unwrap();
        let step = e.chance.as_ref().unwrap();
        let pe = all.iter().find(|(_, _, t)| t == "X");
        assert_eq!(pe.is_some(), step.from != step.to, "{all:?}");
    }

    #[test]
    fn a_sentry_push_slides_both_units_and_a_magician_form_change_does_not_slide() {
        let g = played(VariantId::EightPiece, None, &[]);
        // Every legal move's effect: a unit that reached a square slid from one it left, and
        // no slide starts and ends on one square.
        for m in g.legal(Notation::Rules) {
            for sl in slides(&m.effect) {
                assert_ne!(sl.from, sl.to);
                assert_eq!(m.effect.change(&sl.to).unwrap().after.as_deref(), Some(&*sl.token));
            }
        }
        let e = MoveEffect {
            changes: vec![
                change("c4", Some("M"), Some("C")),
                change("e5", Some("P"), None),
                change("e6", None, Some("P")),
            ],
            hands: None,
            chance: None,
        };
        assert_eq!(
            slides(&e).into_iter().map(|s| (s.from, s.to, s.token)).collect::<Vec<_>>(),
            vec![s("e5", "e6", "P")]
        );
        let push = MoveEffect {
            changes: vec![
                change("c5", Some("S"), None),
                change("e7", Some("l(s)"), Some("S")),
                change("f8", None, Some("l(e)")),
            ],
            hands: None,
            chance: None,
        };
        let got: Vec<_> = slides(&push).into_iter().map(|s| (s.from, s.to, s.token)).collect();
        assert_eq!(got, vec![s("c5", "e7", "S"), s("e7", "f8", "l(e)")]);
    }

    fn change(
        name: &str,
        before: Option<&str>,
        after: Option<&str>,
    ) -> movegen::view::SquareChange {
        movegen::view::SquareChange {
            square: movegen::types::Square(0),
            name: name.into(),
            before: before.map(str::to_string),
            after: after.map(str::to_string),
        }
    }

    #[test]
    fn material_difference_counts_the_board_and_the_hands() {
        let info = VariantId::Chess.info();
        let g = played(VariantId::Chess, None, &["e2e4", "d7d5", "e4d5", "d8d5"]);
        assert_eq!(material(&g.view(), info), [Vec::<String>::new(), vec![]]);
        let g = played(VariantId::Chess, None, &["e2e4", "d7d5", "e4d5", "g8f6"]);
        assert_eq!(material(&g.view(), info), [vec!["P".to_string()], vec![]]);
        let g = played(VariantId::Chess, Some("4k3/8/8/8/8/8/8/QR2K3 w - - 0 1"), &[]);
        assert_eq!(material(&g.view(), info), [vec!["Q".to_string(), "R".into()], vec![]]);
        // PieceEater: a drop moves a unit from the hand to the board (no change); the
        // PieceEater itself is nobody's.
        let pe = VariantId::PieceEater;
        let g = played(pe, None, &[]);
        assert_eq!(material(&g.view(), pe.info()), [Vec::<String>::new(), vec![]]);
        let g = played(pe, Some("4k3/8/8/8/3X4/8/8/4K3[RNbp] w - - 0 1"), &[]);
        assert_eq!(
            material(&g.view(), pe.info()),
            [vec!["R".to_string(), "N".into()], vec!["b".to_string(), "p".into()]]
        );
    }
}
