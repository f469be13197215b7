//! Legal move generation for orthodox chess: check mask, pin rays, an enemy attack map for the
//! king, and a full test for the rare en-passant case. The same code lists moves or only counts
//! them, through the [`Sink`] it writes to.

use super::{Chess, ChessKind, ChessMoves};
use crate::attacks::magic::tables;
use crate::moves::{Move, MoveBuf, MoveKind};
use crate::types::{Bb64, Bitboard, Color, Square};

/// Where generated moves go.
pub(super) trait Sink {
    /// One normal move `from` -> each target.
    fn piece_moves(&mut self, from: Square, targets: Bb64);
    /// Pawn moves to each target, coming from `target - delta` (delta in square indices).
    fn pawn_moves(&mut self, targets: Bb64, delta: i8, kind: MoveKind);
    /// Promotions (Q, R, B, N) to each target, coming from `target - delta`.
    fn promotions(&mut self, targets: Bb64, delta: i8);
    /// A single move.
    fn push(&mut self, m: Move);
}

/// Lists the moves.
pub(super) struct Lister<'a>(pub &'a mut ChessMoves);

/// Only counts them (perft bulk counting).
pub(super) struct Counter(pub u64);

const PROMOS: [ChessKind; 4] =
    [ChessKind::Queen, ChessKind::Rook, ChessKind::Bishop, ChessKind::Knight];

#[inline(always)]
fn from_of(to: Square, delta: i8) -> Square {
    Square((to.0 as i8 - delta) as u8)
}

impl Sink for Lister<'_> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bb64) {
        for to in targets {
            self.0.push(Move::new(MoveKind::Normal, from, to));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bb64, delta: i8, kind: MoveKind) {
        for to in targets {
            self.0.push(Move::new(kind, from_of(to, delta), to));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bb64, delta: i8) {
        for to in targets {
            for k in PROMOS {
                self.0.push(Move::promotion(from_of(to, delta), to, k as u8));
            }
        }
    }
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.0.push(m);
    }
}

impl Sink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bb64) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bb64, _delta: i8, _kind: MoveKind) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bb64, _delta: i8) {
        self.0 += 4 * u64::from(targets.count());
    }
    #[inline(always)]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;
const RANK_8: u64 = 0xff << 56;
const RANK_1: u64 = 0xff;

/// Shifts toward `color`'s forward direction by `n` ranks plus `dx` files (edge-masked).
#[inline(always)]
fn advance(bb: Bb64, color: Color, dx: i8) -> Bb64 {
    let b = match dx {
        1 => bb.0 & !FILE_H,
        -1 => bb.0 & !FILE_A,
        _ => bb.0,
    };
    let delta = pawn_delta(color, dx);
    Bitboard(if delta >= 0 { b << delta } else { b >> -delta })
}

#[inline(always)]
const fn pawn_delta(color: Color, dx: i8) -> i8 {
    match color {
        Color::White => 8 + dx,
        Color::Black => -8 + dx,
    }
}

