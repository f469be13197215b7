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

/// A way of entering a move that a board surface must explain beyond "click the piece, then its
/// target" (the web board's help panel, `docs/gui.md`). Each variant lists the forms its rules
/// have ([`EngineVariant::MOVE_FORMS`]); a test checks the list against the legal moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveForm {
    /// Castling (`MoveKind::Castle`).
    Castle,
    /// En passant by a step onto the skipped square (`MoveKind::EnPassant`).
    EnPassant,
    /// A promotion with a choice of piece (and, for a lancer, of facing).
    Promotion,
    /// A promotion or change of form that happens by itself as part of a move (no choice).
    AutoPromotion,
    /// A lancer's move whose facing is chosen after it (several moves share the squares).
    Facing,
    /// A lancer's turn in place (`MoveKind::Turn`).
    Turn,
    /// A sentry's push or nudge (`MoveKind::Push`, `MoveKind::Nudge`).
    Push,
    /// The pass (`MoveKind::Pass`).
    Pass,
    /// A drop from the hand (`MoveKind::Drop`).
    Drop,
    /// The Magician switch (`MoveKind::Switch`).
    Switch,
    /// The king swap (`MoveKind::Swap`).
    Swap,
    /// A capture by jumping over the victim (`MoveKind::Jump`).
    Jump,
    /// En passant by jumping over the skipped square (`MoveKind::JumpEnPassant`).
    JumpEnPassant,
    /// A move followed by a chance step the player does not choose (a game of chance).
    Chance,
}

impl MoveForm {
    /// The form's key, as the web board's variant table names it.
    pub const fn key(self) -> &'static str {
        match self {
            MoveForm::Castle => "castle",
            MoveForm::EnPassant => "en_passant",
            MoveForm::Promotion => "promotion",
            MoveForm::AutoPromotion => "auto_promotion",
            MoveForm::Facing => "facing",
            MoveForm::Turn => "turn",
            MoveForm::Push => "push",
            MoveForm::Pass => "pass",
            MoveForm::Drop => "drop",
            MoveForm::Switch => "switch",
            MoveForm::Swap => "swap",
            MoveForm::Jump => "jump",
            MoveForm::JumpEnPassant => "jump_en_passant",
            MoveForm::Chance => "chance",
        }
    }
}

/// A variant the engine can play.
pub trait EngineVariant: Evaluator {
    /// The move forms of the variant beyond plain moves (for a board surface's help).
    const MOVE_FORMS: &'static [MoveForm] =
        &[MoveForm::Castle, MoveForm::EnPassant, MoveForm::Promotion];
    /// The FEN letters (White's) of the royal pieces: the ones a check attacks.
    const ROYALS: &'static [char] = &['K'];
    /// Whether the rules forbid leaving the king in check. `false` where a king in check may
    /// stay attacked and be captured (PieceEater); a surface then says "attacked", not "check".
    const CHECK_RULE: bool = true;
    /// The XBoard `setup` line for an engine-defined variant (`None`: XBoard knows it).
    fn xboard_setup() -> Option<String> {
        None
    }
    /// The XBoard `piece` lines (Betza descriptions) sent after `setup`.
    fn xboard_pieces() -> Vec<String> {
        Vec::new()
    }
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
    // The variant's XBoard FEN dialect: the two directions below are the only place that
    // knows how this variant's positions look in XBoard 4.9.1's FENs.

    /// A position from a FEN in XBoard's form (`setboard`) or in the rule book's own form
    /// (every dialect reads both). On failure, the reason the FEN cannot be this variant's
    /// position, for the FEN as XBoard meant it. Default: the rule book's FEN, and XBoard's
    /// five-field FEN of a parent without castling (the castling field left out).
    fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Self, String> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() == 5 {
            let with = format!("{} {} - {} {} {}", f[0], f[1], f[2], f[3], f[4]);
            if let Ok(p) = Self::from_fen_as(id, &with) {
                return Ok(p);
            }
        }
        Self::from_fen_as(id, fen).map_err(|e| e.to_string())
    }
    /// The position as a FEN in XBoard's form (the board of a `setup` line). Default: the rule
    /// book's FEN.
    fn to_xboard_fen(&self, id: VariantId) -> String {
        let _ = id;
        self.fen()
    }
    /// Whether an XBoard `setboard FEN` shows this position (XBoard relays a pass as a
    /// `setboard`); `moves` is the game so far, for variants whose side effects XBoard cannot
    /// draw (its board may then differ from ours).
    fn xboard_shows(&self, id: VariantId, fen: &str, moves: &[Move]) -> bool {
        let _ = moves;
        Self::from_xboard_fen(id, fen).is_ok_and(|t| t.hash() == self.hash())
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
    /// A move as a human enters it in XBoard by clicking (the legs the highlight dialogue
    /// marks); by default the form the engine sends.
    fn xboard_entry(&self, m: Move) -> String {
        self.to_xboard(m)
    }
}

/// Runs `$body` with `$T` bound to the engine type of variant `$id` (the position type of
/// `movegen::with_variant!`, which every engine variant is); `Err(id)` for a variant the engine
/// cannot play in this build (none: the variant list builds every variant).
#[macro_export]
macro_rules! with_engine_variant {
    ($id:expr, $T:ident => $body:expr) => {
        movegen::with_variant!($id, $T => $body)
    };
}

/// The move forms of variant `v` ([`EngineVariant::MOVE_FORMS`]).
pub fn move_forms(v: VariantId) -> &'static [MoveForm] {
    with_engine_variant!(v, V => V::MOVE_FORMS).unwrap_or(&[])
}

/// Whether variant `v` has the check rule ([`EngineVariant::CHECK_RULE`]).
pub fn check_rule(v: VariantId) -> bool {
    with_engine_variant!(v, V => V::CHECK_RULE).unwrap_or(true)
}

/// Whether this build can play variant `v`.
pub fn supported(v: VariantId) -> bool {
    with_engine_variant!(v, V => size_of::<V>()).is_ok()
}
