//! Piece images for XBoard 4.9.1 (`-pieceImageDirectory DIR`): our drawings
//! ([`crate::pieces`]) under the file names XBoard loads.
//!
//! XBoard names an image after its internal piece type: `DIR/White<Name>.svg` /
//! `DIR/Black<Name>.svg`, `<Name>` from the list below by the type's index (XBoard 4.9.1,
//! `draw.c`, `pngPieceNames`). Which type a letter of ours is decides the variant's
//! piece-to-char table (the `setup (TABLE) ...` line the engine sends, or XBoard's own table
//! for chess): the table's n-th entry per colour is type n, except its last entry, which is
//! always the King. A FEN token is first written as XBoard sees it (a lancer `L(ne)` is the
//! facing letter `D`, the PieceEater `X` a white `E`), then looked up in the table.

use super::dialect::Dialect;
use crate::pieces;
use movegen::rules::{Rules, VariantId};
use std::path::Path;

/// XBoard 4.9.1's image names by internal piece type (`draw.c`, `pngPieceNames`; the same
/// names are in the binary's strings and the default theme's files). Only the types a
/// piece-to-char table can reach matter here; the King is addressed separately.
pub const XBOARD_PIECE_NAMES: [&str; 66] = [
    "Pawn",
    "Knight",
    "Bishop",
    "Rook",
    "Queen",
    "Advisor",
    "Elephant",
    "Archbishop",
    "Marshall",
    "Gold",
    "Commoner",
    "Canon",
    "Nightrider",
    "CrownedBishop",
    "CrownedRook",
    "Crown",
    "Chancellor",
    "Hawk",
    "Lance",
    "Cobra",
    "Unicorn",
    "Lion",
    "Sword",
    "Zebra",
    "Camel",
    "Tower",
    "Wolf",
    "Hat",
    "Duck",
    "Lance",
    "Dragon",
    "Gnu",
    "Cub",
    "LShield",
    "Pegasus",
    "Wizard",
    "Copper",
    "Iron",
    "Viking",
    "Flag",
    "Axe",
    "Dolphin",
    "Leopard",
    "Claw",
    "Left",
    "Butterfly",
    "PromoBishop",
    "PromoRook",
    "HCrown",
    "RShield",
    "Prince",
    "Phoenix",
    "Kylin",
    "Drunk",
    "Right",
    "GoldPawn",
    "GoldKnight",
    "PromoHorse",
    "PromoDragon",
    "GoldLance",
    "GoldSilver",
    "HSword",
    "PromoSword",
    "PromoHSword",
    "Princess",
    "King",
];

/// XBoard's own piece-to-char table for chess (`normal`, no `setup` line): P N B R Q, King.
const NORMAL_TABLE: &str = "PNBRQKpnbrqk";

/// The piece-to-char table XBoard uses for variant `id`: the one in the engine's `setup` line,
/// or XBoard's own for chess.
pub fn piece_to_char(id: VariantId) -> Result<String, String> {
    let setup = movegen::with_variant!(id, V => V::xboard_setup_of(id, &V::startpos()));
    let Some(line) = setup else { return Ok(NORMAL_TABLE.to_string()) };
    let table = line
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(t, _)| t.to_string())
        .ok_or_else(|| format!("no piece-to-char table in {line:?}"))?;
    if !table.len().is_multiple_of(2) || !table.chars().all(|c| c.is_ascii_alphabetic() || c == '.')
    {
        return Err(format!("unsupported piece-to-char table {table:?}"));
    }
    Ok(table)
}

/// A board field of ours as XBoard writes it (the letters of the `setup` line's FEN: the
/// variant's dialect, [`Dialect::xboard_board`]).
pub fn board_as_xboard(id: VariantId, field: &str) -> String {
    movegen::with_variant!(id, V => V::xboard_board(field))
}

/// The image name (without `.svg`) XBoard 4.9.1 loads for the FEN token `token` of variant
/// `id`, e.g. `WhiteChancellor` for `L(ne)` in `eightpiece`.
pub fn image_name(id: VariantId, token: &str) -> Result<String, String> {
    let table = piece_to_char(id)?;
    let xb = board_as_xboard(id, token);
    let mut chars = xb.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(format!("{id} {token}: XBoard writes it as {xb:?}, not one letter"));
    };
    let half = table.len() / 2;
    let (side, colour) = if letter.is_ascii_uppercase() {
        (&table[..half], "White")
    } else {
        (&table[half..], "Black")
    };
    let slot = side
        .chars()
        .position(|c| c == letter)
        .ok_or_else(|| format!("{id} {token}: letter {letter} is not in XBoard's table {table}"))?;
    let name = if slot + 1 == half {
        "King"
    } else {
        XBOARD_PIECE_NAMES
            .get(slot)
            .copied()
            .ok_or_else(|| format!("{id} {token}: XBoard has no image for piece type {slot}"))?
    };
    Ok(format!("{colour}{name}"))
}

/// Every image of variant `id` for XBoard: (file name, SVG text, FEN token), one per manifest
/// row; an error if two different tokens would share an XBoard image.
pub fn images(id: VariantId) -> Result<Vec<(String, &'static str, &'static str)>, String> {
    let mut out: Vec<(String, &'static str, &'static str)> = Vec::new();
    for row in pieces::rows().into_iter().filter(|r| r.variant == id.name()) {
        let file = format!("{}.svg", image_name(id, row.fen)?);
        let svg = pieces::svg(row.file).ok_or_else(|| format!("{} is not embedded", row.file))?;
        if let Some((_, _, other)) = out.iter().find(|(f, _, _)| *f == file) {
            return Err(format!("{id}: {other} and {} would both be XBoard's {file}", row.fen));
        }
        out.push((file, svg, row.fen));
    }
    if out.is_empty() {
        return Err(format!("no pieces of {id} in the manifest"));
    }
    Ok(out)
}

/// Writes variant `id`'s images into `dir` (created if missing); returns the file names.
pub fn write_images(id: VariantId, dir: &Path) -> Result<Vec<String>, String> {
    let list = images(id)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names = Vec::with_capacity(list.len());
    for (file, svg, _) in list {
        let path = dir.join(&file);
        std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
        names.push(file);
    }
    Ok(names)
}
