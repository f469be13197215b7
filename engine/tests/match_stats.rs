//! Match statistics end to end (issue 15 item 2): engine names in the PGN, pentanomial counts
//! formed by game pairs (opening index) with games finishing out of order, the JSON summary, a
//! match split by `--first-pair` into runs, and `match-merge` totalling them.

use engine::runner::report::Totals;
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
    let p = std::env::temp_dir().join(format!("menagerie-stats-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

type Game = (Vec<(String, String)>, Vec<String>, String);

fn tag(g: &Game, k: &str) -> String {
    g.0.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()).unwrap_or_default()
}

/// Engine `name`'s score in a game from its tags.
fn score_of(g: &Game, name: &str) -> f64 {
    let white = tag(g, "White") == name;
    match (g.2.as_str(), white) {
        ("1-0", true) | ("0-1", false) => 1.0,
        ("1/2-1/2", _) => 0.5,
        _ => 0.0,
    }
}

/// Runs a match; returns (stdout, games by round, summary).
fn run(extra: &[&str], name: &str) -> (String, Vec<Game>, Totals) {
    let pgn = tmp(&format!("{name}.pgn"));
    let json = tmp(&format!("{name}.json"));
    let mut args = vec!["match", "--name1", "New", "--name2", "Base", "--concurrency", "2"];
    args.extend_from_slice(extra);
    let (p, j) = (pgn.to_str().unwrap().to_string(), json.to_str().unwrap().to_string());
    args.extend_from_slice(&["--pgn", &p, "--json", &j]);
    let (code, out, err) = menagerie(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    let mut games = read_games(&std::fs::read_to_string(&pgn).expect("PGN"));
    games.sort_by_key(|g| tag(g, "Round").parse::<u32>().unwrap());
    let totals = Totals::from_json(&std::fs::read_to_string(&json).expect("JSON")).expect("reads");
    let _ = (std::fs::remove_file(&pgn), std::fs::remove_file(&json));
    (out, games, totals)
}

/// The pentanomial counts recomputed from the PGN: rounds 2k+1 and 2k+2 form a pair.
fn penta_from_pgn(games: &[Game]) -> [u32; 5] {
    let mut p = [0u32; 5];
    for pair in games.chunks(2) {
        if let [a, b] = pair {
            let pts = score_of(a, "New") + score_of(b, "New");
            p[(pts * 2.0).round() as usize] += 1;
        }
    }
    p
}

#[test]
fn names_pairs_and_summary() {
    // Time odds make results vary; two games at a time finish in any order.
    let (out, games, t) =
        run(&["--games", "12", "--movetime", "10", "--time-odds", "3", "--max-plies", "80"], "a");
    assert_eq!(games.len(), 12);
    let suite = engine::runner::openings::suite(movegen::rules::VariantId::Chess);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(tag(g, "Round"), (i + 1).to_string());
        // Pair k = rounds 2k+1, 2k+2: opening k, New White first, then Black.
        assert_eq!(tag(g, "FEN"), suite[i / 2], "round {}", i + 1);
        let (w, b) = if i % 2 == 0 { ("New", "Base") } else { ("Base", "New") };
        assert_eq!((tag(g, "White").as_str(), tag(g, "Black").as_str()), (w, b), "round {}", i + 1);
    }
    let wins = games.iter().filter(|g| score_of(g, "New") == 1.0).count() as u32;
    let draws = games.iter().filter(|g| score_of(g, "New") == 0.5).count() as u32;
    assert_eq!((t.wdl.w, t.wdl.d, t.wdl.l), (wins, draws, 12 - wins - draws));
    assert_eq!(t.penta.0, penta_from_pgn(&games), "{out}");
    assert_eq!(t.penta.pairs(), 6);
    assert_eq!(t.names, ["New".to_string(), "Base".to_string()]);
    assert_eq!(t.variant, "chess");
    assert!(out.contains("Results of New vs Base"), "{out}");
    let p = t.penta.0;
    let line = format!("Ptnml(0-2): [{}, {}, {}, {}, {}]", p[0], p[1], p[2], p[3], p[4]);
    assert!(out.contains(&line), "{out}");
    assert!(out.contains("Elo (trinomial, per game)"), "{out}");
}

#[test]
fn split_runs_merge_into_one_match() {
    // One match of 4 pairs as two runs: pairs 0-1 and pairs 2-3.
    let common =
        ["--games", "4", "--depth", "1", "--max-plies", "60", "--sprt", "0", "10", "0.05", "0.05"];
    let mut first = common.to_vec();
    first.extend_from_slice(&["--first-pair", "0"]);
    let mut second = common.to_vec();
    second.extend_from_slice(&["--first-pair", "2"]);
    let (_, g1, t1) = run(&first, "r1");
    let (_, g2, t2) = run(&second, "r2");
    let suite = engine::runner::openings::suite(movegen::rules::VariantId::Chess);
    let rounds: Vec<String> = g2.iter().map(|g| tag(g, "Round")).collect();
    assert_eq!(rounds, ["5", "6", "7", "8"]);
    assert_eq!(tag(&g2[0], "FEN"), suite[2]);
    assert_eq!(tag(&g2[3], "FEN"), suite[3]);
    assert_eq!(tag(&g1[3], "FEN"), suite[1]);
    // The merge.
    let (j1, j2, jm) = (tmp("m1.json"), tmp("m2.json"), tmp("merged.json"));
    std::fs::write(&j1, t1.to_json()).unwrap();
    std::fs::write(&j2, t2.to_json()).unwrap();
    let (code, out, err) = menagerie(&[
        "match-merge",
        j1.to_str().unwrap(),
        j2.to_str().unwrap(),
        "--json",
        jm.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let m = Totals::from_json(&std::fs::read_to_string(&jm).unwrap()).unwrap();
    let mut p = [0u32; 5];
    for (i, slot) in p.iter_mut().enumerate() {
        *slot = t1.penta.0[i] + t2.penta.0[i];
    }
    assert_eq!(m.penta.0, p);
    assert_eq!(m.wdl.w, t1.wdl.w + t2.wdl.w);
    assert_eq!(m.wdl.d, t1.wdl.d + t2.wdl.d);
    assert_eq!(m.wdl.l, t1.wdl.l + t2.wdl.l);
    assert_eq!(m.runs, 2);
    assert!(
        out.contains(&format!(
            "Ptnml(0-2): [{}, {}, {}, {}, {}] (4 pairs)",
            p[0], p[1], p[2], p[3], p[4]
        )),
        "{out}"
    );
    assert!(out.contains("LLR: ") && out.contains("(-2.94, 2.94) [0.00, 10.00]"), "{out}");
    // A run of another variant does not merge; a bad file is refused.
    let other = Totals { variant: "magician".into(), ..t2.clone() };
    std::fs::write(&j2, other.to_json()).unwrap();
    let (code, _, err) = menagerie(&["match-merge", j1.to_str().unwrap(), j2.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("variants differ"), "{err}");
    std::fs::write(&j2, "{\"format\": 3").unwrap();
    let (code, _, err) = menagerie(&["match-merge", j1.to_str().unwrap(), j2.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    for f in [j1, j2, jm] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn self_play_names_tell_the_sides_apart() {
    let pgn = tmp("selfnames.pgn");
    let (code, out, err) = menagerie(&[
        "match",
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "6",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    let games = read_games(&text);
    let white: Vec<String> = games.iter().map(|g| tag(g, "White")).collect();
    assert!(white.iter().any(|n| n.ends_with(" (1)")), "{text}");
    assert!(white.iter().any(|n| n.ends_with(" (2)")), "{text}");
    let (code, _, err) = menagerie(&["match", "--name1", "X", "--name2", "X"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_stopped_run_leaves_the_summary_of_its_finished_games() {
    // A long match killed after a few games (as by hand or by a batch job's time limit): the
    // JSON summary, rewritten after every game, holds the games the PGN has (the last game may
    // be in the PGN and not yet in the summary when the kill comes between the two writes).
    let (pgn, json) = (tmp("stopped.pgn"), tmp("stopped.json"));
    let (p, j) = (pgn.to_str().unwrap().to_string(), json.to_str().unwrap().to_string());
    let args = [
        "match",
        "--name1",
        "New",
        "--name2",
        "Base",
        "--games",
        "1000",
        "--movetime",
        "5",
        "--max-plies",
        "40",
        "--concurrency",
        "1",
        "--pgn",
        &p,
        "--json",
        &j,
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("starts");
    let start = std::time::Instant::now();
    let finished = |s: &str| read_games(s).len();
    while finished(&std::fs::read_to_string(&pgn).unwrap_or_default()) < 5 {
        assert!(start.elapsed().as_secs() < 120, "five games take less than two minutes");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().expect("kill");
    let _ = child.wait();
    let mut games = read_games(&std::fs::read_to_string(&pgn).expect("PGN"));
    games.sort_by_key(|g| tag(g, "Round").parse::<u32>().unwrap());
    let t = Totals::from_json(&std::fs::read_to_string(&json).expect("a summary")).expect("reads");
    let n = t.wdl.w + t.wdl.d + t.wdl.l;
    assert!(n as usize == games.len() || n as usize + 1 == games.len(), "{n} of {}", games.len());
    assert!((4..1000).contains(&n), "{n}");
    let counted = &games[..n as usize];
    let wins = counted.iter().filter(|g| score_of(g, "New") == 1.0).count() as u32;
    assert_eq!(t.wdl.w, wins);
    assert_eq!(t.penta.0, penta_from_pgn(counted));
    assert_eq!(t.penta.pairs(), n / 2);
    let _ = (std::fs::remove_file(&pgn), std::fs::remove_file(&json));
    let _ = std::fs::remove_file(format!("{j}.tmp"));
}

#[test]
fn an_unwritable_summary_fails_before_any_game() {
    let pgn = tmp("unwritable.pgn");
    let dir = std::env::temp_dir().join(format!("menagerie-no-such-dir-{}", std::process::id()));
    let json = dir.join("s.json");
    let (p, j) = (pgn.to_str().unwrap().to_string(), json.to_str().unwrap().to_string());
    let args = ["match", "--games", "2", "--movetime", "5", "--pgn", &p, "--json", &j];
    let (code, out, err) = menagerie(&args);
    assert_ne!(code, 0, "{out}\n{err}");
    assert!(err.contains("menagerie-no-such-dir"), "names the file: {err}");
    assert!(!out.contains("Games 1/"), "no game was played: {out}");
    assert!(std::fs::read_to_string(&pgn).unwrap_or_default().is_empty(), "no PGN written");
    let _ = std::fs::remove_file(&pgn);
}
