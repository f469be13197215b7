//! "Is square X attacked by side A" for 8-Piece Chess, on a bitboard-only copy of a position
//! ([`Lite`]) so that legality tests can apply a move cheaply and ask about the result.
//!
//! Attacks (rule book §3, §6.4, §7.3, 8P-1, 8P-10):
//! * held units (on a hold square of an enemy jailer) attack nothing; jailers never attack;
//! * pawns, knights, kings, bishops, rooks, queens as in chess;
//! * a lancer attacks along its facing up to and including the first enemy unit, passing over
//!   its friends;
//! * a sentry attacks X if it reaches (diagonal slide over empty squares) an enemy unit U that
//!   is not a jailer or sentry, and U, moving from its square as a unit of the sentry's side
//!   (the sentry's start square empty), could capture on X;
//! * 8P-10: the lancer named by the push field, if not held, also attacks the first enemy unit
//!   along each of its other seven directions, banned squares (§6.3) excluded.

use super::tables::{orth_adj, DIAGS, LINES, RAYS};
use super::{EightBoard, EightKind, EightPiece};
use crate::attacks::magic::tables;
use crate::types::{Bitboard, Color, Square};

/// Kind indices (for the bitboard array).
pub(super) const P: usize = EightKind::Pawn as usize;
pub(super) const N: usize = EightKind::Knight as usize;
pub(super) const B: usize = EightKind::Bishop as usize;
pub(super) const R: usize = EightKind::Rook as usize;
pub(super) const Q: usize = EightKind::Queen as usize;
pub(super) const K: usize = EightKind::King as usize;
pub(super) const J: usize = EightKind::Jailer as usize;
pub(super) const L: usize = EightKind::Lancer as usize;
pub(super) const S: usize = EightKind::Sentry as usize;

/// The bitboards of a position: units by kind and colour, and lancer facing planes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Lite {
    /// Units by kind (both colours).
    pub k: [u64; 9],
    /// Units by colour.
    pub c: [u64; 2],
    /// Lancer facing bit planes.
    pub f: [u64; 3],
}

impl Lite {
    /// The bitboards of `pos`.
    #[inline(always)]
    pub fn of(pos: &EightPiece) -> Lite {
        Lite::from_parts(&pos.board, &pos.facing)
    }

    /// The bitboards of the placement `b` with lancer facings `facing`.
    #[inline(always)]
    pub fn from_parts(b: &EightBoard, facing: &[u64; 3]) -> Lite {
        let kinds = <EightKind as crate::types::PieceKind>::ALL;
        let mut k = [0u64; 9];
        for (i, kind) in kinds.iter().enumerate() {
            k[i] = b.kind(*kind).0;
        }
        Lite { k, c: [b.color(Color::White).0, b.color(Color::Black).0], f: *facing }
    }

    /// Facing index of the lancer on `sq`.
    #[inline(always)]
    pub fn facing(&self, sq: usize) -> usize {
        (((self.f[0] >> sq) & 1) | (((self.f[1] >> sq) & 1) << 1) | (((self.f[2] >> sq) & 1) << 2))
            as usize
    }

    /// Removes the unit of kind `kind` and colour `c` from `sq`.
    #[inline(always)]
    pub fn take(&mut self, sq: Square, kind: usize, c: Color) {
        let bit = !(1u64 << sq.0);
        self.k[kind] &= bit;
        self.c[c.index()] &= bit;
        if kind == L {
            self.f[0] &= bit;
            self.f[1] &= bit;
            self.f[2] &= bit;
        }
    }

    /// Places a unit on the empty `sq` (`facing` used for lancers).
    #[inline(always)]
    pub fn put(&mut self, sq: Square, kind: usize, c: Color, facing: usize) {
        let bit = 1u64 << sq.0;
        self.k[kind] |= bit;
        self.c[c.index()] |= bit;
        if kind == L {
            for (i, plane) in self.f.iter_mut().enumerate() {
                if (facing >> i) & 1 != 0 {
                    *plane |= bit;
                } else {
                    *plane &= !bit;
                }
            }
        }
    }

