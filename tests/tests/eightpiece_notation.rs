//! Move text for 8-Piece Chess: every special form of `../shared/rules/notation.md` parses to
//! the move it names and is written back identically; malformed or illegal texts are refused;
//! the algebraic game-record notation follows the seed (`Lc2=e`, `S-e7Pxf8`) and our documented
//! extensions (`docs/variants/eightpiece.md`).

use movegen::rules::{Rules, VariantId};
use movegen::variants::eightpiece::{EightPiece, START_FEN};
use movegen::MoveKind;

fn load(fen: &str) -> EightPiece {
    EightPiece::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// `text` parses in `fen` to a move of `kind`, is written back as `text`, and reads `san` in
/// algebraic notation.
fn check(fen: &str, text: &str, kind: MoveKind, san: &str) {
    let pos = load(fen);
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{e} at {fen}"));
    assert_eq!(m.kind(), kind, "{text}");
    assert_eq!(pos.move_text(m), text);
    assert_eq!(pos.move_san(m), san, "{text} at {fen}");
}

#[test]
fn coordinate_forms_and_algebraic() {
    // Plain moves from the start; the lancer b1 (facing ne) keeps or changes its facing.
    check(START_FEN, "e2e4", MoveKind::DoublePush, "e4");
    check(START_FEN, "g1f3", MoveKind::Normal, "Nf3");
    check(START_FEN, "b1e4", MoveKind::Normal, "Le4");
    check(START_FEN, "b1e4=se", MoveKind::Normal, "Le4=se");
    check(START_FEN, "b1h7=w", MoveKind::Normal, "Lxh7=w");
    // The seed's examples `Lc2=e` and `Lxe4=w`.
    check("4k3/8/8/8/8/8/8/1L(ne)2K3 w - - 0 1", "b1c2=e", MoveKind::Normal, "Lc2=e");
    check("4k3/8/8/8/4p3/8/8/1L(ne)2K3 w - - 0 1", "b1e4=w", MoveKind::Normal, "Lxe4=w");
    // The seed's `S-e7Pxf8`, and the same push without a capture.
    let fen = "5b1k/4p3/8/2S5/8/8/8/4K3 w - - 0 1";
    check(fen, "c5e7,e7f8", MoveKind::Push, "S-e7Pxf8");
    check(fen, "c5e7,e7e8", MoveKind::Push, "S-e7Pe8");
    // notation.md's nudge `f4g3,g3g2`: the lancer on g3 (facing n) steps south, now facing s.
    check("7k/8/8/8/5S2/6l(n)1/8/K7 w - - 0 1", "f4g3,g3g2", MoveKind::Nudge, "S-g3Lg2=s");
    // A forward lancer push (facing kept, no suffix) and a nudge; the one-step push north...
    let fen = "7k/8/8/8/8/8/6S1/1N2K2l(w) w - - 0 1";
    check(fen, "g2h1,h1d1", MoveKind::Push, "S-h1Ld1");
    check(fen, "g2h1,h1h2", MoveKind::Nudge, "S-h1Lh2=n");
    // ... and the one-step push along the facing, the same move as a nudge that way.
    check("7k/8/8/2l(n)5/1S6/8/8/4K3 w - - 0 1", "b4c5,c5c6", MoveKind::Push, "S-c5Lc6");
    // The seed's mate by pushing the king.
    check("8/8/8/3S4/8/2K5/k7/7R w - - 0 1", "d5a2,a2a1", MoveKind::Push, "S-a2Ka1#");
    // Re-orient `a5a5=e` (the seed's lancer on a5 facing nw).
    check("4k3/8/8/L(nw)7/8/8/8/4K3 w - - 0 1", "a5a5=e", MoveKind::Turn, "La5=e");
    // Turn-then-Move `e4e7`: the lancer e4 (facing ne) was just pushed from d3.
    let fen = "7k/8/8/8/4L(ne)3/3s4/8/7K w - - 0 1 d3e4";
    check(fen, "e4e7", MoveKind::TurnMove, "L=n-e7");
    check(fen, "e4f5", MoveKind::Normal, "Lf5");
    // Held after the push: turn only.
    check("7k/8/8/4j3/4L(ne)3/3s4/8/7K w - - 0 1 d3e4", "e4e4=w", MoveKind::Turn, "Le4=w");
    // Promotion to a lancer `e7e8l=s`, and to a queen.
    check("8/4P3/8/8/8/8/8/K6k w - - 0 1", "e7e8l=s", MoveKind::Normal, "e8=L=s");
    check("8/4P3/8/8/8/8/8/K6k w - - 0 1", "e7e8q", MoveKind::Normal, "e8=Q");
    // The pass.
    check("4k3/8/8/8/8/8/4j3/4K3 w - - 0 1", "0000", MoveKind::Pass, "--");
    // Castling: standard squares, and Chess960 king + partner square.
    let fen = "j3k2r/8/8/8/8/8/8/J3K2R w KQkq - 0 1";
    check(fen, "e1g1", MoveKind::Castle, "O-O");
    check(fen, "e1c1", MoveKind::Castle, "O-O-O");
    let fen = "jk4rb/pppppppp/8/8/8/8/PPPPPPPP/JK4RB w GAga - 0 1";
    check(fen, "b1a1", MoveKind::Castle, "O-O-O");
    check(fen, "b1g1", MoveKind::Castle, "O-O");
    // En passant after a double step from the first rank.
    check("7k/8/8/8/8/3Pp3/8/7K b - d2 0 1", "e3d2", MoveKind::EnPassant, "exd2");
    // Check and disambiguation.
    check("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "a1a8", MoveKind::Normal, "Ra8+");
    // Both rooks reach d1 once the king is off the first rank; only one reaches a2.
    check("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", MoveKind::Normal, "Rad1");
    check("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "h1d1", MoveKind::Normal, "Rhd1");
    check("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1a2", MoveKind::Normal, "Ra2");
    check("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "h1f1", MoveKind::Normal, "Rf1");
}

#[test]
fn bad_texts_are_refused() {
    let pos = load(START_FEN);
    for text in [
        "",
        "e2",
        "e2e5",
        "e2e4=n",
        "b1e4=up",
        "b1e4=",
        "b1e4=ne",
        "b1b1=n",
        "0000",
        "e1g1",
        "e7e8q",
        "c1d2,d2d3",
        "z9z9",
        "b1e4 ",
        " b1e4",
        "B1E4",
        "b1e4=NE",
        "e2e4,e4e5",
    ] {
        assert!(pos.parse_move(text).is_err(), "`{text}` accepted");
    }
    // The pass exists only for a held king; a turn in place only when allowed.
    let pos = load("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(pos.parse_move("0000").is_err());
    let pos = load("4k3/8/8/8/L(n)7/8/8/4K3 w - - 0 1");
    assert!(pos.parse_move("a4a4=e").is_err(), "re-orient only when facing off the board");
    // `b1e4` keeps the facing: in the start position `b1e4=ne` is not a move text.
    let pos = load(START_FEN);
    let m = pos.parse_move("b1e4").unwrap();
    assert_eq!(pos.move_text(m), "b1e4");
    // Castling in eightpiece-random is king + partner square, not the king's destination.
    let fen = "jk4rb/pppppppp/8/8/8/8/PPPPPPPP/JK4RB w GAga - 0 1";
    let pos = EightPiece::from_fen_as(VariantId::EightPieceRandom, fen).unwrap();
    assert!(pos.parse_move("b1c1").is_ok(), "a plain king step");
    assert!(pos.parse_move("b1a1").is_ok());
    let m = pos.parse_move("b1c1").unwrap();
    assert_eq!(m.kind(), MoveKind::Normal);
}
