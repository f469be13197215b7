//! What a surface shows of a position ([`BoardView`]) and what one move changes on it
//! ([`MoveEffect`]): the squares whose contents change (a pushed unit, a castling partner, an
//! en-passant victim, a Magician's form elsewhere on the board, a unit the PieceEater eats), the
//! hands, and the chance step with its outcome number. One description for every variant, so the
//! web board, the terminal board and the XBoard adapter never re-derive a move's side effects.
//!
//! A view is read from the position's own FEN (the rule book's tokens, so a lancer's facing is
//! part of its token, `L(ne)`), so it shows exactly what the FEN records; the neutral chance piece
//! (the PieceEater) is named by the position (`Rules::chance_piece`).

use crate::fen::{parse_board, BoardItem, FenError};
use crate::types::{Color, Geometry, Square};

/// What one cell of the grid holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A square that does not exist (TamerSpiel's a2-a7, l2-l7).
    Hole,
    /// An empty square.
    Empty,
    /// A unit, as its FEN token (`P`, `k`, `L(ne)`, `X` for the PieceEater).
    Unit(String),
}

impl Cell {
    /// The token of the unit here, if any.
    pub fn token(&self) -> Option<&str> {
        match self {
            Cell::Unit(t) => Some(t),
            _ => None,
        }
    }
}

/// A position as a board surface shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Every grid cell, indexed by [`Square`] (`rank * files + file`).
    pub cells: Vec<Cell>,
    /// Every grid cell's name (`e4`, `z0`; holes too), indexed like `cells`.
    pub names: Vec<String>,
    /// Hands (White's letters, Black's letters, as the FEN lists them), for variants with hands.
    pub hands: Option<[String; 2]>,
    /// The square of the neutral chance piece (the PieceEater), if the variant has one.
    pub chance_piece: Option<Square>,
    /// Side to move.
    pub turn: Color,
}

impl BoardView {
    /// The view of `fen` (a FEN the position itself wrote) on geometry `G`.
    pub fn from_fen<G: Geometry>(
        fen: &str,
        chance_piece: Option<Square>,
    ) -> Result<Self, FenError> {
        let mut fields = fen.split_ascii_whitespace();
        let board_field = fields.next().ok_or_else(|| FenError::new("fields", "empty FEN"))?;
        let turn = fields
            .next()
            .and_then(Color::from_fen)
            .ok_or_else(|| FenError::new("side", "missing or not `w`/`b`"))?;
        let (board, hand) = match board_field.split_once('[') {
            Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
            None => (board_field, None),
        };
        let mut cells = vec![Cell::Empty; G::cells()];
        for (sq, item) in parse_board::<G>(board)? {
            cells[sq.idx()] = match item {
                BoardItem::Hole => Cell::Hole,
                BoardItem::Piece(c, None) => Cell::Unit(c.to_string()),
                BoardItem::Piece(c, Some(s)) => Cell::Unit(format!("{c}({s})")),
            };
        }
        let names = (0..G::cells()).map(|i| G::name(Square(i as u8))).collect();
        let hands = hand.map(|h| {
            [
                h.chars().filter(char::is_ascii_uppercase).collect(),
                h.chars().filter(char::is_ascii_lowercase).collect(),
            ]
        });
        Ok(BoardView { files: G::FILES, ranks: G::RANKS, cells, names, hands, chance_piece, turn })
    }

    /// The cell of `sq`.
    pub fn cell(&self, sq: Square) -> &Cell {
        &self.cells[sq.idx()]
    }

    /// The token on the square named `name` (`None`: empty, a hole, or no such square).
    pub fn token_at(&self, name: &str) -> Option<&str> {
        let i = self.names.iter().position(|n| n == name)?;
        self.cells[i].token()
    }

    /// The name of `sq`.
    pub fn name(&self, sq: Square) -> &str {
        &self.names[sq.idx()]
    }

    /// Every occupied square with its token, in square order.
    pub fn units(&self) -> impl Iterator<Item = (Square, &str)> + '_ {
        self.cells.iter().enumerate().filter_map(|(i, c)| c.token().map(|t| (Square(i as u8), t)))
    }
}

/// One square whose contents a move changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareChange {
    /// The square.
    pub square: Square,
    /// Its name.
    pub name: String,
    /// The token before the move (`None`: empty).
    pub before: Option<String>,
    /// The token after the move (`None`: empty).
    pub after: Option<String>,
}

/// The chance part of a turn: the neutral piece's step and which of the equally likely
/// outcomes of the player's action it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceStep {
    /// Where the neutral piece stood before the turn.
    pub from: Square,
    /// Where it stands after (`from` when it could not move, or the game ended first).
    pub to: Square,
    /// This outcome's number, from 1, in the order of the legal move list.
    pub outcome: usize,
    /// How many outcomes the action had (1: the step was forced).
    pub outcomes: usize,
}

/// What a move changes on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// Every square whose contents change, in square order.
    pub changes: Vec<SquareChange>,
    /// The hands before and after, when they change.
    pub hands: Option<([String; 2], [String; 2])>,
    /// The chance step, for variants with chance moves.
    pub chance: Option<ChanceStep>,
}

impl MoveEffect {
    /// The effect of a move that turns the board `before` into `after`, with its chance step.
    pub fn between(before: &BoardView, after: &BoardView, chance: Option<ChanceStep>) -> Self {
        let hands = match (&before.hands, &after.hands) {
            (Some(a), Some(b)) if a != b => Some((a.clone(), b.clone())),
            _ => None,
        };
        MoveEffect { changes: diff(before, after), hands, chance }
    }

    /// The change on the square named `name`, if it changes.
    pub fn change(&self, name: &str) -> Option<&SquareChange> {
        self.changes.iter().find(|c| c.name == name)
    }

    /// A short text for people: `e2: P -> empty; e4: empty -> P; PieceEater d4-d5 (outcome 3
    /// of 8); hands: White RBNPP, Black rbnppp`.
    pub fn describe(&self, view_after: &BoardView) -> String {
        let tok = |t: &Option<String>| t.clone().unwrap_or_else(|| "empty".into());
        let mut parts: Vec<String> = self
            .changes
            .iter()
            .map(|c| format!("{}: {} -> {}", c.name, tok(&c.before), tok(&c.after)))
            .collect();
        if let Some(c) = &self.chance {
            let step = if c.from == c.to {
                format!("PieceEater stays on {}", view_after.name(c.from))
            } else {
                format!("PieceEater {}-{}", view_after.name(c.from), view_after.name(c.to))
            };
            parts.push(format!("{step} (outcome {} of {})", c.outcome, c.outcomes));
        }
        if let Some((_, [w, b])) = &self.hands {
            parts.push(format!("hands: White [{w}], Black [{b}]"));
        }
        parts.join("; ")
    }
}

/// The squares whose contents differ between two views of one board.
pub fn diff(before: &BoardView, after: &BoardView) -> Vec<SquareChange> {
    before
        .cells
        .iter()
        .zip(&after.cells)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| SquareChange {
            square: Square(i as u8),
            name: before.names[i].clone(),
            before: a.token().map(str::to_string),
            after: b.token().map(str::to_string),
        })
        .collect()
}
