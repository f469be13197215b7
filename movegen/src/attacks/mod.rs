//! Attack primitives shared by every variant and geometry:
//!
//! * [`leaper_table`]: fixed-offset jumps (knight, king, alfil, dabbabah, camel, ...).
//! * [`Rays`]: riders along any step vector (rook/bishop lines, nightrider knight lines), their
//!   blocked slides, and hopper/jump-capture landings beyond the first unit on a line.
//! * [`LameTable`]: lame (blockable) leapers and bent riders: each destination with the path(s)
//!   that must be empty, legal if any one path is clear (Magician's `nA`, the Nobleman's
//!   two-step walk, the Cavalier's two paths).
//! * [`shift`]: whole-bitboard steps without wrap-around (pawn pushes on any geometry).
//! * [`magic`]: magic-bitboard slider attacks and line tables for the 8x8 board.
//! * [`zones`]: edge ring, corners, citadels, relative ranks.
//! * [`wide`]: branch-free single-ray slides on `u128` boards.

pub mod magic;
pub mod wide;
pub mod zones;

use crate::types::{BitInt, Bitboard, Delta, Geometry, Square};
use std::marker::PhantomData;

/// All eight sign/orientation variants of the leap `(a, b)`, deduplicated.
pub fn symmetric(a: i8, b: i8) -> Vec<Delta> {
    let mut v = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = Delta::new(x * sx, y * sy);
                if !v.contains(&d) {
                    v.push(d);
                }
            }
        }
    }
    v
}

/// For every grid cell, the existing squares reached by one of `offsets` (holes and off-board
/// landings excluded; what lies between is irrelevant for a leaper).
pub fn leaper_table<G: Geometry>(offsets: &[Delta]) -> Vec<Bitboard<G::Bits>> {
    (0..G::cells())
        .map(|i| {
            let sq = Square(i as u8);
            if !G::valid().has(sq) {
                return Bitboard::EMPTY;
            }
            offsets.iter().filter_map(|&d| G::offset(sq, d)).collect()
        })
        .collect()
}

/// The 16 ray directions of [`Rays`]: the 8 compass directions (indices 0..8, as
/// [`crate::types::Dir`]) then the 8 knight-line directions (8..16).
pub const RAY_STEPS: [Delta; 16] = [
    Delta::new(0, 1),
    Delta::new(1, 1),
    Delta::new(1, 0),
    Delta::new(1, -1),
    Delta::new(0, -1),
    Delta::new(-1, -1),
    Delta::new(-1, 0),
    Delta::new(-1, 1),
    Delta::new(1, 2),
    Delta::new(2, 1),
    Delta::new(2, -1),
    Delta::new(1, -2),
    Delta::new(-1, -2),
    Delta::new(-2, -1),
    Delta::new(-2, 1),
    Delta::new(-1, 2),
];

/// Rays from every square in the 16 directions of [`RAY_STEPS`]. A ray stops at the grid edge
/// and at the first hole (holes block riders like an occupied square that can't be entered).
#[derive(Clone, Debug)]
pub struct Rays<G: Geometry> {
    rays: Vec<[Bitboard<G::Bits>; 16]>,
    _g: PhantomData<G>,
}

impl<G: Geometry> Default for Rays<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Geometry> Rays<G> {
    /// Builds the tables.
    pub fn new() -> Self {
        let rays = (0..G::cells())
            .map(|i| {
                let mut out = [Bitboard::EMPTY; 16];
                let sq = Square(i as u8);
                if G::valid().has(sq) {
                    for (d, &step) in RAY_STEPS.iter().enumerate() {
                        let mut cur = sq;
                        while let Some(n) = G::offset(cur, step) {
                            out[d].set(n);
                            cur = n;
                        }
                    }
                }
                out
            })
            .collect();
        Rays { rays, _g: PhantomData }
    }

