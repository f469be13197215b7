//! Legal move generation for `magician`: the shared FIDE generator
//! ([`crate::variants::orthodox::generate`]) with the Magician family added through its hooks.
//!
//! How each form splits over the generator (rule book §3; `AREA` = the 24 squares of the 5x5
//! around a square, `MAGE` = the 16 of them that are adjacent or exactly 2 away on a line):
//!
//! | Form | in [`Army`] | own moves here (quiet) | own captures here |
//! |---|---|---|---|
//! | M | — | bishop slide within `AREA` (mF mnA) | `MAGE` (cK cA cD, leaping) |
//! | H | — | queen slide within `AREA` (mK mnA mnD) | `AREA` (cK cA cD cN) |
//! | A | `diagonal` (full bishop slides) | rook slide within `AREA` (mW mnD) | `AREA` not reached by the slide |
//! | C | `straight` (full rook slides) | bishop slide within `AREA` (mF mnA) | `AREA` not reached by the slide |
//! | Y | both (full queen slides) | — | `AREA` not reached by the slides |
//!
//! Attacks (check, king danger): the same capture sets. Only A, C and Y attack beyond distance 2,
//! and only by slides, so they are the only new pinners (as `Army` line pieces), and a check
//! from a family piece within `AREA` is answered only by capturing it or moving the king (it
//! leaps; nothing can block it). A pinned family piece must stay between her king and the
//! pinner (or take the pinner): unlike a slider, she could leap along the pin line past the
//! pinner or past her king ([`pin_segment`]).

use super::{Magician, MagicianKind, BISHOP_HOMES};
use crate::attacks::magic::tables;
use crate::moves::{Move, MoveKind};
use crate::types::{Bb64, Bitboard, Color, Square};
use crate::variants::orthodox::{Army, GenState, OrthoPosition, Sink};

