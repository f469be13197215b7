//! The `menagerie perft` command for `jumpingknights`: divide lines in the rule book's
//! notation (jump legs `b1e7,e7f9`), counts from the reference generator, FEN errors.

use engine::cli::{run_perft, PerftArgs};
use menagerie_tests::reference::jumpingknights::RefJk;
use movegen::variants::jumpingknights::START_FEN;

fn perft(fen: Option<&str>, depth: u32, divide: bool) -> Result<String, String> {
    let args = PerftArgs {
        variant: "jumpingknights".into(),
        fen: fen.map(str::to_string),
        setup: None,
        divide,
        threads: 2,
        depth,
    };
    let mut out = Vec::new();
    run_perft(&args, &mut out).map_err(|e| e.message)?;
    Ok(String::from_utf8(out).expect("utf-8"))
}

#[test]
fn divide_matches_the_reference() {
    let out = perft(None, 3, true).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 27, "26 root moves + summary:\n{out}");
    let reference = RefJk::from_fen(START_FEN).unwrap();
    for m in reference.legal() {
        let want = format!("{} {}", m.text, m.next.perft(2));
        assert!(lines.contains(&want.as_str()), "missing `{want}` in\n{out}");
    }
    assert!(lines[26].starts_with("nodes 18413 "), "{}", lines[26]);
}

#[test]
fn fen_errors_are_reported() {
    let err = perft(Some("10/10 w - - 0 1"), 1, false).unwrap_err();
    assert!(err.contains("invalid FEN (board field)"), "{err}");
    let out = perft(Some("10/10/10/10/10/4k5/3R6/1pK7/10/10 b - - 0 1"), 2, false).unwrap();
    assert!(out.starts_with("nodes 125 "), "{out}");
}
