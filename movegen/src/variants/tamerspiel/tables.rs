//! Lookup tables for TamerSpiel on the 12x8 grid (u128 bitboards), built once from the shared
//! attack primitives (`crate::attacks`): a leaper table per (kind, colour), the eight rays per
//! square, the single-atom tables used to find attackers of a square, the Nobleman's lame
//! two-step and the Supercav's Cavalier.

use super::TsKind;
use crate::attacks::wide::{ray_neg, ray_pos};
use crate::attacks::{leaper_table, symmetric, LameStep, LameTable, Rays};
use crate::types::{Bb128, Bitboard, Color, Delta, Geo12x8, Geometry, Piece, PieceKind, Square};
use std::sync::LazyLock;

/// Number of grid cells (12 x 8).
pub const CELLS: usize = 96;

/// Mailbox codes run 1..=38 (`Piece::code`); index 0 is unused.
pub const CODES: usize = 1 + 2 * TsKind::COUNT;

/// Slider / lame parts of a kind, as flags (`SLIDES[kind]`).
pub const ORTH: u8 = 1;
/// Diagonal rider part.
pub const DIAG: u8 = 2;
/// The Nobleman's lame two-step walk.
pub const NOBLE: u8 = 4;
/// The Supercav's Cavalier.
pub const CAV: u8 = 8;

/// The non-leaper parts of every kind, indexed by kind.
pub const SLIDES: [u8; TsKind::COUNT] = {
    let mut t = [0u8; TsKind::COUNT];
    t[TsKind::Rook as usize] = ORTH;
    t[TsKind::Marshall as usize] = ORTH;
    t[TsKind::Bishop as usize] = DIAG;
    t[TsKind::Archbishop as usize] = DIAG;
    t[TsKind::Queen as usize] = ORTH | DIAG;
    t[TsKind::Warlord as usize] = ORTH | DIAG;
    t[TsKind::Nobleman as usize] = NOBLE;
    t[TsKind::Supercav as usize] = CAV;
    t
};

/// `SLIDES` by mailbox code (index 0 unused).
pub const SLIDES_BY_CODE: [u8; CODES] = {
    let mut t = [0u8; CODES];
    let mut code = 1;
    while code < CODES {
        t[code] = SLIDES[(code - 1) >> 1];
        code += 1;
    }
    t
};

/// Every table.
#[derive(Debug)]
pub struct Tables {
    /// Leaper part of each (kind, colour) by mailbox code: the squares it reaches by steps and
    /// jumps that cannot be blocked (for riders their knight part, for the Nobleman and the
    /// Supercav their king steps).
    pub leap: [[u128; CELLS]; CODES],
    /// The eight rays (`Dir` order: n ne e se s sw w nw) from each square, stopped by the edge
    /// and by holes.
    pub rays: [[u128; 8]; CELLS],
    /// Union of the four orthogonal rays (unblocked), for early outs.
    pub orth_reach: [u128; CELLS],
    /// Union of the four diagonal rays (unblocked).
    pub diag_reach: [u128; CELLS],
    /// One orthogonal step (W).
    pub w: [u128; CELLS],
    /// One diagonal step (F).
    pub f: [u128; CELLS],
    /// Orthogonal 2-jump (D).
    pub d: [u128; CELLS],
    /// Diagonal 2-jump (A).
    pub a: [u128; CELLS],
    /// Knight (N).
    pub n: [u128; CELLS],
    /// King step (W + F).
    pub k: [u128; CELLS],
    /// Squares from which a pawn of colour `c` attacks the square (`pawn_from[c][sq]`).
    pub pawn_from: [[u128; CELLS]; 2],
    /// The square from which a Firzan of colour `c` reaches the square by its backward step.
    pub fback_from: [[u128; CELLS]; 2],
    /// The Nobleman's two-step destinations (Chebyshev distance 2) with their middle squares.
    pub noble: LameTable<Geo12x8>,
    /// The Cavalier's destinations with their two paths.
    pub cav: LameTable<Geo12x8>,
    /// Generic rays (used by tests of the primitives and by `between`).
    pub generic_rays: Rays<Geo12x8>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The shared TamerSpiel tables (built on first use).
#[inline(always)]
pub fn tables() -> &'static Tables {
    &TABLES
}

fn raw(v: Vec<Bb128>) -> [u128; CELLS] {
    let mut out = [0u128; CELLS];
    for (o, b) in out.iter_mut().zip(v) {
        *o = b.0;
    }
    out
}