/// For each square, the squares `offs` away (no wrap-around).
const fn leaper(offs: &[(i8, i8)]) -> [Bb64; 64] {
    let mut t = [Bitboard(0); 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut bits = 0u64;
        let mut i = 0;
        while i < offs.len() {
            let (nf, nr) = (f + offs[i].0, r + offs[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                bits |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        t[sq] = Bitboard(bits);
        sq += 1;
    }
    t
}

/// The 24 offsets of the 5x5 area minus its centre.
const fn area_offsets() -> [(i8, i8); 24] {
    let mut out = [(0i8, 0i8); 24];
    let mut n = 0;
    let mut dy = -2;
    while dy <= 2 {
        let mut dx = -2;
        while dx <= 2 {
            if dx != 0 || dy != 0 {
                out[n] = (dx, dy);
                n += 1;
            }
            dx += 1;
        }
        dy += 1;
    }
    out
}

/// The 16 offsets of `AREA` that are not knight leaps: adjacent (K), and (2,2) / (2,0) (A, D).
const fn mage_offsets() -> [(i8, i8); 16] {
    let all = area_offsets();
    let mut out = [(0i8, 0i8); 16];
    let mut n = 0;
    let mut i = 0;
    while i < 24 {
        let (x, y) = all[i];
        let (ax, ay) = (if x < 0 { -x } else { x }, if y < 0 { -y } else { y });
        if !((ax == 1 && ay == 2) || (ax == 2 && ay == 1)) {
            out[n] = all[i];
            n += 1;
        }
        i += 1;
    }
    out
}

/// Every square within two king steps (5x5 minus centre): the capture set of H, and the leaping
/// part of A, C and Y.
pub(crate) const AREA: [Bb64; 64] = leaper(&area_offsets());
/// The Magician's capture set: adjacent, and exactly 2 away orthogonally or diagonally.
pub(crate) const MAGE: [Bb64; 64] = leaper(&mage_offsets());

/// Promotion choices in listing order (`MagicianKind` codes): Q R B N, and M while the side may
/// still bring in its Magician.
const PROMOS_WITH_M: [u8; 5] = [
    MagicianKind::Queen as u8,
    MagicianKind::Rook as u8,
    MagicianKind::Bishop as u8,
    MagicianKind::Knight as u8,
    MagicianKind::Magician as u8,
];

/// The promotion choices of a side (with the Magician while its flag is set).
#[inline(always)]
pub(super) fn promotions(with_magician: bool) -> &'static [u8] {
    if with_magician {
        &PROMOS_WITH_M
    } else {
        &PROMOS_WITH_M[..4]
    }
}

/// Where a pinned family piece on `sq` may go: the squares strictly between its king and the
/// pinner, and the pinner's square. The whole pin line is not enough for her: her leaps could
/// land beyond the pinner (over it) or beyond the king, which would expose the king.
#[inline]
fn pin_segment(g: &GenState, sq: Square) -> Bb64 {
    let t = tables();
    let k = g.ksq.idx();
    let line = t.line[k][sq.idx()];
    let without = g.occ.without(sq);
    // The units the king sees along the line with `sq` lifted: on `sq`'s side, the pinner.
    let seen = (t.bishop(g.ksq, without) | t.rook(g.ksq, without)) & line & g.enemy;
    for p in seen {
        if t.between[k][p.idx()].has(sq) {
            return t.between[k][p.idx()].with(p);
        }
    }
    // Unreachable for a pinned unit; stay on the line.
    line
}

/// The full reach of a Magician-family piece of `kind` on `sq` with occupancy `occ`, as
/// `(moves, captures)`: the squares it may move to if empty (slide ends on an occupied square
/// are included; mask with the empty squares), and the squares it captures on if an enemy unit
/// stands there (its attacks). For the evaluation's mobility; the generator splits the same
/// sets differently (see the module table). Empty sets for other kinds.
pub fn family_moves(kind: MagicianKind, sq: Square, occ: Bb64) -> (Bb64, Bb64) {
    let t = tables();
    let i = sq.idx();
    match kind {
        MagicianKind::Magician => (t.bishop(sq, occ) & AREA[i], MAGE[i]),
        MagicianKind::Priestess => (t.queen(sq, occ) & AREA[i], AREA[i]),
        MagicianKind::Archbishop => {
            let b = t.bishop(sq, occ);
            ((t.rook(sq, occ) & AREA[i]) | b, AREA[i] | b)
        }
        MagicianKind::Chancellor => {
            let r = t.rook(sq, occ);
            ((t.bishop(sq, occ) & AREA[i]) | r, AREA[i] | r)
        }
        MagicianKind::Minister => {
            let q = t.queen(sq, occ);
            (q, AREA[i] | q)
        }
        _ => (Bitboard::EMPTY, Bitboard::EMPTY),
    }
}

impl Magician {
    /// Units of `by` attacking `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bb64) -> Bb64 {
        let b = self.board();
        let y = b.kind(MagicianKind::Minister);
        let a = b.kind(MagicianKind::Archbishop);
        let c = b.kind(MagicianKind::Chancellor);
        let area = b.kind(MagicianKind::Priestess) | a | c | y;
        let leaps = (AREA[sq.idx()] & area) | (MAGE[sq.idx()] & b.kind(MagicianKind::Magician));
        self.base.attackers(sq, by, occ, c | y, a | y) | (leaps & b.color(by))
    }
}

impl OrthoPosition<11> for Magician {
    #[inline(always)]
    fn army(&self, c: Color) -> Army {
        let b = self.board();
        let mine = b.color(c);
        let queens = b.kind(MagicianKind::Queen) | b.kind(MagicianKind::Minister);
        Army {
            pawns: b.kind(MagicianKind::Pawn) & mine,
            knights: b.kind(MagicianKind::Knight) & mine,
            diagonal: (b.kind(MagicianKind::Bishop) | b.kind(MagicianKind::Archbishop) | queens)
                & mine,
            straight: (b.kind(MagicianKind::Rook) | b.kind(MagicianKind::Chancellor) | queens)
                & mine,
            king: self.king(c),
        }
    }

    #[inline(always)]
    fn promotions(&self) -> &'static [u8] {
        promotions(self.may_bring_in(self.base.core.turn))
    }

    /// The leaping captures (the slides of A, C, Y are in their [`Army`]).
    #[inline(always)]
    fn extra_attacks(&self, by: Color, _occ: Bb64) -> Bb64 {
        let b = self.board();
        let fam = self.family() & b.color(by);
        let mut a = Bitboard::EMPTY;
        for sq in fam {
            a |= if b.kind(MagicianKind::Magician).has(sq) {
                MAGE[sq.idx()]
            } else {
                AREA[sq.idx()]
            };
        }
        a
    }

    /// A family piece within `AREA` checks by a leap (nothing blocks it); farther away it
    /// checks by a slide like an orthodox line piece.
    #[inline(always)]
    fn evasion_target(&self, ksq: Square, checker: Square) -> Bb64 {
        if AREA[ksq.idx()].has(checker) && self.family().has(checker) {
            Bitboard::from_square(checker)
        } else {
            tables().between[ksq.idx()][checker.idx()].with(checker)
        }
    }

    #[inline(always)]
    fn extra_moves<S: Sink>(&self, sink: &mut S, g: &GenState) {
        let t = tables();
        let b = self.board();
        let occ = g.occ;
        for sq in self.family() & g.own {
            let i = sq.idx();
            let (quiet, caps) = match b.kind_at(sq) {
                Some(MagicianKind::Magician) => (t.bishop(sq, occ) & AREA[i], MAGE[i]),
                Some(MagicianKind::Priestess) => (t.queen(sq, occ) & AREA[i], AREA[i]),
                Some(MagicianKind::Archbishop) => {
                    (t.rook(sq, occ) & AREA[i], AREA[i] & !t.bishop(sq, occ))
                }
                Some(MagicianKind::Chancellor) => {
                    (t.bishop(sq, occ) & AREA[i], AREA[i] & !t.rook(sq, occ))
                }
                _ => (Bitboard::EMPTY, AREA[i] & !t.queen(sq, occ)),
            };
            let mut targets = ((quiet & !occ) | (caps & g.enemy)) & g.move_mask;
            if g.pinned.has(sq) {
                targets &= pin_segment(g, sq);
            }
            sink.piece_moves(sq, targets);
        }
        // Switch (§2, MG-1): a bishop off its start squares becomes the Magician in place. The
        // occupancy and the enemy units stay as they are, so the king is safe afterwards
        // exactly when it is not in check now (a pinned bishop may switch).
        if !g.in_check && self.may_bring_in(g.us) {
            let movers = b.pieces(MagicianKind::Bishop, g.us) & !BISHOP_HOMES[g.us.index()];
            for sq in movers {
                sink.push(Move::new(MoveKind::Switch, sq, sq));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Geo8x8, Geometry};

    fn set(names: &[&str]) -> Bb64 {
        names.iter().map(|n| Geo8x8::parse_square(n).unwrap()).collect()
    }

    #[test]
    fn area_tables() {
        let d4 = Geo8x8::parse_square("d4").unwrap();
        assert_eq!(AREA[d4.idx()].count(), 24);
        assert_eq!(MAGE[d4.idx()].count(), 16);
        assert_eq!((AREA[d4.idx()] & !MAGE[d4.idx()]), tables().knight[d4.idx()]);
        let a1 = Geo8x8::parse_square("a1").unwrap();
        assert_eq!(MAGE[a1.idx()], set(&["a2", "b1", "b2", "a3", "c1", "c3"]));
        assert_eq!(AREA[a1.idx()].count(), 8);
    }

    /// On an empty board from d4 (rule book §3, the diagrams of docs/variants/magician.md):
    /// M moves 4 F + 4 A, captures 16; H moves 8 K + 4 A + 4 D, captures the 24 of the 5x5;
    /// A moves 13 bishop squares + 4 W + 4 D and captures the 5x5 plus the 5 bishop squares
    /// beyond it; C moves 14 rook squares + 4 F + 4 A and captures the 5x5 plus 6 rook squares
    /// beyond it; Y moves 27 queen squares and captures the 5x5 plus 11 queen squares beyond.
    /// With a unit on e5, M no longer moves to f6 (mnA blocked) but still captures there.
    #[test]
    fn family_reach_from_d4() {
        let d4 = Geo8x8::parse_square("d4").unwrap();
        let count = |k| {
            let (m, c) = family_moves(k, d4, Bitboard::EMPTY);
            (m.count(), c.count())
        };
        assert_eq!(count(MagicianKind::Magician), (8, 16));
        assert_eq!(count(MagicianKind::Priestess), (16, 24));
        assert_eq!(count(MagicianKind::Archbishop), (21, 29));
        assert_eq!(count(MagicianKind::Chancellor), (22, 30));
        assert_eq!(count(MagicianKind::Minister), (27, 35));
        assert_eq!(count(MagicianKind::Bishop), (0, 0));
        let occ = set(&["e5"]);
        let (m, c) = family_moves(MagicianKind::Magician, d4, occ);
        assert!(m.has(Geo8x8::parse_square("e5").unwrap()), "slide end on the blocker");
        assert!(!m.has(Geo8x8::parse_square("f6").unwrap()));
        assert!(c.has(Geo8x8::parse_square("f6").unwrap()));
    }
}
