//! `menagerie match --variant jumpingknights`: self-play over UCI and over XBoard (the XBoard
//! codec: file letters a-j, lion-form jumps, e.p. with the victim as kill square, `setboard`
//! of a rule-book FEN with an e.p. square) and against the random mover; every PGN game
//! replays legally through the rules crate.

use movegen::rules::Rules;
use movegen::variants::jumpingknights::JumpingKnights;
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
    let p = std::env::temp_dir().join(format!("menagerie-jk-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// Replays every game through the rules crate; returns the games and the moves played.
fn replay(pgn: &str) -> (usize, usize) {
    let games = read_games(pgn);
    let mut plies = 0;
    for (tags, coords, result) in &games {
        let fen = tags.iter().find(|(k, _)| k == "FEN").map(|(_, v)| v.clone());
        let mut pos = match &fen {
            Some(f) => JumpingKnights::from_fen(f).expect("PGN FEN loads"),
            None => JumpingKnights::startpos(),
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

/// Runs a match and checks it; returns the runner's output and the PGN.
fn run(extra: &[&str], name: &str, games: usize) -> (String, String) {
    let pgn = tmp(name);
    let n = games.to_string();
    let mut args =
        vec!["match", "--variant", "jumpingknights", "--games", &n, "--pgn", pgn.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, out, err) = menagerie(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains(&format!("Finished: {games} games")), "{out}");
    assert!(out.contains(", 0 faults"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let (g, plies) = replay(&text);
    assert_eq!(g, games);
    assert!(plies > 2 * games, "games too short to prove anything: {plies} plies");
    assert!(text.contains("[Variant \"jumpingknights\"]"), "{text}");
    (out, text)
}

#[test]
fn uci_self_play_replays() {
    // About the PGN, not the clock: a loaded test machine must not forfeit on time.
    run(&["--tc", "1+0.02", "--time-margin", "2000"], "uci.pgn", 2);
}

#[test]
fn xboard_self_play_from_an_en_passant_opening_replays() {
    // Opening: White pawn e5, Black has just played d7-d5 (e.p. square d6; c7 is empty, so
    // e5xd6-c7 is possible). Both engines speak XBoard; the runner sends this FEN with
    // `setboard` and every move in XBoard's names, so a wrong translation in either direction
    // ends in an illegal-move fault.
    let book = tmp("book.epd");
    std::fs::write(
        &book,
        "2w4w2/1rnbqkbnr1/1pp2pppp1/10/4pP4/10/10/1PPPP1PPP1/1RNBQKBNR1/2W4W2 w KQkq d6 0 3\n",
    )
    .unwrap();
    run(
        &[
            "--proto1",
            "xboard",
            "--proto2",
            "xboard",
            "--movetime",
            "20",
            "--openings",
            book.to_str().unwrap(),
        ],
        "xb.pgn",
        2,
    );
}

#[test]
fn against_the_random_mover() {
    let me = env!("CARGO_BIN_EXE_menagerie");
    let random = format!("{me} --random-mover");
    let (out, _) = run(&["--engine2", &random, "--movetime", "20"], "random.pgn", 2);
    // The searching engine (engine 1, the scored one) loses no game to random moves.
    let wdl = out.split("W-D-L ").nth(1).and_then(|r| r.split_whitespace().next()).expect(&out);
    let losses = wdl.rsplit('-').next().unwrap();
    assert_eq!(losses, "0", "{out}");
}
