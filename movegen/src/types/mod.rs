//! The types layer: colours, squares and geometries, bitboards, pieces, directions.

mod bitboard;
mod color;
mod dir;
mod geometry;
mod piece;
mod square;

pub use bitboard::{squares, Bb128, Bb64, BitInt, Bitboard, SquareIter};
pub use color::{ByColor, Color};
pub use dir::Dir;
pub use geometry::{Geo10x10, Geo12x8, Geo8x8, Geometry};
pub use piece::{OrthoKind, Piece, PieceKind};
pub use square::{Delta, Square};
