//! Move generation for PieceEater Chess: the players' actions (no check rule, so no pins or
//! check masks: every pseudo-legal action is legal, except castling, which keeps FIDE's
//! conditions, PE-1), each followed by the PE's outcomes (§4).
//!
//! The PE's allowed squares depend on the action only through the kings (rule 2) and the unit
//! that moved (rule 3). For every action that does not move the own king, the kings stay put, so
//! one set `allowed` (torus neighbours, minus `pe-left`, minus both king zones) serves them all:
//! such an action has one outcome if its unit lands on an allowed square (forced eat, PE-3) or
//! captures the enemy king (game over, no step), and otherwise `|allowed|` outcomes (one when
//! `allowed` is empty: the PE stays, PE-4). King moves and castling recompute the set with the
//! king's new square (after castling the rook stands next to its king, so it is never eaten).
//! The counting sink therefore counts (action, outcome) pairs with popcounts, without listing.

use super::{PeKind, PeMoves, PieceEater, TORUS, ZONE};
use crate::attacks::magic::{tables, Tables8};
use crate::moves::{Move, MoveBuf, MoveKind};
use crate::types::{Bb64, Bitboard, Color, Dir, PieceKind, Square};
use crate::variants::orthodox::{advance, pawn_delta};

/// What the PE may do after the actions of one position.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Ctx {
    /// The PE's square.
    pub pe: Square,
    /// Rules 1-2 after an action that does not move the own king.
    pub allowed: Bb64,
    /// Landing squares that give a single outcome: `allowed` (rule 3) and the enemy king
    /// (captured: the game is over and the PE does not step).
    pub single: Bb64,
    /// Outcomes of any other action that does not move the own king: `|allowed|`, or 1 (PE-4).
    pub spread: u64,
    /// Rules 1-2 without the own king's zone (it moves): king moves and castling.
    pub king_base: Bb64,
}

/// Where generated actions go.
pub(super) trait Sink {
    /// Non-king moves `from` -> each target (kind `Normal`, no promotion).
    fn normal(&mut self, c: &Ctx, from: Square, targets: Bb64);
    /// Pawn moves to each target, from `target - delta`.
    fn pawns(&mut self, c: &Ctx, targets: Bb64, delta: i8, kind: MoveKind);
    /// Pawn moves to each target with the four given promotion codes (0 = stays a pawn).
    fn promotions(&mut self, c: &Ctx, targets: Bb64, delta: i8, codes: &[u8; 4]);
    /// Drops of the unit with `code` on each target.
    fn drops(&mut self, c: &Ctx, targets: Bb64, code: u8);
    /// One non-king action whose unit ends on `unit`.
    fn one(&mut self, c: &Ctx, m: Move, unit: Square);
    /// A king move or castling (`m.to()` = the king's destination, never the enemy king).
    fn king(&mut self, c: &Ctx, m: Move);
}

/// Lists (action, outcome) pairs.
pub(super) struct Lister<'a>(pub &'a mut PeMoves);

/// Counts them (perft bulk counting).
#[derive(Default)]
pub(super) struct Counter {
    /// Actions that do not move the own king.
    all: u64,
    /// Of those, the ones with one outcome.
    single: u64,
    /// Outcomes of king moves and castling.
    king: u64,
}

impl Counter {
    /// The number of (action, outcome) pairs.
    #[inline(always)]
    pub(super) fn total(&self, c: &Ctx) -> u64 {
        self.single + c.spread * (self.all - self.single) + self.king
    }
}

#[inline(always)]
fn from_of(to: Square, delta: i8) -> Square {
    Square((to.0 as i8 - delta) as u8)
}

impl Lister<'_> {
    #[inline(always)]
    fn emit(&mut self, c: &Ctx, m: Move, unit: Square) {
        if c.single.has(unit) {
            let aux = if c.allowed.has(unit) { unit } else { c.pe };
            self.0.push(m.with_aux(aux));
        } else if c.allowed.is_empty() {
            self.0.push(m.with_aux(c.pe));
        } else {
            for s in c.allowed {
                self.0.push(m.with_aux(s));
            }
        }
    }
}

impl Sink for Lister<'_> {
    #[inline(always)]
    fn normal(&mut self, c: &Ctx, from: Square, targets: Bb64) {
        for to in targets {
            self.emit(c, Move::new(MoveKind::Normal, from, to), to);
        }
    }
    #[inline(always)]
    fn pawns(&mut self, c: &Ctx, targets: Bb64, delta: i8, kind: MoveKind) {
        for to in targets {
            self.emit(c, Move::new(kind, from_of(to, delta), to), to);
        }
    }
    #[inline(always)]
    fn promotions(&mut self, c: &Ctx, targets: Bb64, delta: i8, codes: &[u8; 4]) {
        for to in targets {
            for &code in codes {
                self.emit(c, Move::promotion(from_of(to, delta), to, code), to);
            }
        }
    }
    #[inline(always)]
    fn drops(&mut self, c: &Ctx, targets: Bb64, code: u8) {
        for to in targets {
            self.emit(c, Move::pack(MoveKind::Drop, to, to, to, code, Dir::N), to);
        }
    }
    #[inline(always)]
    fn one(&mut self, c: &Ctx, m: Move, unit: Square) {
        self.emit(c, m, unit);
    }
    #[inline(always)]
    fn king(&mut self, c: &Ctx, m: Move) {
        let allowed = c.king_base & !ZONE[m.to().idx()];
        if allowed.is_empty() {
            self.0.push(m.with_aux(c.pe));
        } else {
            for s in allowed {
                self.0.push(m.with_aux(s));
            }
        }
    }
}

