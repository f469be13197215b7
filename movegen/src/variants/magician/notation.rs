//! Move text for `magician`.
//!
//! * Coordinates (`../shared/rules/notation.md`): `e2e4`, `e7e8q`, castling as the king's move
//!   `e1g1`, the switch `c4c4m`, promotion to the Magician `e7e8m`. When parsing, a promotion to
//!   the Magician may also name her final form (`e7e8y` when she becomes a Prime Minister at
//!   once), since XBoard sends that letter.
//! * Algebraic notation for game records, after the seed (§VI): SAN with the letters
//!   K Q R B N M H A C Y, the switch as `Bc4=M`, promotion to the Magician as `e8=M`, and a
//!   Magician promoted by the move annotated after it as `e6 (M = H)` (the seed's form; `Y`
//!   for the Prime Minister, whom the seed writes `P`). Check `+` and mate `#` follow the move
//!   itself, before the annotation: `exd6+ (M = C)`.

use super::{Magician, MagicianKind, MAGICIAN_CODE};
use crate::moves::{Move, MoveKind};
use crate::rules::Rules;
use crate::types::{Geo8x8, Geometry, PieceKind};

/// Coordinate notation of a move.
pub(super) fn move_text(m: Move) -> String {
    let mut s = Geo8x8::name(m.from());
    if m.kind() == MoveKind::Switch {
        s.push_str(&Geo8x8::name(m.from()));
        s.push('m');
        return s;
    }
    s.push_str(&Geo8x8::name(m.to()));
    if m.promo() != 0 {
        s.push(MagicianKind::ALL[usize::from(m.promo())].letter().to_ascii_lowercase());
    }
    s
}

/// The alternative text of a promotion to the Magician that names her final form, if she
/// takes one at once (`e7e8y`; XBoard sends that letter).
pub(super) fn final_form_text(pos: &Magician, m: Move) -> Option<String> {
    if m.kind() == MoveKind::Switch || m.promo() != MAGICIAN_CODE {
        return None;
    }
    let form = pos.magician_after(m)?;
    (form != MagicianKind::Magician).then(|| {
        let mut s = Geo8x8::name(m.from());
        s.push_str(&Geo8x8::name(m.to()));
        s.push(form.letter().to_ascii_lowercase());
        s
    })
}

/// Algebraic notation of a legal move (module docs).
pub(super) fn move_san(pos: &Magician, m: Move) -> String {
    let b = pos.board();
    let (from, to) = (m.from(), m.to());
    let mut legal = <Magician as Rules>::Moves::default();
    pos.legal_moves(&mut legal);
    let mut s = match m.kind() {
        MoveKind::Castle => if Geo8x8::file(to) == 6 { "O-O" } else { "O-O-O" }.to_string(),
        MoveKind::Switch => format!("B{}=M", Geo8x8::name(from)),
        kind => {
            let piece = b.kind_at(from).expect("mover");
            let capture = b.piece_at(to).is_some() || kind == MoveKind::EnPassant;
            let mut s = String::new();
            if piece == MagicianKind::Pawn {
                if capture {
                    s.push(char::from(b'a' + Geo8x8::file(from)));
                    s.push('x');
                }
                s.push_str(&Geo8x8::name(to));
                if m.promo() != 0 {
                    s.push('=');
                    s.push(MagicianKind::ALL[usize::from(m.promo())].letter());
                }
            } else {
                s.push(piece.letter());
                if piece != MagicianKind::King {
                    s.push_str(&disambiguation(pos, &legal, m, piece));
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&Geo8x8::name(to));
            }
            s
        }
    };
    let next = pos.play(m);
    if next.is_check() {
        let mut replies = <Magician as Rules>::Moves::default();
        next.legal_moves(&mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    if m.kind() != MoveKind::Switch {
        if let Some(form) = pos.magician_after(m).filter(|&k| k != MagicianKind::Magician) {
            s.push_str(&format!(" (M = {})", form.letter()));
        }
    }
    s
}

/// SAN disambiguation: nothing if no other piece of the kind can reach the square, else the
/// origin's file if that is unique among them, else its rank if unique, else both.
fn disambiguation(pos: &Magician, legal: &[Move], m: Move, piece: MagicianKind) -> String {
    let b = pos.board();
    let rivals: Vec<_> = legal
        .iter()
        .filter(|o| {
            o.kind() == MoveKind::Normal
                && o.to() == m.to()
                && o.from() != m.from()
                && b.kind_at(o.from()) == Some(piece)
        })
        .map(|o| o.from())
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let name = Geo8x8::name(m.from());
    let (file, rank) = name.split_at(1);
    if rivals.iter().all(|&r| Geo8x8::file(r) != Geo8x8::file(m.from())) {
        file.to_string()
    } else if rivals.iter().all(|&r| Geo8x8::rank(r) != Geo8x8::rank(m.from())) {
        rank.to_string()
    } else {
        name
    }
}
