//! One module per variant, each a type implementing [`crate::rules::Rules`].

pub mod chess;
pub mod eightpiece;
pub mod jumpingknights;
pub mod magician;
pub(crate) mod orthodox;
pub mod pieceeater;
pub mod tamerspiel;
