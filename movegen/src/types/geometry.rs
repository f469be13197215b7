//! Board geometries: the size of the grid, the names of its squares, and which squares exist.

use super::bitboard::{BitInt, Bitboard};
use super::color::Color;
use super::square::{Delta, Square};
use std::fmt::Debug;

/// The shape of a board: size, square names, and which squares exist.
pub trait Geometry: Copy + Clone + Debug + Default + Send + Sync + 'static {
    /// The bitboard integer (`u64` or `u128`).
    type Bits: BitInt;
    /// One byte per square of the grid (`[u8; FILES * RANKS]`).
    type Mailbox: Copy + Clone + Debug + PartialEq + Eq + Send + Sync + AsRef<[u8]> + AsMut<[u8]>;
    /// Number of files.
    const FILES: u8;
    /// Number of ranks.
    const RANKS: u8;
    /// File letters, leftmost first.
    const FILE_NAMES: &'static [u8];
    /// Number printed for rank 0 (1 on most boards, 0 for Jumping Knights).
    const RANK_BASE: u8;
    /// All-empty mailbox.
    const EMPTY_MAILBOX: Self::Mailbox;
    /// Raw bits of the squares that do not exist (TamerSpiel's a2-a7, l2-l7).
    const HOLE_BITS: Self::Bits;
    /// Raw bits of every square of the grid that exists.
    const VALID_BITS: Self::Bits;

    /// Number of grid cells.
    #[inline(always)]
    fn cells() -> usize {
        usize::from(Self::FILES) * usize::from(Self::RANKS)
    }

    /// The squares that exist.
    #[inline(always)]
    fn valid() -> Bitboard<Self::Bits> {
        Bitboard(Self::VALID_BITS)
    }

    /// The squares that do not exist.
    #[inline(always)]
    fn holes() -> Bitboard<Self::Bits> {
        Bitboard(Self::HOLE_BITS)
    }

    /// The square at `(file, rank)` if it is on the grid (holes included).
    #[inline(always)]
    fn square(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && rank >= 0 && file < i32::from(Self::FILES) && rank < i32::from(Self::RANKS)
        {
            Some(Square((rank * i32::from(Self::FILES) + file) as u8))
        } else {
            None
        }
    }

    /// The square at `(file, rank)` if it exists (not off the grid, not a hole).
    #[inline]
    fn existing(file: i32, rank: i32) -> Option<Square> {
        Self::square(file, rank).filter(|&s| Self::valid().has(s))
    }

    /// File index of `sq`.
    #[inline(always)]
    fn file(sq: Square) -> u8 {
        sq.0 % Self::FILES
    }

    /// Rank index of `sq` (0 = White's first rank).
    #[inline(always)]
    fn rank(sq: Square) -> u8 {
        sq.0 / Self::FILES
    }

    /// `sq` moved by `d`, if that stays on the grid and exists.
    #[inline]
    fn offset(sq: Square, d: Delta) -> Option<Square> {
        Self::existing(
            i32::from(Self::file(sq)) + i32::from(d.dx),
            i32::from(Self::rank(sq)) + i32::from(d.dy),
        )
    }

    /// Rank index `r` seen from `color`'s side (0 = that side's first rank).
    #[inline(always)]
    fn relative_rank(color: Color, r: u8) -> u8 {
        match color {
            Color::White => r,
            Color::Black => Self::RANKS - 1 - r,
        }
    }

    /// All existing squares on file `f`.
    fn file_mask(f: u8) -> Bitboard<Self::Bits> {
        (0..Self::RANKS).filter_map(|r| Self::existing(i32::from(f), i32::from(r))).collect()
    }

    /// All existing squares on rank `r`.
    fn rank_mask(r: u8) -> Bitboard<Self::Bits> {
        (0..Self::FILES).filter_map(|f| Self::existing(i32::from(f), i32::from(r))).collect()
    }

    /// The name of `sq`, e.g. `e4`, `z0`, `l8`.
    fn name(sq: Square) -> String {
        let mut s = String::with_capacity(3);
        s.push(char::from(Self::FILE_NAMES[usize::from(Self::file(sq))]));
        s.push_str(&(u32::from(Self::rank(sq)) + u32::from(Self::RANK_BASE)).to_string());
        s
    }

    /// Parses a square name at the start of `s`; returns the square and the bytes consumed.
    /// Accepts only existing squares.
    fn parse_square_prefix(s: &str) -> Option<(Square, usize)> {
        let b = s.as_bytes();
        let f = Self::FILE_NAMES.iter().position(|&c| Some(&c) == b.first())?;
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        // Ranks are at most two digits; take the longest valid prefix.
        for n in (1..=digits.min(2)).rev() {
            let num: u32 = s[1..1 + n].parse().ok()?;
            if n == 2 && b[1] == b'0' {
                continue;
            }
            let Some(r) = num.checked_sub(u32::from(Self::RANK_BASE)) else { continue };
            if r < u32::from(Self::RANKS) {
                if let Some(sq) = Self::existing(f as i32, r as i32) {
                    return Some((sq, 1 + n));
                }
            }
        }
        None
    }

    /// Parses a whole string as a square name.
    fn parse_square(s: &str) -> Option<Square> {
        match Self::parse_square_prefix(s) {
            Some((sq, n)) if n == s.len() => Some(sq),
            _ => None,
        }
    }
}

