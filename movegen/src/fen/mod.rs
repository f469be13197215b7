//! The one FEN reader and writer of every variant.
//!
//! Reading: [`Setup::read`] turns FEN text into a neutral [`Setup`] (the units with their
//! squares and suffixes, the hand, side to move, castling and en-passant fields, clocks and the
//! variant's extra fields), checking only what every variant shares (field count, the board's
//! shape with `*` holes, multi-digit runs and bracketed suffixes, the hand's brackets, side,
//! clocks). Each variant then builds its position from the setup with its own checks, using
//! the shared ones here ([`Setup::place`], [`one_king`], [`check_ep`], [`check_side`], ...) and
//! `castling.rs`. Writing: [`write()`] puts the same fields back together. Nothing here
//! panics on any input, and every error names the field at fault.

mod board;

pub use board::{parse_board, write_board, BoardItem};

use crate::board::Board;
use crate::position::Core;
use crate::types::{Color, Geometry, Piece, PieceKind, Square};
use std::fmt;

/// A FEN that cannot be loaded, naming the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Which field: `board`, `hand`, `side`, `castling`, `en-passant`, `halfmove`, `fullmove`,
    /// a variant field name, or `fields` for the field count.
    pub field: &'static str,
    /// What is wrong with it.
    pub message: String,
}

impl FenError {
    /// Builds an error for `field`.
    pub fn new(field: &'static str, message: impl Into<String>) -> FenError {
        FenError { field, message: message.into() }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN ({} field): {}", self.field, self.message)
    }
}

impl std::error::Error for FenError {}

/// Largest halfmove clock accepted.
pub const MAX_HALFMOVE: u32 = 10_000;
/// Largest fullmove number accepted.
pub const MAX_FULLMOVE: u32 = 100_000;

/// A clock field: a decimal number up to `max`; errors name `field`.
fn clock_field(text: &str, field: &'static str, max: u32) -> Result<u32, FenError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::new(field, format!("`{text}` is not a non-negative number")));
    }
    match text.parse::<u32>() {
        Ok(v) if v <= max => Ok(v),
        _ => Err(FenError::new(field, format!("`{text}` is out of range (at most {max})"))),
    }
}

/// Whether a variant's FEN carries a hand in brackets after the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hands {
    /// No hands: a bracketed hand is refused with this message.
    Refused(&'static str),
    /// A hand is compulsory (`[]` when empty); its absence is refused with this message.
    Required(&'static str),
}

/// One unit of the board field: its square, its letter and its parenthesised suffix
/// (`L(ne)` gives `'L'` and `Some("ne")`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit<'a> {
    /// Where it stands.
    pub square: Square,
    /// Its letter (upper case White, lower case Black, or a neutral letter).
    pub letter: char,
    /// Its suffix, without the parentheses.
    pub suffix: Option<&'a str>,
}

/// A FEN read into its fields, before any variant's own checks.
#[derive(Clone, Debug)]
pub struct Setup<'a> {
    /// The units of the board field, in the order written (rank by rank from the top). Holes
    /// are checked against the geometry and left out.
    pub units: Vec<Unit<'a>>,
    /// The hand inside `[...]` after the board, if present.
    pub hand: Option<&'a str>,
    /// Side to move.
    pub side: Color,
    /// Castling field.
    pub castling: &'a str,
    /// En-passant field.
    pub ep: &'a str,
    /// Halfmove clock (0 when omitted).
    pub halfmove: u32,
    /// Fullmove number (1 when omitted or 0).
    pub fullmove: u32,
    /// Variant fields after the fullmove number (may be fewer than the variant has: defaults).
    pub extra: Vec<&'a str>,
}