impl Sink for Counter {
    #[inline(always)]
    fn normal(&mut self, c: &Ctx, _from: Square, targets: Bb64) {
        self.all += u64::from(targets.count());
        self.single += u64::from((targets & c.single).count());
    }
    #[inline(always)]
    fn pawns(&mut self, c: &Ctx, targets: Bb64, _delta: i8, _kind: MoveKind) {
        self.all += u64::from(targets.count());
        self.single += u64::from((targets & c.single).count());
    }
    #[inline(always)]
    fn promotions(&mut self, c: &Ctx, targets: Bb64, _delta: i8, _codes: &[u8; 4]) {
        self.all += 4 * u64::from(targets.count());
        self.single += 4 * u64::from((targets & c.single).count());
    }
    #[inline(always)]
    fn drops(&mut self, c: &Ctx, targets: Bb64, _code: u8) {
        self.all += u64::from(targets.count());
        self.single += u64::from((targets & c.single).count());
    }
    #[inline(always)]
    fn one(&mut self, c: &Ctx, _m: Move, unit: Square) {
        self.all += 1;
        self.single += u64::from(c.single.has(unit));
    }
    #[inline(always)]
    fn king(&mut self, c: &Ctx, m: Move) {
        self.king += u64::from((c.king_base & !ZONE[m.to().idx()]).count().max(1));
    }
}

const RANK_1: u64 = 0xff;
const RANK_2: u64 = 0xff << 8;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;
const RANK_7: u64 = 0xff << 48;
const RANK_8: u64 = 0xff << 56;

/// 8th-rank promotion choices.
const PROMO_LAST: [u8; 4] =
    [PeKind::Queen.code(), PeKind::Rook.code(), PeKind::Bishop.code(), PeKind::Knight.code()];
/// 7th-rank choices (PE-2): stay a pawn (0), or promote to R, B or N.
const PROMO_SEVENTH: [u8; 4] =
    [0, PeKind::Rook.code(), PeKind::Bishop.code(), PeKind::Knight.code()];

/// Generates every legal (action, outcome) pair of `pos` into `sink`; returns the PE context
/// (the default, with no moves, once a king has been captured).
#[inline(always)]
pub(super) fn generate<S: Sink>(pos: &PieceEater, sink: &mut S) -> Ctx {
    let t = tables();
    let b = &pos.base.board;
    let us = pos.base.core.turn;
    let them = !us;
    let (Some(ksq), Some(eksq)) = (pos.king(us), pos.king(them)) else {
        // A king has been captured: the game is over (§6).
        return Ctx::default();
    };
    let pe = pos.pe;
    let pe_bb = Bitboard::from_square(pe);
    let own = b.color(us);
    let occ = own | b.color(them) | pe_bb;
    // Nothing moves onto its own units or onto the PE; enemy units, the king too, are targets.
    let targets = !(own | pe_bb);
    let left = pos.pe_left.map_or(Bitboard::EMPTY, Bitboard::from_square);
    let king_base = TORUS[pe.idx()] & !left & !ZONE[eksq.idx()];
    let allowed = king_base & !ZONE[ksq.idx()];
    let ctx = Ctx {
        pe,
        allowed,
        single: allowed.with(eksq),
        spread: u64::from(allowed.count().max(1)),
        king_base,
    };

    for sq in b.pieces(PeKind::Knight, us) {
        sink.normal(&ctx, sq, t.knight[sq.idx()] & targets);
    }
    let queens = b.pieces(PeKind::Queen, us);
    for sq in b.pieces(PeKind::Bishop, us) | queens {
        sink.normal(&ctx, sq, t.bishop(sq, occ) & targets);
    }
    for sq in b.pieces(PeKind::Rook, us) | queens {
        sink.normal(&ctx, sq, t.rook(sq, occ) & targets);
    }

    // King: capturing the enemy king ends the game; other moves shift the king's zone.
    let kt = t.king[ksq.idx()] & targets;
    let ek_bb = Bitboard::from_square(eksq);
    sink.normal(&ctx, ksq, kt & ek_bb);
    for to in kt & !ek_bb {
        sink.king(&ctx, Move::new(MoveKind::Normal, ksq, to));
    }
    pawn_moves(t, pos, &ctx, occ, sink);
    castling(pos, &ctx, ksq, occ, sink);
    drops(pos, &ctx, !occ, sink);
    ctx
}

