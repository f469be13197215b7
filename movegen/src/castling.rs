//! Castling rights as four bits, shared by the variants whose king castles with a rook from
//! fixed home squares (`chess`, `magician`, `pieceeater`, `tamerspiel`, `jumpingknights`): the
//! bits, the table of rights a move keeps, the FEN field in both directions.

use crate::board::Board;
use crate::fen::{self, CastleToken, FenError};
use crate::types::{Color, Geometry, Piece, PieceKind, Square};

/// White's right toward the highest file (`K`).
pub const WHITE_KINGSIDE: u8 = 1;
/// White's right toward file 0 (`Q`).
pub const WHITE_QUEENSIDE: u8 = 2;
/// Black's right toward the highest file (`k`).
pub const BLACK_KINGSIDE: u8 = 4;
/// Black's right toward file 0 (`q`).
pub const BLACK_QUEENSIDE: u8 = 8;

/// The right of `c` toward the highest file (`high`) or toward file 0.
#[inline(always)]
pub fn right(c: Color, high: bool) -> u8 {
    match (c, high) {
        (Color::White, true) => WHITE_KINGSIDE,
        (Color::White, false) => WHITE_QUEENSIDE,
        (Color::Black, true) => BLACK_KINGSIDE,
        (Color::Black, false) => BLACK_QUEENSIDE,
    }
}

/// Where the castling units start: the king of each colour and its two rooks.
#[derive(Clone, Copy, Debug)]
pub struct Homes {
    /// The king's square, by colour index.
    pub king: [Square; 2],
    /// The rooks' squares, by colour index: toward file 0 (`Q`), toward the highest file (`K`).
    pub rooks: [[Square; 2]; 2],
}

impl Homes {
    /// The table of rights kept after a move from or to each square of an `N`-square board:
    /// `rights & keep[from] & keep[to]` (a king or rook leaving home, or a rook taken).
    pub const fn keep_table<const N: usize>(&self) -> [u8; N] {
        let mut t = [0xffu8; N];
        t[self.rooks[0][0].idx()] = !WHITE_QUEENSIDE;
        t[self.rooks[0][1].idx()] = !WHITE_KINGSIDE;
        t[self.king[0].idx()] = !(WHITE_KINGSIDE | WHITE_QUEENSIDE);
        t[self.rooks[1][0].idx()] = !BLACK_QUEENSIDE;
        t[self.rooks[1][1].idx()] = !BLACK_KINGSIDE;
        t[self.king[1].idx()] = !(BLACK_KINGSIDE | BLACK_QUEENSIDE);
        t
    }
}

/// How a variant reads its castling field: the home squares, and the texts of its errors.
#[derive(Clone, Copy, Debug)]
pub struct FenRule {
    /// The home squares.
    pub homes: Homes,
    /// The error for a Shredder letter naming neither rook's file.
    pub only: &'static str,
    /// The king's and the rook's names in the error for a right whose units are not at home.
    pub names: (&'static str, &'static str),
    /// The error for two letters giving one right (`KH`); `None`: accepted.
    pub twice: Option<&'static str>,
}

/// Reads a castling field (`KQkq`, or Shredder letters naming the rooks' files). Each right
/// needs its `king` and its `rook` at home on `board`.
pub fn read<G: Geometry, P: PieceKind, const K: usize>(
    field: &str,
    rule: &FenRule,
    board: &Board<G, P, K>,
    king: P,
    rook: P,
) -> Result<u8, FenError> {
    let mut rights = 0u8;
    let (low_file, high_file) = (G::file(rule.homes.rooks[0][0]), G::file(rule.homes.rooks[0][1]));
    for t in fen::parse_castling::<G>(field)? {
        let (color, high) = match t {
            CastleToken::High(c) => (c, true),
            CastleToken::Low(c) => (c, false),
            CastleToken::File(c, f) if f == high_file => (c, true),
            CastleToken::File(c, f) if f == low_file => (c, false),
            CastleToken::File(..) => return Err(FenError::new("castling", rule.only)),
        };
        let bit = right(color, high);
        let king_sq = rule.homes.king[color.index()];
        let rook_sq = rule.homes.rooks[color.index()][usize::from(high)];
        if board.piece_at(king_sq) != Some(Piece::new(king, color))
            || board.piece_at(rook_sq) != Some(Piece::new(rook, color))
        {
            return Err(FenError::new(
                "castling",
                format!(
                    "{} castling right needs the {} on {} and a {} on {}",
                    color.name(),
                    rule.names.0,
                    G::name(king_sq),
                    rule.names.1,
                    G::name(rook_sq)
                ),
            ));
        }
        if let Some(twice) = rule.twice {
            if rights & bit != 0 {
                return Err(FenError::new("castling", twice));
            }
        }
        rights |= bit;
    }
    Ok(rights)
}

/// Writes the castling field (`KQkq` order, `-` for none).
pub fn text(rights: u8) -> String {
    let mut s = String::new();
    for (bit, c) in [
        (WHITE_KINGSIDE, 'K'),
        (WHITE_QUEENSIDE, 'Q'),
        (BLACK_KINGSIDE, 'k'),
        (BLACK_QUEENSIDE, 'q'),
    ] {
        if rights & bit != 0 {
            s.push(c);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}
