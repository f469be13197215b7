//! `menagerie match` with XBoard engines (issue 16 item 6). PieceEater turns are relayed to an
//! XBoard engine with the step the runner rolled (notation.md's full form), and an XBoard mover's
//! own step is replaced by the runner's roll, so XBoard-vs-XBoard and XBoard-vs-UCI PieceEater
//! games have no faults and replay from their `Seed` tag; the other variants stay fault-free.

use movegen::rules::{Rules, VariantId};
use movegen::variants::pieceeater::PieceEater;
use rand_core::{RngCore, SeedableRng};
use session::pgn::read_games;
use std::process::Command;

fn tmp(name: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("menagerie-xbm-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// Runs a match; returns stdout and the PGN text. Panics unless it finishes with 0 faults.
fn fault_free(variant: &str, protos: [&str; 2], games: u32, limit: &[&str], name: &str) -> String {
    let pgn = tmp(name);
    let g = games.to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["match", "--variant", variant, "--proto1", protos[0], "--proto2", protos[1]])
        .args(["--games", &g, "--concurrency", "2", "--seed", "41"])
        .args(limit)
        // The start position unless the test names openings (`None`: the variant's suite).
        .args(if limit.contains(&"--openings") { &[][..] } else { &["--openings", "none"][..] })
        .args(["--pgn", pgn.to_str().unwrap()])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.contains(&format!("Finished: {games} games")) && stdout.contains(", 0 faults"),
        "{variant} {protos:?}: {stdout}"
    );
    let text = std::fs::read_to_string(&pgn).expect("PGN written");
    let _ = std::fs::remove_file(&pgn);
    text
}

/// Replays every PieceEater game of `pgn`, re-rolling each PE step the runner had to roll from
/// the game's `Seed` tag (a PCG seeded with it, `next_u64() % n` among the `n` legal turns with
/// the action, in generation order, whenever the action alone is not a complete turn). Returns
/// (rolled steps, drops with a PE leg).
fn replay_from_seed(pgn: &str) -> (usize, usize) {
    let games = read_games(pgn);
    assert!(!games.is_empty());
    let (mut rolled, mut drops) = (0, 0);
    for (tags, coords, result) in &games {
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()), "{result}");
        let seed: u64 =
            tags.iter().find(|(k, _)| k == "Seed").expect("Seed tag").1.parse().unwrap();
        let mut die = rand_pcg::Pcg64::seed_from_u64(seed);
        let mut pos = match tags.iter().find(|(k, _)| k == "FEN") {
            Some((_, f)) => PieceEater::from_fen(f).expect("PGN FEN loads"),
            None => PieceEater::startpos(),
        };
        for full in coords {
            let action = full.split(',').next().unwrap();
            let mv = match pos.parse_move(action) {
                Ok(m) => m,
                Err(_) => {
                    let mut list = <PieceEater as Rules>::Moves::default();
                    pos.legal_moves(&mut list);
                    let prefix = format!("{action},");
                    let outcomes: Vec<_> = list
                        .iter()
                        .copied()
                        .filter(|&m| pos.move_text(m).starts_with(&prefix))
                        .collect();
                    rolled += 1;
                    outcomes[(die.next_u64() % outcomes.len() as u64) as usize]
                }
            };
            assert_eq!(&pos.move_text(mv), full, "seed {seed} at {}", pos.fen());
            if full.contains('@') && full.contains(',') {
                drops += 1;
            }
            pos = pos.play(mv);
        }
    }
    (rolled, drops)
}

#[test]
fn pieceeater_xboard_against_xboard_and_uci() {
    let depth1 = ["--depth", "1"];
    let xx = fault_free("pieceeater", ["xboard", "xboard"], 4, &depth1, "xx.pgn");
    let (rolled, drops) = replay_from_seed(&xx);
    assert!(rolled > 20, "only {rolled} rolled steps");
    // Drops are the turns whose step XBoard 4.9.1's form leaves out (the fault).
    assert!(drops > 0, "no drop with a PE step was played");
    let xu = fault_free("pieceeater", ["xboard", "uci"], 4, &depth1, "xu.pgn");
    replay_from_seed(&xu);
    let ux = fault_free("pieceeater", ["uci", "xboard"], 4, &depth1, "ux.pgn");
    replay_from_seed(&ux);
    // The runner rolls every step, so at a fixed depth the protocols do not change the games,
    // with one exception: an engine in XBoard mode avoids drops onto squares that XBoard's own
    // board would still show occupied (a unit the PE ate without XBoard seeing it; see
    // `PieceEater::xboard_avoid`), so two games may part at a drop the UCI side played.
    // Games in round order (two games run at once, so the PGN holds them as they finished).
    let coords = |t: &str| {
        let mut games = read_games(t);
        let round = |tags: &[(String, String)]| {
            tags.iter().find(|(k, _)| k == "Round").and_then(|(_, v)| v.parse::<u32>().ok())
        };
        games.sort_by_key(|g| round(&g.0));
        games.into_iter().map(|g| g.1).collect::<Vec<_>>()
    };
    // Once a game has parted, its pair partner (same opening and die seed) is not compared.
    let same_until_an_avoided_drop = |a: &[Vec<String>], b: &[Vec<String>]| {
        assert_eq!(a.len(), b.len());
        let mut parted_pair = None;
        for (n, (ga, gb)) in a.iter().zip(b).enumerate() {
            if parted_pair == Some(n / 2) {
                continue;
            }
            if ga != gb {
                parted_pair = Some(n / 2);
            }
            if let Some(i) = ga.iter().zip(gb).position(|(x, y)| x != y) {
                assert!(
                    ga[i].contains('@') || gb[i].contains('@'),
                    "games part at ply {} without a drop: {} vs {}",
                    i + 1,
                    ga[i],
                    gb[i]
                );
            } else {
                assert_eq!(ga.len(), gb.len(), "one game goes on after the other ended");
            }
        }
    };
    same_until_an_avoided_drop(&coords(&xx), &coords(&xu));
    same_until_an_avoided_drop(&coords(&xx), &coords(&ux));
    let timed = fault_free("pieceeater", ["xboard", "uci"], 2, &["--movetime", "20"], "mt.pgn");
    replay_from_seed(&timed);
    // From the PieceEater suite (set up with `setboard`).
    let suite = [
        "--depth",
        "1",
        "--openings",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/openings/pieceeater.epd"),
    ];
    let from_suite = fault_free("pieceeater", ["xboard", "xboard"], 4, &suite, "suite.pgn");
    assert_eq!(from_suite.matches("[FEN ").count(), 4);
    replay_from_seed(&from_suite);
}

#[test]
fn other_variants_xboard_against_xboard() {
    for v in VariantId::ALL {
        if v == VariantId::PieceEater {
            continue;
        }
        let name = format!("{}.pgn", v.name());
        let text = fault_free(v.name(), ["xboard", "xboard"], 2, &["--depth", "1"], &name);
        assert_eq!(read_games(&text).len(), 2, "{v}");
    }
}
