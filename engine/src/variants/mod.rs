//! What the engine needs from a variant beyond its rules and evaluation: how its moves and
//! pieces travel through XBoard, and the dispatch from a variant id to its type.

mod chess;
mod eightpiece;
pub mod jumpingknights;
mod magician;
mod pieceeater;
mod tamerspiel;
pub mod xboard_images;

use eval::Evaluator;
use movegen::rules::{Rules, VariantId};
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
    /// The XBoard name of variant `id` (for a type playing several ids).
    fn xboard_name_of(id: VariantId) -> &'static str {
        let _ = id;
        Self::xboard_name()
    }
    /// The XBoard `setup` line of a game of variant `id` starting at `start` (a randomized
    /// variant sends the setup chosen for this game).
    fn xboard_setup_of(id: VariantId, start: &Self) -> Option<String> {
        let _ = (id, start);
        Self::xboard_setup()
    }
    /// The start of a new game of variant `id`: `fen`, or the variant's start position. `seed`
    /// is the engine's `Seed` option (a randomized variant picks its setup with it), `chess960`
    /// the UCI option `UCI_Chess960`.
    fn new_position(
        id: VariantId,
        fen: Option<&str>,
        seed: u64,
        chess960: bool,
    ) -> Result<Self, String> {
        let _ = (seed, chess960);
        match fen {
            Some(f) => Self::from_fen_as(id, f).map_err(|e| e.to_string()),
            None => Ok(Self::startpos()),
        }
    }
    /// Legal moves of the position after `moves` from `start` that XBoard's board cannot follow
    /// (it misdraws some moves, then rejects a later move from a square it shows wrongly); the
    /// engine plays them in XBoard mode only when it has no other move.
    fn xboard_avoid(start: &Self, moves: &[Move]) -> Vec<Move> {
        let _ = (start, moves);
        Vec::new()
    }
    /// A position from a FEN as XBoard writes it (`setboard`): its piece letters and fields.
    fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Self, String> {
        Self::from_fen_as(id, fen).map_err(|e| e.to_string())
    }
    /// Whether an XBoard `setboard FEN` shows this position (XBoard relays a pass as a
    /// `setboard`); `moves` is the game so far, for variants whose side effects XBoard cannot
    /// draw (its board may then differ from ours).
    fn xboard_shows(&self, id: VariantId, fen: &str, moves: &[Move]) -> bool {
        let _ = moves;
        Self::from_xboard_fen(id, fen).is_ok_and(|t| t.hash() == self.hash())
    }
    /// A FEN as XBoard sends it (`setboard`), completed with what the variant's FEN needs and
    /// XBoard's lacks; tried when the FEN as sent does not load (`None`: nothing to add).
    fn xboard_fen_completion(fen: &str) -> Option<String> {
        let _ = fen;
        None
    }
    /// Algebraic notation of `m` for a PGN movetext (the variant's SAN made PGN-safe).
    fn pgn_san(&self, m: Move) -> String {
        self.move_san(m)
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
    /// A move as a human enters it in XBoard by clicking (the legs the highlight dialogue
    /// marks); by default the form the engine sends.
    fn xboard_entry(&self, m: Move) -> String {
        self.to_xboard(m)
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
            movegen::rules::VariantId::EightPiece | movegen::rules::VariantId::EightPieceRandom => {
                type $T = movegen::variants::eightpiece::EightPiece;
                Ok($body)
            }
            movegen::rules::VariantId::Magician => {
                type $T = movegen::variants::magician::Magician;
                Ok($body)
            }
            movegen::rules::VariantId::PieceEater => {
                type $T = movegen::variants::pieceeater::PieceEater;
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
pub fn supported(v: VariantId) -> bool {
    with_engine_variant!(v, V => size_of::<V>()).is_ok()
}
