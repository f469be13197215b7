//! The command line for `eightpiece` / `eightpiece-random`: numbered setups (`setup`), perft
//! from a setup (`perft --setup N`), special move texts in `--divide`, and errors.

use std::process::Command;

fn menagerie(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie")).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// 8! back ranks; the sentry on c-f (1/2), the bishop on one of the 4 remaining squares of the
/// other colour (4/7), the king between rook and jailer (1/3): 40320 / 2 * 4 / 7 / 3 = 3840.
#[test]
fn setup_count_and_fens() {
    let (code, out, _) = menagerie(&["setup", "--variant", "eightpiece-random"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "3840");
    // Setup 0, the smallest valid string: B on a1 (dark), so the sentry stands on a light
    // c-f square (d or f); then J, K, L, N in order forces S onto f, then Q R: BJKLNSQR.
    // Partners: the rook h1 on the king's h-side, the jailer b1 on its a-side: HBhb.
    let (code, out, _) = menagerie(&["setup", "--variant", "eightpiece-random", "0"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "bjkl(s)nsqr/pppppppp/8/8/8/8/PPPPPPPP/BJKL(n)NSQR w HBhb - 0 1 -");
    // Setup 3839, the largest: R (S may not stand on a or b), Q, S on c, then N L K J B
    // descending (K between R a1 and J g1; B light h1, S dark c1).
    let (code, out, _) = menagerie(&["setup", "3839"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "rqsnl(s)kjb/pppppppp/8/8/8/8/PPPPPPPP/RQSNL(n)KJB w GAga - 0 1 -");
}

/// Setup 0 (BJKLNSQR): 16 pawn moves, knight e1 to d3 f3, the lancer d1 (facing n) passes its
/// pawn to d3 d4 d5 d6 or takes d7, 8 facings each: 16 + 2 + 40 = 58.
#[test]
fn perft_from_setup() {
    let (code, out, _) =
        menagerie(&["perft", "--variant", "eightpiece-random", "--setup", "0", "1"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.lines().last().unwrap().starts_with("nodes 58 "), "{out}");
    // Castling in divide is written king + partner square.
    let fen = "jk4rb/pppppppp/8/8/8/8/PPPPPPPP/JK4RB w GAga - 0 1";
    let (code, out, _) =
        menagerie(&["perft", "--variant", "eightpiece-random", "--fen", fen, "--divide", "1"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l == "b1a1 1") && out.lines().any(|l| l == "b1g1 1"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("nodes 23 "), "{out}");
}

#[test]
fn divide_shows_special_move_texts() {
    let (code, out, _) = menagerie(&[
        "perft",
        "--variant",
        "eightpiece",
        "--fen",
        "7k/8/8/8/8/8/6S1/1N2K2l(w) w - - 0 1",
        "--divide",
        "1",
    ]);
    assert_eq!(code, 0);
    for line in ["g2h1,h1d1 1", "g2h1,h1g2 1", "g2f1 1", "e1e2 1"] {
        assert!(out.lines().any(|l| l == line), "`{line}` missing: {out}");
    }
    assert!(out.lines().last().unwrap().starts_with("nodes 9 "), "{out}");
    let (code, out, _) = menagerie(&["perft", "--variant", "eightpiece", "3"]);
    assert_eq!(code, 0);
    assert!(out.lines().last().unwrap().starts_with("nodes 124862 "), "{out}");
}

#[test]
fn setup_errors() {
    let (code, out, err) = menagerie(&["setup", "--variant", "eightpiece-random", "3840"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("setup 3840 does not exist"), "{err}");
    let (code, _, err) = menagerie(&["setup", "--variant", "chess"]);
    assert_eq!(code, 2);
    assert!(err.contains("no numbered setups"), "{err}");
    let (code, _, err) = menagerie(&["perft", "--variant", "eightpiece-random", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("--setup"), "{err}");
    let (code, _, err) = menagerie(&["perft", "--variant", "eightpiece", "--setup", "3", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("no numbered setups"), "{err}");
    let (code, _, err) = menagerie(&["perft", "--variant", "eightpiece", "--fen", "8/8 w", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid FEN"), "{err}");
    // Standard eightpiece refuses Chess960 castling rights.
    let fen = "jk4rb/pppppppp/8/8/8/8/PPPPPPPP/JK4RB w GAga - 0 1";
    let (code, _, err) = menagerie(&["perft", "--variant", "eightpiece", "--fen", fen, "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("castling"), "{err}");
}
