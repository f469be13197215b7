//! The rules trait every variant implements, and game results.

use crate::fen::{FenError, Hands, Setup};
use crate::moves::{Move, MoveBuf, ACTION_MASK};
use crate::position::Core;
use crate::types::{Color, Geometry, Square};
use crate::view::{BoardView, ChanceStep, MoveEffect, MoveInput};
use std::fmt;

pub use crate::info::VariantId;
use crate::info::{EndTexts, Marks, Shape, VariantInfo};

/// Who won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move has no legal move and is not in check (draw, or a win in Jumping
    /// Knights by Rule 2).
    Stalemate,
    /// A king was captured (PieceEater).
    KingCaptured,
    /// The same position arose three times.
    Repetition,
    /// The 50-move rule (or the 8-Piece automatic 50-move draw).
    FiftyMoves,
    /// Neither side can mate (orthodox dead positions).
    InsufficientMaterial,
}

/// A finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// The result.
    pub outcome: Outcome,
    /// Why.
    pub reason: EndReason,
}

/// What is wrong with a move text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveErrorKind {
    /// It reads as a move of the notation, but no legal move here has it (or the move itself
    /// is not legal here).
    Illegal,
    /// It names more than one legal move (or an action whose outcome it leaves open).
    Ambiguous,
    /// It is not a move of the notation at all (no squares where they belong, an unknown
    /// suffix, a broken leg).
    Malformed,
}

/// A move text that names no legal move (or more than one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The text received.
    pub text: String,
    /// Why it was refused.
    pub reason: String,
    /// What kind of refusal it is.
    pub kind: MoveErrorKind,
}

impl MoveError {
    /// A refusal of `kind` for `text`, saying `reason`.
    pub fn new(kind: MoveErrorKind, text: &str, reason: impl Into<String>) -> MoveError {
        MoveError { text: text.to_string(), reason: reason.into(), kind }
    }

    /// `text` reads as a move but is not legal here.
    pub fn illegal(text: &str, reason: impl Into<String>) -> MoveError {
        MoveError::new(MoveErrorKind::Illegal, text, reason)
    }

    /// `text` names more than one legal move.
    pub fn ambiguous(text: &str, reason: impl Into<String>) -> MoveError {
        MoveError::new(MoveErrorKind::Ambiguous, text, reason)
    }

    /// `text` is not a move of the notation.
    pub fn malformed(text: &str, reason: impl Into<String>) -> MoveError {
        MoveError::new(MoveErrorKind::Malformed, text, reason)
    }

    /// `text` (notation.md coordinates on geometry `G`) matches no legal move: "not a legal
    /// move", [`MoveErrorKind::Illegal`] when it has the shape of a move
    /// ([`coordinate_shaped`]), [`MoveErrorKind::Malformed`] otherwise.
    pub fn unmatched<G: Geometry>(text: &str) -> MoveError {
        let kind = if coordinate_shaped::<G>(text) {
            MoveErrorKind::Illegal
        } else {
            MoveErrorKind::Malformed
        };
        MoveError::new(kind, text, "not a legal move")
    }
}

/// Whether `text` has the shape of a notation.md move on geometry `G`: the pass `0000`, two
/// square names (then anything: a promotion, a facing, a second leg), or a piece letter, `@`
/// and a square (a drop). A text of this shape may still name no legal move.
pub fn coordinate_shaped<G: Geometry>(text: &str) -> bool {
    if text == "0000" {
        return true;
    }
    if let Some(sq) = text.strip_prefix(|c: char| c.is_ascii_alphabetic()) {
        if let Some(sq) = sq.strip_prefix('@') {
            return G::parse_square_prefix(sq).is_some();
        }
    }
    G::parse_square_prefix(text).is_some_and(|(_, n)| G::parse_square_prefix(&text[n..]).is_some())
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.text, self.reason)
    }
}

impl std::error::Error for MoveError {}

/// The one move of `found` (the legal moves `text` names), or the error: not a legal move (or
/// not a move text, [`MoveError::unmatched`]) when there is none, "ambiguous" when there are more.
pub fn one_move<G: Geometry>(text: &str, found: &[Move]) -> Result<Move, MoveError> {
    match found {
        [m] => Ok(*m),
        [] => Err(MoveError::unmatched::<G>(text)),
        _ => Err(MoveError::ambiguous(text, "ambiguous")),
    }
}