impl<'a> Setup<'a> {
    /// Reads a FEN on geometry `G` for a variant with `extra_fields` fields after the fullmove
    /// number and the given hand rule. Four fields (no clocks) are accepted; otherwise the
    /// clocks must both be present. Errors come in field order: the field count, the hand's
    /// brackets, side, clocks, whether a hand is given, then the board field.
    pub fn read<G: Geometry>(
        fen: &'a str,
        extra_fields: usize,
        hands: Hands,
    ) -> Result<Setup<'a>, FenError> {
        let parts: Vec<&str> = fen.split_ascii_whitespace().collect();
        if parts.is_empty() {
            return Err(FenError::new("fields", "empty FEN"));
        }
        if parts.len() < 4 {
            return Err(FenError::new(
                "fields",
                format!(
                    "{} fields; need at least board, side, castling and en-passant",
                    parts.len()
                ),
            ));
        }
        if parts.len() == 5 {
            return Err(FenError::new(
                "fields",
                "halfmove clock given without the fullmove number",
            ));
        }
        if parts.len() > 6 + extra_fields {
            return Err(FenError::new(
                "fields",
                format!("{} fields; this variant has at most {}", parts.len(), 6 + extra_fields),
            ));
        }
        let (board, hand) = split_hand(parts[0])?;
        let side = Color::from_fen(parts[1])
            .ok_or_else(|| FenError::new("side", format!("`{}` is not `w` or `b`", parts[1])))?;
        let (halfmove, fullmove) = if parts.len() >= 6 {
            (
                clock_field(parts[4], "halfmove", MAX_HALFMOVE)?,
                clock_field(parts[5], "fullmove", MAX_FULLMOVE)?.max(1),
            )
        } else {
            (0, 1)
        };
        match (hands, hand) {
            (Hands::Refused(msg), Some(_)) | (Hands::Required(msg), None) => {
                return Err(FenError::new("hand", msg));
            }
            _ => {}
        }
        let units = parse_board::<G>(board)?
            .into_iter()
            .filter_map(|(square, item)| match item {
                BoardItem::Piece(letter, suffix) => Some(Unit { square, letter, suffix }),
                BoardItem::Hole => None,
            })
            .collect();
        Ok(Setup {
            units,
            hand,
            side,
            castling: parts[2],
            ep: parts[3],
            halfmove,
            fullmove,
            extra: parts.get(6..).map(<[&str]>::to_vec).unwrap_or_default(),
        })
    }

    /// The side to move and clocks, with a zero hash.
    pub fn core(&self) -> Core {
        Core::new(self.side, self.halfmove, self.fullmove)
    }

    /// Variant field `i` (0 = the first after the fullmove number), if given.
    pub fn extra(&self, i: usize) -> Option<&'a str> {
        self.extra.get(i).copied()
    }

    /// The units as pieces of kind `P` on a board: every letter must be one of `P`'s (else
    /// "`x` is not {letters}") and carry no suffix (else "`x` takes no suffix{no_suffix}").
    pub fn place<G: Geometry, P: PieceKind, const K: usize>(
        &self,
        letters: &str,
        no_suffix: &str,
    ) -> Result<Board<G, P, K>, FenError> {
        self.place_with(letters, no_suffix, |_, _| Ok(false))
    }

    /// [`Setup::place`] with a hook for letters that are not pieces of `P` (the PieceEater's
    /// `X`): `other(square, letter)` is asked first for every unit without a suffix and takes
    /// it by answering `true`.
    pub fn place_with<G: Geometry, P: PieceKind, const K: usize>(
        &self,
        letters: &str,
        no_suffix: &str,
        mut other: impl FnMut(Square, char) -> Result<bool, FenError>,
    ) -> Result<Board<G, P, K>, FenError> {
        let mut board = Board::empty();
        for u in &self.units {
            let c = u.letter;
            if u.suffix.is_some() {
                return Err(FenError::new("board", format!("`{c}` takes no suffix{no_suffix}")));
            }
            if other(u.square, c)? {
                continue;
            }
            let p = Piece::<P>::from_fen_char(c)
                .ok_or_else(|| FenError::new("board", format!("`{c}` is not {letters}")))?;
            board.put(u.square, p);
        }
        Ok(board)
    }

    /// A variant field of two flags, one per side (the Magician's `Mm`, TamerSpiel's `wb`):
    /// `words` are the texts of both, White's only, Black's only and none; a missing field
    /// means both. Gives bit 1 for White, 2 for Black. A bad text is refused as "`x` is not
    /// {list}".
    pub fn flags(
        &self,
        i: usize,
        field: &'static str,
        words: [&str; 4],
        list: &str,
    ) -> Result<u8, FenError> {
        let text = self.extra(i).unwrap_or(words[0]);
        match words.iter().position(|&w| w == text) {
            Some(k) => Ok([3, 1, 2, 0][k]),
            None => Err(FenError::new(field, format!("`{text}` is not {list}"))),
        }
    }
}

