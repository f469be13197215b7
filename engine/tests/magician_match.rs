//! The match runner in `magician`: self-play at a very short control writes a PGN whose every
//! game replays legally through the move generator and whose movetext is the variant's SAN of
//! exactly those moves; a short match against the random mover is won.

use movegen::rules::Rules;
use movegen::variants::magician::Magician;
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
    let p = std::env::temp_dir().join(format!("menagerie-mag-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// The SAN tokens of each game's movetext: comments, move numbers and the result removed.
fn movetexts(pgn: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut body = String::new();
    let flush = |body: &mut String, games: &mut Vec<Vec<String>>| {
        if body.trim().is_empty() {
            return;
        }
        let mut plain = String::new();
        let mut depth = 0;
        for c in body.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        let toks = plain
            .split_whitespace()
            .filter(|t| !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(t))
            .map(str::to_string)
            .collect();
        games.push(toks);
        body.clear();
    };
    for line in pgn.lines() {
        if line.starts_with('[') {
            flush(&mut body, &mut games);
        } else {
            body.push_str(line);
            body.push(' ');
        }
    }
    flush(&mut body, &mut games);
    games
}

/// Replays every game through the rules (from its FEN tag or the start) and checks the SAN
/// movetext against the replayed moves; returns the games' coordinate lists.
fn replay(pgn: &str) -> Vec<Vec<String>> {
    let games = read_games(pgn);
    let sans = movetexts(pgn);
    assert_eq!(games.len(), sans.len());
    for ((tags, coords, result), san) in games.iter().zip(&sans) {
        assert!(tags.iter().any(|(k, v)| k == "Variant" && v == "magician"));
        let mut pos = match tags.iter().find(|(k, _)| k == "FEN") {
            Some((_, f)) => Magician::from_fen(f).expect("PGN FEN loads"),
            None => Magician::startpos(),
        };
        let mut expect = Vec::new();
        for m in coords {
            let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e} in {}", pos.fen()));
            // The PGN SAN with its `{M = Y}` comment dropped (as `movetexts` drops comments).
            let s = pos.pgn_san(mv);
            expect.push(s.split(" {").next().unwrap().to_string());
            pos = pos.play(mv);
        }
        assert_eq!(&expect, san, "movetext differs from the coordinates");
        assert!(!coords.is_empty());
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()), "{result}");
    }
    games.into_iter().map(|g| g.1).collect()
}

#[test]
fn self_play_writes_a_replayable_pgn() {
    // Openings where the special moves are at hand: both sides have moved bishops and may
    // switch (the second also has pawns one step from the 6th rank, for the trigger), and a
    // start with pawns about to promote (to the Magician among others).
    let book = tmp("book.epd");
    std::fs::write(
        &book,
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5 Mm\n\
         r2qk2r/ppp2ppp/2n1bn2/3pP3/1b1P4/2N1BN2/PP3PPP/R2QKB1R w KQkq - 0 8 Mm\n\
         4k3/1P4p1/8/8/8/8/1p4P1/4K3 w - - 0 1 Mm\n",
    )
    .unwrap();
    let pgn = tmp("self.pgn");
    let (code, out, err) = menagerie(&[
        "match",
        "--variant",
        "magician",
        "--games",
        "6",
        "--concurrency",
        "2",
        "--tc",
        "1+0.02",
        // This test is about the PGN, not the clock: a loaded test machine must not forfeit.
        "--time-margin",
        "2000",
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("Finished: 6 games"), "{out}");
    assert!(out.contains(", 0 faults"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = replay(&text);
    assert_eq!(games.len(), 6);
    assert!(text.contains("[Termination "));
}

#[test]
fn fixed_depth_games_replay_with_the_special_moves() {
    // At a fixed depth with one thread the games are deterministic, so they can be required
    // to contain the variant's own moves: from these openings (both sides have moved bishops;
    // pawns near the 6th rank) the engine switches in a Magician and later promotes her by a
    // pawn's arrival on the 6th rank (the SAN's `{M = X}` comment).
    let book = tmp("depth.epd");
    std::fs::write(
        &book,
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5 Mm\n\
         r2qk2r/ppp2ppp/2n1bn2/3pP3/1b1P4/2N1BN2/PP3PPP/R2QKB1R w KQkq - 0 8 Mm\n",
    )
    .unwrap();
    let pgn = tmp("depth.pgn");
    let (code, out, err) = menagerie(&[
        "match",
        "--variant",
        "magician",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--depth",
        "3",
        "--max-plies",
        "200",
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = replay(&text);
    assert_eq!(games.len(), 4);
    let switches = games.iter().flatten().filter(|m| m.len() == 5 && m[..2] == m[2..4]).count();
    assert!(switches >= 1, "no switch in\n{text}");
    assert!(text.contains(" = "), "no 6th-rank promotion of a Magician in\n{text}");
}

#[test]
fn beats_the_random_mover() {
    let pgn = tmp("random.pgn");
    let me = env!("CARGO_BIN_EXE_menagerie");
    let random = format!("{me} --random-mover");
    let (code, out, err) = menagerie(&[
        "match",
        "--variant",
        "magician",
        "--engine2",
        &random,
        "--games",
        "4",
        "--concurrency",
        "2",
        "--movetime",
        "20",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("first engine W-D-L 4-0-0, 0 faults"), "{out}");
    assert_eq!(replay(&std::fs::read_to_string(&pgn).unwrap()).len(), 4);
}
