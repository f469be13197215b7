//! `magician` move text: coordinates (`../shared/rules/notation.md`: `c4c4m`, `e7e8m`, and the
//! final-form alias `e7e8y` on input) and the seed's algebraic notation for game records
//! (`Bc4=M`, `b8=M (M = Y)`, `e6 (M = C)`), each case worked out by hand.

use movegen::rules::Rules;
use movegen::variants::magician::Magician;

fn pos(fen: &str) -> Magician {
    Magician::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn san(fen: &str, mv: &str) -> String {
    let p = pos(fen);
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(p.move_text(m), mv, "coordinate text round trip");
    p.move_san(m)
}

#[test]
fn switch_san() {
    assert_eq!(san("4k3/8/8/8/2B5/8/8/4K3 w - - 0 1 Mm", "c4c4m"), "Bc4=M");
    // The Magician on e4 takes e6 over e5: check.
    assert_eq!(san("8/8/4k3/r7/r3B3/8/8/4K3 w - - 0 1 Mm", "e4e4m"), "Be4=M+");
    // Black's Magician on c1 takes e1 over d1: check.
    assert_eq!(san("4kb2/8/8/8/8/8/8/2b1K3 b - - 0 1 Mm", "c1c1m"), "Bc1=M+");
}

#[test]
fn promotion_san() {
    let fen = "7q/1P6/6k1/8/8/8/8/4K3 w - - 0 1 M";
    assert_eq!(san(fen, "b7b8m"), "b8=M (M = Y)");
    assert_eq!(san(fen, "b7b8q"), "b8=Q");
    assert_eq!(san(fen, "b7b8n"), "b8=N");
    // Only a pawn against her: she stays a Magician, nothing to annotate.
    assert_eq!(san("8/1P5p/6k1/8/8/8/8/4K3 w - - 0 1 M", "b7b8m"), "b8=M");
    // Capturing the queen: the rook decides.
    assert_eq!(san("q6r/1P6/6k1/8/8/8/8/4K3 w - - 0 1 M", "b7a8m"), "bxa8=M (M = C)");
}

#[test]
fn sixth_rank_san() {
    assert_eq!(san("7r/8/6k1/4P3/8/8/3M4/4K3 w - - 0 1 -", "e5e6"), "e6 (M = C)");
    assert_eq!(san("7n/8/6k1/4P3/8/8/3M4/4K3 w - - 0 1 -", "e5e6"), "e6 (M = H)");
    assert_eq!(san("7b/8/6k1/4P3/8/8/3M4/4K3 w - - 0 1 -", "e5e6"), "e6 (M = A)");
    assert_eq!(san("8/7p/6k1/4P3/8/8/3M4/4K3 w - - 0 1 -", "e5e6"), "e6");
    let fen = "4k3/8/3q1r2/4P3/8/8/3M4/4K3 w - - 0 1 -";
    assert_eq!(san(fen, "e5d6"), "exd6 (M = C)");
    assert_eq!(san(fen, "e5f6"), "exf6 (M = Y)");
    // En passant.
    assert_eq!(san("4k2r/8/8/3pP3/8/8/3M4/4K3 w - d6 0 2 -", "e5d6"), "exd6 (M = C)");
    // The new Prime Minister on h5 checks h8 along the file: the check mark goes on the move.
    assert_eq!(san("7k/8/8/4P2M/8/8/q7/4K3 w - - 0 1 -", "e5e6"), "e6+ (M = Y)");
}

#[test]
fn piece_san() {
    let fen = "k7/8/3r1b2/3pnp2/1p1M4/2P5/1n6/7K w - - 0 1 -";
    assert_eq!(san(fen, "d4d6"), "Mxd6");
    assert_eq!(san(fen, "d4c5"), "Mc5");
    assert_eq!(san(fen, "c3b4"), "cxb4");
    assert_eq!(san("k7/8/8/8/3Y4/8/8/7K w - - 0 1 -", "d4a7"), "Ya7+");
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -", "e1g1"), "O-O");
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -", "e1c1"), "O-O-O");
    // Knights b1 and b5 both reach a3 and c3 (same file: the rank tells them apart); b1 and d1
    // both reach c3 (the file does).
    assert_eq!(san("4k3/8/8/1N6/8/8/8/1N2K3 w - - 0 1 -", "b1a3"), "N1a3");
    assert_eq!(san("4k3/8/8/1N6/8/8/8/1N2K3 w - - 0 1 -", "b5c3"), "N5c3");
    assert_eq!(san("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1 -", "d1c3"), "Ndc3");
    assert_eq!(san("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1 -", "a1a8"), "Ra8#");
}

#[test]
fn coordinate_parsing() {
    // The final-form alias names the same move as `m`; another form's letter names nothing.
    let p = pos("q6r/1P6/6k1/8/8/8/8/4K3 w - - 0 1 M");
    let a8 = p.parse_move("b7a8m").unwrap();
    assert_eq!(p.parse_move("b7a8c"), Ok(a8));
    assert_eq!(p.move_text(a8), "b7a8m");
    let b8 = p.parse_move("b7b8m").unwrap();
    assert_eq!(p.parse_move("b7b8y"), Ok(b8));
    assert!(p.parse_move("b7b8c").is_err());
    assert!(p.parse_move("b7a8y").is_err());
    // Nothing to switch: c1 is a start square; e1 is no bishop.
    let p = pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1 Mm");
    for bad in ["c1c1m", "e1e1m", "c1c1", "c1b2m", "C1B2", "", "zz", "c1b2 ", "0000"] {
        assert!(p.parse_move(bad).is_err(), "`{bad}` accepted");
    }
    assert!(p.parse_move("c1b2").is_ok());
}
