//! The match runner: self-play with a valid PGN that replays through the rules, and fault
//! handling with scripted fake engines (illegal move, hang, crash, garbage) that leaves no
//! orphan process.

use movegen::rules::{Rules, VariantId};
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
    let p = std::env::temp_dir().join(format!("menagerie-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// Replays every game of a PGN through the rules; returns the number of games.
fn replay(pgn: &str, variant: VariantId) -> usize {
    let games = read_games(pgn);
    for (tags, coords, result) in &games {
        let fen = tags.iter().find(|(k, _)| k == "FEN").map(|(_, v)| v.clone());
        movegen::with_variant!(variant, V => {
            let mut pos = match &fen {
                Some(f) => V::from_fen(f).expect("PGN FEN loads"),
                None => V::startpos(),
            };
            for m in coords {
                let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e} in {}", pos.fen()));
                pos = pos.play(mv);
            }
        });
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()), "{result}");
    }
    games.len()
}

#[test]
fn self_play_writes_a_replayable_pgn() {
    let pgn = tmp("self.pgn");
    let (code, out, err) = menagerie(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--tc",
        "1+0.02",
        // The PGN is under test, not the clock: a loaded machine must not forfeit on time.
        "--time-margin",
        "2000",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("Finished: 4 games"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(replay(&text, VariantId::Chess), 4);
    assert!(text.contains("[Variant \"chess\"]"));
    assert!(text.contains("[Termination "));
}

#[test]
fn openings_file_and_fixed_depth() {
    let book = tmp("book.epd");
    std::fs::write(
        &book,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ; kiwipete\n\
         8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\n",
    )
    .unwrap();
    let pgn = tmp("book.pgn");
    let (code, out, err) = menagerie(&[
        "match",
        "--games",
        "4",
        "--depth",
        "2",
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(replay(&text, VariantId::Chess), 4);
    assert_eq!(text.matches("[FEN \"r3k2r/p1ppqpb1").count(), 2, "opening used by a pair");
}

fn fake(mode: &str, tag: &str) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fake_engines/fake_uci.py");
    format!("python3 {script} {mode} {tag}")
}

fn leftover(tag: &str) -> bool {
    let out = Command::new("pgrep").args(["-f", tag]).output();
    matches!(out, Ok(o) if !o.stdout.is_empty())
}

/// `--option2 NAME=VALUE` reaches the engine as `setoption` after the hash and threads; a name
/// the engine does not offer stops the match before a game with a clear error.
#[test]
fn engine_options_are_set_and_checked() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("SKIPPED: python3 not found (fake engines are Python scripts)");
        return;
    }
    let log = tmp("options.log");
    let _ = std::fs::remove_file(&log);
    let (code, out, err) = menagerie(&[
        "match",
        "--engine2",
        &fake("record", log.to_str().unwrap()),
        "--proto2",
        "uci",
        "--threads",
        "1",
        "--option2",
        "fake level=7",
        "--games",
        "2",
        "--tc",
        "0.5+0",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    let threads = lines.iter().position(|l| *l == "setoption name Threads value 1").expect(&sent);
    let option = lines.iter().position(|l| *l == "setoption name fake level value 7").expect(&sent);
    assert!(threads < option, "{sent}");
    let (code, out, err) = menagerie(&[
        "match",
        "--engine2",
        &fake("record", log.to_str().unwrap()),
        "--option2",
        "Fake Levl=7",
        "--games",
        "2",
    ]);
    assert_ne!(code, 0, "{out}");
    assert!(err.contains("has no UCI option `Fake Levl`"), "{err}");
    let (code, _, err) = menagerie(&["match", "--option1", "Threads", "--games", "2"]);
    assert_ne!(code, 0);
    assert!(err.contains("engine option `Threads` is not NAME=VALUE"), "{err}");
}

#[test]
fn faults_lose_the_game_and_leave_no_orphans() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("SKIPPED: python3 not found (fake engines are Python scripts)");
        return;
    }
    for (mode, expect) in [
        ("illegal", "illegal move"),
        ("hang", "loses on time"),
        ("crash", "engine crashed"),
        ("garbage", "illegal move"),
    ] {
        let tag = format!("fakeengine-{mode}-{}", std::process::id());
        let pgn = tmp(&format!("{mode}.pgn"));
        let (code, out, err) = menagerie(&[
            "match",
            "--engine2",
            &fake(mode, &tag),
            "--proto2",
            "uci",
            "--games",
            "2",
            "--tc",
            "0.5+0",
            "--time-margin",
            "50",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{mode}: {out}\n{err}");
        assert!(out.contains("W-D-L 2-0-0"), "{mode}: the fake engine loses both games: {out}");
        assert!(out.contains(expect), "{mode}: fault `{expect}` reported: {out}");
        assert!(out.contains("2 faults"), "{mode}: {out}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(replay(&text, VariantId::Chess), 2);
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(!leftover(&tag), "{mode}: a fake engine process was left running");
    }
}

#[test]
fn bad_arguments_exit_2() {
    let (code, _, err) = menagerie(&["match", "--variant", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant"));
    let (code, _, err) = menagerie(&["match", "--tc", "fast"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad --tc"));
    let (code, _, _) = menagerie(&["match", "--tc", "1+0", "--depth", "3"]);
    assert_eq!(code, 2);
    let (code, _, err) = menagerie(&["match", "--engine2", "/nonexistent/engine", "--games", "1"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn time_odds_give_the_first_engine_more_time() {
    let pgn = tmp("odds.pgn");
    let (code, out, err) = menagerie(&[
        "match",
        "--games",
        "2",
        "--movetime",
        "10",
        "--time-odds",
        "4",
        "--max-plies",
        "12",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    // Engine 1 plays White in game 1 and Black in game 2; the tag lists White's limit first.
    assert!(text.contains("[TimeControl \"0.04/move vs 0.01/move\"]"), "{text}");
    assert!(text.contains("[TimeControl \"0.01/move vs 0.04/move\"]"), "{text}");
    let (code, _, err) = menagerie(&["match", "--depth", "3", "--time-odds", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("--time-odds"), "{err}");
}

/// The `last exchanges:` block of each fault report in the runner's output.
fn fault_logs(out: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut lines = out.lines();
    while let Some(l) = lines.next() {
        if l.trim() == "last exchanges:" {
            let block: Vec<String> = lines
                .clone()
                .take_while(|x| x.starts_with("    "))
                .map(|x| x.trim().to_string())
                .collect();
            blocks.push(block);
        }
    }
    blocks
}

/// Issue 16 item 5: a fault report shows the lines that led to the fault (the faulty process's
/// own `go` and its bad answer), not the handshake of the engine restarted after it.
#[test]
fn fault_report_shows_the_faulty_process_lines() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("SKIPPED: python3 not found (fake engines are Python scripts)");
        return;
    }
    for (mode, last_answer) in [
        ("illegal", Some("< bestmove a1a8")),
        ("garbage", Some("< bestmove ??!!")),
        ("crash", None),
    ] {
        let tag = format!("fakeengine-log-{mode}-{}", std::process::id());
        let (code, out, err) = menagerie(&[
            "match",
            "--engine2",
            &fake(mode, &tag),
            "--proto2",
            "uci",
            "--games",
            "2",
            "--depth",
            "1",
        ]);
        assert_eq!(code, 0, "{mode}: {out}\n{err}");
        let logs = fault_logs(&out);
        assert_eq!(logs.len(), 2, "{mode}: two fault reports: {out}");
        for log in &logs {
            // The runner's last request to the faulty process was a search.
            let go = log.iter().rposition(|l| l.starts_with("> go"));
            assert!(go.is_some(), "{mode}: the faulty `go` is shown: {log:?}");
            if let Some(answer) = last_answer {
                assert_eq!(log.last().map(String::as_str), Some(answer), "{mode}: {log:?}");
            }
            // Not the restarted engine's handshake.
            assert_ne!(log.last().map(String::as_str), Some("< readyok"), "{mode}: {log:?}");
        }
    }
}

fn no_python() -> bool {
    let missing = Command::new("python3").arg("--version").output().is_err();
    if missing {
        eprintln!("SKIPPED: python3 not found (fake engines are Python scripts)");
    }
    missing
}

/// A fake engine script of `tests/fake_engines/` with its arguments, as a command line.
fn fake_script(script: &str, args: &str) -> String {
    format!("python3 {}/../tests/fake_engines/{script} {args}", env!("CARGO_MANIFEST_DIR"))
}

/// Issue 56 item 1: bytes that are not UTF-8 are decoded lossily. An engine with a Latin-1
/// author and `info string` plays its games (no fault); a `bestmove` of such bytes is an
/// illegal move, not a crash.
#[test]
fn non_utf8_output_is_read_lossily() {
    if no_python() {
        return;
    }
    let tag = format!("fakeengine-latin1wrap-{}", std::process::id());
    let wrapped = fake_script(
        "fake_wrap.py",
        &format!("latin1 {tag} {} --random-mover", env!("CARGO_BIN_EXE_menagerie")),
    );
    let (code, out, err) = menagerie(&[
        "match",
        "--engine2",
        &wrapped,
        "--proto2",
        "uci",
        "--games",
        "2",
        "--movetime",
        "30",
        "--max-plies",
        "20",
        "--openings",
        "none",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("Finished: 2 games"), "{out}");
    assert!(out.contains(", 0 faults"), "the Latin-1 engine plays legal moves: {out}");
    let tag = format!("fakeengine-latin1-{}", std::process::id());
    let (code, out, err) = menagerie(&[
        "match",
        "--engine2",
        &fake("latin1", &tag),
        "--proto2",
        "uci",
        "--games",
        "2",
        "--depth",
        "1",
        "--openings",
        "none",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("W-D-L 2-0-0"), "{out}");
    assert!(out.contains("played an illegal move \u{fffd}\u{fffd}"), "{out}");
    assert!(!out.contains("crashed"), "{out}");
    // The fault log shows the lossily decoded line.
    assert!(out.contains("< info string caf\u{fffd}"), "{out}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!leftover(&tag), "a fake engine process was left running");
}

/// Issue 56 item 2: an engine output line is kept to its first 64 KiB; the rest is counted,
/// dropped and noted, so the fault log shows three capped lines instead of 9 MiB.
#[test]
fn over_long_lines_are_capped() {
    if no_python() {
        return;
    }
    let tag = format!("fakeengine-flood-{}", std::process::id());
    let (code, out, err) = menagerie(&[
        "match",
        "--engine2",
        &fake("flood", &tag),
        "--proto2",
        "uci",
        "--games",
        "2",
        "--depth",
        "1",
        "--openings",
        "none",
    ]);
    assert_eq!(code, 0, "{out:.2000}\n{err}");
    assert!(out.contains("W-D-L 2-0-0"), "{out:.2000}");
    assert!(out.contains("illegal move a1a8"), "{out:.2000}");
    // `info string ` (12 bytes) and 3 MiB of `x`: 64 KiB kept.
    let dropped = 12 + 3 * 1024 * 1024 - 64 * 1024;
    let note = format!(" [… {dropped} bytes dropped]");
    let logs = fault_logs(&out);
    assert_eq!(logs.len(), 2, "{out:.2000}");
    for log in &logs {
        let long: Vec<&String> = log.iter().filter(|l| l.starts_with("< info string x")).collect();
        assert_eq!(long.len(), 3, "three capped info lines in the fault log");
        for l in long {
            assert_eq!(l.len(), "< ".len() + 64 * 1024 + note.len(), "{l:.200}");
            assert!(l.ends_with(&note), "{}", &l[l.len() - 100..]);
        }
    }
    assert!(out.len() < 1024 * 1024, "the output holds no whole 3 MiB line: {}", out.len());
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!leftover(&tag), "a fake engine process was left running");
}

/// Issue 56 item 7: `--concurrency 0` is refused, and before game 1 each engine must announce
/// the variant (UCI `UCI_Variant` values, XBoard `feature variants`; without them, chess only).
#[test]
fn engines_must_announce_the_variant() {
    let (code, _, err) = menagerie(&[
        "match",
        "--concurrency",
        "0",
        "--depth",
        "1",
        "--max-plies",
        "4",
        "--openings",
        "none",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--concurrency"), "{err}");
    if no_python() {
        return;
    }
    let uci = |mode: &str| (fake(mode, &format!("fakeengine-var-{}", std::process::id())), "uci");
    let xboard = |mode: &str| {
        let tag = format!("fakeengine-var-{}", std::process::id());
        (fake_script("fake_xboard.py", &format!("{mode} {tag}")), "xboard")
    };
    let cases = [
        (uci("illegal"), "offers no UCI_Variant option"),
        (uci("variants"), "its UCI_Variant values are chess, fairyland"),
        (xboard("variants"), "its feature variants are normal, fairyland"),
        (xboard("novariants"), "sent no feature variants"),
    ];
    for ((engine, proto), why) in &cases {
        let (code, out, err) = menagerie(&[
            "match",
            "--engine2",
            engine,
            "--proto2",
            proto,
            "--variant",
            "tamerspiel",
            "--games",
            "2",
            "--depth",
            "1",
        ]);
        assert_eq!(code, 1, "{engine}: {out}\n{err}");
        assert!(err.contains("does not play tamerspiel"), "{engine}: {err}");
        assert!(err.contains(why), "{engine}: {err}");
        assert!(!out.contains("Games 1/"), "{engine}: no game is played: {out}");
        // In chess the same engines start, and lose by their illegal moves.
        let (code, out, err) = menagerie(&[
            "match",
            "--engine2",
            engine,
            "--proto2",
            proto,
            "--games",
            "2",
            "--depth",
            "1",
            "--openings",
            "none",
        ]);
        assert_eq!(code, 0, "{engine}: {out}\n{err}");
        assert!(out.contains("W-D-L 2-0-0") && out.contains("illegal move"), "{engine}: {out}");
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!leftover(&format!("fakeengine-var-{}", std::process::id())), "leftover process");
}

/// Menagerie announces every variant it plays in both protocols, so it passes its own variant
/// check: a short UCI-vs-XBoard self-play match in each variant.
#[test]
fn self_play_passes_the_variant_check_in_every_variant() {
    for v in VariantId::ALL {
        let (code, out, err) = menagerie(&[
            "match",
            "--variant",
            v.name(),
            "--proto1",
            "uci",
            "--proto2",
            "xboard",
            "--games",
            "2",
            "--depth",
            "1",
            "--max-plies",
            "4",
            "--openings",
            "none",
        ]);
        assert_eq!(code, 0, "{v}: {out}\n{err}");
        assert!(out.contains("Finished: 2 games"), "{v}: {out}");
        assert!(out.contains(", 0 faults"), "{v}: {out}");
    }
}
