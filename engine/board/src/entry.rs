//! How a person enters each legal action on the board: the squares to click (or drag between)
//! and, where several actions share the same clicks, the choice that tells them apart (a
//! promotion piece, a lancer facing). The squares come from the rules (`Rules::move_input`,
//! carried by each `session::api::LegalMove`): `e2e4` is e2 then e4; a sentry push `c5e7,e7f8`
//! is c5, e7, f8; a drop `N@b1` is the hand's knight then b1; a turn in place `a5a5=e` and a
//! Magician switch `c4c4m` are the square twice; the pass `0000` has no clicks (a button). In a
//! game of chance the player enters the action only; the die rolls its outcome.

use crate::forms::forms_of;
use movegen::info::MoveForm;
use movegen::types::{Color, Square};
use movegen::view::{BoardView, MoveInput, SquareChange};
use session::api::LegalMove;
use session::{GameApi, Notation};

/// One way to enter a legal action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The action's text (notation.md; in a game of chance without the outcome's leg).
    pub action: String,
    /// Algebraic text of (one outcome of) the action, without a note ([`crate::san`]).
    pub san: String,
    /// The note the variant's algebraic notation writes after the move (the Magician's new
    /// form, `M = H`), if any.
    pub note: Option<String>,
    /// Squares to click, in order (`@N` stands for White's or Black's knight in hand).
    pub clicks: Vec<String>,
    /// A second click path (from the king to its castling partner; from the piece to its
    /// landing square for a jump capture or a push), kept only where no other action uses it.
    pub alt: Option<Vec<String>>,
    /// The action's text after its last clicked square (`q`, `=se`, `l=s`, `m`, `d`), if any.
    pub suffix: String,
    /// The token standing on the last clicked square after the move (for a chooser's picture;
    /// in a game of chance, after the action's first outcome).
    pub result: Option<String>,
    /// Squares whose contents the player's action changes (for highlighting), by name; the
    /// chance piece's step is not among them.
    pub changes: Vec<String>,
    /// Whether the action changes an enemy unit's square (a capture, a push: highlighted).
    pub capture: bool,
    /// The move forms the page explains for this action ([`crate::forms`]).
    pub forms: Vec<MoveForm>,
}

/// The entries of the current position of `game` (one per action).
pub fn entries(game: &dyn GameApi) -> Vec<Entry> {
    entries_of(&game.view(), &game.legal(Notation::Rules), game.variant().has_chance())
}

/// The entries of a position's legal moves, `view` being the position (one per action: the
/// outcomes of a game of chance are rolled by the die, not chosen; `chance`: the variant is a
/// game of chance).
pub fn entries_of(view: &BoardView, legal: &[LegalMove], chance: bool) -> Vec<Entry> {
    let mut actions: Vec<&LegalMove> = Vec::new();
    for m in legal {
        if !actions.iter().any(|a| a.action == m.action) {
            actions.push(m);
        }
    }
    let inputs: Vec<&MoveInput> = actions.iter().map(|m| &m.input).collect();
    let forms = forms_of(&inputs, chance);
    let mut out: Vec<Entry> =
        actions.iter().zip(forms).map(|(m, forms)| entry(view, m, forms)).collect();
    // A second path is kept only if it is no action's first path.
    let primaries: Vec<Vec<String>> = out.iter().map(|e| e.clicks.clone()).collect();
    for e in &mut out {
        if e.alt.as_ref().is_some_and(|a| primaries.contains(a)) {
            e.alt = None;
        }
    }
    out
}

/// Whether `token` is a unit of `side` (FEN tokens: White's upper case).
fn belongs(token: &str, side: Color) -> bool {
    token.starts_with(|c: char| c.is_ascii_uppercase()) == (side == Color::White)
}