    /// Whether direction `d` runs toward higher square indices.
    #[inline(always)]
    pub const fn positive(d: usize) -> bool {
        let s = RAY_STEPS[d];
        s.dy > 0 || (s.dy == 0 && s.dx > 0)
    }

    /// The full ray from `sq` in direction `d` (excluding `sq`).
    #[inline(always)]
    pub fn ray(&self, sq: Square, d: usize) -> Bitboard<G::Bits> {
        self.rays[sq.idx()][d]
    }

    /// The first square of `set` along the ray from `sq` in direction `d`.
    #[inline(always)]
    pub fn first_on_ray(&self, sq: Square, d: usize, set: Bitboard<G::Bits>) -> Option<Square> {
        let hit = self.rays[sq.idx()][d] & set;
        if hit.is_empty() {
            None
        } else if Self::positive(d) {
            Some(hit.lsb())
        } else {
            Some(hit.msb())
        }
    }

    /// Squares a rider on `sq` reaches in direction `d`: every square up to and including the
    /// first occupied one.
    #[inline(always)]
    pub fn slide(&self, sq: Square, d: usize, occ: Bitboard<G::Bits>) -> Bitboard<G::Bits> {
        let ray = self.rays[sq.idx()][d];
        match self.first_on_ray(sq, d, occ) {
            None => ray,
            Some(b) => ray ^ self.rays[b.idx()][d],
        }
    }

    /// Union of [`Rays::slide`] over several directions.
    #[inline]
    pub fn slides(&self, sq: Square, dirs: &[usize], occ: Bitboard<G::Bits>) -> Bitboard<G::Bits> {
        let mut out = Bitboard::EMPTY;
        for &d in dirs {
            out |= self.slide(sq, d, occ);
        }
        out
    }

    /// Hopper / jump-capture primitive: along direction `d` from `sq`, the first occupied square
    /// (the unit that would be jumped) and the empty squares beyond it up to the next occupied
    /// square. `None` if the line holds no unit.
    #[inline]
    pub fn beyond_first(
        &self,
        sq: Square,
        d: usize,
        occ: Bitboard<G::Bits>,
    ) -> Option<(Square, Bitboard<G::Bits>)> {
        let victim = self.first_on_ray(sq, d, occ)?;
        Some((victim, self.slide(victim, d, occ) & !occ))
    }

    /// The squares strictly between `a` and `b` if they share one of the 16 lines, else empty.
    pub fn between(&self, a: Square, b: Square) -> Bitboard<G::Bits> {
        for d in 0..16 {
            if self.rays[a.idx()][d].has(b) {
                return self.rays[a.idx()][d] & !self.rays[b.idx()][d] & !Bitboard::from_square(b);
            }
        }
        Bitboard::EMPTY
    }
}

/// One destination of a lame leaper or bent rider: reachable if any one of `paths` has every
/// square empty (a single-path piece repeats its path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LameStep<B: BitInt> {
    /// Destination.
    pub to: Square,
    /// Alternative paths (squares strictly before the destination); at least one must be empty.
    pub paths: [Bitboard<B>; 3],
}

impl<B: BitInt> LameStep<B> {
    /// Whether some path is clear of `occ`.
    #[inline(always)]
    pub fn open(&self, occ: Bitboard<B>) -> bool {
        (self.paths[0] & occ).is_empty()
            || (self.paths[1] & occ).is_empty()
            || (self.paths[2] & occ).is_empty()
    }
}

/// Per-square destinations of a lame leaper or bent rider, with their paths.
#[derive(Clone, Debug)]
pub struct LameTable<G: Geometry> {
    steps: Vec<Vec<LameStep<G::Bits>>>,
}

