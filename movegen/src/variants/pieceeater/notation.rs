//! Move text for PieceEater Chess: coordinates (`../shared/rules/notation.md`) and a readable
//! algebraic form for game records.
//!
//! Coordinates: the player's action (`e2e4`, `e7e8q`, `e6e7r` for a 7th-rank promotion (PE-2),
//! `e1g1` castling, `N@b1` / `P@e2` drops with an upper-case letter for both colours), then a
//! comma and the PE's leg (`d4d5`) when the PE steps. The leg is omitted when the PE does not
//! step (none of its squares allowed, PE-4, or a king was captured).
//!
//! Algebraic: the action in SAN (`Nf3`, `exd5`, `e8=Q`, `e7=R`, `O-O`, `N@b1`), then `,PE` and
//! the step with `-` or `x` when it eats (`e4,PEd4xe4`). No check marks (there is no check rule).

use super::chance::PeDie;
use super::{PeKind, PeMoves, PieceEater};
use crate::moves::{Move, MoveKind};
use crate::rules::{MoveError, Rules};
use crate::types::{Geo8x8, Geometry, PieceKind};

fn kind_of_code(code: u8) -> Option<PeKind> {
    PeKind::from_code(code)
}

/// The letter of the piece a drop `m` drops (upper case for both colours); `None` for any other
/// move.
pub(super) fn drop_letter(m: Move) -> Option<char> {
    (m.kind() == MoveKind::Drop).then(|| kind_of_code(m.promo()).map_or('?', PeKind::letter))
}

/// The action's text (no PE leg).
pub(super) fn action_text(m: Move) -> String {
    if let Some(k) = drop_letter(m) {
        return format!("{k}@{}", Geo8x8::name(m.to()));
    }
    let mut s = Geo8x8::name(m.from());
    s.push_str(&Geo8x8::name(m.to()));
    if let Some(k) = kind_of_code(m.promo()) {
        s.push(k.letter().to_ascii_lowercase());
    }
    s
}

/// Coordinate text of a whole turn.
pub(super) fn move_text(pos: &PieceEater, m: Move) -> String {
    let mut s = action_text(m);
    if m.aux() != pos.pe {
        s.push(',');
        s.push_str(&Geo8x8::name(pos.pe));
        s.push_str(&Geo8x8::name(m.aux()));
    }
    s
}

fn err(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::malformed(text, reason)
}

/// What an action text names: a drop (code, square) or a board move (from, to, code).
enum ActionSpec {
    Drop(u8, crate::types::Square),
    Board(crate::types::Square, crate::types::Square, u8),
}

fn parse_action(text: &str, action: &str) -> Result<ActionSpec, MoveError> {
    let b = action.as_bytes();
    if b.len() >= 2 && b[1] == b'@' {
        let kind = PeKind::from_letter(char::from(b[0]))
            .filter(|k| matches!(k, PeKind::Pawn | PeKind::Knight | PeKind::Bishop | PeKind::Rook))
            .ok_or_else(|| err(text, "a drop is `N@`, `B@`, `R@` or `P@` and a square"))?;
        let sq =
            Geo8x8::parse_square(&action[2..]).ok_or_else(|| err(text, "no square after `@`"))?;
        return Ok(ActionSpec::Drop(kind.code(), sq));
    }
    let (from, n) =
        Geo8x8::parse_square_prefix(action).ok_or_else(|| err(text, "no origin square"))?;
    let rest = &action[n..];
    let (to, n2) =
        Geo8x8::parse_square_prefix(rest).ok_or_else(|| err(text, "no destination square"))?;
    let code = match &rest[n2..] {
        "" => 0,
        "q" => PeKind::Queen.code(),
        "r" => PeKind::Rook.code(),
        "b" => PeKind::Bishop.code(),
        "n" => PeKind::Knight.code(),
        other => return Err(err(text, format!("unknown promotion suffix `{other}`"))),
    };
    Ok(ActionSpec::Board(from, to, code))
}

impl PieceEater {
    /// Parses a turn like [`Rules::parse_move`], but when the PE leg is missing although the PE
    /// can move and its step is not forced, rolls `die` for it (notation.md).
    pub fn parse_move_rolling(&self, text: &str, die: &mut PeDie) -> Result<Move, MoveError> {
        parse(self, text, Some(die))
    }
}

