//! 8-Piece Chess perft (`tests/data/eightpiece.perft`): the start position, positions built for
//! the special rules, numbered `eightpiece-random` setups, and positions reached by seeded
//! random play. Every count in the file was computed by the slow reference generator
//! (`menagerie_tests::reference::eightpiece`, sharing no code with `movegen`); the random-play
//! positions were also chosen by the reference's own seeded play. Regenerate with
//! `cargo test --release -p menagerie-tests --test eightpiece_perft -- --ignored --nocapture
//! regenerate` (about half an hour on two cores).

use menagerie_tests::reference::eightpiece::RefEight;
use menagerie_tests::{check_perft_file, load_perft_file};
use movegen::variants::eightpiece::{setup, EightPiece, START_FEN};
use rand_core::{RngCore, SeedableRng};

/// Every count of the file (the largest is under 7 * 10^7 nodes: a few seconds).
#[test]
fn suite_all_counts() {
    let n = check_perft_file::<EightPiece>("eightpiece.perft", u64::MAX);
    assert!(n >= 130, "only {n} counts checked");
}

/// The reference generator reproduces the shallow counts of the file in CI (so the file and
/// the reference stay tied together).
#[test]
fn reference_reproduces_shallow_counts() {
    let mut checked = 0;
    for case in load_perft_file("eightpiece.perft") {
        let r = RefEight::from_fen(&case.fen).expect("reference parses");
        for &(d, n) in case.counts.iter().filter(|&&(_, n)| n <= 20_000) {
            assert_eq!(r.perft(d), n, "{} depth {d}", case.id);
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked}");
}

/// The position after `plies` random reference moves from `fen` (seeded), or the first
/// position at or after `plies` whose push field is set (`after_push`), within 40 more plies.
fn reference_random_play(fen: &str, seed: u64, plies: usize, after_push: bool) -> Option<String> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut r = RefEight::from_fen(fen)?;
    for ply in 0..plies + 40 {
        if ply >= plies && (!after_push || r.push.is_some()) {
            return Some(r.fen());
        }
        let moves = r.moves();
        if moves.is_empty() {
            return None;
        }
        r = moves[(rng.next_u64() % moves.len() as u64) as usize].1.clone();
    }
    None
}

/// Reference perft with the root moves shared out over two threads.
fn reference_perft_2threads(r: &RefEight, depth: u32) -> u64 {
    if depth <= 2 {
        return r.perft(depth);
    }
    let moves = r.moves();
    let (a, b) = moves.split_at(moves.len() / 2);
    std::thread::scope(|s| {
        let h = s.spawn(|| a.iter().map(|(_, n)| n.perft(depth - 1)).sum::<u64>());
        let nb: u64 = b.iter().map(|(_, n)| n.perft(depth - 1)).sum();
        nb + h.join().expect("thread")
    })
}

/// Prints the perft file (reference counts, deepening while a count stays under `limit`).
#[test]
#[ignore = "writes tests/data/eightpiece.perft's content to stdout (long)"]
fn regenerate() {
    let mut cases: Vec<(String, String, u32, u64)> = vec![
        ("startpos".into(), START_FEN.into(), 4, u64::MAX),
        (
            "middlegame-holds-sentries-lancer".into(),
            "j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9 -".into(),
            4,
            3_000_000,
        ),
        (
            "lancer-push-hops-king".into(),
            "7k/8/8/8/8/8/6S1/1N2K2l(w) w - - 0 1".into(),
            6,
            6_000_000,
        ),
        ("lancer-push-8P-10".into(), "7k/8/8/2l(n)5/1S6/8/8/4K3 w - - 0 1".into(), 6, 6_000_000),
        ("turn-then-move".into(), "7k/8/8/8/4L(ne)3/3s4/8/7K w - - 0 1 d3e4".into(), 6, 6_000_000),
        (
            "held-pushed-lancer".into(),
            "7k/8/8/4j3/4L(ne)3/3s4/8/7K w - - 0 1 d3e4".into(),
            6,
            6_000_000,
        ),
        ("first-rank-double-step".into(), "7k/8/8/8/8/4p3/8/3P3K w - - 0 1".into(), 7, 6_000_000),
        (
            "castle-through-push-attack".into(),
            "4k3/8/8/8/4s3/8/6P1/4K2R w K - 0 1".into(),
            6,
            6_000_000,
        ),
        ("held-queen".into(), "4k3/8/8/8/3qJ3/2K5/8/8 w - - 0 1".into(), 6, 6_000_000),
        ("pass-and-mates".into(), "4k3/8/8/8/8/8/4j3/4K3 w - - 0 1".into(), 7, 6_000_000),
        ("sentry-not-pinned".into(), "4k3/4s3/5B2/4Q3/8/8/8/K7 b - - 0 1".into(), 5, 6_000_000),
        ("castling-both-sides".into(), "j3k2r/8/8/8/8/8/8/J3K2R w KQkq - 0 1".into(), 5, 6_000_000),
        ("promotions".into(), "4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 1".into(), 5, 6_000_000),
    ];
    for (i, plies) in [20usize, 26, 32, 38, 44, 50].iter().enumerate() {
        if let Some(fen) = reference_random_play(START_FEN, 1 + i as u64, *plies, false) {
            cases.push((format!("random-play-{}-{plies}", 1 + i), fen, 4, 3_000_000));
        }
    }
    for seed in 11..15u64 {
        if let Some(fen) = reference_random_play(START_FEN, seed, 16, true) {
            cases.push((format!("random-play-after-push-{seed}"), fen, 4, 3_000_000));
        }
    }
    for n in [0usize, 1, 1919, 3839] {
        let fen = setup::fen(n).expect("setup");
        cases.push((format!("random-setup-{n}"), fen.clone(), 4, 3_000_000));
        if let Some(played) = reference_random_play(&fen, 100 + n as u64, 24, false) {
            cases.push((format!("random-setup-{n}-play-24"), played, 4, 3_000_000));
        }
    }
    println!("# 8-Piece Chess perft. Every count by the slow reference generator (see");
    println!(
        "# tests/tests/eightpiece_perft.rs `regenerate`); random-play positions chosen by the"
    );
    println!("# reference's own seeded play. Shredder castling letters mark eightpiece-random.");
    for (id, fen, max_depth, limit) in cases {
        let r = RefEight::from_fen(&fen).expect("reference parses");
        println!("\nid {id}\nepd {fen}");
        for d in 1..=max_depth {
            let n = reference_perft_2threads(&r, d);
            println!("perft {d} {n}");
            if n > limit {
                break;
            }
        }
    }
}