impl<G: Geometry> LameTable<G> {
    /// Builds from a function giving, for a square, each destination's paths as lists of
    /// offsets from the origin (the squares that must be empty). Paths that cross a missing
    /// square are dropped; a destination with no possible path is dropped; at most 3 paths.
    pub fn from_fn(mut f: impl FnMut() -> Vec<(Delta, Vec<Vec<Delta>>)>) -> Self {
        let shape = f();
        let steps = (0..G::cells())
            .map(|i| {
                let sq = Square(i as u8);
                if !G::valid().has(sq) {
                    return Vec::new();
                }
                shape
                    .iter()
                    .filter_map(|(dest, paths)| {
                        let to = G::offset(sq, *dest)?;
                        let masks: Vec<Bitboard<G::Bits>> = paths
                            .iter()
                            .filter_map(|p| {
                                p.iter().map(|&d| G::offset(sq, d)).collect::<Option<_>>()
                            })
                            .collect();
                        if masks.is_empty() {
                            return None;
                        }
                        assert!(masks.len() <= 3, "at most 3 paths per destination");
                        let mut arr = [masks[0]; 3];
                        for (k, m) in masks.iter().enumerate() {
                            arr[k] = *m;
                        }
                        Some(LameStep { to, paths: arr })
                    })
                    .collect()
            })
            .collect();
        LameTable { steps }
    }

    /// A lame leaper that moves by `leap` (all symmetric variants) through the given middle
    /// square, e.g. `(2, 2)` via `(1, 1)` for the non-jumping alfil (`nA`).
    pub fn lame(a: i8, b: i8, via: (i8, i8)) -> Self {
        let shape: Vec<(Delta, Vec<Vec<Delta>>)> = symmetric(a, b)
            .into_iter()
            .map(|d| {
                // Orient the middle square the same way as the leap.
                let (mx, my) = if d.dx.abs() == a.abs() && d.dy.abs() == b.abs() {
                    (via.0, via.1)
                } else {
                    (via.1, via.0)
                };
                let m = Delta::new(mx * d.dx.signum(), my * d.dy.signum());
                (d, vec![vec![m]])
            })
            .collect();
        Self::from_fn(|| shape.clone())
    }

    /// Greenwood's Cavalier (bent slider): destinations `(±1, ±k)` and `(±k, ±1)`, `k >= 2`,
    /// each by two paths: one diagonal step then straight steps outward, or straight steps
    /// then one diagonal step. `max` bounds `k` (the board size).
    pub fn cavalier(max: i8) -> Self {
        let mut shape = Vec::new();
        for k in 2..=max {
            for (sx, sy) in [(1i8, 1i8), (1, -1), (-1, 1), (-1, -1)] {
                // (±1, ±k): long leg along y.
                let diag_first: Vec<Delta> = (1..k).map(|j| Delta::new(sx, sy * j)).collect();
                let straight_first: Vec<Delta> = (1..k).map(|j| Delta::new(0, sy * j)).collect();
                shape.push((Delta::new(sx, sy * k), vec![diag_first, straight_first]));
                // (±k, ±1): long leg along x.
                let diag_first: Vec<Delta> = (1..k).map(|j| Delta::new(sx * j, sy)).collect();
                let straight_first: Vec<Delta> = (1..k).map(|j| Delta::new(sx * j, 0)).collect();
                shape.push((Delta::new(sx * k, sy), vec![diag_first, straight_first]));
            }
        }
        Self::from_fn(|| shape.clone())
    }

    /// The destinations of `sq` with their paths.
    #[inline(always)]
    pub fn steps(&self, sq: Square) -> &[LameStep<G::Bits>] {
        &self.steps[sq.idx()]
    }

    /// Destinations of `sq` reachable with occupancy `occ` (the destination itself may be
    /// occupied; the caller filters captures).
    #[inline]
    pub fn targets(&self, sq: Square, occ: Bitboard<G::Bits>) -> Bitboard<G::Bits> {
        let mut out = Bitboard::EMPTY;
        for s in &self.steps[sq.idx()] {
            if s.open(occ) {
                out.set(s.to);
            }
        }
        out
    }
}

