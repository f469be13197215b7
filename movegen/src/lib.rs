//! Menagerie's move generator: the rules of every variant, boards, moves, FEN and perft.
//! No I/O happens here.
#![forbid(unsafe_code)]

pub mod attacks;
pub mod board;
pub mod castling;
pub mod error;
pub mod fen;
pub mod info;
pub mod moves;
pub mod perft;
pub mod position;
pub mod rules;
pub mod types;
pub mod variants;
pub mod view;
pub mod walk;
pub mod zobrist;

pub use error::Error;
pub use info::VariantId;
pub use moves::{Move, MoveBuf, MoveKind, MoveList};
pub use position::Core;
pub use rules::{EndReason, GameEnd, MoveError, MoveErrorKind, Outcome, Rules};
