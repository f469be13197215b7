//! What the engine needs from a variant beyond its rules and evaluation: how its moves and
//! pieces travel through XBoard, and the dispatch from a variant id to its type.

mod chess;
pub mod jumpingknights;

use eval::Evaluator;
use movegen::rules::Rules;
use movegen::types::{Geometry, Square};
use movegen::{Move, MoveError};

/// A variant the engine can play.
pub trait EngineVariant: Evaluator {
    /// The XBoard `setup` line for an engine-defined variant (`None`: XBoard knows it).
    fn xboard_setup() -> Option<String> {
        None
    }
    /// The XBoard `piece` lines (Betza descriptions) sent after `setup`.
    fn xboard_pieces() -> Vec<String> {
        Vec::new()
    }
    /// The XBoard name of the variant (`normal` for chess).
    fn xboard_name() -> &'static str;
    /// A move in the form XBoard 4.9.1 accepts and displays.
    fn to_xboard(&self, m: Move) -> String {
        self.move_text(m)
    }
    /// Parses a move as XBoard sends it (either of its re-encodings), or in notation.md form.
    fn parse_xboard(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move(text)
    }
    /// Parses a square as XBoard names it (`lift`/`put`, moves) at the start of `text`; returns
    /// it and the bytes used. Default: the variant's own names.
    fn xboard_square_prefix(text: &str) -> Option<(Square, usize)> {
        <Self as Rules>::G::parse_square_prefix(text)
    }
    /// A FEN received from XBoard (`setboard`) in the rule book's shape. Default: unchanged.
    fn xboard_fen(fen: &str) -> String {
        fen.to_string()
    }
}

/// Runs `$body` with `$T` bound to the engine type of variant `$id`; `Err(id)` for a variant
/// the engine cannot play in this build.
#[macro_export]
macro_rules! with_engine_variant {
    ($id:expr, $T:ident => $body:expr) => {{
        #[allow(unreachable_patterns)]
        match $id {
            movegen::rules::VariantId::Chess => {
                type $T = movegen::variants::chess::Chess;
                Ok($body)
            }
            movegen::rules::VariantId::JumpingKnights => {
                type $T = movegen::variants::jumpingknights::JumpingKnights;
                Ok($body)
            }
            other => Err(other),
        }
    }};
}

/// Whether this build can play variant `v`.
pub fn supported(v: movegen::rules::VariantId) -> bool {
    with_engine_variant!(v, V => {
        let _ = std::marker::PhantomData::<V>;
    })
    .is_ok()
}
