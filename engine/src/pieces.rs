//! The piece pictures: the SVG drawings under `engine/assets/pieces/` and each variant's
//! manifest `<variant id>.tsv` there (one row per FEN token: file, display name, how it moves),
//! embedded in the binary (every file found there, `build.rs`) so that a fresh install needs no
//! asset files. The web board and `menagerie xboard-pieces` (XBoard's
//! `-pieceImageDirectory`) draw with them; the format is described in `docs/xboard-pieces.md`.

use movegen::rules::VariantId;

// `MANIFESTS` and `FILES`, listed from the directory by `build.rs`.
include!(concat!(env!("OUT_DIR"), "/pieces.rs"));

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

/// The SVG text of a drawing (`file` as in the manifest).
pub fn svg(file: &str) -> Option<&'static str> {
    FILES.iter().find(|(f, _)| *f == file).map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_manifests_parse_and_name_embedded_files() {
        for id in VariantId::ALL {
            let text = manifest(id).unwrap_or_else(|| panic!("{id}: no manifest"));
            let rows = parse_manifest(text).expect("manifest parses");
            assert!(rows.len() > 10, "{id}");
            for r in &rows {
                assert_eq!(r.variant, id.name(), "{id}: a row of another variant");
                assert!(svg(r.file).is_some(), "{} {}: {} not embedded", r.variant, r.fen, r.file);
            }
        }
        assert_eq!(MANIFESTS.len(), VariantId::ALL.len(), "a manifest per variant");
    }

    #[test]
    fn bad_manifests_are_refused() {
        assert!(parse_manifest("").is_err());
        assert!(parse_manifest("variant\tfen\tfile\tname\n").is_err());
        let head = "variant\tfen\tfile\tname\tmoves\n";
        assert!(parse_manifest(&format!("{head}chess\tK\tk.svg\tKing\n")).is_err());
        assert!(parse_manifest(&format!("{head}chess\tK\tk.svg\t \tmoves\n")).is_err());
        let text = format!("# c\n{head}\nchess\tK\tk.svg\tKing\tSteps.\n");
        assert_eq!(parse_manifest(&text).map(|r| r.len()), Ok(1));
    }
}
