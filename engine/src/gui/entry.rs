//! How a person enters each legal move on the board: the squares to click (or drag between) and,
//! where several moves share the same clicks, the choice that tells them apart (a promotion
//! piece, a lancer facing, a Magician switch). Derived from the move's notation.md text, so every
//! move form of every variant gets one: `e2e4` is e2 then e4; `c5e7,e7f8` (sentry push) is c5, e7,
//! f8; `N@b1` (drop) is the hand's knight then b1; `a5a5=e` (turn in place) is a5 twice;
//! `0000` (pass) has no clicks (a button). In a game of chance the player enters the action only.

use movegen::view::BoardView;
use session::api::LegalMove;

/// One way to enter a legal action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The action's text (notation.md; in a game of chance without the outcome's leg).
    pub action: String,
    /// Algebraic text of (one outcome of) the action.
    pub san: String,
    /// Squares to click, in order (`@N` stands for White's or Black's knight in hand).
    pub clicks: Vec<String>,
    /// A second click path (from the king to its rook for castling; from the piece to its
    /// landing square for a jump capture or a push), kept only where no other move uses it.
    pub alt: Option<Vec<String>>,
    /// The text after the squares (`q`, `=se`, `l=s`, `m`, `d`), if any.
    pub suffix: String,
    /// The token standing on the last clicked square after the move (for a chooser's picture).
    pub result: Option<String>,
    /// Squares whose contents the move changes (for highlighting), by name.
    pub changes: Vec<String>,
    /// Whether the move removes an enemy unit (for highlighting captures).
    pub capture: bool,
}

/// Splits `text` at its leading square name (file letter and one or two digits, the name must
/// exist in `view`).
fn square_prefix<'a>(view: &BoardView, text: &'a str) -> Option<(&'a str, &'a str)> {
    let b = text.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return None;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    (1..=digits.min(2)).rev().find_map(|n| {
        let name = &text[..1 + n];
        view.names.iter().any(|x| x == name).then(|| (name, &text[1 + n..]))
    })
}

/// The clicks and suffix of an action text.
fn clicks_of(view: &BoardView, action: &str) -> (Vec<String>, String) {
    if action == "0000" {
        return (Vec::new(), String::new());
    }
    if let Some((piece, sq)) = action.split_once('@') {
        return (vec![format!("@{}", piece.to_ascii_uppercase()), sq.to_string()], String::new());
    }
    let mut clicks: Vec<String> = Vec::new();
    let mut suffix = String::new();
    for leg in action.split(',') {
        let mut rest = leg;
        while let Some((sq, tail)) = square_prefix(view, rest) {
            if clicks.last().map(String::as_str) != Some(sq) {
                clicks.push(sq.to_string());
            }
            rest = tail;
        }
        if !rest.is_empty() {
            suffix = rest.to_string();
        }
    }
    (clicks, suffix)
}

