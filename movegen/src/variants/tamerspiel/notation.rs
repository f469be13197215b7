//! Move text for TamerSpiel: the coordinate notation of `../shared/rules/notation.md` and an
//! algebraic form for game records (documented in `docs/variants/tamerspiel.md`).

use super::{arrival_kind, TamerSpiel, TsKind, TsMoves};
use crate::moves::{Move, MoveKind};
use crate::rules::{one_move, MoveError, Rules};
use crate::types::{Geo12x8, Geometry, PieceKind};

/// Coordinate text: `from to`, plus `d` for a pawn's promotion to Dabbabah. Castling is king
/// from + king to (`g1j1`), the swap is king from + the friendly piece's square (`g1e1`).
/// Citadel promotions carry no letter.
pub(super) fn move_text(m: Move) -> String {
    let mut s = Geo12x8::name(m.from());
    s.push_str(&Geo12x8::name(m.to()));
    if m.promo() != 0 {
        s.push('d');
    }
    s
}

/// A text naming none of the legal moves `legal` of `pos` read once more: on the last rank the
/// pawn's `d` may be left out (`c7c8` = `c7c8d`), since that promotion is mandatory.
pub(super) fn unmatched(pos: &TamerSpiel, text: &str, legal: &TsMoves) -> Result<Move, MoveError> {
    let last_rank = pos.core.turn.select(7, 0);
    let with_d = format!("{text}d");
    let found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| Geo12x8::rank(m.to()) == last_rank && move_text(m) == with_d)
        .collect();
    one_move::<Geo12x8>(text, &found)
}

/// Appends `sep` and the letter of `arrived` when a unit of `kind` arrives promoted (TS-3, TS-4).
fn push_promotion(s: &mut String, sep: char, kind: TsKind, arrived: TsKind) {
    if arrived != kind {
        s.push(sep);
        s.push(arrived.letter());
    }
}

/// Algebraic notation:
/// * pieces: letter (`D F V G N B R E L C O A M Q W S K T`), disambiguation by file, rank or
///   both when another piece of the same kind could go there too, `x` for a capture, the
///   destination, `=X` when the move promotes the piece (citadel, TS-3), e.g. `Rxa8=M`;
/// * pawns: `c3`, `dxc3`, `b7=D` / `c8=D`;
/// * castling: `O-O` toward the l-file, `O-O-O` toward the a-file (the FEN letters K / Q);
/// * the swap: royal letter, `=`, the partner's square (`K=e1`); promotions the swap causes
///   (TS-4) are added as `=X` after it for the royal and `/X` for the partner (`K=a8=T`);
/// * `+` for check, `#` for checkmate (a swap that escapes counts, §7).
pub(super) fn move_san(pos: &TamerSpiel, m: Move) -> String {
    let b = pos.board();
    let us = pos.core.turn;
    let (from, to) = (m.from(), m.to());
    let mover = b.piece_at(from).map(|p| p.kind);
    let mut s = String::new();
    match m.kind() {
        MoveKind::Castle => {
            s.push_str(if Geo12x8::file(to) > Geo12x8::file(from) { "O-O" } else { "O-O-O" });
        }
        MoveKind::Swap => {
            let royal = mover.unwrap_or(TsKind::King);
            let partner = b.kind_at(to).unwrap_or(TsKind::Guard);
            s.push(royal.letter());
            s.push('=');
            s.push_str(&Geo12x8::name(to));
            push_promotion(&mut s, '=', royal, arrival_kind(royal, us, to));
            push_promotion(&mut s, '/', partner, arrival_kind(partner, us, from));
        }
        _ => {
            let capture = b.piece_at(to).is_some();
            match mover {
                Some(TsKind::Pawn) | None => {
                    if capture {
                        s.push(char::from(Geo12x8::FILE_NAMES[usize::from(Geo12x8::file(from))]));
                        s.push('x');
                    }
                    s.push_str(&Geo12x8::name(to));
                    if m.promo() != 0 {
                        s.push_str("=D");
                    }
                }
                Some(kind) => {
                    s.push(kind.letter());
                    s.push_str(&disambiguation(pos, m, kind));
                    if capture {
                        s.push('x');
                    }
                    s.push_str(&Geo12x8::name(to));
                    push_promotion(&mut s, '=', kind, arrival_kind(kind, us, to));
                }
            }
        }
    }
    let next = pos.play(m);
    if next.is_check() {
        let mut replies = TsMoves::default();
        next.legal_moves(&mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    s
}

fn disambiguation(pos: &TamerSpiel, m: Move, kind: TsKind) -> String {
    let mut list = TsMoves::default();
    pos.legal_moves(&mut list);
    let others: Vec<Move> = list
        .iter()
        .copied()
        .filter(|o| {
            o.kind() == MoveKind::Normal
                && o.to() == m.to()
                && o.from() != m.from()
                && pos.board().kind_at(o.from()) == Some(kind)
        })
        .collect();
    if others.is_empty() {
        return String::new();
    }
    let file = |s| Geo12x8::file(s);
    let rank = |s| Geo12x8::rank(s);
    let name = Geo12x8::name(m.from());
    let (f, r) = name.split_at(1);
    if others.iter().all(|o| file(o.from()) != file(m.from())) {
        f.to_string()
    } else if others.iter().all(|o| rank(o.from()) != rank(m.from())) {
        r.to_string()
    } else {
        name
    }
}
