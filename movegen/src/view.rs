//! What a surface shows of a position ([`BoardView`]) and what one move changes on it
//! ([`MoveEffect`]): the squares whose contents change (a pushed unit, a castling partner, an
//! en-passant victim, a Magician's form elsewhere on the board, a unit the PieceEater eats), the
//! hands, and the chance step with its outcome number. One description for every variant, so the
//! web board, the terminal board and the XBoard adapter never re-derive a move's side effects.
//!
//! A view is read from the position's own FEN (the rule book's tokens, so a lancer's facing is
//! part of its token, `L(ne)`), so it shows exactly what the FEN records; the neutral chance piece
//! (the PieceEater) is named by the position (`Rules::chance_piece`).
//!
//! How a person enters a move on a surface is read from the move itself ([`MoveInput`],
//! `Rules::move_input`): its kind and the squares to click, so a surface never re-parses the
//! move's text to find them.

use crate::fen::{parse_board, BoardItem, FenError};
use crate::moves::{Move, MoveKind};
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

/// How a person enters a legal move on a board surface (the web board's clicks), read from the
/// move: its kind, the squares its coordinate notation (notation.md) names, in order, and the
/// facts a surface shows beside them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveInput {
    /// The move's kind.
    pub kind: MoveKind,
    /// The squares to click, in order: the squares the move's coordinate notation names, a
    /// square named twice in a row once (`c5e7,e7f8` is c5, e7, f8), except that a move that
    /// stays on its square (a lancer's turn in place, a Magician switch) names it twice; empty
    /// for a pass. A drop names only its target square (the dropped piece is [`Self::drop`]).
    pub clicks: Vec<Square>,
    /// For a drop: the dropped piece's FEN letter, upper case for either side.
    pub drop: Option<char>,
    /// For castling: the square the king's partner (the rook; the 8-Piece jailer) stands on
    /// before the move.
    pub partner: Option<Square>,
    /// Whether the move names a piece the moving unit becomes (a promotion, chosen or forced).
    pub promotes: bool,
}

impl MoveInput {
    /// The input of `m` read from its fields alone (the default of `Rules::move_input`): the
    /// clicks by its kind (`from`, `to` and for a push or a jump `aux`), a castling partner
    /// `partner`, no drop letter (a variant with drops names it).
    pub fn of(m: Move, partner: Option<Square>) -> MoveInput {
        let clicks = match m.kind() {
            MoveKind::Pass => Vec::new(),
            MoveKind::Drop => vec![m.to()],
            MoveKind::Turn | MoveKind::Switch => vec![m.from(), m.from()],
            MoveKind::Push | MoveKind::Nudge | MoveKind::Jump | MoveKind::JumpEnPassant => {
                vec![m.from(), m.to(), m.aux()]
            }
            MoveKind::Normal
            | MoveKind::DoublePush
            | MoveKind::EnPassant
            | MoveKind::Castle
            | MoveKind::TurnMove
            | MoveKind::Swap => vec![m.from(), m.to()],
        };
        MoveInput {
            kind: m.kind(),
            clicks,
            drop: None,
            partner: if m.kind() == MoveKind::Castle { partner } else { None },
            promotes: m.kind() != MoveKind::Drop && m.promo() != 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::info::VariantId;
    use crate::rules::Rules;

    /// The squares a coordinate text names, read back with the geometry's square reader (the
    /// test's own reading of notation.md): each leg's squares in order, a square repeated in a
    /// row once, a lone square twice; a drop's letter and square; nothing for the pass.
    fn named<G: Geometry>(text: &str) -> (Vec<Square>, Option<char>) {
        if text == "0000" {
            return (Vec::new(), None);
        }
        if let Some((piece, sq)) = text.split_once('@') {
            let letter = piece.chars().next().map(|c| c.to_ascii_uppercase());
            return (vec![G::parse_square(sq).expect("a drop's square")], letter);
        }
        let mut out: Vec<Square> = Vec::new();
        for leg in text.split(',') {
            let mut rest = leg;
            while let Some((sq, n)) = G::parse_square_prefix(rest) {
                if out.last() != Some(&sq) {
                    out.push(sq);
                }
                rest = &rest[n..];
            }
        }
        if out.len() == 1 {
            out.push(out[0]);
        }
        (out, None)
    }

    /// Every legal move along random games from the variant's start positions, setups and bench
    /// positions: its input clicks the squares its text names, castling has a partner of the
    /// mover's standing on the board, and only castling has one.
    fn check<R: Rules>(v: VariantId) -> usize {
        let info = v.info();
        let mut starts: Vec<String> = info.start_fen.iter().map(ToString::to_string).collect();
        if let Some(s) = info.setups {
            starts.extend([0, 1, 2, 100, 500].iter().filter_map(|&n| (s.fen)(n)));
        }
        starts.extend(info.perft_bench.iter().map(|(f, _)| f.to_string()));
        let (mut rng, mut castles) = (v as u64, 0);
        for fen in &starts {
            let start = R::from_fen_as(v, fen).unwrap_or_else(|e| panic!("{v} {fen}: {e}"));
            for _ in 0..6 {
                crate::walk::random_walk(
                    &start,
                    80,
                    crate::walk::splitmix(&mut rng),
                    |pos, list| {
                        let view = pos.board_view();
                        for &m in list.iter() {
                            let input = pos.move_input(m);
                            let text = pos.action_text(m);
                            let (squares, letter) = named::<R::G>(&text);
                            assert_eq!(
                                (&input.clicks, input.drop),
                                (&squares, letter),
                                "{v} {text}"
                            );
                            assert_eq!(input.kind, m.kind());
                            let own = |sq: Square| {
                                view.cell(sq).token().is_some_and(|t| {
                                    t.starts_with(|c: char| c.is_ascii_uppercase())
                                        == (pos.turn() == Color::White)
                                })
                            };
                            if m.kind() == MoveKind::Castle {
                                let p = input.partner.expect("castling has a partner");
                                assert!(p != m.from() && own(p), "{v} {} {text}", pos.fen());
                                castles += 1;
                            } else {
                                assert_eq!(input.partner, None, "{v} {text}");
                            }
                        }
                    },
                );
            }
        }
        castles
    }

    #[test]
    fn move_input_clicks_the_squares_the_notation_names() {
        for v in VariantId::ALL {
            let castles = crate::with_variant!(v, R => check::<R>(v));
            assert!(castles > 0, "{v}: no castling seen");
        }
    }
}