/// The rules of one variant, implemented by its position type.
///
/// Positions are values: [`Rules::play`] returns the position after a move (copy-make), so
/// "unmake" is dropping the copy. Everything here is deterministic and free of I/O.
pub trait Rules: Clone + Send + Sync + fmt::Debug + 'static {
    /// Board geometry (and so bitboard width).
    type G: Geometry;
    /// Move buffer with a capacity proven for this variant.
    type Moves: MoveBuf;
    /// The variant this type plays (for `eightpiece` also `eightpiece-random`).
    const VARIANT: VariantId;
    /// Whether the move list holds chance outcomes: moves equal under
    /// [`crate::moves::ACTION_MASK`] are the outcomes of one player action, each with equal
    /// probability (PieceEater). `false`: every move is its own action.
    const HAS_CHANCE: bool = false;

    /// The standard start position's FEN (the first numbered setup's for `eightpiece-random`,
    /// which shares its type with `eightpiece`).
    const START_FEN: &'static str;
    /// How many variant fields follow the fullmove number in the FEN.
    const FEN_FIELDS: usize = 0;
    /// Whether the FEN carries a hand after the board, and the message when one breaks that.
    const HANDS: Hands;

    /// The standard start position.
    fn startpos() -> Self {
        Self::from_fen_as(Self::VARIANT, Self::START_FEN).expect("start FEN is valid")
    }
    /// Builds the position a FEN describes from its [`Setup`] (the fields read by
    /// [`Setup::read`]), with the variant's own checks; never panics, never half-loads.
    fn from_setup(setup: &Setup) -> Result<Self, FenError>;
    /// Loads a FEN (rule-book shape): [`Setup::read`] with this variant's shape, then
    /// [`Rules::from_setup`].
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Self::from_setup(&Setup::read::<Self::G>(fen, Self::FEN_FIELDS, Self::HANDS)?)
    }
    /// Loads a FEN as a position of `variant`, for types that play more than one id (the
    /// `eightpiece` type also plays `eightpiece-random`, whose castling conventions differ).
    /// Types that play one id keep this default, [`Rules::from_fen`].
    fn from_fen_as(variant: VariantId, fen: &str) -> Result<Self, FenError> {
        let _ = variant;
        Self::from_fen(fen)
    }
    /// Writes the FEN.
    fn fen(&self) -> String;
    /// The side to move, castling rights, e.p. square, clocks and hash every position holds.
    fn core(&self) -> &Core;
    /// Side to move.
    #[inline(always)]
    fn turn(&self) -> Color {
        self.core().turn
    }
    /// Appends every legal move to `out` (which the caller has cleared).
    fn legal_moves(&self, out: &mut Self::Moves);
    /// Number of legal moves (perft bulk counting); may be faster than generating them.
    fn count_legal(&self) -> u64 {
        let mut m = Self::Moves::default();
        self.legal_moves(&mut m);
        m.len() as u64
    }
    /// `perft(2)`: the legal replies to every legal move, summed (perft's last two plies). A
    /// variant may share work between the sibling positions; the result must equal this default.
    fn count_two(&self) -> u64 {
        let mut list = Self::Moves::default();
        self.legal_moves(&mut list);
        self.sum_children(&list, Self::count_legal)
    }
    /// `f` summed over the positions after each move of `list` (legal moves of this position),
    /// made as [`Rules::PLAY_INTO`] says.
    #[inline(always)]
    fn sum_children(&self, list: &Self::Moves, mut f: impl FnMut(&Self) -> u64) -> u64 {
        if Self::PLAY_INTO {
            let mut child = self.clone();
            let mut n = 0;
            for &m in list.iter() {
                self.play_into(m, &mut child);
                n += f(&child);
            }
            n
        } else {
            list.iter().map(|&m| f(&self.play(m))).sum()
        }
    }
    /// The position after the legal move `m` (undefined result for an illegal move, no panic
    /// guaranteed only for moves from [`Rules::legal_moves`]).
    fn play(&self, m: Move) -> Self;
    /// Whether perft should play the moves of a node into one reused child with
    /// [`Rules::play_into`] (a large position made in place, copied once) instead of
    /// [`Rules::play`] (whose result is built and then copied again).
    const PLAY_INTO: bool = false;
    /// Writes [`Rules::play`]'s position into `out`.
    #[inline(always)]
    fn play_into(&self, m: Move, out: &mut Self) {
        *out = self.play(m);
    }
    /// The incrementally maintained Zobrist key (the repetition key: every part of the state
    /// that decides future play, excluding clocks).
    #[inline(always)]
    fn hash(&self) -> u64 {
        self.core().hash
    }
    /// The same key computed from scratch (invariant tests).
    fn compute_hash(&self) -> u64;
    /// Whether the side to move is in check (false where the variant has no check).
    fn in_check(&self) -> bool;
    /// Halfmove clock as in FEN.
    #[inline(always)]
    fn halfmove_clock(&self) -> u32 {
        self.core().halfmove
    }
    /// Fullmove number as in FEN.
    #[inline(always)]
    fn fullmove_number(&self) -> u32 {
        self.core().fullmove
    }
    /// The end of the game decided by the rules of the position alone, given its legal moves
    /// (checkmate, stalemate, captured king). Draw rules that need history are the game's.
    /// Default: no legal move is checkmate (a win for the other side) in check, stalemate (a
    /// draw) otherwise.
    fn end_by_rule(&self, legal: &[Move]) -> Option<GameEnd> {
        if !legal.is_empty() {
            return None;
        }
        Some(if self.in_check() {
            GameEnd { outcome: Outcome::Win(!self.turn()), reason: EndReason::Checkmate }
        } else {
            GameEnd { outcome: Outcome::Draw, reason: EndReason::Stalemate }
        })
    }
    /// Whether the position is drawn by the variant's move-count rule (the 50-move rule by
    /// default; a game runner adjudicates it).
    fn fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100
    }
    /// Whether neither side can ever win (dead position); `false` by default.
    fn insufficient_material(&self) -> bool {
        false
    }
    /// Whether `side` could still win by some series of legal moves, whatever the other side
    /// does (FIDE 6.9: decides whether a flag fall loses or draws). `true` by default, the
    /// cautious answer (a flag fall then loses); a variant says `false` only where it is sure.
    fn can_mate(&self, side: Color) -> bool {
        let _ = side;
        true
    }
    /// Coordinate notation of a legal move (`../shared/rules/notation.md`).
    fn move_text(&self, m: Move) -> String;
    /// Another text that names the legal move `m` when parsing (the Magician's promotion that
    /// names her final form, `e7e8y`); `None` (the default) for none.
    fn alias_text(&self, m: Move) -> Option<String> {
        let _ = m;
        None
    }
    /// Parses coordinate notation against this position: the text must name exactly one legal
    /// move by its [`Rules::move_text`] or [`Rules::alias_text`]; a text that names none goes
    /// to [`Rules::parse_unmatched`].
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mut list = Self::Moves::default();
        self.legal_moves(&mut list);
        let names =
            |m: Move| self.move_text(m) == text || self.alias_text(m).is_some_and(|a| a == text);
        let found: Vec<Move> = list.iter().copied().filter(|&m| names(m)).collect();
        if found.is_empty() {
            return self.parse_unmatched(text, &list);
        }
        one_move::<Self::G>(text, &found)
    }
    /// The answer to a text that names none of the legal moves `legal`: "not a legal move" by
    /// default; a variant may read the text another way (TamerSpiel: a pawn's `d` left out) or
    /// say why the move is not legal (Jumping Knights: Rule 4).
    fn parse_unmatched(&self, text: &str, legal: &Self::Moves) -> Result<Move, MoveError> {
        let _ = legal;
        one_move::<Self::G>(text, &[])
    }
    /// The position with the turn passed and nothing else changed except what passing implies
    /// (e.p. rights lapse), for null-move pruning; `None` where the variant cannot express it
    /// (the default) or the side to move is in check.
    fn null_move(&self) -> Option<Self> {
        None
    }
    /// Algebraic notation for game records (defaults to coordinates).
    fn move_san(&self, m: Move) -> String {
        self.move_text(m)
    }
    /// Algebraic notation of `m` for a PGN movetext: [`Rules::move_san`] made PGN-safe (the
    /// default: the same text).
    fn pgn_san(&self, m: Move) -> String {
        self.move_san(m)
    }
    /// The player's part of `m` in coordinate notation: in a game of chance the action without
    /// the outcome's leg (a UCI `bestmove`; notation.md: the die is not the player's to roll),
    /// otherwise the whole move (the default).
    fn action_text(&self, m: Move) -> String {
        self.move_text(m)
    }
    /// Games of chance: the outcome of `m`'s action drawn by the die keyed by `seed`, the
    /// position and the action (a forced outcome takes no roll), so that two engines with the
    /// same seed agree on an outcome neither was sent. Without chance, `m` (the default).
    fn roll(&self, m: Move, seed: u64) -> Move {
        let _ = seed;
        m
    }
    /// Parses coordinate notation where a turn of a game of chance may come without its
    /// outcome: the action's outcome is then [`Rules::roll`]ed with `seed`. Otherwise (and
    /// without chance) [`Rules::parse_move`].
    fn parse_rolling(&self, text: &str, seed: u64) -> Result<Move, MoveError> {
        if !Self::HAS_CHANCE || text.contains(',') {
            return self.parse_move(text);
        }
        let mut list = Self::Moves::default();
        self.legal_moves(&mut list);
        let first =
            list.iter().copied().find(|&m| self.action_text(m) == text).ok_or_else(|| {
                // A text the full parser accepts is a whole turn, not an action.
                self.parse_move(text)
                    .err()
                    .unwrap_or_else(|| MoveError::illegal(text, "not a legal move"))
            })?;
        Ok(self.roll(first, seed))
    }
    /// The square of the neutral piece whose steps are the chance outcomes (the PieceEater);
    /// `None` for variants without one (the default).
    fn chance_piece(&self) -> Option<Square> {
        None
    }
    /// The position as a board surface shows it: every square's FEN token (lancer facings
    /// included), the hands, the chance piece's square.
    fn board_view(&self) -> BoardView {
        BoardView::from_fen::<Self::G>(&self.fen(), self.chance_piece())
            .expect("a position reads back its own FEN")
    }
    /// For a castling move `m`: the square its partner (the rook; the 8-Piece jailer) stands on
    /// before the move. `None` for every other move, and by default (a variant without castling).
    fn castle_partner(&self, m: Move) -> Option<Square> {
        let _ = m;
        None
    }
    /// How a person enters the legal move `m` on a board surface: [`MoveInput::of`] with the
    /// castling partner by default; a variant whose notation names other squares, or with
    /// drops, says so.
    fn move_input(&self, m: Move) -> MoveInput {
        MoveInput::of(m, self.castle_partner(m))
    }
    /// What the legal move `m` changes on the board: the squares that change and their new
    /// contents, the hands, and the chance step (which outcome of how many).
    fn move_effect(&self, m: Move) -> MoveEffect {
        let after = self.play(m);
        let chance = match (Self::HAS_CHANCE, self.chance_piece(), after.chance_piece()) {
            (true, Some(from), Some(to)) => {
                let mut list = Self::Moves::default();
                self.legal_moves(&mut list);
                let action = m.0 & ACTION_MASK;
                let same: Vec<Move> =
                    list.iter().copied().filter(|o| o.0 & ACTION_MASK == action).collect();
                let outcome = same.iter().position(|&o| o == m).map_or(0, |i| i + 1);
                Some(ChanceStep { from, to, outcome, outcomes: same.len() })
            }
            _ => None,
        };
        MoveEffect::between(&self.board_view(), &after.board_view(), chance)
    }
}

