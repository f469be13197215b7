//! What the engine needs from a variant beyond its rules and evaluation: how its moves and
//! pieces travel through XBoard, and the dispatch from a variant id to its type.

mod chess;
mod tamerspiel;

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
    /// A move as a human enters it in XBoard by clicking (the legs the highlight dialogue
    /// marks); by default the form the engine sends.
    fn xboard_entry(&self, m: Move) -> String {
        self.to_xboard(m)
    }
    /// A FEN as XBoard sends it with `setboard`, rewritten into the rule-book form where the
    /// parent variant makes XBoard drop or blank fields; `None`: use it as it is (the adapter
    /// still repairs a missing castling field).
    fn from_xboard_fen(fen: &str) -> Option<String> {
        let _ = fen;
        None
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
            movegen::rules::VariantId::TamerSpiel => {
                type $T = movegen::variants::tamerspiel::TamerSpiel;
                Ok($body)
            }
            other => Err(other),
        }
    }};
}

/// Whether this build can play variant `v`.
pub fn supported(v: movegen::rules::VariantId) -> bool {
    // The body must have one type in every arm.
    with_engine_variant!(v, _V => ()).is_ok()
}
