//! The legal actions a typed move text names (the page's *Move* field): its notation.md text or
//! its algebraic text as the move list shows it, checked in steps from the strictest, the first
//! step that names any action deciding:
//!
//! 1. the text of an action or of its algebraic form, letter for letter;
//! 2. the same without check, mate and annotation marks, castling written with zeros, and in a
//!    game of chance without the chance leg the die decides;
//! 3. the same without `=` and without regard to case (`e8Q`, `e8=q`, `E7E8Q` for `e8=Q`);
//! 4. a promotion without its piece (`e8`, `exd8`, `e7e8`): every promotion it names, for a
//!    chooser.
//!
//! The page plays the one action found, opens the chooser over several, and refuses a text that
//! names none, saying why when the text names a move that an obligation of the rules forbids
//! (Jumping Knights' Rule 4, [`crate::obligation`]).

use crate::entry::Entry;
use movegen::info::MoveForm;
use serde_json::{json, Value};
use session::GameApi;

/// The answer to a typed `text` in the current position of `game`: `{"actions": [...],
/// "refusal": ...}`, the legal actions it names and, when it names none, why, if the reason is
/// more than "not a legal move" (`null` otherwise).
pub fn typed_json(game: &dyn GameApi, text: &str) -> Value {
    let chance = game.variant().has_chance();
    let entries = crate::entries(game);
    let found = typed(&entries, text, chance);
    let actions: Vec<&str> = found.iter().map(|e| e.action.as_str()).collect();
    let refusal = if found.is_empty() {
        crate::obligation::obligation(game)
            .filter(|o| !typed(&o.forbidden, text, chance).is_empty())
            .map(|o| format!("`{}` is not allowed. {}", text.trim(), o.refusal))
    } else {
        None
    };
    json!({ "actions": actions, "refusal": refusal })
}

/// The entries of `entries` (a position's, [`crate::entries`]) that `text` names (`chance`: the
/// variant is a game of chance).
pub fn typed<'a>(entries: &'a [Entry], text: &str, chance: bool) -> Vec<&'a Entry> {
    let t = text.trim();
    if t.is_empty() {
        return Vec::new();
    }
    let (tk, tl) = (key(t, chance), loose(t, chance));
    let steps: [&dyn Fn(&Entry) -> bool; 4] = [
        &|e| e.action == t || e.san == t,
        &|e| tk == key(&e.san, chance) || tk == key(&e.action, false),
        &|e| tl == loose(&e.san, chance) || tl == loose(&e.action, false),
        &|e| {
            e.forms.contains(&MoveForm::Promotion)
                && (tl == loose(without_piece_san(&e.san), chance)
                    || tl == loose(without_suffix(e), false))
        },
    ];
    for step in steps {
        let found: Vec<&Entry> = entries.iter().filter(|e| step(e)).collect();
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

/// A move text without check, mate and annotation marks, castling with letters, and (`chance`)
/// without the chance leg the die decides.
fn key(text: &str, chance: bool) -> String {
    let mut t = text.split_whitespace().next().unwrap_or("");
    if chance {
        t = t.split(',').next().unwrap_or("");
    }
    t.trim_end_matches(['+', '#', '!', '?']).replace('0', "O")
}

/// [`key`] without `=` and in lower case.
fn loose(text: &str, chance: bool) -> String {
    key(text, chance).replace('=', "").to_ascii_lowercase()
}

/// An algebraic promotion's text up to its `=` (`exd8=N+` is `exd8`).
fn without_piece_san(san: &str) -> &str {
    san.rfind('=').map_or(san, |i| &san[..i])
}

/// An action's text without what follows its last clicked square (`e7e8q` is `e7e8`).
fn without_suffix(e: &Entry) -> &str {
    e.action.strip_suffix(e.suffix.as_str()).unwrap_or(&e.action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;
    use session::new_game;

    fn named(v: VariantId, fen: &str, text: &str) -> Vec<String> {
        let game = new_game(v, Some(fen)).expect("fen");
        let entries = crate::entries(game.as_ref());
        let mut found: Vec<String> =
            typed(&entries, text, v.has_chance()).iter().map(|e| e.action.clone()).collect();
        found.sort();
        found
    }

    /// White's e-pawn on e7 may push to e8 or take the black rook on d8, each promoting to four
    /// pieces: eight actions, four per target square.
    const PROMOTE: &str = "3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1";

    #[test]
    fn a_promotion_is_named_with_or_without_its_piece() {
        let push = ["e7e8b", "e7e8n", "e7e8q", "e7e8r"];
        for text in ["e8", "e7e8", " e8 ", "E7E8"] {
            assert_eq!(named(VariantId::Chess, PROMOTE, text), push, "{text}");
        }
        for text in ["e8=Q", "e8Q", "e8=q", "e8q", "e7e8q", "e7e8Q", "e8=Q+", "e8Q!"] {
            assert_eq!(named(VariantId::Chess, PROMOTE, text), ["e7e8q"], "{text}");
        }
        assert_eq!(named(VariantId::Chess, PROMOTE, "exd8"), ["e7d8b", "e7d8n", "e7d8q", "e7d8r"]);
        assert_eq!(named(VariantId::Chess, PROMOTE, "exd8=n"), ["e7d8n"]);
        for text in ["e9", "e8=K", "d8", "", "   ", "Ke8"] {
            assert!(named(VariantId::Chess, PROMOTE, text).is_empty(), "{text}");
        }
    }

    #[test]
    fn a_move_rule_4_forbids_is_refused_with_the_reason() {
        let fen = "10/5k4/10/10/10/R1p7/10/10/5K4/10 w - - 0 1";
        let game = new_game(VariantId::JumpingKnights, Some(fen)).unwrap();
        for text in ["e1e2", "Ke1-e2"] {
            let v = typed_json(&*game, text);
            assert_eq!(v["actions"], json!([]), "{text}");
            let why = v["refusal"].as_str().unwrap_or_default();
            assert!(why.contains("Rule 4") && why.contains("rook on z4"), "{text}: {v}");
        }
        assert_eq!(typed_json(&*game, "z4b4,b4c4")["actions"], json!(["z4b4,b4c4"]));
        assert!(typed_json(&*game, "e1e5")["refusal"].is_null(), "no such move at all");
    }

    #[test]
    fn plain_moves_castling_and_marks() {
        let start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(named(VariantId::Chess, start, "O-O"), ["e1g1"]);
        assert_eq!(named(VariantId::Chess, start, "0-0-0"), ["e1c1"]);
        assert_eq!(named(VariantId::Chess, start, "e1g1"), ["e1g1"]);
        assert_eq!(named(VariantId::Chess, start, "Rxa8+"), ["a1a8"]);
        assert_eq!(named(VariantId::Chess, start, "Rxa8"), ["a1a8"]);
    }
}
