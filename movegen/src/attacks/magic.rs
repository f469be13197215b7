//! 8x8 attack tables: leapers, pawns, lines, and slider lookups.
//!
//! Slider lookups index a shared table by the relevant blockers of a square through a classic
//! "fancy magic" multiply, whose magic numbers are searched at start-up with a fixed seed (a few
//! milliseconds). (`PEXT` would need `unsafe` under `#![forbid(unsafe_code)]`; the multiply is as
//! fast here, see `docs/performance.md`.)

use crate::types::{Bb64, Bitboard, Color, Delta, Geo8x8, Geometry, Square};
use rand_core::{RngCore, SeedableRng};
use std::sync::LazyLock;

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Entry {
    #[inline(always)]
    fn index(&self, occ: u64) -> usize {
        self.offset as usize + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Every 8x8 lookup table.
#[derive(Debug)]
pub struct Tables8 {
    /// Knight attacks.
    pub knight: [Bb64; 64],
    /// King attacks.
    pub king: [Bb64; 64],
    /// Pawn capture squares by colour.
    pub pawn: [[Bb64; 64]; 2],
    /// Squares strictly between two squares on a common rook/bishop line (else empty).
    pub between: Box<[[Bb64; 64]; 64]>,
    /// The whole line through two squares on a common rook/bishop line, edge to edge (else
    /// empty).
    pub line: Box<[[Bb64; 64]; 64]>,
    rook: [Entry; 64],
    bishop: [Entry; 64],
    table: Vec<Bb64>,
}

static TABLES: LazyLock<Tables8> = LazyLock::new(Tables8::build);

/// The shared 8x8 tables (built on first use).
#[inline(always)]
pub fn tables() -> &'static Tables8 {
    &TABLES
}

const ROOK_DIRS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

fn slow_slide(sq: Square, occ: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    for &(dx, dy) in dirs {
        let mut cur = sq;
        while let Some(n) = Geo8x8::offset(cur, Delta::new(dx, dy)) {
            out |= 1 << n.0;
            if occ & (1 << n.0) != 0 {
                break;
            }
            cur = n;
        }
    }
    out
}

fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    for &(dx, dy) in dirs {
        let mut cur = sq;
        while let Some(n) = Geo8x8::offset(cur, Delta::new(dx, dy)) {
            // The last square of a ray never matters as a blocker.
            if Geo8x8::offset(n, Delta::new(dx, dy)).is_none() {
                break;
            }
            out |= 1 << n.0;
            cur = n;
        }
    }
    out
}

fn subsets(mask: u64) -> Vec<u64> {
    let mut v = Vec::with_capacity(1 << mask.count_ones());
    let mut s = 0u64;
    loop {
        v.push(s);
        s = s.wrapping_sub(mask) & mask;
        if s == 0 {
            break;
        }
    }
    v
}

fn fill(
    entries: &mut [Entry; 64],
    table: &mut Vec<Bb64>,
    dirs: &[(i8, i8)],
    rng: &mut rand_pcg::Pcg64,
) {
    for i in 0..64u8 {
        let sq = Square(i);
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let occs = subsets(mask);
        let atts: Vec<u64> = occs.iter().map(|&o| slow_slide(sq, o, dirs)).collect();
        let offset = table.len() as u32;
        table.resize(table.len() + (1 << bits), Bitboard::EMPTY);
        let magic = find_magic(mask, bits, &occs, &atts, rng);
        let e = Entry { mask, magic, shift: 64 - bits, offset };
        for (o, a) in occs.iter().zip(&atts) {
            table[e.index(*o)] = Bitboard(*a);
        }
        entries[usize::from(i)] = e;
    }
}

fn find_magic(mask: u64, bits: u32, occs: &[u64], atts: &[u64], rng: &mut rand_pcg::Pcg64) -> u64 {
    let mut used = vec![0u64; 1 << bits];
    let mut epoch = vec![0u32; 1 << bits];
    for attempt in 1u32.. {
        let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let ok = occs.iter().zip(atts).all(|(&o, &a)| {
            let idx = (o.wrapping_mul(magic) >> (64 - bits)) as usize;
            if epoch[idx] != attempt {
                epoch[idx] = attempt;
                used[idx] = a;
                true
            } else {
                used[idx] == a
            }
        });
        if ok {
            return magic;
        }
    }
    unreachable!()
}

