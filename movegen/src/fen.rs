//! FEN scaffolding shared by the variants: field splitting, the board field (with `*` holes,
//! multi-digit runs, bracketed suffixes, a bracketed hand), castling tokens, clocks, errors.
//! Each variant interprets the pieces; nothing here panics on any input.

use crate::types::{Color, Geometry, Square};
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

/// The fields of a FEN, split but not interpreted.
#[derive(Clone, Debug)]
pub struct FenFields<'a> {
    /// Board field without any bracketed hand.
    pub board: &'a str,
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

/// Splits a FEN. `max_extra` is the number of variant fields the variant defines. Four fields
/// (no clocks) are accepted; otherwise the clocks must both be present.
pub fn split(fen: &str, max_extra: usize) -> Result<FenFields<'_>, FenError> {
    let parts: Vec<&str> = fen.split_ascii_whitespace().collect();
    if parts.is_empty() {
        return Err(FenError::new("fields", "empty FEN"));
    }
    if parts.len() < 4 {
        return Err(FenError::new(
            "fields",
            format!("{} fields; need at least board, side, castling and en-passant", parts.len()),
        ));
    }
    if parts.len() == 5 {
        return Err(FenError::new("fields", "halfmove clock given without the fullmove number"));
    }
    if parts.len() > 6 + max_extra {
        return Err(FenError::new(
            "fields",
            format!("{} fields; this variant has at most {}", parts.len(), 6 + max_extra),
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
    Ok(FenFields {
        board,
        hand,
        side,
        castling: parts[2],
        ep: parts[3],
        halfmove,
        fullmove,
        extra: parts.get(6..).map(<[&str]>::to_vec).unwrap_or_default(),
    })
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

/// One entry of the board field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardItem<'a> {
    /// A letter, with an optional parenthesised suffix (`L(ne)` gives `('L', Some("ne"))`).
    Piece(char, Option<&'a str>),
    /// `*`: a square that does not exist.
    Hole,
}

/// Parses the board field into the non-empty squares. Checks the rank count, every rank's
/// length, and that `*` appears exactly on the geometry's holes.
pub fn parse_board<G: Geometry>(field: &str) -> Result<Vec<(Square, BoardItem<'_>)>, FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != usize::from(G::RANKS) {
        return Err(FenError::new(
            "board",
            format!("{} ranks; this board has {}", ranks.len(), G::RANKS),
        ));
    }
    let mut out = Vec::new();
    for (i, text) in ranks.iter().enumerate() {
        let r = i32::from(G::RANKS) - 1 - i as i32;
        let rank_name = r + i32::from(G::RANK_BASE);
        let b = text.as_bytes();
        let mut file: i32 = 0;
        let mut k = 0;
        while k < b.len() {
            let c = b[k];
            if c.is_ascii_digit() {
                if c == b'0' {
                    return Err(FenError::new(
                        "board",
                        format!("rank {rank_name}: empty-square run starts with 0"),
                    ));
                }
                let start = k;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                let n: i32 = text[start..k]
                    .parse()
                    .map_err(|_| FenError::new("board", format!("rank {rank_name}: bad number")))?;
                if n > i32::from(G::FILES) - file {
                    return Err(too_long::<G>(rank_name));
                }
                for _ in 0..n {
                    let sq = G::square(file, r).expect("on grid");
                    if G::holes().has(sq) {
                        return Err(FenError::new(
                            "board",
                            format!("square {} does not exist; write it as `*`", G::name(sq)),
                        ));
                    }
                    file += 1;
                }
                continue;
            }
            if file >= i32::from(G::FILES) {
                return Err(too_long::<G>(rank_name));
            }
            let sq = G::square(file, r).expect("on grid");
            if c == b'*' {
                if !G::holes().has(sq) {
                    return Err(FenError::new(
                        "board",
                        format!("`*` on {}, a square that exists", G::name(sq)),
                    ));
                }
                out.push((sq, BoardItem::Hole));
                k += 1;
                file += 1;
                continue;
            }
            if !c.is_ascii_alphabetic() {
                return Err(FenError::new(
                    "board",
                    format!("rank {rank_name}: unexpected character `{}`", char::from(c)),
                ));
            }
            if G::holes().has(sq) {
                return Err(FenError::new(
                    "board",
                    format!("square {} does not exist; write it as `*`", G::name(sq)),
                ));
            }
            k += 1;
            let mut suffix = None;
            if k < b.len() && b[k] == b'(' {
                let close = text[k..].find(')').ok_or_else(|| {
                    FenError::new("board", format!("rank {rank_name}: `(` without `)`"))
                })?;
                suffix = Some(&text[k + 1..k + close]);
                k += close + 1;
            }
            out.push((sq, BoardItem::Piece(char::from(c), suffix)));
            file += 1;
        }
        if file != i32::from(G::FILES) {
            return Err(FenError::new(
                "board",
                format!("rank {rank_name} has {file} squares; this board has {} files", G::FILES),
            ));
        }
    }
    Ok(out)
}

fn too_long<G: Geometry>(rank_name: i32) -> FenError {
    FenError::new("board", format!("rank {rank_name} has more than {} squares", G::FILES))
}

/// Writes a board field; `token(sq)` gives the text of an occupied square (`None` = empty).
/// Holes are written as `*`.
pub fn write_board<G: Geometry>(mut token: impl FnMut(Square) -> Option<String>) -> String {
    let mut s = String::new();
    for r in (0..i32::from(G::RANKS)).rev() {
        let mut run = 0;
        for f in 0..i32::from(G::FILES) {
            let sq = G::square(f, r).expect("on grid");
            let t = if G::holes().has(sq) { Some("*".to_string()) } else { token(sq) };
            match t {
                None => run += 1,
                Some(t) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push_str(&t);
                }
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
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
    fn board_field_shapes() {
        let items = parse_board::<Geo8x8>("jl(se)sqkbnr/8/8/8/8/8/8/8").unwrap();
        assert_eq!(items[1], (Square(57), BoardItem::Piece('l', Some("se"))));
        assert_eq!(items.len(), 8);
        assert!(parse_board::<Geo8x8>("9/8/8/8/8/8/8/8").is_err());
        assert!(parse_board::<Geo8x8>("7/8/8/8/8/8/8/8").is_err());
        assert!(parse_board::<Geo8x8>("8/8/8/8/8/8/8").is_err());
        assert!(parse_board::<Geo8x8>("08/8/8/8/8/8/8/8").is_err());
        assert!(parse_board::<Geo8x8>("*7/8/8/8/8/8/8/8").is_err());
        assert!(parse_board::<Geo8x8>("L(ne/8/8/8/8/8/8/8").is_err());
        assert!(parse_board::<Geo8x8>("7?/8/8/8/8/8/8/8").is_err());
        assert!(parse_board::<Geo8x8>("99999999999999999999/8/8/8/8/8/8/8").is_err());
        // A digit run that overflows the rank is an error, not truncated.
        assert!(parse_board::<Geo8x8>("3p5/8/8/8/8/8/8/8").is_err());
        assert!(parse_board::<Geo8x8>("7p1/8/8/8/8/8/8/8").is_err());
        let ts = "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNGR";
        let items = parse_board::<Geo12x8>(ts).unwrap();
        assert_eq!(items.iter().filter(|i| i.1 == BoardItem::Hole).count(), 12);
        assert!(parse_board::<Geo12x8>(&ts.replace("*10*", "12")).is_err());
        let jk = "2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2";
        // 16 pawns, 16 pieces and 4 War Machines.
        assert_eq!(parse_board::<Geo10x10>(jk).unwrap().len(), 36);
        assert!(parse_board::<Geo10x10>(&jk.replace("/10/", "/1/0/")).is_err());
    }

    #[test]
    fn board_write_round_trips() {
        let ts = "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNGR";
        let items = parse_board::<Geo12x8>(ts).unwrap();
        let out = write_board::<Geo12x8>(|sq| {
            items.iter().find(|i| i.0 == sq).and_then(|i| match i.1 {
                BoardItem::Piece(c, _) => Some(c.to_string()),
                BoardItem::Hole => None,
            })
        });
        assert_eq!(out, ts);
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
