//! The piece pictures: the SVG drawings under `engine/assets/pieces/` and their manifest
//! `pieces.tsv` (one row per variant id and FEN token: file, display name, how it moves),
//! embedded in the binary so that a fresh install needs no asset files. The web board and
//! `menagerie xboard-pieces` (XBoard's `-pieceImageDirectory`) draw with them; the format is
//! described in `docs/xboard-pieces.md`.

/// The manifest, `engine/assets/pieces/pieces.tsv`.
pub const MANIFEST: &str = include_str!("../assets/pieces/pieces.tsv");

macro_rules! svg {
    ($path:literal) => {
        ($path, include_str!(concat!("../assets/pieces/", $path)))
    };
}

/// Every drawing: its path relative to `engine/assets/pieces/` and its SVG text.
pub const FILES: &[(&str, &str)] = &[
    svg!("eightpiece/black-jailer.svg"),
    svg!("eightpiece/black-lancer-e.svg"),
    svg!("eightpiece/black-lancer-n.svg"),
    svg!("eightpiece/black-lancer-ne.svg"),
    svg!("eightpiece/black-lancer-nw.svg"),
    svg!("eightpiece/black-lancer-s.svg"),
    svg!("eightpiece/black-lancer-se.svg"),
    svg!("eightpiece/black-lancer-sw.svg"),
    svg!("eightpiece/black-lancer-w.svg"),
    svg!("eightpiece/black-sentry.svg"),
    svg!("eightpiece/white-jailer.svg"),
    svg!("eightpiece/white-lancer-e.svg"),
    svg!("eightpiece/white-lancer-n.svg"),
    svg!("eightpiece/white-lancer-ne.svg"),
    svg!("eightpiece/white-lancer-nw.svg"),
    svg!("eightpiece/white-lancer-s.svg"),
    svg!("eightpiece/white-lancer-se.svg"),
    svg!("eightpiece/white-lancer-sw.svg"),
    svg!("eightpiece/white-lancer-w.svg"),
    svg!("eightpiece/white-sentry.svg"),
    svg!("jumpingknights/black-nightrider.svg"),
    svg!("jumpingknights/black-war-machine.svg"),
    svg!("jumpingknights/white-nightrider.svg"),
    svg!("jumpingknights/white-war-machine.svg"),
    svg!("magician/black-archbishop.svg"),
    svg!("magician/black-chancellor.svg"),
    svg!("magician/black-high-priestess.svg"),
    svg!("magician/black-magician.svg"),
    svg!("magician/black-prime-minister.svg"),
    svg!("magician/white-archbishop.svg"),
    svg!("magician/white-chancellor.svg"),
    svg!("magician/white-high-priestess.svg"),
    svg!("magician/white-magician.svg"),
    svg!("magician/white-prime-minister.svg"),
    svg!("orthodox/black-bishop.svg"),
    svg!("orthodox/black-king.svg"),
    svg!("orthodox/black-knight.svg"),
    svg!("orthodox/black-pawn.svg"),
    svg!("orthodox/black-queen.svg"),
    svg!("orthodox/black-rook.svg"),
    svg!("orthodox/white-bishop.svg"),
    svg!("orthodox/white-king.svg"),
    svg!("orthodox/white-knight.svg"),
    svg!("orthodox/white-pawn.svg"),
    svg!("orthodox/white-queen.svg"),
    svg!("orthodox/white-rook.svg"),
    svg!("pieceeater/pieceeater.svg"),
    svg!("tamerspiel/black-archbishop.svg"),
    svg!("tamerspiel/black-champion.svg"),
    svg!("tamerspiel/black-dabbabah.svg"),
    svg!("tamerspiel/black-eagle.svg"),
    svg!("tamerspiel/black-firzan.svg"),
    svg!("tamerspiel/black-guard.svg"),
    svg!("tamerspiel/black-lion.svg"),
    svg!("tamerspiel/black-marshall.svg"),
    svg!("tamerspiel/black-nobleman.svg"),
    svg!("tamerspiel/black-supercav.svg"),
    svg!("tamerspiel/black-tetrarch.svg"),
    svg!("tamerspiel/black-vizier.svg"),
    svg!("tamerspiel/black-warlord.svg"),
    svg!("tamerspiel/white-archbishop.svg"),
    svg!("tamerspiel/white-champion.svg"),
    svg!("tamerspiel/white-dabbabah.svg"),
    svg!("tamerspiel/white-eagle.svg"),
    svg!("tamerspiel/white-firzan.svg"),
    svg!("tamerspiel/white-guard.svg"),
    svg!("tamerspiel/white-lion.svg"),
    svg!("tamerspiel/white-marshall.svg"),
    svg!("tamerspiel/white-nobleman.svg"),
    svg!("tamerspiel/white-supercav.svg"),
    svg!("tamerspiel/white-tetrarch.svg"),
    svg!("tamerspiel/white-vizier.svg"),
    svg!("tamerspiel/white-warlord.svg"),
];

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

/// The embedded manifest's rows.
pub fn rows() -> Vec<PieceRow<'static>> {
    parse_manifest(MANIFEST).unwrap_or_default()
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
    fn embedded_manifest_parses_and_names_embedded_files() {
        let rows = parse_manifest(MANIFEST).expect("manifest parses");
        assert!(rows.len() > 100);
        for r in &rows {
            assert!(svg(r.file).is_some(), "{} {}: {} not embedded", r.variant, r.fen, r.file);
        }
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
