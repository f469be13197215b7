//! The board field: parsed into units, holes and suffixes, and written back.

use super::FenError;
use crate::types::{Geometry, Square};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Geo10x10, Geo12x8, Geo8x8};

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
}
