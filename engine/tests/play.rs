//! `menagerie play` driven by a scripted stdin: a full short game, bad input, and commands.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn human_mates_in_one() {
    // Scholar's mate pattern: White to play Qxf7#, given in algebraic notation.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let (code, out) = play(&["--fen", fen, "--time", "0.05"], "Qxf7#\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Game over: 1-0 (White mates)"), "{out}");
}

#[test]
fn engine_mates_the_human() {
    // Black (engine) mates with Qh4# after White's blunder g4 (fool's mate).
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2";
    let (code, out) = play(&["--fen", fen, "--time", "0.2"], "g2g4\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Engine plays d8h4"), "{out}");
    assert!(out.contains("Game over: 0-1 (Black mates)"), "{out}");
}

#[test]
fn bad_input_commands_and_save() {
    let pgn = std::env::temp_dir().join(format!("menagerie-play-{}.pgn", std::process::id()));
    let script = format!(
        "help\nmoves\ne2e5\nzz9\nNf6\ne4\nundo\nundo\nd4\nsave {}\nresign\n",
        pgn.display()
    );
    let (code, out) = play(&["--time", "0.05", "--quiet"], &script);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("20 legal moves: "), "{out}");
    assert!(out.contains("`e2e5` is not a legal move"), "{out}");
    assert!(out.contains("`zz9` is not a legal move"), "{out}");
    assert!(out.contains("`Nf6` is not a legal move"), "{out}");
    assert!(out.contains("Nothing to undo."), "{out}");
    assert!(out.contains("You resign: 0-1"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("1. d4 "), "{text}");
    assert!(!out.contains("depth  1"), "--quiet hides thinking");
}

#[test]
fn a_saved_game_starts_where_its_fen_does() {
    // Black to move at move 12: the record numbers its first move `12...` and names the site.
    let pgn = std::env::temp_dir().join(format!("menagerie-play-fen-{}.pgn", std::process::id()));
    let fen = "4k3/8/8/8/8/8/4q3/6KQ b - - 0 12";
    let script = format!("Qf2+\nsave {}\nquit\n", pgn.display());
    let (code, out) = play(&["--fen", fen, "--color", "black", "--time", "0.05"], &script);
    assert_eq!(code, 0, "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    assert!(text.contains("[Site \"menagerie play\"]"), "{text}");
    assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
    assert!(text.contains("[White \"Menagerie\"]\n[Black \"Human\"]"), "{text}");
    assert!(text.contains("\n12... Qf2+ 13. Kxf2"), "{text}");
}

#[test]
fn black_side_and_end_of_input() {
    let (code, out) = play(&["--color", "black", "--time", "0.05"], "");
    assert_eq!(code, 0);
    assert!(out.contains("Engine plays "), "{out}");
    assert!(out.contains("(end of input)"), "{out}");
    let (code, _) = play(&["--color", "purple"], "");
    assert_eq!(code, 2);
}

/// The variants without a play test of their own play in the terminal: the human's move (typed
/// in notation.md form) is accepted, the engine answers, and `moves` lists the legal moves.
#[test]
fn eightpiece_pieceeater_and_tamerspiel_play() {
    // (variant, FEN or "" for the start, the human's move, what it is)
    let cases = [
        // 8-Piece start: a pawn double step (8P-3).
        ("eightpiece", "", "d2d4", "pawn double step"),
        // PieceEater start, PE on d4: e2e4 lands next to the PE, so rule 3 forces it to eat
        // the pawn; the action alone is typed and the game applies the forced step.
        ("pieceeater", "", "e2e4", "action whose PE step is forced"),
        // TamerSpiel start: the b-file pawn (a2 is a hole) steps forward.
        ("tamerspiel", "", "b2b3", "pawn move"),
        // Jumping Knights and the Magician have their own play tests
        // (`jumpingknights_play.rs`, `magician_play.rs`).
    ];
    for (v, fen, mv, what) in cases {
        let mut args = vec!["--variant", v, "--depth", "1", "--quiet"];
        if !fen.is_empty() {
            args.extend(["--fen", fen]);
        }
        let (code, out) = play(&args, &format!("moves\n{mv}\nquit\n"));
        assert_eq!(code, 0, "{v}: {out}");
        assert!(out.contains("legal moves: "), "{v}: {out}");
        assert!(out.contains("Engine plays "), "{v} after {mv} ({what}): {out}");
        assert!(!out.contains("not a legal move"), "{v}: {mv} refused: {out}");
    }
}

#[test]
fn side_effects_are_printed_under_the_board() {
    // Castling moves the rook too (FIDE 3.8.2): h1 empties, f1 gets the rook.
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let (code, out) = play(&["--fen", fen, "--time", "0.05", "--quiet"], "e1g1\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("(e1: K -> empty; f1: empty -> R; g1: empty -> K; h1: R -> empty)"),
        "{out}"
    );
    // PieceEater: e2-e4 lands next to the PE on d4, which must step there and eat the pawn
    // (pieceeater.md §4 rule 3): a forced step, outcome 1 of 1.
    let (code, out) =
        play(&["--variant", "pieceeater", "--time", "0.05", "--quiet"], "e2e4\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("PieceEater d4-e4 (outcome 1 of 1)"), "{out}");
}
