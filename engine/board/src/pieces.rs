//! The piece manifests: for each variant, `engine/assets/pieces/<variant id>.tsv` (one row per
//! FEN token: the drawing's file, display name, how it moves), embedded (`build.rs`), and the
//! drawing that shows each token of a variant. The format is described in
//! `docs/xboard-pieces.md`; the drawings are files beside the manifests.

use movegen::rules::VariantId;
use serde_json::{json, Value};

// `MANIFESTS`, listed from the directory by `build.rs`.
include!(concat!(env!("OUT_DIR"), "/manifests.rs"));

/// The manifest of variant `id` (`engine/assets/pieces/<id>.tsv`), if it has one.
pub fn manifest(id: VariantId) -> Option<&'static str> {
    let file = format!("{}.tsv", id.name());
    MANIFESTS.iter().find(|(f, _)| *f == file).map(|(_, text)| *text)
}

/// One manifest row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceRow<'a> {
    /// Variant id (`eightpiece`, ...).
    pub variant: &'a str,
    /// The token as written in the variant's FEN (`K`, `l(se)`, `X`).
    pub fen: &'a str,
    /// The drawing, relative to `engine/assets/pieces/`.
    pub file: &'a str,
    /// Display name.
    pub name: &'a str,
    /// How it moves and captures.
    pub moves: &'a str,
}

/// The manifest's column names, in order.
pub const COLUMNS: [&str; 5] = ["variant", "fen", "file", "name", "moves"];

/// Parses a manifest: `#` comment lines and blank lines are skipped, the first other line must
/// be the header (`COLUMNS`, tab-separated), every later line a row of five non-empty fields.
pub fn parse_manifest(text: &str) -> Result<Vec<PieceRow<'_>>, String> {
    let mut lines =
        text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
    match lines.next() {
        Some((_, header)) if header.split('\t').eq(COLUMNS) => {}
        Some((n, header)) => {
            return Err(format!("line {}: header must be {:?}, got {header:?}", n + 1, COLUMNS))
        }
        None => return Err("no header line".to_string()),
    }
    lines
        .map(|(n, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            match f.as_slice() {
                [variant, fen, file, name, moves]
                    if f.iter().all(|x| !x.trim().is_empty() && x.trim() == *x) =>
                {
                    Ok(PieceRow { variant, fen, file, name, moves })
                }
                _ => Err(format!(
                    "line {}: need 5 non-empty tab-separated fields without outer spaces, got {}",
                    n + 1,
                    f.len()
                )),
            }
        })
        .collect()
}

/// The embedded manifests' rows, variant by variant in the table's order.
pub fn rows() -> Vec<PieceRow<'static>> {
    VariantId::ALL
        .iter()
        .filter_map(|&id| manifest(id))
        .flat_map(|text| parse_manifest(text).unwrap_or_default())
        .collect()
}

/// The row of FEN token `fen` of variant `variant`.
pub fn row(variant: &str, fen: &str) -> Option<PieceRow<'static>> {
    rows().into_iter().find(|r| r.variant == variant && r.fen == fen)
}

/// The drawing of `token` in variant `v`: the variant's own row, else its family's row (an
/// `eightpiece-random` token, an `eightpiece` drawing), else the row of the first variant of the
/// table (orthodox chess) for a piece of the same name (an orthodox piece); `None`: the page
/// draws its placeholder.
pub fn drawing<'a>(
    rows: &'a [PieceRow<'static>],
    v: VariantId,
    token: &str,
) -> Option<&'a PieceRow<'static>> {
    let find = |w: VariantId| rows.iter().find(|p| p.variant == w.name() && p.fen == token);
    find(v).or_else(|| find(v.family())).or_else(|| {
        let letter = token.chars().next()?;
        let orthodox = VariantId::DEFAULT;
        let same = v.info().piece(letter)?.name == orthodox.info().piece(letter)?.name;
        same.then(|| find(orthodox)).flatten()
    })
}

/// Piece token -> URL of its drawing, for every drawing of the manifests that serves `v` (the
/// variant table's `images`): `pieces/<file with / written as ~>`, relative to the page.
pub fn images(rows: &[PieceRow<'static>], v: VariantId) -> Value {
    let mut m = serde_json::Map::new();
    for p in rows {
        if let Some(d) = drawing(rows, v, p.fen) {
            m.insert(p.fen.to_string(), json!(url(d)));
        }
    }
    Value::Object(m)
}

/// The URL of a drawing, relative to the page.
pub fn url(p: &PieceRow<'_>) -> String {
    format!("pieces/{}", p.file.replace('/', "~"))
}
