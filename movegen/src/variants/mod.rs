//! One module per variant, each a type implementing [`crate::rules::Rules`].

pub mod chess;
pub mod jumpingknights;
