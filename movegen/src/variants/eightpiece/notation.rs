//! Move text for 8-Piece Chess.
//!
//! * Coordinates (`../shared/rules/notation.md`): `e2e4`, `e7e8q`, `e7e8l=s`, `b1e4`,
//!   `b1e4=se`, `a5a5=e`, `e4e7` (Turn-then-Move), `c5e7,e7f8` (push), `f4g3,g3g2` (nudge),
//!   `0000` (pass), `e1g1` (castling; `b1a1`, king + partner square, in `eightpiece-random`).
//! * Algebraic notation for game records, after the seed: `Nf3`, `exd5`, `e8=Q`, `Lc2=e`,
//!   `Lxe4=w`, `Le4`, `S-e7Pxf8`, `O-O`, with `+`/`#`. Our extensions (documented in
//!   `docs/variants/eightpiece.md`): promotion to a lancer `e8=L=s`; a nudge `S-g3Lg2=sw` (the
//!   new facing, as after any lancer move that changes it); a turn in place `La5=e`; a
//!   Turn-then-Move `L=n-e7` / `L=nxe7` (the turn comes first); the pass `--`.

use super::make::{castle_right, castle_squares};
use super::{legal_list, EightKind, EightPiece};
use crate::moves::{Move, MoveKind};
use crate::rules::{MoveError, Rules};
use crate::types::{Geo8x8, Geometry, PieceKind, Square};

/// Parses coordinate notation: the text must name exactly one legal move.
pub(super) fn parse(pos: &EightPiece, text: &str) -> Result<Move, MoveError> {
    // Every text but `0000` starts with two squares: the origin, then the destination (the
    // victim of a push, the lancer's own square for a turn, the partner for Chess960 castling).
    let squares = if text == "0000" {
        None
    } else {
        let bad =
            || MoveError::malformed(text, "does not start with two squares (or is not `0000`)");
        let (a, n) = Geo8x8::parse_square_prefix(text).ok_or_else(bad)?;
        let (b, _) = Geo8x8::parse_square_prefix(&text[n..]).ok_or_else(bad)?;
        Some((a, b))
    };
    let legal = legal_list(pos);
    let mut found = legal.iter().copied().filter(|m| match squares {
        None => m.kind() == MoveKind::Pass,
        Some((a, b)) => {
            m.kind() != MoveKind::Pass
                && m.from() == a
                && (m.to() == b || m.kind() == MoveKind::Castle)
        }
    });
    let mut hit = None;
    for m in found.by_ref() {
        if coordinates(pos, m) == text {
            if hit.is_some() {
                return Err(MoveError::ambiguous(text, "ambiguous"));
            }
            hit = Some(m);
        }
    }
    hit.ok_or_else(|| MoveError::illegal(text, "not a legal move"))
}

/// The second square the text of castling `m` names: in Chess960 mode the partner's square (the
/// king "takes" its partner), otherwise the king's destination.
pub(super) fn castle_target(pos: &EightPiece, m: Move) -> Square {
    if pos.chess960 {
        castle_squares(pos, castle_right(pos.core.turn, m.to())).0
    } else {
        m.to()
    }
}

/// Coordinate notation of a legal move.
pub(super) fn coordinates(pos: &EightPiece, m: Move) -> String {
    let (from, to) = (m.from(), m.to());
    let sq = Geo8x8::name;
    match m.kind() {
        MoveKind::Pass => "0000".to_string(),
        MoveKind::Castle => format!("{}{}", sq(from), sq(castle_target(pos, m))),
        MoveKind::Push | MoveKind::Nudge => {
            format!("{}{},{}{}", sq(from), sq(to), sq(to), sq(m.aux()))
        }
        MoveKind::Turn => format!("{}{}={}", sq(from), sq(from), m.facing().name()),
        MoveKind::TurnMove => format!("{}{}", sq(from), sq(to)),
        _ => {
            let mut s = format!("{}{}", sq(from), sq(to));
            if m.promo() != 0 {
                let k = EightKind::ALL[usize::from(m.promo())];
                s.push(k.letter().to_ascii_lowercase());
                if k == EightKind::Lancer {
                    s.push('=');
                    s.push_str(m.facing().name());
                }
            } else if pos.board.kind_at(from) == Some(EightKind::Lancer)
                && m.facing() != pos.facing_at(from)
            {
                s.push('=');
                s.push_str(m.facing().name());
            }
            s
        }
    }
}

