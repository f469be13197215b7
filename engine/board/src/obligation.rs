//! What the rules oblige the side to move to play, told in words: in Jumping Knights, Rule 4
//! (`../shared/rules/jumpingknights.md`, ruling JK-5: a unit on an edge square that can capture
//! onto a central square makes such a capture, or a move that gives check, compulsory). The
//! rules filter the legal moves (`movegen`); this module says so for the status line, and
//! lists the moves the obligation alone forbids, with their click paths, so that the page can
//! say why a click or a typed move that names one of them is refused.

use crate::entry::{entries_of, Entry};
use movegen::rules::Rules;
use movegen::types::Color;
use movegen::variants::jumpingknights::JumpingKnights;
use movegen::Move;
use serde_json::{json, Value};
use session::api::{captures, LegalMove};
use session::{GameApi, GameBox};

/// An obligation in force in the current position.
#[derive(Clone, Debug)]
pub struct Obligation {
    /// The rule, as the rule book names it (`Rule 4 (JK-5)`).
    pub rule: &'static str,
    /// One sentence for the status line (without its full stop): who must do what, and why.
    pub text: String,
    /// Why a move the obligation forbids is refused (a sentence).
    pub refusal: String,
    /// The moves the obligation alone forbids (legal but for it), one entry per action.
    pub forbidden: Vec<Entry>,
}

/// The obligation the side to move of `g` is under, if any.
pub fn obligation(g: &dyn GameApi) -> Option<Obligation> {
    let jk = g.as_any().downcast_ref::<GameBox<JumpingKnights>>()?;
    let pos = jk.game().current();
    if !pos.rule4_applies() {
        return None;
    }
    let mut legal = <JumpingKnights as Rules>::Moves::default();
    pos.legal_moves(&mut legal);
    let view = g.view();
    let mut units: Vec<String> = Vec::new();
    for m in legal.iter().filter(|&&m| JumpingKnights::is_rule4_capture(m)) {
        let name = view.name(m.from()).to_string();
        let letter = view.token_at(&name).and_then(|t| t.chars().next()).unwrap_or('?');
        let piece = g.variant().info().piece(letter).map_or("unit", |p| p.name);
        let unit = format!("the {} on {name}", piece.to_lowercase());
        if !units.contains(&unit) {
            units.push(unit);
        }
    }
    let who = match units.as_slice() {
        [one] => format!("{one} can"),
        [init @ .., last] => format!("{} and {last} can each", init.join(", ")),
        [] => "a unit on an edge square can".into(),
    };
    let side = if pos.turn() == Color::White { "White" } else { "Black" };
    let rule = "Rule 4 (JK-5)";
    let forbidden: Vec<LegalMove> = pos
        .moves_without_rule4()
        .iter()
        .filter(|m| !legal.contains(m))
        .map(|&m| described(pos, m))
        .collect();
    Some(Obligation {
        rule,
        text: format!(
            "{side} must capture (Rule 4, JK-5): {who} capture onto a central square, so only \
             such a capture or a move that gives check may be played"
        ),
        refusal: format!(
            "A capture is compulsory (Rule 4, JK-5): {who} capture onto a central square; make \
             such a capture or give check."
        ),
        forbidden: entries_of(&view, &forbidden, false),
    })
}

/// The move `m` of `pos` (legal but for Rule 4) described as a legal move is.
fn described(pos: &JumpingKnights, m: Move) -> LegalMove {
    let effect = pos.move_effect(m);
    LegalMove {
        text: pos.move_text(m),
        san: pos.move_san(m),
        pgn: pos.pgn_san(m),
        action: pos.action_text(m),
        capture: captures(&effect, pos.turn()),
        effect,
        input: pos.move_input(m),
    }
}

/// The state's `obligation`: `{rule, text, refusal, forbidden: [{action, san, clicks, alt}]}`.
pub fn obligation_json(o: &Obligation) -> Value {
    json!({
        "rule": o.rule,
        "text": o.text,
        "refusal": o.refusal,
        "forbidden": o.forbidden.iter().map(|e| json!({
            "action": e.action, "san": e.san, "clicks": e.clicks, "alt": e.alt,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;
    use session::new_game;

    /// White's rook on the edge square z4 can jump the black pawn on b4 and land on c4: Rule 4
    /// binds, and White's quiet moves (the king's steps, the rook's slides) are forbidden.
    const BOUND: &str = "10/5k4/10/10/10/R1p7/10/10/5K4/10 w - - 0 1";

    #[test]
    fn rule_4_is_told_and_its_forbidden_moves_listed() {
        let g = new_game(VariantId::JumpingKnights, Some(BOUND)).unwrap();
        let o = obligation(&*g).expect("Rule 4 binds");
        assert!(o.text.starts_with("White must capture (Rule 4, JK-5): the rook on z4"), "{o:?}");
        assert!(o.refusal.starts_with("A capture is compulsory"), "{o:?}");
        let legal: Vec<String> = crate::entries(&*g).into_iter().map(|e| e.action).collect();
        assert!(legal.iter().all(|a| a.starts_with("z4") || a.contains(',')), "{legal:?}");
        let king = o.forbidden.iter().find(|e| e.action == "e1e2").expect("the king's step");
        assert_eq!(king.clicks, ["e1", "e2"]);
        assert!(o.forbidden.iter().all(|e| !legal.contains(&e.action)));
        let v = obligation_json(&o);
        assert_eq!(v["rule"].as_str(), Some("Rule 4 (JK-5)"));
        // No obligation: the start position, another variant.
        assert!(obligation(&*new_game(VariantId::JumpingKnights, None).unwrap()).is_none());
        assert!(obligation(&*new_game(VariantId::Chess, None).unwrap()).is_none());
    }
}
