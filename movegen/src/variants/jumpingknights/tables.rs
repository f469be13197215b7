//! Precomputed geometry of the 10x10 Jumping Knights board, built at compile time; the move
//! generator's, and the evaluation's (`eval::jumpingknights`).
//!
//! Square index = `rank * 10 + file` (file 0 = `z`, 9 = `i`; rank 0..9), as
//! [`crate::types::Geo10x10`]. Directions are the 16 of [`crate::attacks::RAY_STEPS`]: the 8
//! compass directions (0 = n, clockwise) then the 8 knight lines (8..16).

use crate::attacks::RAY_STEPS;
use crate::types::{Bb128, Bitboard, Square};

/// Number of squares.
pub const CELLS: usize = 100;
/// "No square" in the `u8` tables: bit 127 lies outside every board set, so `1 << NONE` may be
/// tested against any set (never a member); it must not index a table.
pub const NONE: u8 = 127;

/// Every square of the board.
pub const VALID: u128 = (1u128 << 100) - 1;

const fn file_bits(f: u32) -> u128 {
    let mut b = 0u128;
    let mut r = 0;
    while r < 10 {
        b |= 1u128 << (r * 10 + f);
        r += 1;
    }
    b
}

const fn rank_bits(r: u32) -> u128 {
    ((1u128 << 10) - 1) << (r * 10)
}

/// File `z` (leftmost edge file).
pub(super) const FILE_Z: u128 = file_bits(0);
/// File `i` (rightmost edge file).
pub(super) const FILE_I: u128 = file_bits(9);
/// Rank index `r` (`r` = 0..9).
pub(super) const RANK: [u128; 10] = {
    let mut t = [0u128; 10];
    let mut r = 0;
    while r < 10 {
        t[r] = rank_bits(r as u32);
        r += 1;
    }
    t
};
/// The 36 edge squares (files z, i and ranks 0, 9).
pub const EDGE: u128 = FILE_Z | FILE_I | rank_bits(0) | rank_bits(9);
/// The 64 central squares a1-h8.
pub const CENTRAL: u128 = VALID & !EDGE;

/// Opposite of direction `d` (compass or knight line).
#[inline(always)]
pub const fn opposite(d: usize) -> usize {
    (d & 8) | ((d + 4) & 7)
}

/// Whether direction `d` runs toward higher square indices.
#[inline(always)]
pub const fn positive(d: usize) -> bool {
    let s = RAY_STEPS[d];
    s.dy > 0 || (s.dy == 0 && s.dx > 0)
}

const fn offset(sq: usize, dx: i32, dy: i32) -> u8 {
    let f = (sq % 10) as i32 + dx;
    let r = (sq / 10) as i32 + dy;
    if f >= 0 && f < 10 && r >= 0 && r < 10 {
        (r * 10 + f) as u8
    } else {
        NONE
    }
}

/// All precomputed tables.
#[derive(Debug)]
pub struct Tables {
    /// `ray[sq][d]`: every square from `sq` (exclusive) in direction `d` to the board edge.
    /// Rows 100..128 are empty, so `ray[NONE]` is the empty set (branch-free riders).
    pub ray: [[Bb128; 16]; 128],
    /// `step[sq][d]`: the next square in direction `d` (a knight leap for 8..16), or [`NONE`].
    pub step: [[u8; 16]; CELLS],
    /// `step3[sq][d]`: the square 3 away in compass direction `d` (0..8), or [`NONE`].
    pub step3: [[u8; 8]; CELLS],
    /// `dir[a][b]`: the direction from `a` to `b` if they share one of the 16 lines, else
    /// [`NONE`].
    pub dir: [[u8; CELLS]; CELLS],
    /// The 8 king neighbours.
    pub king_nbr: [Bb128; CELLS],
    /// The (up to) 8 knight-leap neighbours.
    pub knight_nbr: [Bb128; CELLS],
    /// Union of the 4 orthogonal rays.
    pub orth_lines: [Bb128; CELLS],
    /// Union of the 4 diagonal rays.
    pub diag_lines: [Bb128; CELLS],
    /// Union of the 8 knight-line rays.
    pub knight_lines: [Bb128; CELLS],
    /// Squares 1 and 3 away orthogonally (War Machine sources and quiet targets).
    pub wm_ring: [Bb128; CELLS],
}