/// Parses a turn against `pos`. Without the PE leg: accepted when the action has one outcome
/// (forced step, or no step); otherwise the die decides if one is given (notation.md), else the
/// text is refused as incomplete.
pub(super) fn parse(
    pos: &PieceEater,
    text: &str,
    die: Option<&mut PeDie>,
) -> Result<Move, MoveError> {
    let (action, leg) = match text.split_once(',') {
        Some((a, l)) => (a, Some(l)),
        None => (text, None),
    };
    let spec = parse_action(text, action)?;
    let mut list = PeMoves::default();
    pos.legal_moves(&mut list);
    let cands: Vec<Move> = list
        .iter()
        .copied()
        .filter(|m| match spec {
            ActionSpec::Drop(code, sq) => {
                m.kind() == MoveKind::Drop && m.to() == sq && m.promo() == code
            }
            ActionSpec::Board(from, to, code) => {
                m.kind() != MoveKind::Drop && m.from() == from && m.to() == to && m.promo() == code
            }
        })
        .collect();
    let Some(&first) = cands.first() else {
        return Err(MoveError::illegal(text, "not a legal move"));
    };
    let pe_steps = cands.iter().any(|m| m.aux() != pos.pe);
    match leg {
        Some(leg) => {
            let (pe_from, n) = Geo8x8::parse_square_prefix(leg)
                .ok_or_else(|| err(text, "the PE leg is `<from><to>`, e.g. `d4d5`"))?;
            let pe_to = Geo8x8::parse_square(&leg[n..])
                .ok_or_else(|| err(text, "the PE leg is `<from><to>`, e.g. `d4d5`"))?;
            if pe_from != pos.pe {
                return Err(MoveError::illegal(
                    text,
                    format!("the PieceEater stands on {}", Geo8x8::name(pos.pe)),
                ));
            }
            if !pe_steps {
                return Err(MoveError::illegal(
                    text,
                    "the PieceEater does not step after this; omit its leg",
                ));
            }
            cands.iter().copied().find(|m| m.aux() == pe_to).ok_or_else(|| {
                MoveError::illegal(
                    text,
                    format!("the PieceEater cannot step to {}", Geo8x8::name(pe_to)),
                )
            })
        }
        None if cands.len() == 1 => Ok(first),
        None => match die {
            Some(die) => {
                let m = die.resolve(pos, first);
                debug_assert!(cands.contains(&m));
                Ok(m)
            }
            None => Err(MoveError::ambiguous(
                text,
                format!(
                    "the PieceEater's step is not forced here ({} squares): give its leg",
                    cands.len()
                ),
            )),
        },
    }
}

/// Readable algebraic form of a legal turn.
pub(super) fn san(pos: &PieceEater, m: Move) -> String {
    let mut s = action_san(pos, m);
    if m.aux() != pos.pe {
        // What stands on the step's square after the action: the PE eats it.
        let after_action = pos.play(m.with_aux(pos.pe));
        let eats = after_action.base.board.piece_at(m.aux()).is_some();
        s.push_str(",PE");
        s.push_str(&Geo8x8::name(pos.pe));
        s.push(if eats { 'x' } else { '-' });
        s.push_str(&Geo8x8::name(m.aux()));
    }
    s
}

fn action_san(pos: &PieceEater, m: Move) -> String {
    let (from, to) = (m.from(), m.to());
    let promo = kind_of_code(m.promo()).map(|k| format!("={}", k.letter())).unwrap_or_default();
    match m.kind() {
        MoveKind::Drop => return action_text(m),
        MoveKind::Castle => {
            return if to.0 % 8 == 6 { "O-O".to_string() } else { "O-O-O".to_string() };
        }
        _ => {}
    }
    let Some(piece) = pos.base.board.piece_at(from) else {
        return action_text(m);
    };
    let capture = m.kind() == MoveKind::EnPassant || pos.base.board.piece_at(to).is_some();
    let x = if capture { "x" } else { "" };
    let to_name = Geo8x8::name(to);
    if piece.kind == PeKind::Pawn {
        let file = char::from(Geo8x8::FILE_NAMES[usize::from(Geo8x8::file(from))]);
        return if capture {
            format!("{file}x{to_name}{promo}")
        } else {
            format!("{to_name}{promo}")
        };
    }
    // Disambiguation among other legal actions of the same kind of piece to the same square.
    let mut list = PeMoves::default();
    pos.legal_moves(&mut list);
    let rivals: Vec<_> = list
        .iter()
        .filter(|o| {
            o.kind() == MoveKind::Normal
                && o.to() == to
                && o.from() != from
                && pos.base.board.piece_at(o.from()) == Some(piece)
        })
        .map(|o| o.from())
        .collect();
    let mut dis = String::new();
    if !rivals.is_empty() {
        let name = Geo8x8::name(from);
        if rivals.iter().all(|r| Geo8x8::file(*r) != Geo8x8::file(from)) {
            dis.push_str(&name[..1]);
        } else if rivals.iter().all(|r| Geo8x8::rank(*r) != Geo8x8::rank(from)) {
            dis.push_str(&name[1..]);
        } else {
            dis = name;
        }
    }
    format!("{}{dis}{x}{to_name}", piece.kind.letter())
}