/// The text of a two-flag field (see [`Setup::flags`]).
pub fn flags_text(bits: u8, words: [&'static str; 4]) -> &'static str {
    match bits {
        3 => words[0],
        1 => words[1],
        2 => words[2],
        _ => words[3],
    }
}

/// Checks that each side has exactly one `king`.
pub fn one_king<G: Geometry, P: PieceKind, const K: usize>(
    board: &Board<G, P, K>,
    king: P,
) -> Result<(), FenError> {
    for c in Color::ALL {
        let n = board.pieces(king, c).count();
        if n != 1 {
            return Err(FenError::new(
                "board",
                format!("{} has {n} kings; exactly one is required", c.name()),
            ));
        }
    }
    Ok(())
}

/// Checks that no `pawn` stands on the first or the last rank.
pub fn no_pawn_on_back_ranks<G: Geometry, P: PieceKind, const K: usize>(
    board: &Board<G, P, K>,
    pawn: P,
) -> Result<(), FenError> {
    let back_ranks = G::rank_mask(0) | G::rank_mask(G::RANKS - 1);
    if (board.kind(pawn) & back_ranks).any() {
        return Err(FenError::new("board", "a pawn stands on the first or last rank"));
    }
    Ok(())
}

/// Checks a read en-passant square: `ok(ep)` says whether it is the square just skipped by a
/// double step of the side not to move (the variant's own conditions).
pub fn check_ep<G: Geometry>(
    ep: Option<Square>,
    ok: impl FnOnce(Square) -> bool,
) -> Result<Option<Square>, FenError> {
    match ep {
        Some(sq) if !ok(sq) => Err(FenError::new(
            "en-passant",
            format!("{} is not the square skipped by a pawn's double step", G::name(sq)),
        )),
        _ => Ok(ep),
    }
}

/// Refuses a position whose side not to move is in check (`them_in_check`): its king could be
/// taken.
pub fn check_side(side: Color, them_in_check: bool) -> Result<(), FenError> {
    if them_in_check {
        return Err(FenError::new(
            "side",
            format!("{} is to move but {} is in check", side.name(), (!side).name()),
        ));
    }
    Ok(())
}

/// Writes a FEN from its fields: the board field, the hand (written in brackets after the
/// board), side, e.p. square and clocks from `core`, the castling field and the variant's
/// extra field.
pub fn write<G: Geometry>(
    board: &str,
    hand: Option<&str>,
    core: &Core,
    castling: &str,
    extra: Option<&str>,
) -> String {
    let mut s = String::with_capacity(board.len() + 32);
    s.push_str(board);
    if let Some(h) = hand {
        s.push('[');
        s.push_str(h);
        s.push(']');
    }
    let ep = core.ep.map_or("-".to_string(), G::name);
    let (halfmove, fullmove) = (core.halfmove, core.fullmove);
    s.push_str(&format!(" {} {castling} {ep} {halfmove} {fullmove}", core.turn.fen_char()));
    if let Some(x) = extra {
        s.push(' ');
        s.push_str(x);
    }
    s
}

fn split_hand(field: &str) -> Result<(&str, Option<&str>), FenError> {
    match field.find('[') {
        None => {
            if field.contains(']') {
                Err(FenError::new("hand", "`]` without `[`"))
            } else {
                Ok((field, None))
            }
        }
        Some(i) => {
            let rest = &field[i + 1..];
            match rest.find(']') {
                Some(j) if j + 1 == rest.len() => Ok((&field[..i], Some(&rest[..j]))),
                Some(_) => Err(FenError::new("hand", "text after the closing `]`")),
                None => Err(FenError::new("hand", "`[` without a closing `]`")),
            }
        }
    }
}

/// One castling right as written in FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleToken {
    /// `K`/`k`: toward the highest file.
    High(Color),
    /// `Q`/`q`: toward the lowest file.
    Low(Color),
    /// Shredder-FEN: the partner's file index (`A`..=`Z` for White, `a`..=`z` for Black).
    File(Color, u8),
}

/// Parses the castling field into tokens (`-` gives none); file letters are resolved through
/// the geometry's file names. Duplicates are rejected.
pub fn parse_castling<G: Geometry>(field: &str) -> Result<Vec<CastleToken>, FenError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let t = match c.to_ascii_lowercase() {
            'k' => CastleToken::High(color),
            'q' => CastleToken::Low(color),
            l if l.is_ascii_lowercase() => {
                let f = G::FILE_NAMES.iter().position(|&n| n == l as u8).ok_or_else(|| {
                    FenError::new("castling", format!("`{c}` names no file of this board"))
                })?;
                CastleToken::File(color, f as u8)
            }
            _ => {
                return Err(FenError::new("castling", format!("unexpected character `{c}`")));
            }
        };
        if out.contains(&t) {
            return Err(FenError::new("castling", format!("`{c}` given twice")));
        }
        out.push(t);
    }
    if out.is_empty() {
        return Err(FenError::new("castling", "empty; write `-` for no rights"));
    }
    Ok(out)
}