/// Squares attacked by `by` with occupancy `occ`.
#[inline(always)]
fn attacked_by(pos: &Chess, by: Color, occ: Bb64) -> Bb64 {
    let t = tables();
    let b = &pos.board;
    let pawns = b.pieces(ChessKind::Pawn, by);
    let mut a = advance(pawns, by, 1) | advance(pawns, by, -1);
    a |= t.king[pos.king(by).idx()];
    for sq in b.pieces(ChessKind::Knight, by) {
        a |= t.knight[sq.idx()];
    }
    let queens = b.pieces(ChessKind::Queen, by);
    for sq in b.pieces(ChessKind::Bishop, by) | queens {
        a |= t.bishop(sq, occ);
    }
    for sq in b.pieces(ChessKind::Rook, by) | queens {
        a |= t.rook(sq, occ);
    }
    a
}

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub(super) fn generate<S: Sink>(pos: &Chess, sink: &mut S) {
    let t = tables();
    let b = &pos.board;
    let us = pos.turn;
    let them = !us;
    let own = b.color(us);
    let enemy = b.color(them);
    let occ = own | enemy;
    let ksq = pos.king(us);
    let checkers = pos.attackers(ksq, them, occ);

    let danger = attacked_by(pos, them, occ.without(ksq));
    sink.piece_moves(ksq, t.king[ksq.idx()] & !own & !danger);
    if checkers.more_than_one() {
        return;
    }
    let target = if checkers.any() {
        t.between[ksq.idx()][checkers.lsb().idx()] | checkers
    } else {
        Bitboard(!0)
    };
    let move_mask = target & !own;

    // Pins: enemy sliders that see the king through exactly one of our units.
    let rq = (b.kind(ChessKind::Rook) | b.kind(ChessKind::Queen)) & enemy;
    let bq = (b.kind(ChessKind::Bishop) | b.kind(ChessKind::Queen)) & enemy;
    let snipers = (t.rook(ksq, enemy) & rq) | (t.bishop(ksq, enemy) & bq);
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let between = t.between[ksq.idx()][s.idx()] & occ;
        if !between.more_than_one() {
            pinned |= between & own;
        }
    }

    for sq in b.pieces(ChessKind::Knight, us) & !pinned {
        sink.piece_moves(sq, t.knight[sq.idx()] & move_mask);
    }
    let queens = b.pieces(ChessKind::Queen, us);
    for sq in b.pieces(ChessKind::Bishop, us) | queens {
        let mut a = t.bishop(sq, occ) & move_mask;
        if pinned.has(sq) {
            a &= t.line[ksq.idx()][sq.idx()];
        }
        sink.piece_moves(sq, a);
    }
    for sq in b.pieces(ChessKind::Rook, us) | queens {
        let mut a = t.rook(sq, occ) & move_mask;
        if pinned.has(sq) {
            a &= t.line[ksq.idx()][sq.idx()];
        }
        sink.piece_moves(sq, a);
    }

    // Pawns.
    let pawns = b.pieces(ChessKind::Pawn, us);
    let promo_rank = Bitboard(if us == Color::White { RANK_8 } else { RANK_1 });
    let double_rank = Bitboard(if us == Color::White { RANK_3 } else { RANK_6 });
    let empty = !occ;
    let free = pawns & !pinned;
    let single = advance(free, us, 0) & empty;
    let double = advance(single & double_rank, us, 0) & empty & target;
    let single = single & target;
    let d0 = pawn_delta(us, 0);
    sink.pawn_moves(single & !promo_rank, d0, MoveKind::Normal);
    sink.promotions(single & promo_rank, d0);
    sink.pawn_moves(double, 2 * d0, MoveKind::DoublePush);
    for dx in [-1i8, 1] {
        let caps = advance(free, us, dx) & enemy & target;
        let d = pawn_delta(us, dx);
        sink.pawn_moves(caps & !promo_rank, d, MoveKind::Normal);
        sink.promotions(caps & promo_rank, d);
    }
    for sq in pawns & pinned {
        let line = t.line[ksq.idx()][sq.idx()];
        let one = advance(Bitboard::from_square(sq), us, 0) & empty;
        let two = advance(one & double_rank, us, 0) & empty & target & line;
        let one = one & target & line;
        let caps = t.pawn_attacks(us, sq) & enemy & target & line;
        for to in one | caps {
            if promo_rank.has(to) {
                for k in PROMOS {
                    sink.push(Move::promotion(sq, to, k as u8));
                }
            } else {
                sink.push(Move::new(MoveKind::Normal, sq, to));
            }
        }
        for to in two {
            sink.push(Move::new(MoveKind::DoublePush, sq, to));
        }
    }
    if let Some(ep) = pos.ep {
        for from in t.pawn_attacks(them, ep) & pawns {
            if pos.ep_is_legal(from, ep) {
                sink.push(Move::new(MoveKind::EnPassant, from, ep));
            }
        }
    }

    // Castling (standard squares; the king's path must not be attacked).
    if checkers.is_empty() && pos.castling != 0 {
        let (kbit, qbit, base) = match us {
            Color::White => (super::WHITE_KINGSIDE, super::WHITE_QUEENSIDE, 0u8),
            Color::Black => (super::BLACK_KINGSIDE, super::BLACK_QUEENSIDE, 56u8),
        };
        let sq = |f: u8| Square(base + f);
        if pos.castling & kbit != 0 {
            let path = Bitboard::from_square(sq(5)).with(sq(6));
            if (path & occ).is_empty() && (path & danger).is_empty() {
                sink.push(Move::new(MoveKind::Castle, ksq, sq(6)));
            }
        }
        if pos.castling & qbit != 0 {
            let path = Bitboard::from_square(sq(1)).with(sq(2)).with(sq(3));
            let walk = Bitboard::from_square(sq(2)).with(sq(3));
            if (path & occ).is_empty() && (walk & danger).is_empty() {
                sink.push(Move::new(MoveKind::Castle, ksq, sq(2)));
            }
        }
    }
}
