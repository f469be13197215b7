//! Shared helpers for the integration tests: the perft data-file reader, a seeded random-playout
//! driver usable with every variant, and slow reference move generators written independently of
//! the fast ones (they share nothing with `movegen` but the rule book).
#![forbid(unsafe_code)]

pub mod proto;
pub mod reference;

use movegen::rules::Rules;
use rand_core::{RngCore, SeedableRng};
use std::path::{Path, PathBuf};

/// One position of a perft file with its expected counts.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// `id` line.
    pub id: String,
    /// `epd` / `fen` line.
    pub fen: String,
    /// `(depth, count)` from `perft` lines.
    pub counts: Vec<(u32, u64)>,
}

/// Absolute path of a file under `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(name)
}

/// Reads a perft file in shakmaty's format: blocks of `id <name>`, `epd <fen>` (or
/// `fen <fen>`), `perft <depth> <count>` lines; `#` starts a comment line.
pub fn load_perft_file(name: &str) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(data_path(name))
        .unwrap_or_else(|e| panic!("cannot read tests/data/{name}: {e}"));
    let mut cases = Vec::new();
    let mut cur: Option<PerftCase> = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => {
                cases.extend(cur.take());
                cur = Some(PerftCase { id: rest.to_string(), fen: String::new(), counts: vec![] });
            }
            "epd" | "fen" => {
                cur.as_mut().unwrap_or_else(|| panic!("{name}:{}: fen before id", n + 1)).fen =
                    rest.to_string();
            }
            "perft" => {
                let mut it = rest.split_whitespace();
                let d = it.next().and_then(|s| s.parse().ok());
                let c = it.next().and_then(|s| s.parse().ok());
                match (d, c, cur.as_mut()) {
                    (Some(d), Some(c), Some(case)) => case.counts.push((d, c)),
                    _ => panic!("{name}:{}: bad perft line", n + 1),
                }
            }
            _ => panic!("{name}:{}: unknown key `{key}`", n + 1),
        }
    }
    cases.extend(cur);
    cases
}

/// Runs every count of a perft file whose expected node count is at most `max_nodes`
/// (`u64::MAX` = all); returns how many counts were checked. Panics with the position id on a
/// mismatch.
pub fn check_perft_file<R: Rules>(name: &str, max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in load_perft_file(name) {
        let pos = R::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(d, expected) in &case.counts {
            if expected > max_nodes {
                continue;
            }
            let got = movegen::perft::perft_threads(&pos, d, 2);
            assert_eq!(got, expected, "{name} {} depth {d}", case.id);
            checked += 1;
        }
    }
    checked
}

/// A seeded random-game driver: plays `games` games of at most `max_plies` plies with uniformly
/// random legal moves from `start`, calling `visit` on every position reached (the start
/// included) with its legal moves.
pub fn random_playouts<R: Rules>(
    start: &R,
    seed: u64,
    games: usize,
    max_plies: usize,
    mut visit: impl FnMut(&R, &[movegen::Move]),
) {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..max_plies {
            let mut list = R::Moves::default();
            pos.legal_moves(&mut list);
            visit(&pos, &list);
            if list.is_empty() {
                break;
            }
            let m = list[(rng.next_u64() % list.len() as u64) as usize];
            pos = pos.play(m);
        }
    }
}

/// Positions reached by seeded random play (for perft of "random-play positions"): `count`
/// positions, each after `plies` random plies from `start` (fewer if the game ended).
pub fn random_positions<R: Rules>(start: &R, seed: u64, count: usize, plies: usize) -> Vec<R> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    (0..count)
        .map(|_| movegen::walk::random_walk(start, plies, || rng.next_u64(), |_, _| {}))
        .collect()
}
