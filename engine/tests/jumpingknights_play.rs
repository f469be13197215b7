//! `menagerie play --variant jumpingknights` driven by a scripted stdin: a mate, a Rule 2
//! stalemate win, and a jump given in the seed's algebraic style.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["play", "--variant", "jumpingknights", "--time", "0.1", "--quiet"])
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
fn human_mates_with_a_war_machine() {
    // Black Kh8 boxed in by Bg8, pawns g7 h7 and the edge; White's War Machine e5 3-jumps to
    // e8, from where it could 3-jump onto h8 and step to the empty i8: mate (see
    // tests/tests/jumpingknights_search.rs for the full derivation).
    let fen = "10/7bk1/7pp1/10/5W4/10/10/10/2K7/10 w - - 0 1";
    let (code, out) = play(&["--fen", fen], "e5e8\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Game over: 1-0 (White mates)"), "{out}");
}

#[test]
fn human_wins_by_stalemate() {
    // Rule 2: Rb1-a1 leaves Black (Kz9, pawn z5, both on the edge) without a move and not in
    // check while White's king e3 is central (derivation in jumpingknights_search.rs).
    let fen = "k9/10/10/10/p9/10/5K4/10/2R7/10 w - - 0 1";
    let (code, out) = play(&["--fen", fen], "b1a1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Game over: 1-0 (White wins by stalemate)"), "{out}");
}

#[test]
fn algebraic_jump_is_accepted_and_others_refused() {
    // Rule 4 example without the rook: the War Machine b0 must jump the Nightrider b1; the king
    // step Ke3-e4 is refused, the jump in the seed's style `Wb0xb1-b2` is played.
    let fen = "10/8k1/10/10/10/10/5K4/10/2n7/2W7 w - - 0 1";
    let (code, out) = play(&["--fen", fen], "e3e4\nWb0xb1-b2\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("`e3e4` is not a legal move"), "{out}");
    // After the jump the nightrider is gone and the War Machine stands on b2.
    assert!(out.contains("/2W7/10/10 "), "{out}");
}