/// The origin qualifier SAN needs so that no other move in `rivals` (origins of moves of the
/// same form to the same target) reads the same: nothing, the file, the rank, or the square.
fn disambiguation(from: Square, rivals: &[Square]) -> String {
    let others: Vec<Square> = rivals.iter().copied().filter(|&s| s != from).collect();
    if others.is_empty() {
        return String::new();
    }
    let name = Geo8x8::name(from);
    let (file, rank) = (&name[..1], &name[1..]);
    if others.iter().all(|&s| Geo8x8::file(s) != Geo8x8::file(from)) {
        file.to_string()
    } else if others.iter().all(|&s| Geo8x8::rank(s) != Geo8x8::rank(from)) {
        rank.to_string()
    } else {
        name
    }
}

/// Algebraic notation of a legal move, with `+` / `#`.
pub(super) fn san(pos: &EightPiece, m: Move) -> String {
    let legal = legal_list(pos);
    let b = &pos.board;
    let (from, to) = (m.from(), m.to());
    let sq = Geo8x8::name;
    let capture_on = |s: Square| b.piece_at(s).is_some_and(|p| p.color != pos.core.turn);
    let mut s = match m.kind() {
        MoveKind::Pass => "--".to_string(),
        MoveKind::Castle => {
            if to.0 % 8 == 6 {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        }
        MoveKind::Push | MoveKind::Nudge => {
            let rivals: Vec<Square> = legal
                .iter()
                .filter(|o| matches!(o.kind(), MoveKind::Push | MoveKind::Nudge) && o.to() == to)
                .map(|o| o.from())
                .collect();
            let unit = b.piece_at(to).expect("pushed unit").kind;
            let a = m.aux();
            // The sentry's start square is empty during the push: nothing is captured there.
            let cap = a != from && b.piece_at(a).is_some();
            let mut t = format!(
                "S{}-{}{}{}{}",
                disambiguation(from, &rivals),
                sq(to),
                unit.letter(),
                if cap { "x" } else { "" },
                sq(a)
            );
            if m.kind() == MoveKind::Nudge {
                t.push('=');
                t.push_str(m.facing().name());
            }
            t
        }
        MoveKind::Turn => format!("L{}={}", sq(from), m.facing().name()),
        MoveKind::TurnMove => {
            format!("L={}{}{}", m.facing().name(), if capture_on(to) { "x" } else { "-" }, sq(to))
        }
        MoveKind::EnPassant => format!("{}x{}", &sq(from)[..1], sq(to)),
        _ => {
            let kind = b.kind_at(from).expect("mover");
            if kind == EightKind::Pawn {
                let mut t =
                    if capture_on(to) { format!("{}x{}", &sq(from)[..1], sq(to)) } else { sq(to) };
                if m.promo() != 0 {
                    let k = EightKind::ALL[usize::from(m.promo())];
                    t.push('=');
                    t.push(k.letter());
                    if k == EightKind::Lancer {
                        t.push('=');
                        t.push_str(m.facing().name());
                    }
                }
                t
            } else {
                let rivals: Vec<Square> = legal
                    .iter()
                    .filter(|o| {
                        matches!(o.kind(), MoveKind::Normal)
                            && o.to() == to
                            && b.kind_at(o.from()) == Some(kind)
                    })
                    .map(|o| o.from())
                    .collect();
                let mut t = format!(
                    "{}{}{}{}",
                    kind.letter(),
                    disambiguation(from, &rivals),
                    if capture_on(to) { "x" } else { "" },
                    sq(to)
                );
                if kind == EightKind::Lancer && m.facing() != pos.facing_at(from) {
                    t.push('=');
                    t.push_str(m.facing().name());
                }
                t
            }
        }
    };
    let next = pos.play(m);
    if next.is_check() {
        s.push(if next.count_legal() == 0 { '#' } else { '+' });
    }
    s
}