const fn build() -> Tables {
    let mut t = Tables {
        ray: [[Bitboard(0); 16]; 128],
        step: [[NONE; 16]; CELLS],
        step3: [[NONE; 8]; CELLS],
        dir: [[NONE; CELLS]; CELLS],
        king_nbr: [Bitboard(0); CELLS],
        knight_nbr: [Bitboard(0); CELLS],
        orth_lines: [Bitboard(0); CELLS],
        diag_lines: [Bitboard(0); CELLS],
        knight_lines: [Bitboard(0); CELLS],
        wm_ring: [Bitboard(0); CELLS],
    };
    let mut sq = 0;
    while sq < CELLS {
        let mut d = 0;
        while d < 16 {
            let dx = RAY_STEPS[d].dx as i32;
            let dy = RAY_STEPS[d].dy as i32;
            t.step[sq][d] = offset(sq, dx, dy);
            if d < 8 {
                t.step3[sq][d] = offset(sq, 3 * dx, 3 * dy);
            }
            let mut bits = 0u128;
            let mut k = 1;
            loop {
                let n = offset(sq, k * dx, k * dy);
                if n == NONE {
                    break;
                }
                bits |= 1u128 << n;
                t.dir[sq][n as usize] = d as u8;
                k += 1;
            }
            t.ray[sq][d] = Bitboard(bits);
            let first = t.step[sq][d];
            if first != NONE {
                if d < 8 {
                    t.king_nbr[sq].0 |= 1u128 << first;
                } else {
                    t.knight_nbr[sq].0 |= 1u128 << first;
                }
            }
            if d >= 8 {
                t.knight_lines[sq].0 |= bits;
            } else if d & 1 == 0 {
                t.orth_lines[sq].0 |= bits;
                if first != NONE {
                    t.wm_ring[sq].0 |= 1u128 << first;
                }
                if t.step3[sq][d] != NONE {
                    t.wm_ring[sq].0 |= 1u128 << t.step3[sq][d];
                }
            } else {
                t.diag_lines[sq].0 |= bits;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// The tables (a `static`: built by the compiler, no run-time initialisation).
pub static T: Tables = build();

/// `SQ_BIT[n]` = the set holding only square `n`, and the empty set for `n` >= 100 (so
/// [`NONE`] is in no set). A table load: variable `u128` shifts compile to `shld`/`shrd` by
/// `cl`, which are slow on the AMD machines this runs on.
pub static SQ_BIT: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < CELLS {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// The set of a `u8` table entry (empty for [`NONE`]).
#[inline(always)]
pub fn bit(n: u8) -> u128 {
    SQ_BIT[usize::from(n & 127)]
}

/// The nearest square of the non-empty `on_ray` from the ray's start, for direction `d`.
#[inline(always)]
pub(super) fn nearest_dyn(d: usize, on_ray: Bb128) -> Square {
    if positive(d) {
        on_ray.lsb()
    } else {
        on_ray.msb()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Geo10x10, Geometry};

    fn s(n: &str) -> usize {
        Geo10x10::parse_square(n).unwrap().idx()
    }

    #[test]
    fn zones() {
        assert_eq!(Bitboard(CENTRAL).count(), 64);
        assert_eq!(Bitboard(EDGE).count(), 36);
        assert!(Bitboard(CENTRAL).has(Square(s("a1") as u8)));
        assert!(Bitboard(CENTRAL).has(Square(s("h8") as u8)));
        assert!(Bitboard(EDGE).has(Square(s("z5") as u8)));
        assert!(Bitboard(EDGE).has(Square(s("e9") as u8)));
    }

    #[test]
    fn rays_steps_and_directions() {
        // From b0 north: b1..b9.
        assert_eq!(T.ray[s("b0")][0].count(), 9);
        // Knight line (1,2) from b1: c3, d5, e7, f9.
        let want: Bb128 =
            ["c3", "d5", "e7", "f9"].iter().map(|n| Geo10x10::parse_square(n).unwrap()).collect();
        assert_eq!(T.ray[s("b1")][8], want);
        assert_eq!(T.dir[s("b1")][s("e7")], 8);
        assert_eq!(T.dir[s("e7")][s("b1")], 12);
        assert_eq!(T.dir[s("a1")][s("b3")], 8);
        assert_eq!(T.dir[s("a1")][s("c4")], NONE);
        assert_eq!(T.step3[s("b0")][2] as usize, s("e0"));
        assert_eq!(T.step3[s("b0")][6], NONE);
        assert_eq!(T.step[s("i9")][1], NONE);
        assert!(T.ray[usize::from(NONE)].iter().all(|r| r.is_empty()));
        let two = T.ray[s("b1")][8].0 & !T.ray[s("c3")][8].0 | (1u128 << s("e7"));
        assert_eq!(nearest_dyn(8, Bitboard(two)).idx(), s("c3"));
        assert_eq!(nearest_dyn(12, T.ray[s("f9")][12]).idx(), s("e7"));
        assert_eq!(T.wm_ring[s("z0")].count(), 4);
        assert_eq!(T.king_nbr[s("z0")].count(), 3);
        assert_eq!(T.knight_nbr[s("z0")].count(), 2);
        for d in 0..16 {
            assert_eq!(opposite(opposite(d)), d);
            assert_ne!(positive(d), positive(opposite(d)));
        }
    }
}
