//! `magician` perft.
//!
//! * `tests/data/magician.perft`: the start position, positions rich in the variant's rules,
//!   and positions reached by seeded random play. Every count there was computed by the slow
//!   reference generator (`menagerie_tests::reference::magician`, which shares no code with
//!   `movegen`) through [`regenerate_data_file`] below, which also chose the random-play
//!   positions (seeded play with the reference's own move lists).
//! * With the `magician` field `-` and no Magician-family piece, the game is orthodox chess:
//!   the public chess suite (`tests/data/chess.perft`) must give the same counts.

use menagerie_tests::reference::magician::RefMagician;
use menagerie_tests::{check_perft_file, load_perft_file};
use movegen::perft::perft_threads;
use movegen::rules::Rules;
use movegen::variants::magician::Magician;
use rand_core::{RngCore, SeedableRng};

/// Node budget per count in the default (CI) run.
const CI_MAX_NODES: u64 = 200_000_000;

#[test]
fn data_file_fast_generator() {
    let n = check_perft_file::<Magician>("magician.perft", CI_MAX_NODES);
    assert!(n >= 60, "only {n} counts checked");
}

/// The reference re-derives the smaller counts of the data file (all of them with
/// `--ignored`).
#[test]
fn data_file_reference_shallow() {
    reference_checks(100_000);
}

#[test]
#[ignore = "slow reference perft (minutes): cargo test --release -- --ignored"]
fn data_file_reference_full() {
    reference_checks(u64::MAX);
}

fn reference_checks(max_nodes: u64) {
    let mut checked = 0;
    for case in load_perft_file("magician.perft") {
        let r = RefMagician::from_fen(&case.fen).expect("reference parses");
        for &(d, n) in case.counts.iter().filter(|&&(_, n)| n <= max_nodes) {
            assert_eq!(r.perft(d), n, "{} depth {d}", case.id);
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} counts checked");
}

/// Orthodox positions (field `-`, no Magician family) are chess: the public suite's counts.
#[test]
fn chess_suite_with_field_dash() {
    let mut checked = 0;
    for case in load_perft_file("chess.perft") {
        let fen = format!("{} -", case.fen);
        let pos = Magician::from_fen(&fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(pos.fen(), fen);
        for &(d, n) in case.counts.iter().filter(|&&(_, n)| n <= CI_MAX_NODES) {
            assert_eq!(perft_threads(&pos, d, 2), n, "{} depth {d}", case.id);
            checked += 1;
        }
        // The reference too, shallow.
        let r = RefMagician::from_fen(&fen).expect("reference parses");
        for &(d, n) in case.counts.iter().filter(|&&(d, _)| d <= 2) {
            assert_eq!(r.perft(d), n, "reference {} depth {d}", case.id);
        }
    }
    assert!(checked >= 30, "only {checked} counts checked");
}

#[test]
#[ignore = "deep counts: cargo test --release -- --ignored"]
fn chess_suite_with_field_dash_full() {
    for case in load_perft_file("chess.perft") {
        let pos = Magician::from_fen(&format!("{} -", case.fen)).unwrap();
        for &(d, n) in &case.counts {
            assert_eq!(perft_threads(&pos, d, 2), n, "{} depth {d}", case.id);
        }
    }
}

/// Positions with the variant's rules in play (also the random-play start points).
pub const RICH: &[(&str, &str)] = &[
    ("two-magicians", "r1bqk2r/ppp2ppp/2n2n2/3pP3/1m6/2NM4/PPPP1PPP/R1BQK2R w KQkq d6 0 7 -"),
    ("promotions-flag-set", "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1 Mm"),
    ("forms-h-y", "r3k2r/pp2pppp/2h5/2p1Y3/8/2B5/PPP2PPP/R3K2R w KQkq - 0 1 -"),
    ("forms-c-a", "4k3/2c5/8/3pP3/8/5A2/8/4K3 w - d6 0 1 -"),
    ("pawns-only-opponent", "4k3/pp6/8/2P5/8/8/3M4/4K3 w - - 0 1 m"),
    ("knights-opponent", "4k3/1n3n2/pp6/2PP4/8/2M5/8/4K3 w - - 0 1 m"),
    ("bishops-opponent", "4k3/2b2b2/8/1P1P4/8/8/3M4/4K3 w - - 0 1 -"),
    ("black-trigger", "4k3/8/3m4/8/1p1p4/8/2N2N2/4K3 b - - 0 1 M"),
];

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm";

/// Prints the data file from the reference generator:
/// `cargo test --release -p menagerie-tests --test magician_perft -- --ignored --nocapture
/// regenerate_data_file > out`, then keep the lines between the markers. Counts are computed
/// depth by depth until one exceeds `limit` nodes (that one is kept); the start position goes to
/// depth 6.
#[test]
#[ignore = "regenerates tests/data/magician.perft with the slow reference (many minutes)"]
fn regenerate_data_file() {
    let mut cases: Vec<(String, String, u32)> = vec![("startpos".into(), START.into(), 6)];
    for (id, fen) in RICH {
        cases.push((id.to_string(), fen.to_string(), 0));
    }
    // Seeded random play with the reference's moves, from the start and from each rich position.
    let mut rng = rand_pcg::Pcg64::seed_from_u64(0x4d41_4749);
    let starts: Vec<(&str, &str)> =
        std::iter::once(("start", START)).chain(RICH.iter().copied()).collect();
    for (from_id, fen) in &starts {
        let runs = if *from_id == "start" { 8 } else { 2 };
        for k in 0..runs {
            let plies = if *from_id == "start" { 10 + 5 * k } else { 3 + 4 * k };
            let mut pos = RefMagician::from_fen(fen).unwrap();
            for _ in 0..plies {
                let moves = pos.moves();
                if moves.is_empty() {
                    break;
                }
                pos = moves[(rng.next_u64() % moves.len() as u64) as usize].1.clone();
            }
            cases.push((format!("random-{from_id}-{plies}"), pos.fen(), 0));
        }
    }
    println!("=== begin");
    for (id, fen, depth) in cases {
        println!("id {id}\nepd {fen}");
        let r = RefMagician::from_fen(&fen).unwrap();
        for d in 1.. {
            let n = r.perft(d);
            println!("perft {d} {n}");
            if (depth > 0 && d >= depth) || (depth == 0 && (n > 500_000 || d >= 6)) {
                break;
            }
        }
        println!();
    }
    println!("=== end");
}

/// Fast vs reference perft(3) on positions reached by seeded random play (fast generator) from
/// the start and the rich positions: `per_start` positions from each.
fn random_positions_agree(per_start: usize, seed: u64) {
    let mut starts = vec![Magician::from_fen(START).unwrap()];
    starts.extend(RICH.iter().map(|(_, f)| Magician::from_fen(f).unwrap()));
    let mut checked = 0;
    for (i, start) in starts.iter().enumerate() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed + i as u64);
        for k in 0..per_start {
            let plies = 2 + (k * 7) % 40;
            let mut p = *start;
            for _ in 0..plies {
                let mut list = <Magician as Rules>::Moves::default();
                p.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                p = p.play(list[(rng.next_u64() % list.len() as u64) as usize]);
            }
            let r = RefMagician::from_fen(&p.fen()).unwrap();
            assert_eq!(movegen::perft::perft(&p, 3), r.perft(3), "perft 3 at {}", p.fen());
            checked += 1;
        }
    }
    assert!(checked >= per_start * 9);
}

#[test]
fn random_positions_fast_vs_reference() {
    random_positions_agree(5, 0x5eed);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn random_positions_fast_vs_reference_many() {
    random_positions_agree(300, 0xbeef);
}
