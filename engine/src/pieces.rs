//! The piece pictures: the SVG drawings under `engine/assets/pieces/`, embedded in the binary
//! (every file found there, `build.rs`) so that a fresh install needs no asset files, and each
//! variant's manifest (`board::pieces`). The web board and `menagerie xboard-pieces` (XBoard's
//! `-pieceImageDirectory`) draw with them; the format is described in `docs/xboard-pieces.md`.

pub use board::pieces::{manifest, parse_manifest, row, rows, PieceRow, COLUMNS, MANIFESTS};

// `FILES`, listed from the directory by `build.rs`.
include!(concat!(env!("OUT_DIR"), "/pieces.rs"));

/// The SVG text of a drawing (`file` as in the manifest).
pub fn svg(file: &str) -> Option<&'static str> {
    FILES.iter().find(|(f, _)| *f == file).map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;

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
