//! The match runner in `tamerspiel`: self-play over UCI, and XBoard against UCI (the XBoard side
//! sends castling as `g1j1,l1i1` and citadel promotions with a letter, which the runner must
//! read back), each with a PGN whose every game replays legally through the move generator.

use movegen::rules::Rules;
use movegen::variants::tamerspiel::TamerSpiel;
use session::pgn::read_games;
use std::process::Command;

fn menagerie(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie")).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tmp(name: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("menagerie-ts-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// Replays every game; returns (games, plies over all games).
fn replay(pgn: &str) -> (usize, usize) {
    let games = read_games(pgn);
    let mut plies = 0;
    for (tags, coords, result) in &games {
        let mut pos = match tags.iter().find(|(k, _)| k == "FEN") {
            Some((_, f)) => TamerSpiel::from_fen(f).expect("PGN FEN loads"),
            None => TamerSpiel::startpos(),
        };
        for m in coords {
            let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e} in {}", pos.fen()));
            pos = pos.play(mv);
            plies += 1;
        }
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()), "{result}");
    }
    (games.len(), plies)
}

fn run_match(name: &str, extra: &[&str]) -> String {
    let pgn = tmp(name);
    let mut args = vec![
        "match",
        "--variant",
        "tamerspiel",
        "--games",
        "2",
        "--movetime",
        "15",
        "--max-plies",
        "160",
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = menagerie(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("Finished: 2 games"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    assert!(text.contains("[Variant \"tamerspiel\"]"), "{text}");
    let (games, plies) = replay(&text);
    assert_eq!(games, 2);
    assert!(plies >= 20, "games of some length: {plies} plies");
    text
}

#[test]
fn self_play_over_uci_replays() {
    run_match("uci.pgn", &[]);
}

#[test]
fn xboard_against_uci_replays() {
    run_match("xb.pgn", &["--proto1", "xboard", "--proto2", "uci"]);
}