/// Runs `$body` with `$T` bound to the position type of `$id` and evaluates to its value
/// (dispatch once, at the boundary; everything inside is monomorphised). Every id of the list in
/// [`crate::for_each_variant`] is built.
#[macro_export]
macro_rules! with_variant {
    ($id:expr, $T:ident => $body:expr) => {
        $crate::for_each_variant!(__with_variant_arms!(($id) $T ($body)))
    };
}

/// The arms of [`with_variant`], one per entry of [`crate::for_each_variant`].
#[doc(hidden)]
#[macro_export]
macro_rules! __with_variant_arms {
    ((($id:expr) $T:ident ($body:expr)) $($V:ident $doc:literal $tm:ident :: $tt:ident, $im:ident :: info :: $ic:ident;)*) => {{
        match $id {
            $($crate::info::VariantId::$V => {
                type $T = $crate::variants::$tm::$tt;
                $body
            })*
        }
    }};
}

impl VariantId {
    /// The id its position type plays first (`Rules::VARIANT`): ids of one family share the
    /// type, so their evaluation and pieces (`eightpiece-random` is of the `eightpiece` family).
    pub fn family(self) -> VariantId {
        crate::with_variant!(self, T => <T as Rules>::VARIANT)
    }
}

impl VariantInfo {
    /// The entry of id `name` played by position type `T`: its title and rule-book file, the
    /// facts the type knows (start position, chance, board shape), the XBoard name equal to
    /// the id, and the defaults of everything else (an orthodox army's marks, FIDE's end
    /// texts, no setups or benches). Each variant's `info.rs`
    /// writes what differs, with this as the rest (`..VariantInfo::of::<T>(..)`).
    pub const fn of<T: Rules>(
        name: &'static str,
        title: &'static str,
        rules_file: &'static str,
    ) -> VariantInfo {
        VariantInfo {
            name,
            title,
            xboard_name: name,
            rules_file,
            start_fen: Some(T::START_FEN),
            has_chance: T::HAS_CHANCE,
            shape: Shape::of::<T::G>(),
            pieces: &[],
            setups: None,
            chess960: None,
            perft_bench: &[],
            search_bench: &[],
            marks: Marks::ORTHODOX,
            ends: EndTexts::STANDARD,
        }
    }
}
