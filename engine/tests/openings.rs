//! Opening suites (issue 15 item 1): every committed `bench/openings/<variant>.epd` is the
//! suite built into the binary, has at least 500 positions, each a FEN the variant loads and
//! writes back unchanged, tagged with its variant, all distinct by position key; the generator
//! is reproducible from its seed; the runner plays each opening twice with swapped colours.

use engine::runner::openings::{generate, parse_lines, suite, suite_text, SuiteParams};
use movegen::rules::{Rules, VariantId};
use session::new_game;
use session::pgn::read_games;
use std::collections::HashSet;
use std::process::Command;

const IDS: [&str; 7] = [
    "chess",
    "eightpiece",
    "eightpiece-random",
    "pieceeater",
    "magician",
    "tamerspiel",
    "jumpingknights",
];

fn variant(id: &str) -> VariantId {
    VariantId::parse(id).expect("known id")
}

fn file_text(id: &str) -> String {
    let path = format!("{}/../bench/openings/{id}.epd", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_suite_is_embedded_and_complete() {
    for id in IDS {
        let v = variant(id);
        let text = file_text(id);
        assert_eq!(suite_text(v), text, "{id}: the binary embeds the committed file");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() >= 500, "{id}: {} lines", lines.len());
        assert_eq!(suite(v).len(), lines.len(), "{id}: every line is a position");
        let mut keys = HashSet::new();
        for line in lines {
            let (fen, tag) = line.split_once(';').unwrap_or_else(|| panic!("{id}: no tag: {line}"));
            assert_eq!(tag.trim(), format!("variant {id}"), "{line}");
            let fen = fen.trim();
            // Loads through the same path as the runner, and is the FEN the engine writes.
            let game = new_game(v, Some(fen)).unwrap_or_else(|e| panic!("{id}: {fen}: {e}"));
            assert_eq!(game.fen(), fen, "{id}: not the engine's own FEN");
            assert!(game.end().is_none(), "{id}: game over in {fen}");
            // Distinct by position key (the Zobrist hash), not only by text.
            let key = movegen::with_variant!(v, V => {
                let pos = V::from_fen_as(v, fen).expect("loads");
                assert!(pos.count_legal() > 0, "{fen}");
                pos.hash()
            });
            assert!(keys.insert(key), "{id}: position repeated: {fen}");
        }
    }
}

/// `eightpiece-random` openings start from many setups: after a few plies the back ranks still
/// show them, and the castling field names each side's partner files.
#[test]
fn random_setups_vary() {
    let fens = suite(VariantId::EightPieceRandom);
    let castlings: HashSet<&str> =
        fens.iter().filter_map(|f| f.split_whitespace().nth(2)).collect();
    let white_ranks: HashSet<&str> = fens.iter().filter_map(|f| f.split('/').nth(7)).collect();
    assert!(castlings.len() >= 20, "castling fields: {castlings:?}");
    assert!(white_ranks.len() >= 100, "{} distinct first ranks", white_ranks.len());
}

#[test]
fn generation_is_reproducible() {
    let params = SuiteParams { depth: 2, max_cp: 80, min_plies: 2, max_plies: 6 };
    for v in [VariantId::Chess, VariantId::PieceEater, VariantId::EightPieceRandom] {
        let a = generate(v, 6, 7, &params, &mut |_, _| {}).expect("generates");
        let b = generate(v, 6, 7, &params, &mut |_, _| {}).expect("generates");
        assert_eq!(a.lines, b.lines, "{v}: same seed, same suite");
        assert_eq!(a.lines.len(), 6);
        let c = generate(v, 6, 8, &params, &mut |_, _| {}).expect("generates");
        assert_ne!(a.lines, c.lines, "{v}: another seed, another suite");
        for l in &a.lines {
            assert!(l.ends_with(&format!(" ; variant {}", v.name())), "{l}");
        }
        assert_eq!(parse_lines(&a.lines.join("\n")).len(), 6);
    }
}

/// The runner uses the variant's suite by default; games 2k+1 and 2k+2 play opening k with
/// the colours swapped, also when games finish out of order (two at a time). Under time odds
/// the `TimeControl` tag tells the engines apart: `0.04/move vs 0.01/move` has engine 1 White.
#[test]
fn default_suite_pairs_openings_with_both_colours() {
    let pgn = std::env::temp_dir().join(format!("menagerie-suite-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["match", "--games", "6", "--concurrency", "2", "--movetime", "10"])
        .args(["--time-odds", "4", "--max-plies", "16", "--pgn", pgn.to_str().unwrap()])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games = read_games(&std::fs::read_to_string(&pgn).expect("PGN"));
    let _ = std::fs::remove_file(&pgn);
    assert_eq!(games.len(), 6);
    let tag = |g: &(Vec<(String, String)>, Vec<String>, String), k: &str| {
        g.0.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
    };
    let mut by_round: Vec<_> =
        games.iter().map(|g| (tag(g, "Round").unwrap().parse::<u32>().unwrap(), g)).collect();
    by_round.sort_by_key(|(r, _)| *r);
    let openings = suite(VariantId::Chess);
    for (i, (round, g)) in by_round.iter().enumerate() {
        assert_eq!(*round as usize, i + 1);
        let fen = tag(g, "FEN").expect("FEN tag");
        assert_eq!(fen, openings[i / 2], "round {round} plays opening {}", i / 2);
        let tc = tag(g, "TimeControl").unwrap();
        let engine1_white = i % 2 == 0;
        let expect =
            if engine1_white { "0.04/move vs 0.01/move" } else { "0.01/move vs 0.04/move" };
        assert_eq!(tc, expect, "round {round}");
    }
    // `--openings none`: the start position, no FEN tag.
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["match", "--games", "2", "--depth", "1", "--max-plies", "4", "--openings", "none"])
        .args(["--pgn", pgn.to_str().unwrap()])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&pgn).expect("PGN");
    let _ = std::fs::remove_file(&pgn);
    assert_eq!(read_games(&text).len(), 2);
    assert!(!text.contains("[FEN "), "{text}");
}