    /// Whether side `by` attacks `x` (which holds, or would hold, a unit of the other side).
    /// `tm` names `by`'s lancer that may make a Turn-then-Move (8P-10) with its banned squares.
    #[inline]
    pub fn attacked(&self, x: Square, by: Color, tm: Option<(Square, u64)>) -> bool {
        let t = tables();
        let xi = x.idx();
        let xb = 1u64 << xi;
        let a = self.c[by.index()];
        let d = self.c[(!by).index()];
        let occ = a | d;
        // 8P-1: units of `by` held by the defender's jailers attack nothing.
        let act = a & !orth_adj(self.k[J] & d);
        if (t.knight[xi].0 & self.k[N] & act) != 0
            || (t.king[xi].0 & self.k[K] & act) != 0
            || (t.pawn_attacks(!by, x).0 & self.k[P] & act) != 0
        {
            return true;
        }
        let rq = (self.k[R] | self.k[Q]) & act;
        if rq != 0 && (t.rook(x, Bitboard(occ)).0 & rq) != 0 {
            return true;
        }
        let bq = (self.k[B] | self.k[Q]) & act;
        if bq != 0 && (t.bishop(x, Bitboard(occ)).0 & bq) != 0 {
            return true;
        }
        let lancers = self.k[L] & act;
        // Only a lancer on a line through x can reach it.
        let mut it = lancers & LINES[xi];
        while it != 0 {
            let l = it.trailing_zeros() as usize;
            it &= it - 1;
            if RAYS[self.facing(l)][l] & xb != 0 && t.between[l][xi].0 & d == 0 {
                return true;
            }
        }
        // 8P-10: the pushed lancer's Turn-then-Move captures.
        if let Some((l, banned)) = tm {
            let li = l.idx();
            if lancers & (1 << li) != 0
                && banned & xb == 0
                && !t.line[li][xi].is_empty()
                && t.between[li][xi].0 & d == 0
            {
                return true;
            }
        }
        self.attacked_by_push(x, by, occ, d, act)
    }

    /// §6.4 alone: whether `by` attacks `x` through a push by one of its sentries (`occ`: all
    /// units, `d`: the defender's units, `act`: `by`'s units not held).
    #[inline(always)]
    pub fn attacked_by_push(&self, x: Square, by: Color, occ: u64, d: u64, act: u64) -> bool {
        let t = tables();
        let xi = x.idx();
        let xb = 1u64 << xi;
        let sentries = self.k[S] & act;
        if sentries != 0 {
            // Defender units that, moving as `by`'s units, could capture on x from where they
            // stand (coarse for line movers, refined below).
            let lines = LINES[xi];
            let cand = ((t.pawn_attacks(!by, x).0 & self.k[P])
                | (t.knight[xi].0 & self.k[N])
                | (lines & (self.k[B] | self.k[R] | self.k[Q] | self.k[L])))
                & d;
            if cand != 0 {
                // Only a sentry on a diagonal through a candidate can push it.
                let mut it = sentries;
                while it != 0 {
                    let s = it.trailing_zeros() as usize;
                    it &= it - 1;
                    if DIAGS[s] & cand == 0 {
                        continue;
                    }
                    let mut reach = t.bishop(Square(s as u8), Bitboard(occ)).0 & cand;
                    while reach != 0 {
                        let u = reach.trailing_zeros() as usize;
                        reach &= reach - 1;
                        let ub = 1u64 << u;
                        let us = Square(u as u8);
                        let occ_p = occ & !(1u64 << s);
                        let hit = if ub & (self.k[P] | self.k[N]) != 0 {
                            true
                        } else if ub & self.k[L] != 0 {
                            RAYS[self.facing(u)][u] & xb != 0 && t.between[u][xi].0 & d == 0
                        } else {
                            let mut h = 0u64;
                            if ub & (self.k[R] | self.k[Q]) != 0 {
                                h |= t.rook(us, Bitboard(occ_p)).0;
                            }
                            if ub & (self.k[B] | self.k[Q]) != 0 {
                                h |= t.bishop(us, Bitboard(occ_p)).0;
                            }
                            h & xb != 0
                        };
                        if hit {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
}