/// The leaper offsets of a (kind, colour) (its unblockable part).
fn leap_offsets(kind: TsKind, color: Color) -> Vec<Delta> {
    let w = symmetric(1, 0);
    let f = symmetric(1, 1);
    let d = symmetric(2, 0);
    let a = symmetric(2, 2);
    let n = symmetric(1, 2);
    let cat = |parts: &[&Vec<Delta>]| -> Vec<Delta> {
        parts.iter().flat_map(|p| p.iter().copied()).collect()
    };
    match kind {
        TsKind::Pawn => Vec::new(),
        TsKind::Dabbabah => cat(&[&w, &d]),
        TsKind::Firzan => {
            let mut v = f.clone();
            v.push(Delta::new(0, -color.forward()));
            v
        }
        TsKind::Vizier => w,
        TsKind::Guard | TsKind::King | TsKind::Nobleman | TsKind::Supercav => cat(&[&w, &f]),
        TsKind::Horse | TsKind::Archbishop | TsKind::Marshall | TsKind::Warlord => n,
        TsKind::Bishop | TsKind::Rook | TsKind::Queen => Vec::new(),
        TsKind::Eagle => cat(&[&w, &f, &n]),
        TsKind::Lion => cat(&[&w, &f, &a, &d]),
        TsKind::Champion => cat(&[&n, &a, &d]),
        TsKind::Tetrarch => cat(&[&w, &f, &a]),
    }
}

/// The Nobleman's lame part: every square at Chebyshev distance 2, with each possible middle
/// square (adjacent to both ends) as one path. Middle squares that do not exist are dropped by
/// `LameTable::from_fn`.
pub fn nobleman_shape() -> Vec<(Delta, Vec<Vec<Delta>>)> {
    let mut shape = Vec::new();
    for dx in -2i8..=2 {
        for dy in -2i8..=2 {
            if dx.abs().max(dy.abs()) != 2 {
                continue;
            }
            let mut paths = Vec::new();
            for mx in -1i8..=1 {
                for my in -1i8..=1 {
                    if (mx, my) == (0, 0) {
                        continue;
                    }
                    if (dx - mx).abs() <= 1 && (dy - my).abs() <= 1 {
                        paths.push(vec![Delta::new(mx, my)]);
                    }
                }
            }
            shape.push((Delta::new(dx, dy), paths));
        }
    }
    shape
}

impl Tables {
    fn build() -> Tables {
        let mut leap = [[0u128; CELLS]; CODES];
        for &kind in TsKind::ALL {
            for color in Color::ALL {
                let code = usize::from(Piece::new(kind, color).code());
                leap[code] = raw(leaper_table::<Geo12x8>(&leap_offsets(kind, color)));
            }
        }
        let generic_rays = Rays::<Geo12x8>::new();
        let mut rays = [[0u128; 8]; CELLS];
        let mut orth_reach = [0u128; CELLS];
        let mut diag_reach = [0u128; CELLS];
        for (i, r) in rays.iter_mut().enumerate() {
            for (d, slot) in r.iter_mut().enumerate() {
                *slot = generic_rays.ray(Square(i as u8), d).0;
            }
            orth_reach[i] = r[0] | r[2] | r[4] | r[6];
            diag_reach[i] = r[1] | r[3] | r[5] | r[7];
        }
        let table = |offs: Vec<Delta>| raw(leaper_table::<Geo12x8>(&offs));
        let mut pawn_from = [[0u128; CELLS]; 2];
        let mut fback_from = [[0u128; CELLS]; 2];
        for c in Color::ALL {
            let fwd = c.forward();
            // A pawn of colour c on s attacks s + (±1, fwd): so s = sq - (±1, fwd).
            pawn_from[c.index()] = table(vec![Delta::new(1, -fwd), Delta::new(-1, -fwd)]);
            // A Firzan of colour c on s steps back to s + (0, -fwd): so s = sq + (0, fwd).
            fback_from[c.index()] = table(vec![Delta::new(0, fwd)]);
        }
        let shape = nobleman_shape();
        Tables {
            leap,
            rays,
            orth_reach,
            diag_reach,
            w: table(symmetric(1, 0)),
            f: table(symmetric(1, 1)),
            d: table(symmetric(2, 0)),
            a: table(symmetric(2, 2)),
            n: table(symmetric(1, 2)),
            k: table([symmetric(1, 0), symmetric(1, 1)].concat()),
            pawn_from,
            fback_from,
            noble: LameTable::from_fn(|| shape.clone()),
            cav: LameTable::cavalier(11),
            generic_rays,
        }
    }