/// Pawn moves: steps, double steps, captures, promotions on the 8th rank and the optional
/// ones on the 7th (PE-2), en passant.
#[inline(always)]
fn pawn_moves<S: Sink>(t: &Tables8, pos: &PieceEater, ctx: &Ctx, occ: Bb64, sink: &mut S) {
    let us = pos.base.core.turn;
    let pawns = pos.base.board.pieces(PeKind::Pawn, us);
    let enemy = pos.base.board.color(!us);
    let empty = !occ;
    let (r7, r8, r3) = match us {
        Color::White => (Bitboard(RANK_7), Bitboard(RANK_8), Bitboard(RANK_3)),
        Color::Black => (Bitboard(RANK_2), Bitboard(RANK_1), Bitboard(RANK_6)),
    };
    let single = advance(pawns, us, 0) & empty;
    let double = advance(single & r3, us, 0) & empty;
    let d0 = pawn_delta(us, 0);
    sink.pawns(ctx, single & !(r7 | r8), d0, MoveKind::Normal);
    sink.promotions(ctx, single & r8, d0, &PROMO_LAST);
    sink.promotions(ctx, single & r7, d0, &PROMO_SEVENTH);
    sink.pawns(ctx, double, 2 * d0, MoveKind::DoublePush);
    for dx in [-1i8, 1] {
        let caps = advance(pawns, us, dx) & enemy;
        let d = pawn_delta(us, dx);
        sink.pawns(ctx, caps & !(r7 | r8), d, MoveKind::Normal);
        sink.promotions(ctx, caps & r8, d, &PROMO_LAST);
        sink.promotions(ctx, caps & r7, d, &PROMO_SEVENTH);
    }
    if let Some(ep) = pos.base.core.ep {
        // The e.p. square is empty and never the PE's (PE-5).
        for from in t.pawn_attacks(!us, ep) & pawns {
            sink.one(ctx, Move::new(MoveKind::EnPassant, from, ep), ep);
        }
    }
}

/// Castling, FIDE conditions (PE-1): rights, king and rook at home, the squares between empty
/// (the PE is an obstacle), and the king not on, passing over or landing on a square an enemy
/// unit attacks (with the king's start square empty, rule book README).
#[inline(always)]
fn castling<S: Sink>(pos: &PieceEater, ctx: &Ctx, ksq: Square, occ: Bb64, sink: &mut S) {
    let us = pos.base.core.turn;
    let (kbit, qbit, base) = match us {
        Color::White => (super::WHITE_KINGSIDE, super::WHITE_QUEENSIDE, 0u8),
        Color::Black => (super::BLACK_KINGSIDE, super::BLACK_QUEENSIDE, 56u8),
    };
    if pos.base.core.castling & (kbit | qbit) != 0 && ksq == Square(base + 4) {
        let sq = |f: u8| Square(base + f);
        let rooks = pos.base.board.pieces(PeKind::Rook, us);
        let occ_k = occ.without(ksq);
        let attacked = |s: Square| pos.attackers(s, !us, occ_k).any();
        if !attacked(ksq) {
            if pos.base.core.castling & kbit != 0
                && rooks.has(sq(7))
                && !occ.has(sq(5))
                && !occ.has(sq(6))
                && !attacked(sq(5))
                && !attacked(sq(6))
            {
                sink.king(ctx, Move::new(MoveKind::Castle, ksq, sq(6)));
            }
            if pos.base.core.castling & qbit != 0
                && rooks.has(sq(0))
                && !occ.has(sq(1))
                && !occ.has(sq(2))
                && !occ.has(sq(3))
                && !attacked(sq(3))
                && !attacked(sq(2))
            {
                sink.king(ctx, Move::new(MoveKind::Castle, ksq, sq(2)));
            }
        }
    }
}

/// Drops: N, B, R on empty squares of the own 1st rank, P on the own 2nd rank.
#[inline(always)]
fn drops<S: Sink>(pos: &PieceEater, ctx: &Ctx, empty: Bb64, sink: &mut S) {
    let us = pos.base.core.turn;
    let hand = &pos.hands[us.index()];
    let (first, second) = match us {
        Color::White => (Bitboard(RANK_1), Bitboard(RANK_2)),
        Color::Black => (Bitboard(RANK_8), Bitboard(RANK_7)),
    };
    let first = first & empty;
    for k in [PeKind::Knight, PeKind::Bishop, PeKind::Rook] {
        if hand[k.index()] > 0 {
            sink.drops(ctx, first, k.code());
        }
    }
    if hand[PeKind::Pawn.index()] > 0 {
        sink.drops(ctx, second & empty, PeKind::Pawn.code());
    }
}
