//! What the engine needs from a variant beyond its rules and evaluation: how its moves and
//! pieces travel through XBoard, and the dispatch from a variant id to its type.

mod chess;
mod magician;

use eval::Evaluator;
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
    /// A FEN as XBoard sends it (`setboard`), completed with what the variant's FEN needs and
    /// XBoard's lacks; tried when the FEN as sent does not load (`None`: nothing to add).
    fn xboard_fen(fen: &str) -> Option<String> {
        let _ = fen;
        None
    }
    /// Algebraic notation of `m` for a PGN movetext (the variant's SAN made PGN-safe).
    fn pgn_san(&self, m: Move) -> String {
        self.move_san(m)
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
            movegen::rules::VariantId::Magician => {
                type $T = movegen::variants::magician::Magician;
                Ok($body)
            }
            other => Err(other),
        }
    }};
}

/// Whether this build can play variant `v`.
pub fn supported(v: movegen::rules::VariantId) -> bool {
    with_engine_variant!(v, V => size_of::<V>()).is_ok()
}
