//! `menagerie play --variant magician` driven by a scripted stdin: the human's special moves in
//! SAN and in coordinates, the engine's switch, and a refused switch.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["play", "--variant", "magician", "--time", "0.05"])
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

/// White Kc7 and a moved bishop on a6 against Ka8: the switch mates (the Magician on a6 takes
/// a8 by her 2-square leap and covers a7/b7; the king covers b8/b7; see magician_search.rs).
const SWITCH_MATE: &str = "k7/2K5/B7/8/8/8/8/8 w - - 0 1 Mm";

#[test]
fn human_mates_by_switching_in_san_and_in_coordinates() {
    for text in ["Ba6=M", "a6a6m"] {
        let (code, out) = play(&["--fen", SWITCH_MATE], &format!("{text}\n"));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("FEN k7/2K5/M7/8/8/8/8/8 b - - 1 1 m"), "{text}: {out}");
        assert!(out.contains("Game over: 1-0 (White mates)"), "{text}: {out}");
    }
}

#[test]
fn human_mates_by_the_sixth_rank_trigger() {
    // b5-b6 promotes the f7 Magician to a Prime Minister (Black has a queen), whose knight
    // capture mates h8 (see magician_search.rs).
    let fen = "7k/5Mpp/8/1P6/8/q7/8/4K3 w - - 0 1 m";
    let (code, out) = play(&["--fen", fen], "b6\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("FEN 7k/5Ypp/1P6/8/8/q7/8/4K3 b - - 0 1 m"), "{out}");
    assert!(out.contains("Game over: 1-0 (White mates)"), "{out}");
}

#[test]
fn engine_switches_and_a_bad_switch_is_refused() {
    // The human plays Black; the engine (White) finds the mating switch.
    let (code, out) = play(&["--fen", SWITCH_MATE, "--color", "black"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Engine plays a6a6m"), "{out}");
    assert!(out.contains("Game over: 1-0 (White mates)"), "{out}");
    // MG-1: the f1 bishop has not moved, so it may not switch; the game goes on.
    let (code, out) = play(&[], "f1f1m\nresign\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("`f1f1m` is not a legal move"), "{out}");
    assert!(out.contains("You resign: 0-1"), "{out}");
}
