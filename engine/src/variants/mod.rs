//! What the engine needs from a variant beyond its rules and evaluation: how its moves and
//! pieces travel through XBoard, and the dispatch from a variant id to its type.

mod chess;
mod pieceeater;

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

    // Games of chance (`Rules::HAS_CHANCE`, PieceEater). The defaults suit every other variant:
    // a move is its own action, so there is nothing to roll and nothing to leave out.

    /// The text of `m` as a UCI `bestmove`: the player's action only in a game of chance
    /// (notation.md: the die is not the player's to roll); the whole move otherwise.
    fn bestmove_text(&self, m: Move) -> String {
        self.move_text(m)
    }
    /// The engine decides the chance outcome of `m`'s action itself (XBoard has no arbiter; a
    /// turn may arrive without its outcome): the outcome drawn by the die `seed` gives for this
    /// position and action. Without chance, `m` itself.
    fn realise(&self, m: Move, seed: u64) -> Move {
        let _ = seed;
        m
    }
    /// Parses a move (XBoard forms if `xboard`, else notation.md) where a turn of a game of
    /// chance may lack its outcome: a forced outcome is applied, a free one drawn with
    /// [`EngineVariant::realise`]. Without chance, the plain parser.
    fn parse_rolling(&self, text: &str, xboard: bool, seed: u64) -> Result<Move, MoveError> {
        let _ = seed;
        if xboard {
            self.parse_xboard(text)
        } else {
            self.parse_move(text)
        }
    }
    /// A FEN as XBoard writes it (`setboard`) in this variant's own FEN form.
    fn fen_from_xboard(fen: &str) -> String {
        fen.to_string()
    }
    /// A `highlight` board the engine sends after every move to mark what XBoard's own board
    /// cannot show (PieceEater: where the PE really stands); `None` for no marker.
    fn xboard_marker(&self) -> Option<String> {
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
            movegen::rules::VariantId::PieceEater => {
                type $T = movegen::variants::pieceeater::PieceEater;
                Ok($body)
            }
            other => Err(other),
        }
    }};
}

/// Whether this build can play variant `v`.
pub fn supported(v: movegen::rules::VariantId) -> bool {
    with_engine_variant!(v, V => std::any::type_name::<V>()).is_ok()
}
