//! The XBoard dialect of each variant: how its moves, squares, positions and pieces look in
//! XBoard 4.9.1's texts (`../shared/reference/xboard-notes.md`), the `setup` and `piece` lines
//! that teach XBoard an engine-defined variant, and the moves XBoard's board cannot follow. One
//! module per position type; the trait's defaults are the rule book's texts. (The XBoard name
//! of a variant is in the variant table, `VariantInfo::xboard_name`: the match runner sends it
//! to other engines too.)

mod chess;
mod eightpiece;
mod jumpingknights;
mod magician;
mod pieceeater;
mod tamerspiel;

use eval::Evaluator;
use movegen::rules::{Rules, VariantId};
use movegen::types::{Color, Geometry, Square};
use movegen::{Error, Move, MoveError};

/// A variant as XBoard sees it. Every method has a default for a variant whose XBoard texts are
/// the rule book's.
pub trait Dialect: Evaluator {
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
    /// variant sends the setup chosen for this game). Default: [`Dialect::xboard_setup`].
    fn xboard_setup_of(id: VariantId, start: &Self) -> Option<String> {
        let _ = (id, start);
        Self::xboard_setup()
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
    /// position, for the FEN as XBoard meant it ([`Error::Fen`] with the field at fault). Default: the rule book's FEN, and XBoard's
    /// five-field FEN of a parent without castling (the castling field left out).
    fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Self, Error> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() == 5 {
            let with = format!("{} {} - {} {} {}", f[0], f[1], f[2], f[3], f[4]);
            if let Ok(p) = Self::from_fen_as(id, &with) {
                return Ok(p);
            }
        }
        Ok(Self::from_fen_as(id, fen)?)
    }
    /// The position as a FEN in XBoard's form (the board of a `setup` line). Default: the rule
    /// book's FEN.
    fn to_xboard_fen(&self, id: VariantId) -> String {
        let _ = id;
        self.fen()
    }
    /// A board field of ours with the letters XBoard uses for the pieces (the board of the
    /// `setup` line's FEN; one token at a time for the piece images). Default: the same.
    fn xboard_board(field: &str) -> String {
        field.to_string()
    }
    /// Whether an XBoard `setboard FEN` shows this position (XBoard relays a pass as a
    /// `setboard`); `moves` is the game so far, for variants whose side effects XBoard cannot
    /// draw (its board may then differ from ours).
    fn xboard_shows(&self, id: VariantId, fen: &str, moves: &[Move]) -> bool {
        let _ = moves;
        Self::from_xboard_fen(id, fen).is_ok_and(|t| t.hash() == self.hash())
    }
    /// Parses a move in XBoard's forms where a turn of a game of chance may lack its outcome
    /// (XBoard has no arbiter): a forced outcome is applied, a free one rolled by the die keyed
    /// by `seed` (`Rules::roll`). Without chance, [`Dialect::parse_xboard`].
    fn parse_xboard_rolling(&self, text: &str, seed: u64) -> Result<Move, MoveError> {
        let _ = seed;
        self.parse_xboard(text)
    }
    /// A move as a human enters it in XBoard by clicking (the legs the highlight dialogue
    /// marks); by default the form the engine sends.
    fn xboard_entry(&self, m: Move) -> String {
        self.to_xboard(m)
    }
}

/// The coordinates of XBoard's `O-O` / `O-O-O` (which it may send in some modes) for the side to
/// move `turn`, given as `[White short, White long, Black short, Black long]`; other texts as
/// they are.
fn castling_text<'a>(text: &'a str, turn: Color, moves: [&'a str; 4]) -> &'a str {
    match (text, turn) {
        ("O-O", Color::White) => moves[0],
        ("O-O-O", Color::White) => moves[1],
        ("O-O", Color::Black) => moves[2],
        ("O-O-O", Color::Black) => moves[3],
        _ => text,
    }
}