/// The bits of the first `files * ranks` squares (at most 128).
const fn grid_bits(files: u32, ranks: u32) -> u128 {
    let n = files * ranks;
    if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Declares a geometry from its shape: the bitboard integer, the files (with their letters),
/// the ranks (numbered from `$base`) and the holes. The mailbox, the empty mailbox and the
/// squares that exist follow from them.
macro_rules! geometry {
    (
        $(#[$meta:meta])*
        $name:ident: $bits:ty, files $files:literal $letters:literal,
        ranks $ranks:literal from $base:literal, holes $holes:expr
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Geometry for $name {
            type Bits = $bits;
            type Mailbox = [u8; $files * $ranks];
            const FILES: u8 = $files;
            const RANKS: u8 = $ranks;
            const FILE_NAMES: &'static [u8] = $letters;
            const RANK_BASE: u8 = $base;
            const EMPTY_MAILBOX: [u8; $files * $ranks] = [0; $files * $ranks];
            const HOLE_BITS: $bits = $holes;
            const VALID_BITS: $bits = grid_bits($files, $ranks) as $bits & !$holes;
        }
    };
}

geometry! {
    /// The orthodox 8x8 board (files a-h, ranks 1-8), on `u64`.
    Geo8x8: u64, files 8 b"abcdefgh", ranks 8 from 1, holes 0
}

geometry! {
    /// TamerSpiel's 12x8 grid (files a-l, ranks 1-8) whose a2-a7 and l2-l7 do not exist, on
    /// `u128`.
    Geo12x8: u128, files 12 b"abcdefghijkl", ranks 8 from 1, holes holes_12x8()
}

/// The a- and l-file squares of ranks 2-7 of the 12x8 grid.
const fn holes_12x8() -> u128 {
    let mut bits = 0u128;
    let mut r = 1;
    while r <= 6 {
        bits |= 1u128 << (r * 12);
        bits |= 1u128 << (r * 12 + 11);
        r += 1;
    }
    bits
}

geometry! {
    /// Jumping Knights' 10x10 board (files z, a-h, i; ranks 0-9), on `u128`.
    Geo10x10: u128, files 10 b"zabcdefghi", ranks 10 from 0, holes 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_geometry() {
        fn check<G: Geometry>() {
            for sq in G::valid() {
                let n = G::name(sq);
                assert_eq!(G::parse_square(&n), Some(sq), "{n}");
            }
            for sq in G::holes() {
                assert_eq!(G::parse_square(&G::name(sq)), None);
            }
        }
        check::<Geo8x8>();
        check::<Geo12x8>();
        check::<Geo10x10>();
    }

    #[test]
    fn geometry_facts() {
        assert_eq!(Geo8x8::valid().count(), 64);
        assert_eq!(Geo12x8::valid().count(), 84);
        assert_eq!(Geo12x8::holes().count(), 12);
        assert_eq!(Geo10x10::valid().count(), 100);
        assert_eq!(Geo8x8::name(Square(0)), "a1");
        assert_eq!(Geo8x8::name(Square(63)), "h8");
        assert_eq!(Geo10x10::name(Square(0)), "z0");
        assert_eq!(Geo10x10::name(Square(99)), "i9");
        assert_eq!(Geo12x8::name(Square(11)), "l1");
        assert_eq!(Geo12x8::parse_square("a2"), None);
        assert_eq!(Geo12x8::parse_square("l8"), Some(Square(95)));
        assert_eq!(Geo8x8::parse_square("e9"), None);
        assert_eq!(Geo8x8::parse_square("e10"), None);
        assert_eq!(Geo8x8::parse_square("e"), None);
        assert_eq!(Geo10x10::parse_square("i0"), Some(Square(9)));
        assert_eq!(Geo8x8::parse_square_prefix("e2e4"), Some((Square(12), 2)));
    }
}