/// The entry of the legal move `m` (the first outcome of its action) of the position `view`.
fn entry(view: &BoardView, m: &LegalMove, forms: Vec<MoveForm>) -> Entry {
    let input = &m.input;
    let name = |sq: Square| view.name(sq).to_string();
    let mut clicks: Vec<String> = input.clicks.iter().map(|&s| name(s)).collect();
    if let Some(letter) = input.drop {
        clicks.insert(0, format!("@{}", letter.to_ascii_uppercase()));
    }
    // The squares of the chance piece's step are the die's, not the player's.
    let rolled: Vec<Square> = m.effect.chance.iter().flat_map(|c| [c.from, c.to]).collect();
    let changes: Vec<&SquareChange> =
        m.effect.changes.iter().filter(|c| !rolled.contains(&c.square)).collect();
    let capture =
        changes.iter().any(|c| c.before.as_deref().is_some_and(|t| !belongs(t, view.turn)));
    let last = input.clicks.last().map(|&s| view.name(s));
    let result = last.and_then(|l| {
        m.effect
            .change(l)
            .and_then(|c| c.after.clone())
            .or_else(|| view.token_at(l).map(str::to_string))
    });
    let suffix = match (input.drop, last) {
        (None, Some(l)) => m.action.rfind(l).map_or("", |i| &m.action[i + l.len()..]),
        _ => "",
    };
    let alt = match (clicks.as_slice(), input.partner) {
        ([first, .., last], _) if clicks.len() > 2 => Some(vec![first.clone(), last.clone()]),
        // Castling: the king, then its partner (unless the partner is a click already, where
        // the notation names the partner's square).
        ([king, _], Some(partner)) => {
            let partner = name(partner);
            (!clicks.contains(&partner)).then(|| vec![king.clone(), partner])
        }
        _ => None,
    };
    let (san, note) = crate::san::split_note(&m.pgn);
    Entry {
        action: m.action.clone(),
        san,
        note,
        alt,
        suffix: suffix.to_string(),
        result,
        changes: changes.iter().map(|c| c.name.clone()).collect(),
        capture,
        forms,
        clicks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;
    use session::new_game;

    fn entries_at(v: VariantId, fen: &str) -> Vec<Entry> {
        entries(&*new_game(v, Some(fen)).unwrap_or_else(|e| panic!("{v} {fen}: {e}")))
    }

    fn find<'a>(es: &'a [Entry], action: &str) -> &'a Entry {
        es.iter().find(|e| e.action == action).unwrap_or_else(|| panic!("{action} not in {es:?}"))
    }

    fn path(names: &[&str]) -> Vec<String> {
        names.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn castling_is_the_kings_move_or_the_king_then_its_partner() {
        let es = entries_at(VariantId::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let e = find(&es, "e1g1");
        assert_eq!(
            (e.clicks.clone(), e.alt.clone()),
            (path(&["e1", "g1"]), Some(path(&["e1", "h1"])))
        );
        assert_eq!(e.forms, [MoveForm::Castle]);
        assert_eq!(find(&es, "e1c1").alt, Some(path(&["e1", "a1"])));
        // Not castling: a rook's move, a king's step.
        assert_eq!(find(&es, "h1h2").alt, None);
        assert_eq!(find(&es, "e1f1").forms, []);
        // PieceEater: the die's step does not hide the partner's path (its squares are left
        // out of the changes, whichever way the PE goes).
        let es = entries_at(VariantId::PieceEater, "r3k2r/8/8/8/3X4/8/8/R3K2R[] w KQkq - 0 1 -");
        let e = find(&es, "e1g1");
        assert_eq!(e.alt, Some(path(&["e1", "h1"])));
        assert_eq!(e.forms, [MoveForm::Castle, MoveForm::Chance]);
        assert_eq!(e.changes, ["e1", "f1", "g1", "h1"]);
        // Chess960 mode (8-Piece numbered setups): the text names the king and its partner,
        // which are the clicks; no second path.
        let es =
            entries_at(VariantId::EightPieceRandom, "rqs2kjb/8/8/8/8/8/8/RQS2KJB w GAga - 0 1 -");
        let castles: Vec<&Entry> =
            es.iter().filter(|e| e.forms.contains(&MoveForm::Castle)).collect();
        assert!(!castles.is_empty(), "{es:?}");
        for e in castles {
            let partner = e.clicks[1].as_str();
            assert!(["a1", "g1"].contains(&partner), "{e:?}");
            assert_eq!((e.clicks[0].as_str(), e.alt.as_ref()), ("f1", None), "{e:?}");
        }
    }

    #[test]
    fn click_paths_of_special_moves() {
        // Sentry push: sentry, victim, destination; the landing square as a second path.
        let es = entries_at(VariantId::EightPiece, "7k/4b3/8/2S5/8/8/8/4K3 w - - 0 1 -");
        let e = find(&es, "c5e7,e7f8");
        let (clicks, alt) = (path(&["c5", "e7", "f8"]), Some(path(&["c5", "f8"])));
        assert_eq!((e.clicks.clone(), e.alt.clone()), (clicks, alt));
        assert_eq!(e.result.as_deref(), Some("b"));
        assert!(e.capture, "a pushed enemy unit is highlighted");
        assert!(e.forms.contains(&MoveForm::Push));
        // Turn in place: the lancer twice, the facing as the choice.
        let es = entries_at(VariantId::EightPiece, "4k3/8/8/L(w)7/8/8/8/4K3 w - - 0 1 -");
        let e = find(&es, "a5a5=e");
        assert_eq!((e.clicks.clone(), e.suffix.as_str()), (path(&["a5", "a5"]), "=e"));
        assert_eq!(e.result.as_deref(), Some("L(e)"));
        assert_eq!(e.forms, [MoveForm::Turn]);
        // Drop, PieceEater: the hand's piece, then the square; one entry per action.
        let es = entries_at(VariantId::PieceEater, "4k3/8/8/8/3X4/8/8/4K3[N] w - - 0 1 -");
        let e = find(&es, "N@b1");
        assert_eq!((e.clicks.clone(), e.suffix.as_str()), (path(&["@N", "b1"]), ""));
        assert_eq!(e.forms, [MoveForm::Drop, MoveForm::Chance]);
        assert_eq!(es.iter().filter(|e| e.action == "N@b1").count(), 1, "one entry per action");
        // Black's drop: the letter is upper case too (the page finds Black's hand by it).
        let es = entries_at(VariantId::PieceEater, "4k3/8/8/8/3X4/8/8/4K3[n] b - - 0 1 -");
        assert_eq!(find(&es, "N@b8").clicks, ["@N", "b8"]);
        // Jump capture in Jumping Knights (10x10 names), with the landing square as a second
        // path.
        let es =
            entries_at(VariantId::JumpingKnights, "10/5k4/10/10/10/4p5/10/10/4QK4/10 w - - 0 1");
        let e = find(&es, "d1d4,d4d8");
        assert_eq!(
            (e.clicks.clone(), e.alt.clone()),
            (path(&["d1", "d4", "d8"]), Some(path(&["d1", "d8"])))
        );
        assert!(e.capture);
        assert_eq!(e.forms, [MoveForm::Jump]);
        // Magician switch.
        let es = entries_at(VariantId::Magician, "4k3/8/8/8/2B5/8/8/4K3 w - - 0 1 M");
        let e = find(&es, "c4c4m");
        assert_eq!((e.clicks.clone(), e.suffix.as_str()), (path(&["c4", "c4"]), "m"));
        assert_eq!(e.forms, [MoveForm::Switch]);
        // Pass.
        let es = entries_at(VariantId::EightPiece, "4k3/8/8/8/8/8/8/3jK3 w - - 0 1 -");
        let e = find(&es, "0000");
        assert!(e.clicks.is_empty() && e.suffix.is_empty());
        assert_eq!(e.forms, [MoveForm::Pass]);
        // TamerSpiel king swap in check (12x8 names, holes): the king, then the rook it
        // changes places with.
        let es = entries_at(
            VariantId::TamerSpiel,
            "r4k5r/*10*/*5r4*/*10*/*10*/*10*/*10*/R5K4R w KQkq - 0 1 wb",
        );
        let e = find(&es, "g1l1");
        assert_eq!((e.clicks.clone(), e.alt.clone()), (path(&["g1", "l1"]), None));
        assert_eq!(e.forms, [MoveForm::Swap]);
    }

    #[test]
    fn promotions_offer_a_choice_and_the_chance_step_is_the_dies() {
        let es = entries_at(VariantId::Chess, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        let promos: Vec<&Entry> = es.iter().filter(|e| e.clicks == ["b7", "b8"]).collect();
        assert_eq!(promos.len(), 4);
        for e in &promos {
            assert_eq!(e.forms, [MoveForm::Promotion]);
            assert_eq!(e.suffix.len(), 1);
            assert_eq!(e.result.as_deref().map(str::len), Some(1));
        }
        // PieceEater: every outcome of an action is one entry; the squares the PE leaves and
        // reaches are not the player's changes, nor a capture when it eats.
        let g =
            new_game(VariantId::PieceEater, Some("4k3/8/8/8/8/8/P7/4K2X[] w - - 0 1 -")).unwrap();
        let legal = g.legal(Notation::Rules);
        let es = entries(&*g);
        let e = find(&es, "a2a3");
        assert!(legal.iter().filter(|m| m.action == "a2a3").count() > 1, "several outcomes");
        assert_eq!((e.changes.clone(), e.capture), (path(&["a2", "a3"]), false));
        assert_eq!(e.forms, [MoveForm::Chance]);
    }

    /// The choice text of an action read from its text (the test's own reading of notation.md):
    /// what follows the square names of its last leg that has more than squares.
    fn text_suffix(view: &BoardView, action: &str) -> String {
        if action == "0000" || action.contains('@') {
            return String::new();
        }
        let mut suffix = String::new();
        for leg in action.split(',') {
            let mut rest = leg;
            while let Some(name) =
                view.names.iter().filter(|n| rest.starts_with(n.as_str())).max_by_key(|n| n.len())
            {
                rest = &rest[name.len()..];
            }
            if !rest.is_empty() {
                suffix = rest.to_string();
            }
        }
        suffix
    }

    #[test]
    fn every_variants_entries_along_random_games() {
        let mut rng = 3;
        for v in VariantId::ALL {
            let mut g = new_game(v, None).unwrap();
            for _ in 0..60 {
                let (view, legal) = (g.view(), g.legal(Notation::Rules));
                if legal.is_empty() {
                    break;
                }
                let es = entries(&*g);
                for e in &es {
                    assert_eq!(e.suffix, text_suffix(&view, &e.action), "{v} {e:?}");
                    assert!(legal.iter().any(|m| m.action == e.action));
                    if let Some(alt) = &e.alt {
                        assert!(es.iter().all(|o| &o.clicks != alt), "{v} {e:?}");
                    }
                }
                rng = movegen::zobrist::splitmix64(rng);
                let m = &legal[(rng % legal.len() as u64) as usize];
                g.play(session::MoveIn::Text(&m.text), Notation::Rules).unwrap();
            }
        }
    }
}
