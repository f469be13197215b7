//! The `menagerie` binary's command line: perft output shape, divide, threads, and errors.

use std::process::Command;

fn menagerie(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie")).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_summary_line() {
    let (code, out, _) = menagerie(&["perft", "3"]);
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap();
    let f: Vec<&str> = last.split_whitespace().collect();
    assert_eq!((f[0], f[1], f[2], f[4]), ("nodes", "8902", "time", "nps"));
}

#[test]
fn divide_lists_root_moves_and_sums() {
    let (code, out, _) = menagerie(&[
        "perft",
        "--variant",
        "chess",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "--divide",
        "--threads",
        "2",
        "2",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 49, "48 root moves + summary");
    let sum: u64 =
        lines[..48].iter().map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 2039);
    assert!(lines.contains(&"e1g1 43"), "castling in divide: {out}");
    assert!(lines[48].starts_with("nodes 2039 "));
}

#[test]
fn errors_exit_2_on_stderr() {
    let (code, out, err) = menagerie(&["perft", "--variant", "shogi", "2"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("unknown variant `shogi`"), "{err}");
    let (code, _, err) = menagerie(&["perft", "--fen", "not a fen", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid FEN"), "{err}");
    let (code, _, _) = menagerie(&["perft", "x"]);
    assert_eq!(code, 2);
}

#[test]
fn bench_last_line_shape() {
    let (code, out, _) = menagerie(&["bench", "--depth", "3"]);
    assert_eq!(code, 0);
    let last: Vec<&str> = out.lines().last().unwrap().split(' ').collect();
    assert_eq!((last[1], last[3]), ("nodes", "nps"));
    assert!(last[0].parse::<u64>().unwrap() > 0);
}