/// The entries of a position's legal moves (one per action: the outcomes of a game of
/// chance are rolled by the die, not chosen).
pub fn entries(view: &BoardView, legal: &[LegalMove]) -> Vec<Entry> {
    let mover_is_white = view.turn == movegen::types::Color::White;
    let own = |t: &str| t.starts_with(|c: char| c.is_ascii_uppercase()) == mover_is_white;
    let mut out: Vec<Entry> = Vec::new();
    for m in legal {
        if out.iter().any(|e| e.action == m.action) {
            continue;
        }
        let (clicks, suffix) = clicks_of(view, &m.action);
        // A turn in place or a switch (`a5a5=e`, `c4c4m`) is one square clicked twice.
        let clicks =
            if clicks.len() == 1 { vec![clicks[0].clone(), clicks[0].clone()] } else { clicks };
        let chance_sq = view.chance_piece.map(|s| view.name(s).to_string());
        let changes: Vec<&movegen::view::SquareChange> = m
            .effect
            .changes
            .iter()
            .filter(|c| c.before.as_deref() != Some("X") && c.after.as_deref() != Some("X"))
            .collect();
        let result = clicks.last().and_then(|l| {
            m.effect
                .change(l)
                .and_then(|c| c.after.clone())
                .or_else(|| view.token_at(l).map(str::to_string))
        });
        let capture =
            changes.iter().any(|c| c.before.as_deref().is_some_and(|t| !own(t) && t != "X"));
        let alt = match clicks.as_slice() {
            [first, .., last] if clicks.len() > 2 => Some(vec![first.clone(), last.clone()]),
            [king, _] if m.effect.changes.len() == 4 && !capture => {
                // Castling: the partner's square (a square of the mover's that empties and is
                // neither the king's start nor a click).
                changes
                    .iter()
                    .find(|c| {
                        c.after.is_none()
                            && c.before.as_deref().is_some_and(own)
                            && c.name != *king
                            && !clicks.contains(&c.name)
                    })
                    .map(|c| vec![king.clone(), c.name.clone()])
            }
            _ => None,
        };
        out.push(Entry {
            action: m.action.clone(),
            san: m.pgn.clone(),
            clicks,
            alt,
            suffix,
            result,
            changes: changes
                .iter()
                .map(|c| c.name.clone())
                .filter(|n| Some(n) != chance_sq.as_ref())
                .collect(),
            capture,
        });
    }
    // An alternative path is kept only if it is no other move's path.
    let primaries: Vec<Vec<String>> = out.iter().map(|e| e.clicks.clone()).collect();
    for e in &mut out {
        if let Some(a) = &e.alt {
            if primaries.iter().any(|p| p == a) {
                e.alt = None;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;
    use session::new_game;

    fn entries_of(v: VariantId, fen: &str) -> Vec<Entry> {
        let g = new_game(v, Some(fen)).unwrap();
        entries(&g.view(), &g.legal(session::Notation::Rules))
    }

    fn find<'a>(es: &'a [Entry], action: &str) -> &'a Entry {
        es.iter().find(|e| e.action == action).unwrap_or_else(|| panic!("{action} not in {es:?}"))
    }

    #[test]
    fn click_paths_of_special_moves() {
        // Castling: king to its square; the rook's square as a second path.
        let es = entries_of(VariantId::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let e = find(&es, "e1g1");
        assert_eq!(e.clicks, ["e1", "g1"]);
        assert_eq!(e.alt.as_deref(), Some(&["e1".to_string(), "h1".to_string()][..]));
        // Sentry push: sentry, victim, destination; the landing square as a shortcut.
        let es = entries_of(VariantId::EightPiece, "7k/4b3/8/2S5/8/8/8/4K3 w - - 0 1 -");
        let e = find(&es, "c5e7,e7f8");
        assert_eq!(e.clicks, ["c5", "e7", "f8"]);
        assert_eq!(e.result.as_deref(), Some("b"));
        // Turn in place: the lancer twice, the facing as the choice.
        let es = entries_of(VariantId::EightPiece, "4k3/8/8/L(w)7/8/8/8/4K3 w - - 0 1 -");
        let e = find(&es, "a5a5=e");
        assert_eq!((e.clicks.clone(), e.suffix.as_str()), (vec!["a5".into(), "a5".into()], "=e"));
        assert_eq!(e.result.as_deref(), Some("L(e)"));
        // Drop, PieceEater: the hand's piece, then the square; the action only.
        let es = entries_of(VariantId::PieceEater, "4k3/8/8/8/3X4/8/8/4K3[N] w - - 0 1 -");
        let e = find(&es, "N@b1");
        assert_eq!(e.clicks, ["@N", "b1"]);
        assert_eq!(es.iter().filter(|e| e.action == "N@b1").count(), 1, "one entry per action");
        // Jump capture in Jumping Knights (10x10 names).
        let es =
            entries_of(VariantId::JumpingKnights, "10/5k4/10/10/10/4p5/10/10/4QK4/10 w - - 0 1");
        let e = find(&es, "d1d4,d4d8");
        assert_eq!(e.clicks, ["d1", "d4", "d8"]);
        assert!(e.capture);
        // Magician switch.
        let es = entries_of(VariantId::Magician, "4k3/8/8/8/2B5/8/8/4K3 w - - 0 1 M");
        assert_eq!(find(&es, "c4c4m").clicks, ["c4", "c4"]);
        // Pass.
        let es = entries_of(VariantId::EightPiece, "4k3/8/8/8/8/8/8/3jK3 w - - 0 1 -");
        assert!(find(&es, "0000").clicks.is_empty());
    }
}