impl Tables8 {
    fn build() -> Tables8 {
        let leap = |offs: &[Delta]| -> [Bb64; 64] {
            let v = super::leaper_table::<Geo8x8>(offs);
            std::array::from_fn(|i| v[i])
        };
        let knight = leap(&super::symmetric(1, 2));
        let mut king_offs = super::symmetric(1, 1);
        king_offs.extend(super::symmetric(0, 1));
        let king = leap(&king_offs);
        let pawn = [
            leap(&[Delta::new(-1, 1), Delta::new(1, 1)]),
            leap(&[Delta::new(-1, -1), Delta::new(1, -1)]),
        ];
        let mut between = Box::new([[Bitboard::EMPTY; 64]; 64]);
        let mut line = Box::new([[Bitboard::EMPTY; 64]; 64]);
        for a in 0..64u8 {
            for (dx, dy) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()).copied() {
                let mut cur = Square(a);
                let mut path = 0u64;
                // Full line through a in this direction (both ways).
                let full = slow_slide(Square(a), 0, &[(dx, dy), (-dx, -dy)]) | (1 << a);
                while let Some(n) = Geo8x8::offset(cur, Delta::new(dx, dy)) {
                    between[usize::from(a)][n.idx()] = Bitboard(path);
                    line[usize::from(a)][n.idx()] = Bitboard(full);
                    path |= 1 << n.0;
                    cur = n;
                }
            }
        }
        let mut rng = rand_pcg::Pcg64::seed_from_u64(0x6d65_6e61_6765_7269);
        let mut table = Vec::new();
        let mut rook = [Entry::default(); 64];
        let mut bishop = [Entry::default(); 64];
        fill(&mut rook, &mut table, &ROOK_DIRS, &mut rng);
        fill(&mut bishop, &mut table, &BISHOP_DIRS, &mut rng);
        Tables8 { knight, king, pawn, between, line, rook, bishop, table }
    }

    /// Rook attacks from `sq` with blockers `occ`.
    #[inline(always)]
    pub fn rook(&self, sq: Square, occ: Bb64) -> Bb64 {
        self.table[self.rook[sq.idx()].index(occ.0)]
    }

    /// Bishop attacks from `sq` with blockers `occ`.
    #[inline(always)]
    pub fn bishop(&self, sq: Square, occ: Bb64) -> Bb64 {
        self.table[self.bishop[sq.idx()].index(occ.0)]
    }

    /// Queen attacks from `sq` with blockers `occ`.
    #[inline(always)]
    pub fn queen(&self, sq: Square, occ: Bb64) -> Bb64 {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }

    /// Pawn capture squares of a `color` pawn on `sq`.
    #[inline(always)]
    pub fn pawn_attacks(&self, color: Color, sq: Square) -> Bb64 {
        self.pawn[color.index()][sq.idx()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_match_slow_reference_on_random_occupancies() {
        let t = tables();
        let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64();
            for i in 0..64u8 {
                let sq = Square(i);
                assert_eq!(t.rook(sq, Bitboard(occ)).0, slow_slide(sq, occ, &ROOK_DIRS));
                assert_eq!(t.bishop(sq, Bitboard(occ)).0, slow_slide(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn lines_and_between() {
        let t = tables();
        let s = |n: &str| Geo8x8::parse_square(n).unwrap();
        assert_eq!(t.between[s("a1").idx()][s("d4").idx()].count(), 2);
        assert_eq!(t.between[s("a1").idx()][s("b3").idx()].count(), 0);
        assert_eq!(t.line[s("c3").idx()][s("e5").idx()].count(), 8);
        assert!(t.line[s("a1").idx()][s("b3").idx()].is_empty());
        assert_eq!(t.king[s("a1").idx()].count(), 3);
        assert_eq!(t.pawn_attacks(Color::Black, s("a7")).0, 1 << s("b6").0);
    }
}
