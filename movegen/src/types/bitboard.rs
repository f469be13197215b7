//! Bitboards over a machine integer sized to the board: `u64` for 8x8, `u128` for the 12x8 and
//! 10x10 grids. Bit `i` is the square with index `i` (see [`crate::types::Geometry`]).

use super::square::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// The integer behind a bitboard (`u64` or `u128`).
pub trait BitInt:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Number of bits.
    const BITS: u32;
    /// All bits clear.
    const ZERO: Self;
    /// Bit 0 set.
    const ONE: Self;
    /// Population count.
    fn popcount(self) -> u32;
    /// Index of the lowest set bit (`BITS` if none).
    fn tz(self) -> u32;
    /// Number of leading zeros (`BITS` if none).
    fn lz(self) -> u32;
    /// Clears the lowest set bit.
    fn clear_lowest(self) -> Self;
    /// Wrapping subtraction of one (for `x & (x - 1)` style tricks).
    fn wrapping_dec(self) -> Self;
}

macro_rules! impl_bitint {
    ($t:ty) => {
        impl BitInt for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn popcount(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn tz(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn lz(self) -> u32 {
                self.leading_zeros()
            }
            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn wrapping_dec(self) -> Self {
                self.wrapping_sub(1)
            }
        }
    };
}
impl_bitint!(u64);
impl_bitint!(u128);

/// A set of squares.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard<B: BitInt>(pub B);

/// 8x8 bitboard.
pub type Bb64 = Bitboard<u64>;
/// Bitboard for the 12x8 and 10x10 grids.
pub type Bb128 = Bitboard<u128>;

impl<B: BitInt> Bitboard<B> {
    /// The empty set.
    pub const EMPTY: Self = Bitboard(B::ZERO);

    /// The set holding only `sq`.
    #[inline(always)]
    pub fn from_square(sq: Square) -> Self {
        Bitboard(B::ONE << u32::from(sq.0))
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub fn has(self, sq: Square) -> bool {
        (self.0 >> u32::from(sq.0)) & B::ONE != B::ZERO
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == B::ZERO
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    pub fn any(self) -> bool {
        self.0 != B::ZERO
    }

    /// Whether the set has two or more squares.
    #[inline(always)]
    pub fn more_than_one(self) -> bool {
        self.0.clear_lowest() != B::ZERO
    }

    /// Number of squares.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.popcount()
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square(self.0.tz() as u8))
        }
    }

    /// The lowest square; the set must not be empty.
    #[inline(always)]
    pub fn lsb(self) -> Square {
        debug_assert!(self.any());
        Square(self.0.tz() as u8)
    }

    /// The highest square; the set must not be empty.
    #[inline(always)]
    pub fn msb(self) -> Square {
        debug_assert!(self.any());
        Square((B::BITS - 1 - self.0.lz()) as u8)
    }

    /// Adds `sq`.
    #[inline(always)]
    pub fn set(&mut self, sq: Square) {
        self.0 = self.0 | (B::ONE << u32::from(sq.0));
    }

    /// Removes `sq`.
    #[inline(always)]
    pub fn clear(&mut self, sq: Square) {
        self.0 = self.0 & !(B::ONE << u32::from(sq.0));
    }

    /// Toggles `sq`.
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        self.0 = self.0 ^ (B::ONE << u32::from(sq.0));
    }

    /// Set with `sq` added.
    #[inline(always)]
    pub fn with(self, sq: Square) -> Self {
        Bitboard(self.0 | (B::ONE << u32::from(sq.0)))
    }

    /// Set with `sq` removed.
    #[inline(always)]
    pub fn without(self, sq: Square) -> Self {
        Bitboard(self.0 & !(B::ONE << u32::from(sq.0)))
    }

    /// Raw left shift by `n` bits (toward higher indices). No edge masking.
    #[inline(always)]
    pub fn shift_up(self, n: u32) -> Self {
        Bitboard(self.0 << n)
    }

    /// Raw right shift by `n` bits (toward lower indices). No edge masking.
    #[inline(always)]
    pub fn shift_down(self, n: u32) -> Self {
        Bitboard(self.0 >> n)
    }

    /// Iterates the squares, lowest first.
    #[inline(always)]
    pub fn iter(self) -> SquareIter<B> {
        SquareIter(self.0)
    }
}

/// Iterator over the squares of a bitboard, lowest first.
#[derive(Clone, Debug)]
pub struct SquareIter<B: BitInt>(B);

impl<B: BitInt> Iterator for SquareIter<B> {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == B::ZERO {
            None
        } else {
            let sq = Square(self.0.tz() as u8);
            self.0 = self.0.clear_lowest();
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.popcount() as usize;
        (n, Some(n))
    }
}

impl<B: BitInt> ExactSizeIterator for SquareIter<B> {}

/// The squares of a raw set of bits, lowest first.
#[inline(always)]
pub fn squares<B: BitInt>(bits: B) -> SquareIter<B> {
    SquareIter(bits)
}

impl<B: BitInt> IntoIterator for Bitboard<B> {
    type Item = Square;
    type IntoIter = SquareIter<B>;
    #[inline(always)]
    fn into_iter(self) -> SquareIter<B> {
        SquareIter(self.0)
    }
}

impl<B: BitInt> FromIterator<Square> for Bitboard<B> {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut bb = Self::EMPTY;
        for sq in iter {
            bb.set(sq);
        }
        bb
    }
}

macro_rules! bb_binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<B: BitInt> $tr for Bitboard<B> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, rhs: Self) -> Self {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<B: BitInt> $tra for Bitboard<B> {
            #[inline(always)]
            fn $fa(&mut self, rhs: Self) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bb_binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bb_binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bb_binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<B: BitInt> Not for Bitboard<B> {
    type Output = Self;
    /// Complement over all bits of the integer (including bits beyond the board: mask with the
    /// geometry's `valid` set where that matters).
    #[inline(always)]
    fn not(self) -> Self {
        Bitboard(!self.0)
    }
}

impl<B: BitInt> Debug for Bitboard<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bitboard{:?}", self.iter().map(|s| s.0).collect::<Vec<_>>())
    }
}