/// Shifts every square of `bb` by `d` on geometry `G`, dropping squares that would leave the
/// grid or land on a hole (no wrap-around).
#[inline]
pub fn shift<G: Geometry>(bb: Bitboard<G::Bits>, d: Delta) -> Bitboard<G::Bits> {
    let files = u32::from(G::FILES);
    // Remove squares whose file would leave the grid.
    let mut src = bb;
    if d.dx != 0 {
        let mut keep = Bitboard::<G::Bits>::EMPTY;
        for f in 0..G::FILES {
            let nf = i32::from(f) + i32::from(d.dx);
            if nf >= 0 && nf < i32::from(G::FILES) {
                keep |= G::file_mask(f);
            }
        }
        src &= keep;
    }
    let delta = i32::from(d.dy) * files as i32 + i32::from(d.dx);
    let moved =
        if delta >= 0 { src.shift_up(delta as u32) } else { src.shift_down((-delta) as u32) };
    moved & G::valid()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Geo10x10, Geo12x8, Geo8x8};

    fn sq<G: Geometry>(n: &str) -> Square {
        G::parse_square(n).unwrap()
    }
    fn set<G: Geometry>(names: &[&str]) -> Bitboard<G::Bits> {
        names.iter().map(|n| sq::<G>(n)).collect()
    }

    #[test]
    fn knight_counts() {
        let t = leaper_table::<Geo8x8>(&symmetric(1, 2));
        assert_eq!(t[sq::<Geo8x8>("a1").idx()], set::<Geo8x8>(&["b3", "c2"]));
        assert_eq!(t[sq::<Geo8x8>("d4").idx()].count(), 8);
        // On the 12x8 grid a knight on b3 reaches a1 (a citadel) but not the hole a5/a2... only
        // existing squares count.
        let t = leaper_table::<Geo12x8>(&symmetric(1, 2));
        assert_eq!(t[sq::<Geo12x8>("b3").idx()], set::<Geo12x8>(&["a1", "c1", "d2", "d4", "c5"]));
        let t = leaper_table::<Geo10x10>(&symmetric(1, 2));
        assert_eq!(t[sq::<Geo10x10>("z0").idx()], set::<Geo10x10>(&["a2", "b1"]));
    }

    #[test]
    fn rays_and_slides() {
        let r = Rays::<Geo8x8>::new();
        let occ = set::<Geo8x8>(&["d6", "f4"]);
        // Rook on d4: north stops at d6, east at f4.
        assert_eq!(r.slide(sq::<Geo8x8>("d4"), 0, occ), set::<Geo8x8>(&["d5", "d6"]));
        assert_eq!(r.slide(sq::<Geo8x8>("d4"), 2, occ), set::<Geo8x8>(&["e4", "f4"]));
        assert_eq!(r.slide(sq::<Geo8x8>("d4"), 6, occ), set::<Geo8x8>(&["c4", "b4", "a4"]));
        // Hopper beyond d6: d7, d8.
        assert_eq!(
            r.beyond_first(sq::<Geo8x8>("d4"), 0, occ),
            Some((sq::<Geo8x8>("d6"), set::<Geo8x8>(&["d7", "d8"])))
        );
        assert_eq!(r.beyond_first(sq::<Geo8x8>("d4"), 4, occ), None);
        assert_eq!(r.between(sq::<Geo8x8>("a1"), sq::<Geo8x8>("d4")), set::<Geo8x8>(&["b2", "c3"]));
        // Nightrider line from b1 toward c3, d5, e7.
        assert_eq!(r.ray(sq::<Geo8x8>("b1"), 8), set::<Geo8x8>(&["c3", "d5", "e7"]));
        assert_eq!(
            r.slide(sq::<Geo8x8>("b1"), 8, set::<Geo8x8>(&["d5"])),
            set::<Geo8x8>(&["c3", "d5"])
        );
    }

    #[test]
    fn holes_stop_riders() {
        let r = Rays::<Geo12x8>::new();
        // A rook on b4 going west: a4 does not exist, so the ray is empty.
        assert!(r.ray(sq::<Geo12x8>("b4"), 6).is_empty());
        // From b1 west: a1 exists.
        assert_eq!(r.ray(sq::<Geo12x8>("b1"), 6), set::<Geo12x8>(&["a1"]));
        // a1 north: a2 is a hole, nothing.
        assert!(r.ray(sq::<Geo12x8>("a1"), 0).is_empty());
        // a1 north-east: b2, c3, ...
        assert_eq!(r.ray(sq::<Geo12x8>("a1"), 1).count(), 7);
        // Big-board rays in u128: z0 north-east to i9.
        let r = Rays::<Geo10x10>::new();
        assert_eq!(r.ray(sq::<Geo10x10>("z0"), 1).count(), 9);
        assert_eq!(r.slide(sq::<Geo10x10>("i9"), 5, set::<Geo10x10>(&["d4"])).count(), 5);
    }

    #[test]
    fn lame_leaper_and_cavalier() {
        let nalfil = LameTable::<Geo8x8>::lame(2, 2, (1, 1));
        let d4 = sq::<Geo8x8>("d4");
        assert_eq!(nalfil.targets(d4, Bitboard::EMPTY), set::<Geo8x8>(&["b2", "f2", "b6", "f6"]));
        assert_eq!(nalfil.targets(d4, set::<Geo8x8>(&["e5", "c3"])), set::<Geo8x8>(&["f2", "b6"]));
        let ndab = LameTable::<Geo8x8>::lame(2, 0, (1, 0));
        assert_eq!(ndab.targets(d4, set::<Geo8x8>(&["d5"])), set::<Geo8x8>(&["b4", "f4", "d2"]));
        let cav = LameTable::<Geo8x8>::cavalier(7);
        // Cavalier on d4 to e7 (1, 3): paths e5,e6 (diagonal first) or d5,d6 (straight first).
        let e7 = sq::<Geo8x8>("e7");
        assert!(!cav.targets(d4, set::<Geo8x8>(&["e5", "d6"])).has(e7));
        assert!(cav.targets(d4, set::<Geo8x8>(&["e5"])).has(e7));
        assert!(cav.targets(d4, set::<Geo8x8>(&["d6"])).has(e7));
        // (1,1) and (1,0)-type squares are not Cavalier destinations.
        assert!(!cav.targets(d4, Bitboard::EMPTY).has(sq::<Geo8x8>("e5")));
        assert_eq!(cav.targets(sq::<Geo8x8>("a1"), Bitboard::EMPTY).count(), 12);
    }

    #[test]
    fn shifts_do_not_wrap() {
        let bb = set::<Geo8x8>(&["h2", "a2"]);
        assert_eq!(shift::<Geo8x8>(bb, Delta::new(1, 1)), set::<Geo8x8>(&["b3"]));
        assert_eq!(shift::<Geo8x8>(bb, Delta::new(-1, -1)), set::<Geo8x8>(&["g1"]));
        let bb = set::<Geo12x8>(&["b2", "k7"]);
        // b2 west is the hole a2 (dropped); k7 west is j7, which exists.
        assert_eq!(shift::<Geo12x8>(bb, Delta::new(-1, 0)), set::<Geo12x8>(&["j7"]));
        assert_eq!(shift::<Geo12x8>(bb, Delta::new(1, 1)), set::<Geo12x8>(&["c3", "l8"]));
        let bb = set::<Geo10x10>(&["i5"]);
        assert_eq!(shift::<Geo10x10>(bb, Delta::new(1, 0)), Bitboard::EMPTY);
        assert_eq!(shift::<Geo10x10>(bb, Delta::new(0, 4)), set::<Geo10x10>(&["i9"]));
    }
}
