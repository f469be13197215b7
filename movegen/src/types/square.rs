//! Squares and steps.
//!
//! A [`Square`] is an index `rank * FILES + file` into a rectangular grid (file 0 = leftmost
//! file, rank 0 = White's first rank). What the index means (how many files, what the squares
//! are called, which squares exist) is the [`super::Geometry`] of the variant, fixed at compile
//! time.

/// A square index on some [`super::Geometry`]. Geometry-free on purpose: the same type serves every
/// board, and naming/parsing goes through the geometry.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Debug)]
pub struct Square(pub u8);

impl Square {
    /// The raw index as `usize`, for table lookups.
    #[inline(always)]
    pub const fn idx(self) -> usize {
        self.0 as usize
    }
}

/// A step on the grid: `(file delta, rank delta)`, from White's view (`dy > 0` is north).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Delta {
    /// File change (east positive).
    pub dx: i8,
    /// Rank change (north positive).
    pub dy: i8,
}

impl Delta {
    /// Builds a delta.
    pub const fn new(dx: i8, dy: i8) -> Delta {
        Delta { dx, dy }
    }
}
