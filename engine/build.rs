//! Embeds the piece drawings: reads `assets/pieces/pieces.tsv` (when present) and writes a table
//! of its rows with each SVG included as bytes, so the binary needs no files at run time.
//! Manifest: tab-separated, a header line, `#` comments; columns `variant`, `fen` (the token as
//! in the variant's FEN), `file` (relative to `assets/pieces/`), `name`, `moves`.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("assets").join("pieces");
    println!("cargo:rerun-if-changed=assets/pieces");
    let mut out = String::from(
        "/// The rows of `assets/pieces/pieces.tsv`.\npub static PIECES: &[PieceFile] = &[\n",
    );
    if let Ok(text) = std::fs::read_to_string(dir.join("pieces.tsv")) {
        let mut header = true;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            if header {
                header = false;
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let ok_path = |f: &str| {
                !f.is_empty() && !f.contains("..") && !f.starts_with('/') && dir.join(f).is_file()
            };
            match cols.as_slice() {
                [variant, fen, file, name, moves, ..] if ok_path(file) => {
                    let path = dir.join(file);
                    let _ = writeln!(
                        out,
                        "    PieceFile {{ variant: {variant:?}, fen: {fen:?}, file: {file:?}, name: {name:?}, \
                         moves: {moves:?}, svg: include_bytes!({:?}) }},",
                        path.display().to_string()
                    );
                }
                _ => println!("cargo:warning=assets/pieces/pieces.tsv line {}: skipped (need 5 columns and an existing file)", n + 1),
            }
        }
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("pieces_table.rs");
    std::fs::write(dest, out).expect("write the pieces table");
}