    /// Orthogonal rider attacks from `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn rook(&self, sq: Square, occ: u128) -> u128 {
        let r = &self.rays[sq.idx()];
        ray_pos(r[0], occ) | ray_pos(r[2], occ) | ray_neg(r[4], occ) | ray_neg(r[6], occ)
    }

    /// Diagonal rider attacks from `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn bishop(&self, sq: Square, occ: u128) -> u128 {
        let r = &self.rays[sq.idx()];
        ray_pos(r[1], occ) | ray_pos(r[7], occ) | ray_neg(r[3], occ) | ray_neg(r[5], occ)
    }

    /// Nobleman two-step destinations of `sq` reachable with occupancy `occ`.
    #[inline]
    pub fn noble_targets(&self, sq: Square, occ: u128) -> u128 {
        self.noble.targets(sq, Bitboard(occ)).0
    }

    /// Cavalier destinations of `sq` reachable with occupancy `occ`.
    #[inline]
    pub fn cav_targets(&self, sq: Square, occ: u128) -> u128 {
        self.cav.targets(sq, Bitboard(occ)).0
    }

    /// The Cavalier step from `from` to `to`, if `to` is a Cavalier destination of `from`.
    pub fn cav_step(&self, from: Square, to: Square) -> Option<&LameStep<u128>> {
        self.cav.steps(from).iter().find(|s| s.to == to)
    }

    /// The squares strictly between `a` and `b` on a common orthogonal or diagonal line (empty
    /// if they share none).
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> u128 {
        let (fa, ra) = (i32::from(Geo12x8::file(a)), i32::from(Geo12x8::rank(a)));
        let (fb, rb) = (i32::from(Geo12x8::file(b)), i32::from(Geo12x8::rank(b)));
        let Some(dir) = crate::types::Dir::from_delta(fb - fa, rb - ra) else { return 0 };
        let ray = self.rays[a.idx()][dir.index()];
        if ray & (1u128 << b.0) == 0 {
            return 0;
        }
        ray & !self.rays[b.idx()][dir.index()] & !(1u128 << b.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: &str) -> Square {
        Geo12x8::parse_square(n).unwrap()
    }

    fn bits(names: &[&str]) -> u128 {
        names.iter().fold(0, |acc, n| acc | 1u128 << sq(n).0)
    }

    #[test]
    fn branch_free_rays_match_the_generic_slide() {
        let t = tables();
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            state = crate::zobrist::splitmix64(state);
            let occ = (u128::from(state) | u128::from(crate::zobrist::splitmix64(state)) << 64)
                & Geo12x8::VALID_BITS;
            for s in Geo12x8::valid() {
                let mut rook = 0;
                let mut bishop = 0;
                for d in 0..8 {
                    let sl = t.generic_rays.slide(s, d, Bitboard(occ)).0;
                    if d % 2 == 0 {
                        rook |= sl;
                    } else {
                        bishop |= sl;
                    }
                }
                assert_eq!(t.rook(s, occ), rook);
                assert_eq!(t.bishop(s, occ), bishop);
            }
        }
    }

    #[test]
    fn pawn_tables_match_the_generic_shift() {
        // `attacks::shift` on the 12x8 grid (no wrap, holes dropped) gives, for every single
        // square, the squares a pawn there attacks; `pawn_from` must be its inverse.
        let t = tables();
        for c in Color::ALL {
            let fwd = c.forward();
            for s in Geo12x8::valid() {
                let one = Bb128::from_square(s);
                let att = crate::attacks::shift::<Geo12x8>(one, Delta::new(1, fwd))
                    | crate::attacks::shift::<Geo12x8>(one, Delta::new(-1, fwd));
                for target in Geo12x8::valid() {
                    let from_table = t.pawn_from[c.index()][target.idx()] & (1u128 << s.0) != 0;
                    assert_eq!(att.has(target), from_table, "{c:?} pawn {s:?} -> {target:?}");
                }
            }
        }
        // The generic shift drops squares that would wrap (l8 east) or land on holes (b3 west
        // is a3).
        let edge = Bitboard(bits(&["k7", "l8", "b3"]));
        let ne = crate::attacks::shift::<Geo12x8>(edge, Delta::new(1, 1)).0;
        assert_eq!(ne, bits(&["l8", "c4"]));
        let w = crate::attacks::shift::<Geo12x8>(edge, Delta::new(-1, 0)).0;
        assert_eq!(w, bits(&["j7", "k8"]));
    }

    #[test]
    fn between_squares() {
        let t = tables();
        assert_eq!(t.between(sq("b1"), sq("f1")), bits(&["c1", "d1", "e1"]));
        assert_eq!(t.between(sq("b2"), sq("e5")), bits(&["c3", "d4"]));
        assert_eq!(t.between(sq("b2"), sq("c4")), 0);
        assert_eq!(t.between(sq("a1"), sq("a8")), 0, "the a-file is cut by holes");
    }

    #[test]
    fn nobleman_middles() {
        let t = tables();
        // From d4 to f4: middles e3, e4, e5. Blocking two leaves the third.
        let occ = bits(&["e3", "e4"]);
        assert_ne!(t.noble_targets(sq("d4"), occ) & bits(&["f4"]), 0);
        let occ = bits(&["e3", "e4", "e5"]);
        assert_eq!(t.noble_targets(sq("d4"), occ) & bits(&["f4"]), 0);
        // From b3 to ... a-file squares at distance 2 do not exist except a1; b3 -> a1 via a2
        // (hole) or b2.
        assert_ne!(t.noble_targets(sq("b3"), 0) & bits(&["a1"]), 0);
        assert_eq!(t.noble_targets(sq("b3"), bits(&["b2"])) & bits(&["a1"]), 0);
    }
}
