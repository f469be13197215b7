//! Slow, simple reference rules, one module per variant, written apart from `movegen`'s fast
//! generators: mailbox boards, pseudo-legal moves filtered by "make it and look for an attack on
//! the king". They speak FEN and coordinate notation, so the fast and slow sides are compared
//! only through the rule book's text forms.

pub mod chess;
pub mod eightpiece;
pub mod jumpingknights;
pub mod magician;
pub mod pieceeater;
pub mod tamerspiel;