/// Parses the en-passant field: `-` or an existing square.
pub fn parse_ep<G: Geometry>(field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    G::parse_square(field)
        .map(Some)
        .ok_or_else(|| FenError::new("en-passant", format!("`{field}` is not `-` or a square")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Geo10x10, Geo12x8, Geo8x8};

    fn split(fen: &str, extra: usize) -> Result<Setup<'_>, FenError> {
        Setup::read::<Geo8x8>(fen, extra, Hands::Required("no hand")).or_else(|e| {
            if e.field == "hand" {
                Setup::read::<Geo8x8>(fen, extra, Hands::Refused(""))
            } else {
                Err(e)
            }
        })
    }

    #[test]
    fn splits_and_defaults() {
        let f = split("8/8/8/8/8/8/8/8 w - -", 1).unwrap();
        assert_eq!((f.halfmove, f.fullmove, f.extra.len()), (0, 1, 0));
        assert!(split("8/8/8/8/8/8/8/8 w - - 0", 0).is_err());
        assert_eq!(split("8/8/8/8/8/8/8/8 w - - 0 1 x", 0).unwrap_err().field, "fields");
        assert_eq!(split("8/8/8/8/8/8/8/8 x - - 0 1", 0).unwrap_err().field, "side");
        assert_eq!(split("8/8/8/8/8/8/8/8 w - - a 1", 0).unwrap_err().field, "halfmove");
        assert_eq!(split("", 0).unwrap_err().field, "fields");
        let f = split("8/8/8/8/8/8/8/8[RPp] w - - 3 9 d4", 1).unwrap();
        assert_eq!(f.hand, Some("RPp"));
        assert_eq!(f.extra, vec!["d4"]);
        assert!(split("8/8[x/8 w - -", 0).is_err());
        assert!(split("8/8]x/8 w - -", 0).is_err());
        assert!(split("8/8[x]y w - -", 0).is_err());
    }

    #[test]
    fn hand_rules_and_units() {
        let no = Hands::Refused("no hands here");
        let e = Setup::read::<Geo8x8>("8/8/8/8/8/8/8/8[] w - -", 0, no).unwrap_err();
        assert_eq!((e.field, e.message.as_str()), ("hand", "no hands here"));
        let must = Hands::Required("a hand, please");
        let e = Setup::read::<Geo8x8>("8/8/8/8/8/8/8/8 w - -", 0, must).unwrap_err();
        assert_eq!((e.field, e.message.as_str()), ("hand", "a hand, please"));
        // The hand rule is checked before the board field.
        let e = Setup::read::<Geo8x8>("9/8/8/8/8/8/8/8[] w - -", 0, no).unwrap_err();
        assert_eq!(e.field, "hand");
        let s = Setup::read::<Geo12x8>(
            "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNGR w - -",
            1,
            no,
        )
        .unwrap();
        // Holes are checked and left out: 48 units.
        assert_eq!(s.units.len(), 48);
        assert!(s.units.iter().all(|u| u.letter != '*'));
        let s = Setup::read::<Geo8x8>("L(ne)7/8/8/8/8/8/8/8 w - - 0 1 x", 1, no).unwrap();
        assert_eq!(s.units, vec![Unit { square: Square(56), letter: 'L', suffix: Some("ne") }]);
        assert_eq!((s.extra(0), s.extra(1)), (Some("x"), None));
    }

    #[test]
    fn castling_tokens() {
        use CastleToken::*;
        assert_eq!(parse_castling::<Geo8x8>("-").unwrap(), vec![]);
        assert_eq!(
            parse_castling::<Geo8x8>("KQkq").unwrap(),
            vec![High(Color::White), Low(Color::White), High(Color::Black), Low(Color::Black)]
        );
        assert_eq!(
            parse_castling::<Geo8x8>("Hb").unwrap(),
            vec![File(Color::White, 7), File(Color::Black, 1)]
        );
        assert!(parse_castling::<Geo8x8>("KK").is_err());
        assert!(parse_castling::<Geo8x8>("X").is_err());
        assert!(parse_castling::<Geo8x8>("K-").is_err());
        assert_eq!(parse_castling::<Geo10x10>("Z").unwrap(), vec![File(Color::White, 0)]);
    }
}
